// Amounts a cook can measure: the one place for the rules of docs/quantities.md (its table, one rule a row;
// tests/unit/lib/quantity-kitchen.test.ts tests each row). Used where amounts are shown (the details page, cook mode,
// print and the JSON-LD, at the recipe's own servings and scaled) and where the web import turns a US measure
// into one of ours (server/drafts/measures.ts). Text only: a stored amount is never changed by it.

type Style = 'quarters' | 'halves' | 'whole' | 'decimal';
/** How one unit rounds: to a multiple of `step` (by size, largest first), never below `least`. */
type Rule = { steps: ReadonlyArray<{ from: number; step: number }>; least: number; style: Style };

const rule = (step: number, least: number, style: Style): Rule => ({ steps: [{ from: 0, step }], least, style });
const PIECES = rule(0.5, 0.5, 'halves');
const WHOLE_PIECES = rule(1, 1, 'whole');

/** Unit label -> its rule. '' is an ingredient without a unit (a count, like st). dl has its own (tenthOrQuarter). */
const RULES: Readonly<Record<string, Rule>> = {
  krm: rule(0.5, 0.5, 'halves'),
  tsk: rule(0.25, 0.25, 'quarters'),
  msk: rule(0.5, 0.5, 'halves'),
  dl: rule(0.1, 0.1, 'quarters'),
  l: rule(0.1, 0.1, 'decimal'),
  ml: rule(1, 1, 'decimal'),
  // Under 1 g one decimal (saffron: '0,5 g', scaled '0,1 g'), never mg: see weight().
  g: {
    steps: [
      { from: 99.5, step: 10 },
      { from: 9.5, step: 5 },
      { from: 0.95, step: 1 },
      { from: 0, step: 0.1 },
    ],
    least: 0.1,
    style: 'decimal',
  },
  kg: rule(0.1, 0.1, 'decimal'),
  mg: rule(1, 1, 'decimal'),
  st: PIECES,
  '': PIECES,
};
/** A unit this module does not know: two decimals, so nothing is rounded away. */
const UNKNOWN = rule(0.01, 0.01, 'decimal');

// Things a cook does not split: counted in whole pieces ('st' or no unit). Whole words of the ingredient's name,
// lower case; a few foreign words for eggs, as imported names keep the page's language.
const INDIVISIBLE = new Set(
  (
    'ägg äggen hönsägg vaktelägg äggula äggulan äggulor äggvita äggvitan äggvitor lagerblad kryddnejlika ' +
    'kryddnejlikor nejlika nejlikor stjärnanis enbär kardemummakapsel kardemummakapslar vitlöksklyfta ' +
    'vitlöksklyftor klyfta klyftor pepparkorn russin egg eggs ei eier'
  ).split(' '),
);

/** Whether the ingredient named so is counted in whole pieces ('Ägg', 'Äggulor', 'Lagerblad'). */
export function isIndivisible(name: string): boolean {
  return name
    .toLowerCase()
    .split(/\P{L}+/u)
    .some((word) => INDIVISIBLE.has(word));
}

// Volumes in millilitres, smallest first, each with the least amount it shows when an amount moves down into it:
// under ¼ tsk is krm, under 1 msk is tsk, under ½ dl is msk, under 10 dl is dl, and l from 10 dl.
const VOLUMES = [
  { unit: 'krm', ml: 1, least: 0 },
  { unit: 'tsk', ml: 5, least: 1.25 },
  { unit: 'msk', ml: 15, least: 15 },
  { unit: 'dl', ml: 100, least: 50 },
  { unit: 'l', ml: 1000, least: 1000 },
] as const;

/** Rounded to a multiple of `size`, halves up, without binary noise (0.35 / 0.1 is 3.4999…). */
function roundTo(value: number, size: number): number {
  return Number((Math.round(Number((value / size).toPrecision(12))) * size).toPrecision(12));
}

const isQuarter = (value: number) => Number.isInteger(Number((value * 4).toPrecision(12)));

function rounded(value: number, unitRule: Rule): number {
  const size = unitRule.steps.find((s) => value >= s.from)?.step ?? unitRule.least;
  return Math.max(unitRule.least, roundTo(value, size));
}

/** dl alone: the nearer of a quarter and one decimal (a quarter when both are as near). */
function tenthOrQuarter(dl: number): number {
  const tenth = roundTo(dl, 0.1);
  const quarter = roundTo(dl, 0.25);
  return Math.max(0.1, Math.abs(dl - quarter) <= Math.abs(dl - tenth) ? quarter : tenth);
}

/** An amount in the unit chosen: the value shown, and the exact amount in that unit (dl's list rule needs it). */
type Measured = { value: number; exact: number; unit: string; style: Style };

function inUnit(exact: number, unit: string): Measured {
  const unitRule = RULES[unit] ?? UNKNOWN;
  const value = unit === 'dl' ? tenthOrQuarter(exact) : rounded(exact, unitRule);
  return { value, exact, unit, style: unitRule.style };
}

/** A volume written in krm, tsk, msk, dl or l: down while under the unit's least, up where rounding reaches one. */
function volume(ml: number, written: string): Measured {
  let at = VOLUMES.findIndex((v) => v.unit === written);
  // dl and l are one scale (l from 10 dl); a spoon never moves up beyond the spoon it was written in.
  const top = written === 'dl' ? VOLUMES.length - 1 : at;
  if (written === 'dl' && ml >= 1000) at = top;
  while (at > 0 && ml < VOLUMES[at]!.least) at--;
  let shown = inUnit(ml / VOLUMES[at]!.ml, VOLUMES[at]!.unit);
  // 2,98 tsk is 3 tsk, which is 1 msk; 9,96 dl is 10 dl, which is 1 l.
  while (at < top && shown.value * VOLUMES[at]!.ml >= VOLUMES[at + 1]!.least) {
    at++;
    shown = inUnit(ml / VOLUMES[at]!.ml, VOLUMES[at]!.unit);
  }
  return shown;
}

