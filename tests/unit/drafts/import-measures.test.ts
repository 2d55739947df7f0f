import { describe, expect, it } from 'vitest';
import { parseIngredientLine, type ImportedIngredient } from '../../../server/drafts/ingredient-line.ts';
import { celsiusInSteps } from '../../../server/drafts/oven-temperature.ts';
import type { UnitKey } from '../../../src/lib/units.ts';

// Issue 37 item 6 (docs/decisions/052-import-measures.md): US and imperial measures in Swedish ones, stored as the
// page shows them (src/lib/kitchen-amount.ts, docs/quantities.md: dl the nearer of a quarter and one decimal, under
// ½ dl msk in halves, under 1 msk tsk in quarters, l from 10 dl; g: 5 g steps from 10 g, 10 g steps from 100 g; kg:
// one decimal from 1 kg), the page's measure kept in the note.
const q = (value: number, unit: UnitKey, name: string, note?: string): ImportedIngredient => ({
  name,
  ...(note === undefined ? {} : { note }),
  quantity: { value, unit },
});

describe('US and imperial measures become Swedish ones', () => {
  it.each<[string, ImportedIngredient]>([
    // Cups: 2.37 dl each, in dl (a quarter or one decimal, whichever is nearer)
    ['1 cup vetemjöl', q(2.4, 'DECILITER', 'vetemjöl', '1 cup')],
    ['2 cups all-purpose flour', q(4.75, 'DECILITER', 'all-purpose flour', '2 cups')], // 4.73
    ['1/2 cup sugar', q(1.2, 'DECILITER', 'sugar', '1/2 cup')], // 1.18
    ['¾ cup milk', q(1.75, 'DECILITER', 'milk', '3/4 cup')], // 1.77: the quarter is nearer
    ['1/3 cup heavy cream', q(0.8, 'DECILITER', 'heavy cream', '1/3 cup')], // 0.79
    ['1/4 cup olive oil', q(0.6, 'DECILITER', 'olive oil', '1/4 cup')], // 0.59
    ['1 ½ cups rolled oats', q(3.5, 'DECILITER', 'rolled oats', '1 ½ cups')], // 3.55
    ['1-1/2 cups flour', q(3.5, 'DECILITER', 'flour', '1-1/2 cups')], // the US hyphen: 1 ½, not a range
    ['1 and 1/2 cups cooked broccoli', q(3.5, 'DECILITER', 'cooked broccoli', '1 and 1/2 cups')],
    ['1 c. sugar', q(2.4, 'DECILITER', 'sugar', '1 c.')],
    // Below 3 msk a cup is measured with spoons; from a litre in litres
    ['1/8 cup water', q(2, 'TABLESPOON', 'water', '1/8 cup')], // 29.6 ml
    ['5 cups chicken stock', q(1.2, 'LITER', 'chicken stock', '5 cups')], // 1.18 l
    // Fluid ounces, pints, quarts, gallons
    ['1 fl oz lime juice', q(2, 'TABLESPOON', 'lime juice', '1 fl oz')], // 29.6 ml
    // Issue 39: msk in halves, under 1 msk in tsk, under ½ dl in msk (the page's own rule)
    ['2 dessertspoons honey', q(1.5, 'TABLESPOON', 'honey', '2 dessertspoons')], // 20 ml: 1,33 msk
    ['1/6 cup milk', q(2.5, 'TABLESPOON', 'milk', '1/6 cup')], // 39.4 ml: 2,63 msk, like 0,4 dl
    ['½ fl oz vanilla', q(1, 'TABLESPOON', 'vanilla', '½ fl oz')], // 14.8 ml: 2,96 tsk is 3 tsk, 1 msk
    ['1 dessertspoon oil', q(2, 'TEASPOON', 'oil', '1 dessertspoon')], // 10 ml
    ['4 fl. oz. cream', q(1.2, 'DECILITER', 'cream', '4 fl. oz.')], // 1.18 dl
    ['1 pint heavy cream', q(4.75, 'DECILITER', 'heavy cream', '1 pint')], // 4.73
    ['1 quart chicken stock', q(9.5, 'DECILITER', 'chicken stock', '1 quart')], // 9.46
    ['1 gallon water', q(3.8, 'LITER', 'water', '1 gallon')], // 3.79
    // Spoons are ours under another name: the amount as written, no note
    ['2 tbsp sugar', q(2, 'TABLESPOON', 'sugar')],
    ['1 Tbsp. butter', q(1, 'TABLESPOON', 'butter')],
    ['2 T butter', q(2, 'TABLESPOON', 'butter')],
    ['2 Tbsps olive oil', q(2, 'TABLESPOON', 'olive oil')],
    ['1 each bay leaves', q(1, 'PIECES', 'bay leaves')],
    ['1/2 tsp salt', q(0.5, 'TEASPOON', 'salt')],
    ['2 t salt', q(2, 'TEASPOON', 'salt')],
    ['2 T-bone steaks', q(2, 'PIECES', 'T-bone steaks')],
    ['1 C-vitamintablett', q(1, 'PIECES', 'C-vitamintablett')],
    ['1 heaping tablespoon flour', q(1, 'TABLESPOON', 'flour', '1 heaping tablespoon')],
    // Weights: ounces (28.35 g) and pounds (453.6 g) in 5 g steps from 10 g, 10 g from 100 g, kg from 1 kg
    ['8 oz cream cheese', q(230, 'GRAM', 'cream cheese', '8 oz')], // 226.8
    ['1 ounce dark chocolate', q(30, 'GRAM', 'dark chocolate', '1 ounce')], // 28.3
    ['½ oz. dried porcini', q(15, 'GRAM', 'dried porcini', '½ oz.')], // 14.2
    ['1 pound ground beef', q(450, 'GRAM', 'ground beef', '1 pound')], // 453.6
    ['1 1/2 lb chicken thighs', q(680, 'GRAM', 'chicken thighs', '1 1/2 lb')], // 680.4
    ['3 lbs potatoes', q(1.4, 'KILOGRAM', 'potatoes', '3 lbs')], // 1.36 kg
    // A stick of butter is 113 g, a cup of butter 227 g; a cinnamon stick stays a piece, peanut butter a volume
    ['1 stick butter', q(110, 'GRAM', 'butter', '1 stick')],
    ['2 sticks unsalted butter, softened', q(230, 'GRAM', 'unsalted butter, softened', '2 sticks')],
    ['1 cup butter, softened', q(230, 'GRAM', 'butter, softened', '1 cup')],
    ['1/2 cup (1 stick) butter, melted', q(110, 'GRAM', 'butter, melted', '1/2 cup, 1 stick')],
    ['1 cinnamon stick', q(1, 'PIECES', 'cinnamon stick')],
    ['2 sticks celery', q(2, 'PIECES', 'sticks celery')],
    ['1 cup peanut butter', q(2.4, 'DECILITER', 'peanut butter', '1 cup')],
    ['1 cup buttermilk', q(2.4, 'DECILITER', 'buttermilk', '1 cup')],
    // The page's own metric amount beats a conversion; a metric amount's US twin is dropped
    ['¼ cup (30 g) unsweetened cocoa powder', q(30, 'GRAM', 'unsweetened cocoa powder', '1/4 cup')],
    ['1 1/3 cups / 265 g granulated sugar', q(265, 'GRAM', 'granulated sugar', '1 1/3 cups')],
    ['12 ounces 340g butternut squash', q(340, 'GRAM', 'butternut squash', '12 ounces')],
    ['140g/5oz plain flour', q(140, 'GRAM', 'plain flour')],
    ['227g (1 cup) unsalted butter', q(227, 'GRAM', 'unsalted butter')],
    ['625 ml 2 ½ cups vegetable stock', q(625, 'MILLILITER', 'vegetable stock')],
    ['1 tbsp 2 tsp sugar', q(1, 'TABLESPOON', '2 tsp sugar')], // two amounts, not twins: nothing dropped
    // Package sizes stay text: a count of packages, the size in the name or the note
    ['1 14-ounce can coconut milk', q(1, 'PIECES', '14-ounce can coconut milk')],
    ['1 (14.5 ounce) can diced tomatoes', q(1, 'PIECES', 'can diced tomatoes', '14.5 ounce')],
    ['One 15-ounce can cannellini beans', q(1, 'PIECES', '15-ounce can cannellini beans')],
    ['14 oz can sweetened condensed milk', q(400, 'GRAM', 'sweetened condensed milk', '14 oz can')],
    // Ranges: the larger end, converted, the range in the note
    ['1-2 cups water', q(4.75, 'DECILITER', 'water', '1-2 cups')],
    ['2 to 3 pounds chicken wings', q(1.4, 'KILOGRAM', 'chicken wings', '2 to 3 pounds')],
    // Metric pages: unchanged, cl in ml below a decilitre and in dl from one, the Hungarian dkg in grams
    ['2 dl mjölk', q(2, 'DECILITER', 'mjölk')],
    ['250 ml milk', q(250, 'MILLILITER', 'milk')],
    ['1 l vatten', q(1, 'LITER', 'vatten')],
    ['1,5 kg potatis', q(1.5, 'KILOGRAM', 'potatis')],
    ['500 g nötfärs', q(500, 'GRAM', 'nötfärs')],
    ['4 cl Tequila', q(40, 'MILLILITER', 'Tequila', '4 cl')],
    ['20 cl crème fraîche', q(2, 'DECILITER', 'crème fraîche', '20 cl')],
    ['30 cl d’huile d’olive', q(3, 'DECILITER', "huile d'olive", '30 cl')],
    ['20 dkg cukor', q(200, 'GRAM', 'cukor', '20 dkg')],
  ])('%s', (line, expected) => {
    expect(parseIngredientLine(line)).toEqual(expected);
  });
});

