import { describe, expect, it } from 'vitest';
import { parseIngredientLine, type ImportedIngredient } from '../../server/import/ingredient-line.ts';
import type { UnitKey } from '../../src/lib/units.ts';

// Lines written in the styles of Swedish (ICA, Arla, Köket.se, Coop) and English (BBC Good Food,
// Allrecipes, NYT Cooking) recipe pages.
const q = (value: number, unit: UnitKey, name: string): ImportedIngredient => ({ name, quantity: { value, unit } });
const text = (name: string): ImportedIngredient => ({ name });

describe('parseIngredientLine', () => {
  it.each<[string, ImportedIngredient]>([
    // Swedish units, abbreviations and words
    ['2 dl vetemjöl', q(2, 'DECILITER', 'vetemjöl')],
    ['3 dl mjölk', q(3, 'DECILITER', 'mjölk')],
    ['1 l vatten', q(1, 'LITER', 'vatten')],
    ['1 liter grönsaksbuljong', q(1, 'LITER', 'grönsaksbuljong')],
    ['5 deciliter grädde', q(5, 'DECILITER', 'grädde')],
    ['100 ml vispgrädde', q(100, 'MILLILITER', 'vispgrädde')],
    ['2 msk smör', q(2, 'TABLESPOON', 'smör')],
    ['1 msk. honung', q(1, 'TABLESPOON', 'honung')],
    ['2 matskedar rapsolja', q(2, 'TABLESPOON', 'rapsolja')],
    ['1 matsked japansk soja', q(1, 'TABLESPOON', 'japansk soja')],
    ['1 tsk salt', q(1, 'TEASPOON', 'salt')],
    ['2 teskedar bakpulver', q(2, 'TEASPOON', 'bakpulver')],
    ['1 krm svartpeppar', q(1, 'PINCH', 'svartpeppar')],
    ['2 kryddmått malen kanel', q(2, 'PINCH', 'malen kanel')],
    ['500 g nötfärs', q(500, 'GRAM', 'nötfärs')],
    ['200g smör, rumsvarmt', q(200, 'GRAM', 'smör, rumsvarmt')],
    ['400 gram krossade tomater', q(400, 'GRAM', 'krossade tomater')],
    ['1 kg fast potatis', q(1, 'KILOGRAM', 'fast potatis')],
    ['1 kilo kycklingvingar', q(1, 'KILOGRAM', 'kycklingvingar')],
    ['50 mg saffran', q(50, 'MILLIGRAM', 'saffran')],
    ['2 st ägg', q(2, 'PIECES', 'ägg')],
    ['3 st. äpplen', q(3, 'PIECES', 'äpplen')],
    ['4 stycken kycklingfiléer', q(4, 'PIECES', 'kycklingfiléer')],
    // A count without a unit is pieces (decision record 25)
    ['3 ägg', q(3, 'PIECES', 'ägg')],
    ['1 stor lök', q(1, 'PIECES', 'stor lök')],
    ['4 gul lök', q(4, 'PIECES', 'gul lök')],
    ['2 gösfiléer (à ca 150 g)', q(2, 'PIECES', 'gösfiléer (à ca 150 g)')],
    // Decimals, fractions, ranges (the lower bound), "ca"
    ['1,5 dl strösocker', q(1.5, 'DECILITER', 'strösocker')],
    ['0.5 l matlagningsgrädde', q(0.5, 'LITER', 'matlagningsgrädde')],
    ['½ tsk salt', q(0.5, 'TEASPOON', 'salt')],
    ['1½ dl havregryn', q(1.5, 'DECILITER', 'havregryn')],
    ['1 ½ msk dijonsenap', q(1.5, 'TABLESPOON', 'dijonsenap')],
    ['2 1/2 dl vatten', q(2.5, 'DECILITER', 'vatten')],
    ['1/2 citron, saften', q(0.5, 'PIECES', 'citron, saften')],
    ['¼ tsk cayennepeppar', q(0.25, 'TEASPOON', 'cayennepeppar')],
    ['¾ dl russin', q(0.75, 'DECILITER', 'russin')],
    ['⅓ dl olivolja', q(0.333333, 'DECILITER', 'olivolja')],
    ['⅔ dl mjölk', q(0.666667, 'DECILITER', 'mjölk')],
    ['2-3 msk citronsaft', q(2, 'TABLESPOON', 'citronsaft')],
    ['2–3 vitlöksklyftor', q(2, 'PIECES', 'vitlöksklyftor')],
    ['ca 2 dl matlagningsvin', q(2, 'DECILITER', 'matlagningsvin')],
    // Measures without an exact equivalent, and lines without an amount: the line as the name
    ['2 klyftor vitlök', text('2 klyftor vitlök')],
    ['1 burk krossade tomater (400 g)', text('1 burk krossade tomater (400 g)')],
    ['1 paket färsk pasta', text('1 paket färsk pasta')],
    ['1 knippe dill', text('1 knippe dill')],
    ['1 nypa salt', text('1 nypa salt')],
    ['Salt och peppar', text('Salt och peppar')],
    ['Färsk koriander till servering', text('Färsk koriander till servering')],
    // English, BBC Good Food style
    ['2 tbsp olive oil', q(2, 'TABLESPOON', 'olive oil')],
    ['1 tsp ground cumin', q(1, 'TEASPOON', 'ground cumin')],
    ['140g/5oz plain flour', q(140, 'GRAM', 'plain flour')],
    ['1 level tbsp cornflour', q(1, 'TABLESPOON', 'cornflour')],
    ['1 heaped tsp smoked paprika', text('1 heaped tsp smoked paprika')],
    ['2 x 400g cans chopped tomatoes', text('2 x 400g cans chopped tomatoes')],
    ['1 onion, finely chopped', q(1, 'PIECES', 'onion, finely chopped')],
    ['250ml milk', q(250, 'MILLILITER', 'milk')],
    // Allrecipes and NYT Cooking style
    ['1 cup all-purpose flour', text('1 cup all-purpose flour')],
    ['2 ½ cups chicken broth', text('2 ½ cups chicken broth')],
    ['1 (14.5 ounce) can diced tomatoes', text('1 (14.5 ounce) can diced tomatoes')],
    ['4 ounces cream cheese, softened', text('4 ounces cream cheese, softened')],
    ['2 cloves garlic, minced', text('2 cloves garlic, minced')],
    ['1 pound ground beef', text('1 pound ground beef')],
    ['2 large eggs', q(2, 'PIECES', 'large eggs')],
    ['1 tablespoon unsalted butter', q(1, 'TABLESPOON', 'unsalted butter')],
    ['3 Tbsp. extra-virgin olive oil', q(3, 'TABLESPOON', 'extra-virgin olive oil')],
    ['1/4 teaspoon red pepper flakes', q(0.25, 'TEASPOON', 'red pepper flakes')],
    ['2 to 3 tablespoons water', q(2, 'TABLESPOON', 'water')],
    ['1 pinch of salt', q(1, 'PINCH', 'salt')],
    ['500 grams of spaghetti', q(500, 'GRAM', 'spaghetti')],
    ['1 litre vegetable stock', q(1, 'LITER', 'vegetable stock')],
    ['Kosher salt and freshly ground black pepper', text('Kosher salt and freshly ground black pepper')],
    ['Salt to taste', text('Salt to taste')],
  ])('%s', (line, expected) => {
    expect(parseIngredientLine(line)).toEqual(expected);
  });

  it('normalises whitespace only, and never shortens a long name', () => {
    const line = '  2 dl\tvispgrädde (eller\u00a0havregrädde för en vegansk variant) ';
    expect(parseIngredientLine(line)).toEqual(
      q(2, 'DECILITER', 'vispgrädde (eller havregrädde för en vegansk variant)'),
    );
  });

  it('keeps a bare amount, with nothing to name, as text', () => {
    expect(parseIngredientLine('2 dl')).toEqual(text('2 dl'));
    expect(parseIngredientLine('0 g socker')).toEqual(text('0 g socker'));
  });
});
