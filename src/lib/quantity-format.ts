// Quantity text for typing and editing (docs/quantities.md). Reading, the amount a cook measures, is
// src/lib/kitchen-amount.ts's.
//
// Editing: the editor's rows (an imported draft's too) show what the saved page will show, from the page's own
// formatter over the whole list (formatEditorAmounts), so a draft never reads '4 ¾ dl' where the page reads
// '4,8 dl'. The 'Mängd' prefill is the page's way of writing the value ('2 ½') where that is exactly the stored
// value in the stored unit, otherwise a text that reads back to exactly the stored value, so opening and saving
// the dialog never changes an amount.
//
// Reading quantity text ('1,5', '1/2', '½', '1 1/2'): parseAmount, shared by the form's quantity rule and
// the web import's ingredient lines.
import { decimalText, formatIngredientAmounts, glyphText, writesFractions, type Amounted } from './kitchen-amount.ts';
import { round6 } from './scaling.ts';

/**
 * The one table of fraction glyphs, as numerator and denominator: what the form and the web import read
 * (FRACTION_GLYPHS) and what the import writes out as digits where the form refuses the glyph ('1¼' is '1 1/4',
 * server/drafts/ingredient-name.ts). The first five are also written (kitchen-amount.ts).
 */
export const FRACTIONS: Readonly<Record<string, readonly [number, number]>> = {
  '¼': [1, 4],
  '½': [1, 2],
  '¾': [3, 4],
  '⅓': [1, 3],
  '⅔': [2, 3],
  '⅕': [1, 5],
  '⅖': [2, 5],
  '⅗': [3, 5],
  '⅘': [4, 5],
  '⅙': [1, 6],
  '⅚': [5, 6],
  '⅛': [1, 8],
  '⅜': [3, 8],
  '⅝': [5, 8],
  '⅞': [7, 8],
  '⅐': [1, 7],
  '⅑': [1, 9],
  '⅒': [1, 10],
};

/** The fraction glyphs read, with their values: all but sevenths, ninths and tenths, which no kitchen writes. */
export const FRACTION_GLYPHS: Readonly<Record<string, number>> = Object.fromEntries(
  Object.entries(FRACTIONS).flatMap(([glyph, [n, d]]) => (d === 7 || d >= 9 ? [] : [[glyph, n / d]])),
);

const GLYPHS = `[${Object.keys(FRACTION_GLYPHS).join('')}]`;
/** An unsigned amount: "1½", "1 ½", "1 1/2", "1/2", "½", "1,5", "0.5", "3" (the longer forms first). */
export const AMOUNT_SOURCE = `\\d+\\s?${GLYPHS}|\\d+\\s\\d+[/⁄]\\d+|\\d+[/⁄]\\d+|${GLYPHS}|\\d+(?:[.,]\\d+)?`;
const WHOLE_AMOUNT = new RegExp(`^[-+]?(?:${AMOUNT_SOURCE})$`, 'u');

/**
 * The number an amount text stands for, to 6 significant digits as scaling stores them ('1/3' -> 0.333333);
 * undefined for anything else (a zero denominator included). An optional sign goes first: '-1/2'.
 */
export function parseAmount(input: string): number | undefined {
  const s = input.trim();
  if (!WHOLE_AMOUNT.test(s)) return undefined;
  const negative = s.startsWith('-');
  let value = 0;
  for (const part of s
    .replace(/^[-+]/, '')
    .replace(new RegExp(`(${GLYPHS})`, 'gu'), ' $1')
    .trim()
    .split(/\s+/)) {
    const fraction = /^(\d+)[/⁄](\d+)$/.exec(part);
    if (fraction) {
      const denominator = Number(fraction[2]);
      if (denominator === 0) return undefined;
      value += Number(fraction[1]) / denominator;
    } else {
      value += FRACTION_GLYPHS[part] ?? Number(part.replace(',', '.'));
    }
  }
  if (!Number.isFinite(value)) return undefined;
  const rounded = round6(negative ? -value : value);
  return rounded === 0 ? 0 : rounded; // never -0
}

// ---- Editing: exactly the stored value ----

/** '2 ½' for 2.5 in a unit the page writes with ¼ ½ ¾ (dl, tsk, st…): the page's way of writing that exact value. */
function exactKitchenText(value: number, unit: string): string | undefined {
  return value > 0 && writesFractions(unit) ? glyphText(value) : undefined;
}

const MAX_TYPED = 5;

/** A short fraction that reads back to exactly `value` ('⅓' for 0.333333, '1 ⅔', '1/7'), if there is one. */
function fractionText(value: number): string | undefined {
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  const whole = Math.floor(abs);
  const prefix = sign + (whole === 0 ? '' : `${whole} `);
  const candidates = [
    ...Object.keys(FRACTION_GLYPHS).map((glyph) => prefix + glyph),
    ...Array.from({ length: 98 }, (_, i) => i + 2).flatMap((d) => {
      const n = Math.round((abs - whole) * d);
      return n > 0 && n < d ? [`${prefix}${n}/${d}`] : [];
    }),
  ];
  return candidates.find((text) => text.length <= MAX_TYPED && parseAmount(text) === value);
}

/**
 * The amount as the editor shows and prefills it, always reading back (parseAmount) to exactly `value`:
 * the page's kitchen text where that is exact ('2 ½' for 2.5 dl), else the decimal ('0,333') or a short
 * fraction ('⅓' for 0.333333); a value with no such text of at most 5 characters keeps all its decimals,
 * so the dialog asks for a shorter amount instead of changing it unasked.
 */
export function quantityEditText(value: number, unit = ''): string {
  const kitchen = exactKitchenText(value, unit);
  if (kitchen !== undefined) return kitchen;
  const decimal = decimalText(value);
  if (decimal.length <= MAX_TYPED && parseAmount(decimal) === value) return decimal;
  return fractionText(value) ?? decimal;
}

/** A row of the editor's list: '2 ½ dl', '0,333 tsk', '3' (no unit), '' (no quantity). */
export function formatEditorQuantity(quantity: { value: number; unit?: string } | undefined): string {
  if (!quantity) return '';
  const unit = quantity.unit ?? '';
  return [quantityEditText(quantity.value, unit), unit].filter(Boolean).join(' ');
}

/**
 * The amounts of the editor's rows, one list as the page shows it at the recipe's own servings ('3' for 3 st ägg,
 * '4,8 dl' beside another dl that needs its decimal, '¼ tsk' for 0.333 tsk): the draft reads as the saved page.
 * An amount the page does not show (zero, negative) is the stored one ('-2 dl'), so it can be found and corrected.
 */
export function formatEditorAmounts(items: ReadonlyArray<Amounted>): string[] {
  const shown = formatIngredientAmounts(items);
  return items.map((item, i) => shown[i] || formatEditorQuantity(item.quantity));
}