/**
 * Grams: g below 1000 g (after rounding: 999,6 g is 1 kg), kg with one decimal from there. mg are shown as g too:
 * a Swedish recipe weighs saffron as '0,5 g', and '117 mg' is a figure no kitchen scale or packet shows.
 */
function weight(grams: number): Measured {
  const g = inUnit(grams, 'g');
  return g.value < 1000 ? g : inUnit(grams / 1000, 'kg');
}

function measured(value: number, unit: string, name: string): Measured {
  switch (unit) {
    case 'krm':
    case 'tsk':
    case 'msk':
    case 'dl':
      return volume(value * VOLUMES.find((v) => v.unit === unit)!.ml, unit);
    case 'l':
      return volume(value * 1000, 'dl');
    case 'ml': {
      const ml = inUnit(value, 'ml');
      return ml.value < 1000 ? ml : volume(value, 'dl');
    }
    case 'g':
      return weight(value);
    case 'kg':
      return weight(value * 1000);
    case 'mg':
      return weight(value / 1000);
    case 'st':
    case '':
      return isIndivisible(name)
        ? { value: rounded(value, WHOLE_PIECES), exact: value, unit, style: 'whole' }
        : inUnit(value, unit);
    default:
      return inUnit(value, unit);
  }
}

const GLYPHS: ReadonlyArray<readonly [number, string]> = [
  [1 / 4, '¼'],
  [1 / 2, '½'],
  [3 / 4, '¾'],
];

/** 2.5 -> '2 ½', 0.75 -> '¾', 3 -> '3'; undefined for a value that is not a whole and ¼, ½ or ¾. */
export function glyphText(value: number): string | undefined {
  const whole = Math.floor(value);
  if (value === whole) return String(whole);
  const glyph = GLYPHS.find(([f]) => Math.abs(value - whole - f) < 1e-9)?.[1];
  if (!glyph) return undefined;
  return whole === 0 ? glyph : `${whole} ${glyph}`;
}

/** 1.3 -> '1,3'. */
export function decimalText(value: number): string {
  return String(value).replace('.', ',');
}

/** The units whose amounts are written with ¼ ½ ¾ (the editor writes a stored amount the same way). */
export function writesFractions(unit: string): boolean {
  const style = (RULES[unit] ?? UNKNOWN).style;
  return style === 'quarters' || style === 'halves';
}

function text(shown: Measured): string {
  return (shown.style === 'decimal' ? undefined : glyphText(shown.value)) ?? decimalText(shown.value);
}

export type KitchenAmount = { value: number; unit: string; text: string };
export type Amounted = { name?: string; quantity?: { value: number; unit?: string } | undefined };

/**
 * Every ingredient's amount in one list, as a cook measures it; undefined where there is none to measure (no
 * quantity, zero, negative, not finite). One list writes dl one way: with ¼ ½ ¾ when every dl amount is one of
 * those (or whole), else every dl amount with one decimal.
 */
export function kitchenAmounts(ingredients: ReadonlyArray<Amounted>): Array<KitchenAmount | undefined> {
  const shown = ingredients.map(({ name = '', quantity }) =>
    quantity && Number.isFinite(quantity.value) && quantity.value > 0
      ? measured(quantity.value, quantity.unit ?? '', name)
      : undefined,
  );
  const decimalDl = shown.some((s) => s?.unit === 'dl' && !isQuarter(s.value));
  return shown.map((s) => {
    if (!s) return undefined;
    const one =
      decimalDl && s.unit === 'dl'
        ? { ...s, value: Math.max(0.1, roundTo(s.exact, 0.1)), style: 'decimal' as const }
        : s;
    return { value: one.value, unit: one.unit, text: text(one) };
  });
}

/** One amount alone (a list of one): its number, unit label and text ('2 ½'); undefined for none to measure. */
export function kitchenAmount(value: number, unit: string, name = ''): KitchenAmount | undefined {
  return kitchenAmounts([{ name, quantity: { value, unit } }])[0];
}

/**
 * The unit as a list writes it: st is never written, a count stands before the name ('3 ägg', '2 gula lökar',
 * '1 ½ buljongtärning', '4 port ris'), as Swedish recipes print it. The stored unit stays st.
 */
export function shownUnit(unit: string): string {
  return unit === 'st' ? '' : unit;
}

/** '2 dl', '½ tsk', '3' (st or no unit), '' (nothing to measure): the text of a kitchen amount. */
function amountLine(amount: KitchenAmount | undefined): string {
  if (!amount) return '';
  const unit = shownUnit(amount.unit);
  return unit ? `${amount.text} ${unit}` : amount.text;
}

/** The amount text of each ingredient of one list (the details page, cook mode, print, the JSON-LD). */
export function formatIngredientAmounts(ingredients: ReadonlyArray<Amounted>): string[] {
  return kitchenAmounts(ingredients).map(amountLine);
}

/** One ingredient's amount text alone: '2 dl', '½ tsk', '3', '' (no quantity, or none to measure). */
export function formatIngredientQuantity(quantity: Amounted['quantity'], name = ''): string {
  return formatIngredientAmounts([{ name, quantity }])[0]!;
}
