// The measures an imported ingredient line may use, and how each becomes one of ours
// (docs/decisions/052-import-measures.md). Three kinds:
// - a name of one of our units, in any language ('dl', 'EL', 'c. à soupe', 'cucchiaino', 'spsk'): the amount stays
//   as written;
// - a US, imperial or other metric measure (cup, fl oz, pint, oz, lb, stick of butter, cl, dkg): converted to
//   millilitres or grams and stored as the kitchen amount the page would show (src/lib/kitchen-amount.ts);
// - anything else after a count ('burk', 'klyftor', 'cans', 'Zehen'): not a unit of ours, so the count is pieces
//   and the word stays the start of the name ("1 burk musslor" is 1 st "burk musslor").
import { kitchenAmount } from '../../src/lib/kitchen-amount.ts';
import { unitKey, type UnitKey } from '../../src/lib/units.ts';

export type Measure =
  | { kind: 'unit'; unit: UnitKey }
  | { kind: 'volume'; ml: number; metric?: true }
  | { kind: 'weight'; g: number; metric?: true }
  | { kind: 'butter' };

/** Words and phrases, lower case, dots read as spaces ('c.à.s.' is 'c à s'), each a measure. */
const MEASURES = new Map<string, Measure>();
function add(measure: Measure, phrases: string): void {
  for (const phrase of phrases.split(',')) MEASURES.set(phrase.trim(), measure);
}
const unit = (key: UnitKey): Measure => ({ kind: 'unit', unit: key });

// Ours, by their Swedish, English, German, Dutch, French, Italian, Spanish, Portuguese, Danish, Norwegian,
// Hungarian, Polish and Czech names.
add(unit('LITER'), 'l, liter, litern, litrar, litre, litres, liters, litro, litri, litros, lt, л');
add(unit('DECILITER'), 'dl, deciliter, decilitern, deciliters, décilitre, décilitres');
add(unit('MILLILITER'), 'ml, milliliter, millilitre, milliliters, millilitres, mililitro, mililitros, мл');
add(
  unit('TABLESPOON'),
  'msk, matsked, matskeden, matskedar, tbsp, tbsps, tbs, tb, tbl, tbls, tblsp, tablespoon, tablespoons, el, esslöffel, ' +
    'eetlepel, eetlepels, c à s, c s, c à soupe, cs, cas, càs, cuillère à soupe, cuillères à soupe, cuil à soupe, ' +
    'cucchiaio, cucchiai, cucharada, cucharadas, cda, cdas, colher de sopa, colheres de sopa, spsk, ss, ' +
    'spiseskje, spiseskjeer, ek, evőkanál, evőkanálnyi, łyżka, łyżki, łyżek, lžíce, lžíci, polévková lžíce, ' +
    'essl, eßl, colher sopa, colheres sopa, c sopa, pl, polievková lyžica, polievkové lyžice, lyžica, lyžice, ' +
    'žlica, žlice, žlica, ст л, столовая ложка, столовые ложки, столовых ложек, κ σ, κουταλιά σούπας, ' +
    'κουταλιές σούπας, yemek kaşığı',
);
add(
  unit('TEASPOON'),
  'tsk, tesked, teskeden, teskedar, tsp, tsps, teaspoon, teaspoons, tl, teelöffel, theelepel, theelepels, ' +
    'c à c, c c, c à café, cac, càc, cuillère à café, cuillères à café, cuil à café, cucchiaino, cucchiaini, ' +
    'cucharadita, cucharaditas, cdta, cdtas, colher de chá, colheres de chá, ts, teskje, teskjeer, kk, ' +
    'kávéskanál, teáskanál, łyżeczka, łyżeczki, łyżeczek, lžička, lžičky, lžiček, teel, colher chá, ' +
    'colheres chá, c chá, čl, kl, čajová lyžička, lyžička, lyžičky, žličica, žličice, ч л, чайная ложка, ' +
    'чайные ложки, чайных ложек, κ γ, κουταλάκι, κουταλάκια, çay kaşığı',
);
add(
  unit('PINCH'),
  'krm, kryddmått, kryddmåttet, nypa, nypor, pinch, pinches, prise, prisen, msp, messerspitze, pincée, pincées, ' +
    'pizzico, pizzichi, snufje, snuf, knivspids, knsp, pizca, pitada, csipet, csipetnyi, szczypta, štipka, ' +
    'щепотка, πρέζα',
);
add(unit('GRAM'), 'g, gr, grs, gram, grams, gramme, grammes, grammi, gramos, gramas, gramm, г, гр, грамм, граммов, γρ');
add(unit('KILOGRAM'), 'kg, kgs, kilo, kilogram, kilograms, kilogramme, kilos, kilogramm, кг');
add(unit('MILLIGRAM'), 'mg, milligram, milligrams, milligramme');
add(
  unit('PIECES'),
  'st, stycken, styck, stk, stück, stuks, pcs, pc, szt, ks, db, darab, pz, pezzi, pièce, pièces, each, ea, unidade, unidades, unidad, unidades, шт, adet',
);

