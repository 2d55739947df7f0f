// One ingredient line of an imported recipe ("2 dl vetemjöl", "1 ½ tbsp olive oil") as a name and,
// where the line starts with an amount in one of our units, a quantity. Only exact conversions:
// a line whose unit we cannot express exactly (cups, ounces, 'burk', 'klyftor') keeps the whole
// line as its name, so nothing is lost and nothing is converted falsely (docs/decisions/025-import-ingredient-lines.md).
import type { ImportedRecipe } from '../../src/lib/recipe-schema.ts';
import type { UnitKey } from '../../src/lib/units.ts';
import { AMOUNT_SOURCE, parseAmount } from '../../src/lib/quantity-format.ts';

/** An ingredient of the draft: the recipe's own ingredient type. */
export type ImportedIngredient = ImportedRecipe['ingredients'][number];

// Unit words, lower case, without a trailing dot (the dot is read separately: 'st.', 'msk.').
const UNIT_WORDS = new Map<string, UnitKey>();
function units(unit: UnitKey, words: string): void {
  for (const word of words.split(' ')) UNIT_WORDS.set(word, unit);
}
units('LITER', 'l liter litern litrar litre litres liters');
units('DECILITER', 'dl deciliter decilitern deciliters');
units('MILLILITER', 'ml milliliter millilitre milliliters millilitres');
units('TABLESPOON', 'msk matsked matskeden matskedar tbsp tbs tablespoon tablespoons');
units('TEASPOON', 'tsk tesked teskeden teskedar tsp teaspoon teaspoons');
units('PINCH', 'krm kryddmått kryddmåttet pinch pinches');
units('GRAM', 'g gr gram grams gramme grammes');
units('KILOGRAM', 'kg kilo kilogram kilograms kilogramme kilos');
units('MILLIGRAM', 'mg milligram milligrams');
units('PIECES', 'st stycken styck stk');

// Measures with no exact equivalent among ours: the line stays text. 'x' is "2 x 400 g cans".
const INEXACT_WORDS = new Set(
  (
    'cup cups c oz ounce ounces lb lbs pound pounds pint pints quart quarts gallon gallons fl stick sticks ' +
    'clove cloves can cans tin tins jar jars pack packs packet packets package packages bunch bunches ' +
    'handful handfuls sprig sprigs slice slices dash dashes drop drops x × ' +
    'burk burkar burken förp förpackning förpackningar paket knippe knippen nypa nypor klyfta klyftor ' +
    'skiva skivor kvist kvistar påse påsar näve nävar tub tuben droppe droppar kruka krukor'
  ).split(' '),
);

// "1 level tbsp" is a tablespoon; "1 heaped tbsp" is more than one, so that line stays text.
const LEVEL_WORDS = new Set(['level', 'struken', 'strukna', 'struket']);
const HEAPED_WORDS = new Set(['heaped', 'heaping', 'rounded', 'rågad', 'rågade', 'rågat', 'generous']);

// "1½", "1 ½", "2 1/2", "1/2", "½", "1,5", "0.5", "3": read as the editor's 'Mängd' reads them.
const AMOUNT = AMOUNT_SOURCE;
// An optional "ca"/"about" before it, and an optional range after it ("2-3", "2–3", "2 to 3").
const LEADING = new RegExp(
  `^(?:(?:ca\\.?|cirka|about|approx\\.?)\\s)?(${AMOUNT})(?:\\s?[-–—]\\s?(?:${AMOUNT})|\\s(?:to|till)\\s(?:${AMOUNT}))?(?=\\s|\\p{L}|\\(|$)`,
  'iu',
);
const WORD = /^(\p{L}+)\.?(?=[\s,;:)/]|$)/u;
// "140g/5oz flour": the same amount in other units after a slash, dropped with the unit it follows.
const ALTERNATIVE = /^\/\s?[\d.,½¼¾⅓⅔]+\s?\p{L}*\.?\s?/u;

/** "2 dl vetemjöl" -> 2 DECILITER "vetemjöl"; "Salt to taste" -> name only. Only whitespace is changed in names. */
export function parseIngredientLine(line: string): ImportedIngredient {
  const text = line.replace(/\s+/g, ' ').trim();
  const whole: ImportedIngredient = { name: text };
  const amount = LEADING.exec(text);
  if (!amount) return whole;
  const value = amountValue(amount[1]!);
  let rest = text.slice(amount[0].length).trimStart();
  // "1 (400 g) can", "1 (14.5 ounce) can": a package size, not an amount in our units.
  if (value === undefined || value <= 0 || rest.startsWith('(')) return whole;

  let unit: UnitKey = 'PIECES';
  let word = firstWord(rest);
  if (word && (LEVEL_WORDS.has(word.key) || HEAPED_WORDS.has(word.key))) {
    const next = firstWord(rest.slice(word.length).trimStart());
    if (next && UNIT_WORDS.has(next.key)) {
      if (HEAPED_WORDS.has(word.key)) return whole;
      rest = rest.slice(word.length).trimStart();
      word = next;
    }
  }
  if (word && INEXACT_WORDS.has(word.key)) return whole;
  const known = word && UNIT_WORDS.get(word.key);
  if (word && known) {
    unit = known;
    rest = rest.slice(word.length).trimStart().replace(ALTERNATIVE, '');
  }
  // "2 tbsp of olive oil": the English "of" belongs to the measure.
  const name = rest.replace(/^of\s/i, '');
  if (!name) return whole;
  return { name, quantity: { value, unit } };
}

// The word the text starts with, lower case ("Tbsp." -> "tbsp"), and its length with the dot.
function firstWord(text: string): { key: string; length: number } | undefined {
  const match = WORD.exec(text);
  return match ? { key: match[1]!.toLowerCase(), length: match[0].length } : undefined;
}

// The first number of the amount; fractions kept to 6 significant digits (0.333333), as scaling stores them.
function amountValue(amount: string): number | undefined {
  return parseAmount(amount);
}