describe("other languages' units are read, their words kept", () => {
  it.each<[string, ImportedIngredient]>([
    // German
    ['2 EL Olivenöl', q(2, 'TABLESPOON', 'Olivenöl')],
    ['1 TL Salz', q(1, 'TEASPOON', 'Salz')],
    ['1 Prise Salz', q(1, 'PINCH', 'Salz')],
    ['1 Msp. Muskat', q(1, 'PINCH', 'Muskat')],
    ['½ Teel. Zimt', q(0.5, 'TEASPOON', 'Zimt')],
    ['2 Stück Eier', q(2, 'PIECES', 'Eier')],
    ['2 Knoblauchzehen', q(2, 'PIECES', 'Knoblauchzehen')],
    // French
    ["2 c. à soupe d'huile d'olive", q(2, 'TABLESPOON', "huile d'olive")],
    ['1 c. à café de sel', q(1, 'TEASPOON', 'sel')],
    ['1 c.à.c. de cumin', q(1, 'TEASPOON', 'cumin')],
    ['2 cuillères à soupe de sucre', q(2, 'TABLESPOON', 'sucre')],
    ['1 pincée de sel', q(1, 'PINCH', 'sel')],
    ['Beurre doux : 120 g', q(120, 'GRAM', 'Beurre doux')],
    // Italian
    ['1 cucchiaio di olio', q(1, 'TABLESPOON', 'olio')],
    ['2 cucchiaini di zucchero', q(2, 'TEASPOON', 'zucchero')],
    ['1 pizzico di sale', q(1, 'PINCH', 'sale')],
    // Dutch
    ['2 el olijfolie', q(2, 'TABLESPOON', 'olijfolie')],
    ['1 tl zout', q(1, 'TEASPOON', 'zout')],
    ['2 eetlepels suiker', q(2, 'TABLESPOON', 'suiker')],
    ['1 theelepel kaneel', q(1, 'TEASPOON', 'kaneel')],
    ['een snufje zout', q(1, 'PINCH', 'zout')],
    // Danish and Norwegian
    ['2 spsk. sukker', q(2, 'TABLESPOON', 'sukker')],
    ['1 ts salt', q(1, 'TEASPOON', 'salt')],
    ['2 ss sitronsaft', q(2, 'TABLESPOON', 'sitronsaft')],
    ['1 knivspids chili', q(1, 'PINCH', 'chili')],
    // Hungarian
    ['2 ek cukor', q(2, 'TABLESPOON', 'cukor')],
    ['1 kk só', q(1, 'TEASPOON', 'só')],
    ['6 evőkanál cukor', q(6, 'TABLESPOON', 'cukor')],
    // Spanish and Portuguese
    ['2 cucharadas de aceite', q(2, 'TABLESPOON', 'aceite')],
    ['1 cucharadita de sal', q(1, 'TEASPOON', 'sal')],
    ['Una pizca de sal', q(1, 'PINCH', 'sal')],
    ['1 colher (sopa) de azeite', q(1, 'TABLESPOON', 'azeite')],
    ['1 xícara de leite', q(2.4, 'DECILITER', 'leite', '1 xícara')],
    ['⅓ de xícara (chá) de arroz', q(0.8, 'DECILITER', 'arroz', '1/3 de xícara (chá)')],
    ['1/4 de cucharadita de colorante', q(0.25, 'TEASPOON', 'colorante')],
    ['3 unidades de ovos', q(3, 'PIECES', 'ovos')],
    // Polish, Czech, Slovak, Russian
    ['1 łyżeczka soli', q(1, 'TEASPOON', 'soli')],
    ['Polohrubá múka: 500 g', q(500, 'GRAM', 'Polohrubá múka')],
    ['Vajce: 1 ks', q(1, 'PIECES', 'Vajce')],
    ['2 ст. л. сахара', q(2, 'TABLESPOON', 'сахара')],
  ])('%s', (line, expected) => {
    expect(parseIngredientLine(line)).toEqual(expected);
  });
});

