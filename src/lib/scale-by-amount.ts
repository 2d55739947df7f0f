// Scale by what you have (issue 57, item 5): "I have 300 g färs, the recipe wants 500 g" scales the whole recipe by
// 300 / 500 and says what that makes ("≈ 3 portioner"). The amount at hand is typed as text ('300 g', '1,5 kg', '3
// dl', '2'); units of one kind convert (g, hg, kg; ml, cl, dl, l, msk, tsk, krm), and a weight and a volume convert
// through the density table (src/lib/densities.ts) where it knows the ingredient. Display only: the recipe read from
// the API is scaled as src/lib/scaling.ts scales it (6 significant digits, "don't scale" ingredients as written), and
// nothing is stored.
import { GRAMS_PER_UNIT, ML_PER_UNIT, gramsPerDecilitre } from './densities.ts';
import { decimalText, glyphText } from './kitchen-amount.ts';
import { AMOUNT_SOURCE, parseAmount } from './quantity-format.ts';
import { round6 } from './scaling.ts';

type Kind = 'volume' | 'weight' | 'count';

/** What a cook may type after the number, lower case, as the unit the recipe stores and its size in ml or g. */
const TYPED_UNITS: Readonly<Record<string, { kind: Kind; size: number }>> = {
  mg: { kind: 'weight', size: 0.001 },
  g: { kind: 'weight', size: 1 },
  gr: { kind: 'weight', size: 1 },
  gram: { kind: 'weight', size: 1 },
  hg: { kind: 'weight', size: 100 },
  hekto: { kind: 'weight', size: 100 },
  kg: { kind: 'weight', size: 1000 },
  kilo: { kind: 'weight', size: 1000 },
  krm: { kind: 'volume', size: 1 },
  kryddmått: { kind: 'volume', size: 1 },
  tsk: { kind: 'volume', size: 5 },
  tesked: { kind: 'volume', size: 5 },
  teskedar: { kind: 'volume', size: 5 },
  msk: { kind: 'volume', size: 15 },
  matsked: { kind: 'volume', size: 15 },
  matskedar: { kind: 'volume', size: 15 },
  ml: { kind: 'volume', size: 1 },
  cl: { kind: 'volume', size: 10 },
  dl: { kind: 'volume', size: 100 },
  l: { kind: 'volume', size: 1000 },
  liter: { kind: 'volume', size: 1000 },
  st: { kind: 'count', size: 1 },
  styck: { kind: 'count', size: 1 },
  stycken: { kind: 'count', size: 1 },
};

export const MESSAGES = {
  empty: 'Skriv hur mycket du har, till exempel 300 g.',
  unreadable: 'Mängden går inte att läsa: skriv ett tal och en enhet, till exempel 300 g, 1,5 dl eller 2.',
  unknownUnit: (unit: string) =>
    `Enheten ”${unit}” känns inte igen: använd g, hg, kg, ml, cl, dl, l, msk, tsk, krm eller st.`,
  notPositive: 'Mängden måste vara större än noll.',
  noIngredient: 'Välj en ingrediens som har en mängd i receptet.',
  notScaled: 'Den ingrediensen skalas inte med receptet: välj en annan.',
  weight: (name: string) => `Receptet anger ”${name}” i vikt: skriv mängden i g, hg eller kg.`,
  volume: (name: string) => `Receptet anger ”${name}” i volym: skriv mängden i dl, l, ml, msk, tsk eller krm.`,
  count: (name: string) => `Receptet räknar ”${name}” i antal: skriv bara antalet, till exempel 2.`,
  other: (name: string, unit: string) => `Receptet anger ”${name}” i ${unit}: skriv mängden i ${unit}.`,
  tooLarge: 'Det är mer än 100 gånger receptets mängd: kontrollera talet och enheten.',
  tooSmall: 'Det är mindre än en hundradel av receptets mängd: kontrollera talet och enheten.',
} as const;

/** A scaled recipe is shown only between these factors: beyond them a typo is likelier than a kitchen. */
const MOST = 100;
const LEAST = 0.01;

type Typed = { value: number; unit: string } | { error: string };

const TYPED = new RegExp(`^(${AMOUNT_SOURCE})\\s*(\\p{L}+)?\\.?$`, 'u');

/**
 * The amount at hand as typed: its number (',' or '.', fractions as the 'Mängd' field reads them) and its unit as
 * typed in lower case ('' for none), or the Swedish message for text that is not one.
 */
export function readAmountAtHand(text: string): Typed {
  const s = text.trim();
  if (s === '') return { error: MESSAGES.empty };
  if (/^-/.test(s)) return { error: MESSAGES.notPositive };
  const match = TYPED.exec(s);
  const value = match ? parseAmount(match[1]!) : undefined;
  if (!match || value === undefined) return { error: MESSAGES.unreadable };
  const unit = (match[2] ?? '').toLowerCase();
  if (unit !== '' && !TYPED_UNITS[unit]) return { error: MESSAGES.unknownUnit(match[2]!) };
  if (value <= 0) return { error: MESSAGES.notPositive };
  return { value, unit };
}