// Converted: the US customary cup, fluid ounce, pint, quart and gallon (a UK page's pint is 5.7 dl: the decision
// record says why the US one is read), and the metric measures we do not have.
add(
  { kind: 'volume', ml: 236.588 },
  'cup, cups, c, taza, tazas, xícara, xícaras, xicara, xicaras, xícara chá, xícaras chá, chávena, chávenas',
);
add({ kind: 'volume', ml: 29.5735 }, 'fl oz, fluid ounce, fluid ounces, fl ounce, fl ounces, fl oz s');
add({ kind: 'volume', ml: 473.176 }, 'pint, pints, pt, pts');
add({ kind: 'volume', ml: 946.353 }, 'quart, quarts, qt, qts');
add({ kind: 'volume', ml: 3785.41 }, 'gallon, gallons, gal');
add({ kind: 'volume', ml: 10 }, 'dessertspoon, dessertspoons, dsp');
add({ kind: 'volume', ml: 10, metric: true }, 'cl, centiliter, centilitre, centilitres, centilitro, centilitros');
add({ kind: 'weight', g: 28.3495 }, 'oz, ounce, ounces, onza, onzas');
add({ kind: 'weight', g: 453.592 }, 'lb, lbs, pound, pounds, libra, libras');
add({ kind: 'weight', g: 10, metric: true }, 'dkg, dag, dekagram');
add({ kind: 'butter' }, 'stick, sticks');

/** The longest phrase of MEASURES a list of words starts with (up to 4 words), and how many words it took. */
export function measureOf(words: readonly string[]): { measure: Measure; words: number } | undefined {
  for (let n = Math.min(4, words.length); n > 0; n--) {
    const measure = MEASURES.get(words.slice(0, n).join(' '));
    if (measure) return { measure, words: n };
  }
  return undefined;
}

// A US stick of butter is 4 oz (113 g), a cup of it 227 g: butter is weighed here. A stick of anything else
// (cinnamon, celery) is a piece; peanut butter and buttermilk are not butter.
const BUTTER = /(?<!\p{L})(?:butter|smör|margarine?)(?!\p{L})/iu;
const NOT_BUTTER = /peanut|nut butter|almond|cashew|apple|cocoa|shea|seed|jordnöt|milk/iu;
const isButter = (name: string) => BUTTER.test(name) && !NOT_BUTTER.test(name);

/** The amount in one of our units; undefined when the measure is not one here (a stick of cinnamon). */
export function swedishAmount(
  value: number,
  measure: Measure,
  name: string,
): { value: number; unit: UnitKey; converted: boolean } | undefined {
  switch (measure.kind) {
    case 'unit':
      return { value, unit: measure.unit, converted: false };
    case 'butter':
      return isButter(name) ? { ...weight(value * 113.4), converted: true } : undefined;
    case 'weight':
      return { ...weight(value * measure.g), converted: true };
    case 'volume': {
      const ml = value * measure.ml;
      if (measure.metric !== true && ml >= 45 && isButter(name)) return { ...weight(ml * 0.96), converted: true };
      return { ...volume(ml, measure.metric === true), converted: true };
    }
  }
}

// The most a kitchen measures (issue 52): 100 l and 100 kg, in any of our units, and 10,000 pieces. An amount beyond
// it is a mistake or a prank, not a recipe ("99999999999999999999999 oz" became 2.8e21 kg), so the importer keeps
// it as the page wrote it, in the note, with no quantity (ingredient-line.ts), as it does a negative amount and one
// in exponent notation ("1e5 cups").
const MOST: Readonly<Record<UnitKey, number>> = {
  LITER: 100,
  DECILITER: 1000,
  MILLILITER: 100_000,
  TABLESPOON: 100_000 / 15,
  TEASPOON: 100_000 / 5,
  PINCH: 100_000,
  GRAM: 100_000,
  KILOGRAM: 100,
  MILLIGRAM: 100_000_000,
  PIECES: 10_000,
  NONE: 10_000,
};

/** Whether an amount in our units is one a kitchen measures: above 0 and at most 100 l, 100 kg or 10,000 pieces. */
export function inKitchenRange(amount: { value: number; unit: UnitKey }): boolean {
  return amount.value > 0 && amount.value <= MOST[amount.unit];
}

/** Grams as a cook weighs them: the page's rule for grams (5 or 10 g steps, kg with one decimal from 1 kg). */
function weight(grams: number): { value: number; unit: UnitKey } {
  return ours(kitchenAmount(grams, 'g')!);
}

/**
 * Millilitres as a Swedish recipe writes them: the page's rule for an amount in dl, which moves it to spoons
 * below ½ dl (a US eighth cup is 2 msk) and to l from 10 dl. Metric measures (cl) stay exact: ml below a
 * decilitre, else dl.
 */
function volume(ml: number, metric: boolean): { value: number; unit: UnitKey } {
  if (metric) return ml < 100 ? { value: ml, unit: 'MILLILITER' } : { value: ml / 100, unit: 'DECILITER' };
  return ours(kitchenAmount(ml / 100, 'dl')!);
}

const ours = (shown: { value: number; unit: string }) => ({ value: shown.value, unit: unitKey(shown.unit)! });
