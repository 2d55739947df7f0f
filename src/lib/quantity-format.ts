// Quantity text, in one place. For reading (the details page): decimal comma, at most two decimals,
// the common fractions as glyphs where the amount is exactly that fraction, and never '0' for an
// amount that is not zero. For editing (the editor's 'Mängd' and its rows): the exact value with a
// decimal comma, which the form's quantity rule reads back unchanged.

const FRACTIONS: ReadonlyArray<readonly [number, string]> = [
  [1 / 4, '¼'],
  [1 / 3, '⅓'],
  [1 / 2, '½'],
  [2 / 3, '⅔'],
  [3 / 4, '¾'],
];

// Scaled quantities are stored with 6 significant digits (0.333333), so "exact" allows that much.
const EXACT = 1e-6;

function decimals(abs: number): string {
  const fixed = abs.toFixed(2).replace(/\.?0+$/, '');
  return fixed.replace('.', ',');
}

/** 0.5 -> '½', 1.5 -> '1,5', 0.33 -> '0,33', 0.001 -> '< 0,01', 2 -> '2'. */
export function formatQuantity(value: number): string {
  if (!Number.isFinite(value)) return '';
  if (value === 0) return '0';
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  // Glyphs only for amounts below one: '1 ½' reads ambiguously next to a unit, '1,5' does not.
  if (abs < 1) {
    const glyph = FRACTIONS.find(([f]) => Math.abs(abs - f) < EXACT)?.[1];
    if (glyph) return sign + glyph;
  }
  const text = decimals(abs);
  // Rounds to nothing (0.004): say it is a trace rather than a misleading zero.
  if (text === '0') return `${sign === '-' ? '> -' : '< '}0,01`;
  return sign + text;
}

/** '2 dl', '½ tsk', '3' (no unit) or '' when the ingredient has no quantity. */
export function formatIngredientQuantity(quantity: { value: number; unit?: string } | undefined): string {
  if (!quantity) return '';
  const amount = formatQuantity(quantity.value);
  return quantity.unit ? `${amount} ${quantity.unit}` : amount;
}

/** The exact amount as the editor shows and prefills it: 2.5 -> '2,5' (parseQuantityText reads it back). */
export function quantityEditText(value: number): string {
  return String(value).replace('.', ',');
}