/** The kind and size (ml, g or a count) of a unit the recipe stores; undefined for a unit of its own. */
function storedUnit(unit: string): { kind: Kind; size: number } | undefined {
  if (unit === '' || unit === 'st') return { kind: 'count', size: 1 };
  if (ML_PER_UNIT[unit] !== undefined) return { kind: 'volume', size: ML_PER_UNIT[unit] };
  if (GRAMS_PER_UNIT[unit] !== undefined) return { kind: 'weight', size: GRAMS_PER_UNIT[unit] };
  return undefined;
}

type Scalable = {
  name: string;
  quantity?: { value: number; unit?: string } | undefined;
  doNotScale?: boolean | undefined;
};

/** Whether the ingredient can be scaled by: it has an amount, and it scales with the recipe. */
export function canScaleBy(ingredient: Scalable): boolean {
  const q = ingredient.quantity;
  return !ingredient.doNotScale && q !== undefined && Number.isFinite(q.value) && q.value > 0;
}

/** 'Receptet gånger 0,6': the factor to two decimals, Swedish notation. */
export function factorText(factor: number): string {
  return decimalText(Number(factor.toFixed(2)) || 0.01);
}

/**
 * The servings a scaled recipe makes, as a cook says them: halves under 10 (at least ½), whole from there, with
 * '≈' where that is not exact: '≈ 3 portioner', '2 ½ portioner', '≈ ½ portion', '1 portion'.
 */
export function servingsText(servings: number): string {
  const shown = servings < 9.75 ? Math.max(0.5, Math.round(servings * 2) / 2) : Math.round(servings);
  const exact = Math.abs(shown - servings) < 1e-6;
  const number = glyphText(shown) ?? decimalText(shown);
  return `${exact ? '' : '≈ '}${number} ${shown <= 1 ? 'portion' : 'portioner'}`;
}

export type ScaledByAmount<T> =
  | { ok: true; factor: number; factorText: string; servings: number; servingsText: string; ingredients: T[] }
  | { ok: false; error: string };

/**
 * The recipe scaled so that ingredient `index` is the amount typed: the factor, the servings that makes (not
 * rounded: servingsText says them) and every ingredient scaled by the factor except those marked "don't scale";
 * or the message for an amount that cannot be read or measured against the recipe's.
 */
export function scaleByAmount<T extends Scalable>(
  recipe: { servings: number; ingredients: ReadonlyArray<T> },
  index: number,
  typed: string,
): ScaledByAmount<T> {
  const chosen = recipe.ingredients[index];
  if (chosen?.doNotScale) return { ok: false, error: MESSAGES.notScaled };
  if (!chosen || !canScaleBy(chosen)) return { ok: false, error: MESSAGES.noIngredient };
  const have = readAmountAtHand(typed);
  if ('error' in have) return { ok: false, error: have.error };
  const needed = chosen.quantity!;
  const neededUnit = needed.unit ?? '';
  const stored = storedUnit(neededUnit);
  const haveUnit = have.unit === '' ? undefined : TYPED_UNITS[have.unit]!;
  let factor: number;
  if (!stored) {
    // A unit the site does not know (none today): only the same unit, or the number alone.
    if (have.unit !== '' && have.unit !== neededUnit.toLowerCase())
      return { ok: false, error: MESSAGES.other(chosen.name, neededUnit) };
    factor = have.value / needed.value;
  } else {
    const typedUnit = haveUnit ?? stored; // the number alone is in the recipe's own unit
    const neededAmount = needed.value * stored.size;
    let haveAmount = have.value * typedUnit.size;
    if (typedUnit.kind !== stored.kind) {
      // A density turns a weight into a volume and back, never a count ("2 st") into either.
      const density =
        stored.kind === 'count' || typedUnit.kind === 'count' ? undefined : gramsPerDecilitre(chosen.name);
      if (density === undefined) return { ok: false, error: MESSAGES[stored.kind](chosen.name) };
      // ml -> g, or g -> ml, through the grams one decilitre weighs.
      haveAmount = stored.kind === 'weight' ? (haveAmount / 100) * density : (haveAmount / density) * 100;
    }
    factor = haveAmount / neededAmount;
  }
  if (factor > MOST) return { ok: false, error: MESSAGES.tooLarge };
  if (factor < LEAST) return { ok: false, error: MESSAGES.tooSmall };
  const servings = recipe.servings * factor;
  return {
    ok: true,
    factor,
    factorText: factorText(factor),
    servings,
    servingsText: servingsText(servings),
    ingredients: recipe.ingredients.map((ingredient) =>
      ingredient.quantity && !ingredient.doNotScale
        ? { ...ingredient, quantity: { ...ingredient.quantity, value: round6(ingredient.quantity.value * factor) } }
        : ingredient,
    ),
  };
}
