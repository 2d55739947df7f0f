// Quantity text, in one place (docs/quantities.md has the table).
//
// Reading (the details page, print, cook mode, the JSON-LD): the amount rounded to what a kitchen measures
// in that unit: quarters of a spoon, halves of a piece, 5 or 10 g, one decimal of a litre. A positive amount
// never shows as 0 (the unit's smallest step instead), and zero or a negative amount shows no amount at all.
//
// Editing (the editor's rows and the 'Mängd' prefill): the same kitchen text where it is exactly the stored
// value, otherwise a text that reads back to exactly the stored value, so opening and saving the dialog
// never changes an amount.
//
// Reading quantity text ('1,5', '1/2', '½', '1 1/2'): parseAmount, shared by the form's quantity rule and
// the web import's ingredient lines.
import { round6 } from './scaling.ts';

/** The fraction glyphs read (the web import's set); the first five are also written. */
export const FRACTION_GLYPHS: Readonly<Record<string, number>> = {
  '¼': 1 / 4,
  '½': 1 / 2,
  '¾': 3 / 4,
  '⅓': 1 / 3,
  '⅔': 2 / 3,
  '⅕': 1 / 5,
  '⅖': 2 / 5,
  '⅗': 3 / 5,
  '⅘': 4 / 5,
  '⅙': 1 / 6,
  '⅚': 5 / 6,
  '⅛': 1 / 8,
  '⅜': 3 / 8,
  '⅝': 5 / 8,
  '⅞': 7 / 8,
};

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

// ---- Reading: the kitchen amount ----

type Style = 'quarters' | 'halves' | 'decimal';
type Rule = {
  /** The steps, largest amount first: the first whose `from` the value reaches applies. */
  steps: ReadonlyArray<{ from: number; step: number }>;
  /** The smallest amount shown for a positive value that rounds below it. */
  floor: number;
  style: Style;
  /** dl: the nearer of a quarter and one decimal. */
  quarterOrDecimal?: true;
};

const step = (s: number, floor = s, style: Style = 'decimal'): Rule => ({
  steps: [{ from: 0, step: s }],
  floor,
  style,
});
const QUARTERS = step(0.25, 0.25, 'quarters');

/** Unit label -> how its amounts are rounded and written. '' is an ingredient without a unit. */
const RULES: Readonly<Record<string, Rule>> = {
  krm: step(0.25, 1, 'quarters'),
  tsk: QUARTERS,
  msk: QUARTERS,
  dl: { ...step(0.1, 0.1, 'quarters'), quarterOrDecimal: true },
  l: step(0.1, 0.1, 'halves'),
  ml: step(1),
  g: {
    steps: [
      { from: 99.5, step: 10 },
      { from: 9.5, step: 5 },
      { from: 0, step: 1 },
    ],
    floor: 1,
    style: 'decimal',
  },
  mg: step(1),
  st: step(0.5, 0.5, 'halves'),
  '': step(0.5, 0.5, 'halves'),
};
/** A unit this module does not know: two decimals, so nothing is rounded away. */
const UNKNOWN = step(0.01);

/** Rounded to a multiple of `size`, halves up, without binary noise (0.35 / 0.1 is 3.4999…). */
function roundTo(value: number, size: number): number {
  return Number((Math.round(Number((value / size).toPrecision(12))) * size).toPrecision(12));
}

function rounded(value: number, rule: Rule): number {
  const size = rule.steps.find((s) => value >= s.from)?.step ?? rule.floor;
  let amount = roundTo(value, size);
  if (rule.quarterOrDecimal) {
    const quarter = roundTo(value, 0.25);
    if (Math.abs(value - quarter) <= Math.abs(value - amount)) amount = quarter;
  }
  return amount < rule.floor ? rule.floor : amount;
}

const WRITTEN: ReadonlyArray<readonly [number, string]> = [
  [1 / 4, '¼'],
  [1 / 2, '½'],
  [3 / 4, '¾'],
];

function decimalText(value: number): string {
  return String(value).replace('.', ',');
}

/** 2.5 -> '2 ½' (quarters and halves styles), 0.75 -> '¾', 1.3 -> '1,3'. */
function amountText(value: number, style: Style): string {
  if (style !== 'decimal') {
    const whole = Math.floor(value);
    const glyph = WRITTEN.find(([f]) => Math.abs(value - whole - f) < 1e-9)?.[1];
    if (glyph) return whole === 0 ? glyph : `${whole} ${glyph}`;
  }
  return decimalText(value);
}

/** The amount a cook measures: its number, its unit label and its text ('2 ½'); undefined for no amount. */
export function kitchenAmount(value: number, unit: string): { value: number; unit: string; text: string } | undefined {
  if (!Number.isFinite(value) || value <= 0) return undefined;
  // kg: one decimal from 1 kg, grams (with the gram steps) below it.
  if (unit === 'kg') {
    const grams = rounded(round6(value * 1000), RULES['g']!);
    if (grams < 1000) return { value: grams, unit: 'g', text: decimalText(grams) };
    const kg = Math.max(1, roundTo(value, 0.1));
    return { value: kg, unit: 'kg', text: decimalText(kg) };
  }
  const rule = RULES[unit] ?? UNKNOWN;
  const amount = rounded(value, rule);
  return { value: amount, unit, text: amountText(amount, rule.style) };
}

/** '2 dl', '½ tsk', '3' (no unit) or '' when the ingredient has no quantity (or none to measure). */
export function formatIngredientQuantity(quantity: { value: number; unit?: string } | undefined): string {
  if (!quantity) return '';
  const shown = kitchenAmount(quantity.value, quantity.unit ?? '');
  if (!shown) return '';
  return shown.unit ? `${shown.text} ${shown.unit}` : shown.text;
}

// ---- Editing: exactly the stored value ----

/** The page's text for the amount when it is exactly the stored value in the stored unit. */
function exactKitchenText(value: number, unit: string): string | undefined {
  const shown = kitchenAmount(value, unit);
  if (!shown || shown.unit !== unit) return undefined;
  return Math.abs(shown.value - value) <= Math.abs(value) * 1e-9 ? shown.text : undefined;
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