describe('celsiusInSteps', () => {
  it.each<[string, string]>([
    ['Preheat the oven to 350°F.', 'Preheat the oven to 175°C.'],
    ['Bake at 350 °F for 25 minutes.', 'Bake at 175°C for 25 minutes.'],
    ['Heat the oven to 350 degrees F.', 'Heat the oven to 175°C.'],
    ['Roast at 425 degrees Fahrenheit.', 'Roast at 220°C.'],
    ['Bake at 400F until golden.', 'Bake at 200°C until golden.'],
    ['Preheat to 400℉.', 'Preheat to 200°C.'],
    ['Bake at 375-400°F.', 'Bake at 190-200°C.'],
    // Below 120°C to the degree: sugar and meat thermometers
    ['Cook until the syrup reads 240°F.', 'Cook until the syrup reads 116°C.'],
    ['An internal temperature of 165F.', 'An internal temperature of 74°C.'],
    // The page's own Celsius is kept where it gives both
    ['Preheat oven to 350°F (180°C).', 'Preheat oven to 180°C.'],
    ['Preheat the oven to 425°F / 220°C.', 'Preheat the oven to 220°C.'],
    ['Bake at 180 °C / 350 °F for 25 minutes.', 'Bake at 180°C for 25 minutes.'],
    ['Roast at 220°C (425°F) for 25 minutes.', 'Roast at 220°C for 25 minutes.'],
    ['Preheat the oven to 180°C fan forced (355°F).', 'Preheat the oven to 180°C fan forced.'],
    // Gas marks where no Celsius is given
    ['Bake at gas mark 4 for an hour.', 'Bake at 180°C for an hour.'],
    ['Heat oven to 200C/180C fan/gas mark 6.', 'Heat oven to 200C/180C fan/gas mark 6.'],
    // Everything else as it was
    ['Sätt ugnen på 200°C.', 'Sätt ugnen på 200°C.'],
    ['Add 2 F of nothing and 12 eggs.', 'Add 2 F of nothing and 12 eggs.'],
    ['Use a 9x13 pan.', 'Use a 9x13 pan.'],
  ])('%s', (steps, expected) => {
    expect(celsiusInSteps(steps)).toBe(expected);
  });

  it('converts every temperature of several steps', () => {
    expect(celsiusInSteps('Preheat to 350°F.\nBake 20 minutes, then raise to 425°F.')).toBe(
      'Preheat to 175°C.\nBake 20 minutes, then raise to 220°C.',
    );
  });
});
