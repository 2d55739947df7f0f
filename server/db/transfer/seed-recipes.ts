import type { Ingredient, RecipeInput } from '../../../src/lib/recipe-schema.ts';
import type { UnitKey } from '../../../src/lib/units.ts';

// Fifteen classic Swedish recipes with real amounts, showing what the book can do: categories to browse by,
// preparation and total times, a source where the recipe has one, ingredient sections where a cook works in parts
// (the dough, the filling), notes beside names, and an egg for brushing or a bay leaf that stays as written whatever
// the servings. Together they use all ten offered units (l, dl, ml, msk, tsk, krm, g, kg, mg, st), so a fresh install
// shows every one of them. No photos: the product ships none it has no right to (the list shows a tile instead).
// Names are written as a Swedish recipe prints them (issue 54 item 3): in lower case but for a name of its own (the
// brand Kesella), and a count above one with the name a cook writes for it ('2 gula lökar', '3 ägg', '4 äpplen'),
// since the page shows a name as written and makes no plural (docs/quantities.md).
type Extra = Pick<Ingredient, 'note' | 'doNotScale'>;
type Row = [name: string, value?: number, unit?: UnitKey, extra?: Extra];
/** Rows under a heading ('Fyllning'); rows outside any section come first in a recipe. */
type Section = { heading: string; rows: Row[] };

const ingredient = ([name, value, unit, extra]: Row): Ingredient => ({
  name,
  ...(value === undefined ? {} : { quantity: { value, unit: unit ?? 'NONE' } }),
  ...extra,
});

/** A section's heading starts at its first row (the API's `heading`). */
function ingredients(parts: (Row | Section)[]): Ingredient[] {
  return parts.flatMap((part) =>
    Array.isArray(part)
      ? [ingredient(part)]
      : part.rows.map((row, i) => (i === 0 ? { heading: part.heading, ...ingredient(row) } : ingredient(row))),
  );
}

const section = (heading: string, ...rows: Row[]): Section => ({ heading, rows });
const notScaled: Extra = { doNotScale: true };

type Demo = Omit<RecipeInput, 'ingredients' | 'instructions'> & { ingredients: (Row | Section)[]; steps: string[] };

function recipe({ ingredients: parts, steps, ...rest }: Demo): RecipeInput {
  return { ...rest, ingredients: ingredients(parts), instructions: steps.join('\n') };
}

const GRANDMOTHER = { name: 'Mormors receptbok' };

export const SEED_RECIPES: RecipeInput[] = [
  recipe({
    name: 'Pannkakor',
    servings: 4,
    categories: ['Husmanskost'],
    prepTime: 10,
    totalTime: 40,
    ingredients: [
      ['vetemjöl', 2.5, 'DECILITER'],
      ['salt', 0.5, 'TEASPOON'],
      ['mjölk', 6, 'DECILITER'],
      ['ägg', 3, 'PIECES'],
      section(
        'Till stekning och servering',
        ['smör', 2, 'TABLESPOON'],
        ['sylt', undefined, undefined, { note: 'eller färska bär' }],
      ),
    ],
    steps: [
      'Vispa ihop mjöl, salt och hälften av mjölken till en slät smet.',
      'Vispa i resten av mjölken och äggen. Låt smeten vila 10 minuter.',
      'Stek tunna pannkakor i smör på medelvärme. Servera med sylt eller bär.',
    ],
  }),
  recipe({
    name: 'Kanelbullar',
    servings: 40,
    categories: ['Bakning', 'Fika'],
    prepTime: 45,
    totalTime: 120,
    source: GRANDMOTHER,
    ingredients: [
      section(
        'Deg',
        ['mjölk', 5, 'DECILITER'],
        ['smör', 150, 'GRAM'],
        ['jäst', 50, 'GRAM', { note: 'för söta degar' }],
        ['strösocker', 1, 'DECILITER'],
        ['salt', 0.5, 'TEASPOON'],
        ['stött kardemumma', 1, 'TEASPOON'],
        ['vetemjöl', 13, 'DECILITER', { note: 'ungefär' }],
      ),
      section(
        'Fyllning',
        ['smör', 100, 'GRAM', { note: 'rumsvarmt' }],
        ['strösocker', 0.5, 'DECILITER'],
        ['kanel', 1, 'TABLESPOON'],
      ),
      section(
        'Till pensling och garnering',
        ['ägg', 1, 'PIECES', { note: 'uppvispat', ...notScaled }],
        ['pärlsocker', 2, 'TABLESPOON'],
      ),
    ],
    steps: [
      'Smält smöret, häll i mjölken och värm till 37 °C. Rör ut jästen i lite av degvätskan.',
      'Tillsätt socker, salt, kardemumma och nästan allt mjöl. Arbeta degen smidig och låt den jäsa 30 minuter.',
      'Rör ihop fyllningen. Kavla ut degen, bred på fyllningen och rulla ihop. Skär i bitar och lägg dem i formar.',
      'Låt bullarna jäsa 30 minuter, pensla med ägg och strö över pärlsocker. Grädda mitt i ugnen på 225 °C i 5–8 minuter.',
    ],
  }),
  recipe({
    name: 'Köttbullar',
    servings: 4,
    categories: ['Husmanskost', 'Jul'],
    prepTime: 30,
    totalTime: 50,
    ingredients: [
      ['blandfärs', 500, 'GRAM'],
      ['ströbröd', 0.75, 'DECILITER'],
      ['mjölk', 1.5, 'DECILITER'],
      ['ägg', 1, 'PIECES'],
      ['gul lök', 1, 'PIECES', { note: 'finhackad' }],
      ['salt', 1, 'TEASPOON'],
      ['vitpeppar', 2, 'PINCH'],
      section('Till stekning', ['smör', 2, 'TABLESPOON']),
    ],
    steps: [
      'Blanda ströbröd och mjölk och låt svälla 10 minuter. Fräs löken mjuk.',
      'Blanda färs, ägg, lök, salt och peppar med ströbrödsblandningen.',
      'Rulla små bullar med fuktiga händer och stek dem i smör tills de är genomstekta.',
    ],
  }),
  recipe({
    name: 'Ärtsoppa',
    servings: 4,
    categories: ['Husmanskost', 'Soppa'],
    prepTime: 15,
    totalTime: 120,
    ingredients: [
      ['torkade gula ärter', 5, 'DECILITER'],
      ['vatten', 1.5, 'LITER'],
      ['rimmat sidfläsk', 300, 'GRAM'],
      ['gul lök', 1, 'PIECES', { note: 'hackad' }],
      ['mejram', 1, 'TEASPOON', { note: 'torkad' }],
      ['timjan', 1, 'TEASPOON', { note: 'torkad' }],
      ['salt', 1, 'TEASPOON'],
      section('Till servering', ['senap']),
    ],
    steps: [
      'Lägg ärterna i blöt i rikligt med kallt vatten över natten; blötläggningen ingår inte i tiden.',
      'Häll av, koka upp ärterna i nytt vatten och skumma. Lägg i fläsket, löken och kryddorna.',
      'Sjud under lock i 1 ½ timme tills ärterna är mjuka. Servera med senap.',
    ],
  }),
  recipe({
    name: 'Kladdkaka',
    servings: 8,
    categories: ['Bakning', 'Efterrätt'],
    prepTime: 10,
    totalTime: 35,
    ingredients: [
      ['smör', 100, 'GRAM'],
      ['ägg', 2, 'PIECES'],
      ['strösocker', 2.5, 'DECILITER'],
      ['vetemjöl', 1, 'DECILITER'],
      ['kakao', 4, 'TABLESPOON'],
      ['vaniljsocker', 1, 'TEASPOON'],
      ['salt', 1, 'PINCH'],
      section('Till servering', ['vispgrädde', undefined, undefined, { note: 'eller vaniljglass' }]),
    ],
    steps: [
      'Sätt ugnen på 175 °C. Smöra och bröa en form med löstagbar kant.',
      'Smält smöret. Rör ner socker och ägg, sedan mjöl, kakao, vaniljsocker och salt.',
      'Häll smeten i formen och grädda 15–20 minuter: kakan ska vara kladdig i mitten. Servera med lättvispad grädde.',
    ],
  }),
  recipe({
    name: 'Janssons frestelse',
    servings: 6,
    categories: ['Jul', 'Husmanskost'],
    prepTime: 30,
    totalTime: 90,
    ingredients: [
      ['fast potatis', 1, 'KILOGRAM'],
      ['gula lökar', 2, 'PIECES'],
      ['ansjovis', 125, 'GRAM', { note: 'en burk' }],
      ['vispgrädde', 3, 'DECILITER'],
      ['mjölk', 1, 'DECILITER'],
      ['ströbröd', 2, 'TABLESPOON'],
      ['smör', 2, 'TABLESPOON'],
    ],
    steps: [
      'Sätt ugnen på 225 °C. Skala potatisen och skär den i tunna stavar. Skiva löken och fräs den mjuk.',
      'Varva potatis, lök och ansjovis i en smord form. Häll över lite av spadet från burken.',
      'Häll över grädde och mjölk, strö över ströbröd och klicka ut smör. Grädda i cirka 1 timme.',
    ],
  }),
  recipe({
    name: 'Raggmunk',
    servings: 4,
    categories: ['Husmanskost'],
    prepTime: 20,
    totalTime: 45,
    ingredients: [
      section(
        'Smet',
        ['vetemjöl', 2.5, 'DECILITER'],
        ['mjölk', 6, 'DECILITER'],
        ['ägg', 2, 'PIECES'],
        ['salt', 1, 'TEASPOON'],
        ['mjölig potatis', 800, 'GRAM'],
      ),
      section(
        'Till stekning och servering',
        ['smör', 3, 'TABLESPOON'],
        ['rimmat sidfläsk', 400, 'GRAM', { note: 'i skivor' }],
        ['rårörda lingon'],
      ),
    ],
    steps: [
      'Vispa en slät smet av mjöl, mjölk, ägg och salt.',
      'Skala och riv potatisen grovt och blanda genast ner den i smeten.',
      'Stek tunna raggmunkar i rikligt med smör. Stek fläsket krispigt och servera med lingon.',
    ],
  }),
  recipe({
    name: 'Laxpudding',
    servings: 4,
    categories: ['Husmanskost', 'Fisk'],
    prepTime: 30,
    totalTime: 90,
    source: { name: 'Farmors receptkort' },
    ingredients: [
      ['fast potatis', 1, 'KILOGRAM'],
      ['rimmad lax', 400, 'GRAM'],
      ['gul lök', 1, 'PIECES'],
      ['dill', 0.5, 'DECILITER', { note: 'hackad' }],
      ['ägg', 3, 'PIECES'],
      ['mjölk', 4, 'DECILITER'],
      ['salt', 0.5, 'TEASPOON'],
      ['vitpeppar', 2, 'PINCH'],
      ['smör', 1, 'TABLESPOON', { note: 'till formen' }],
      section('Till servering', ['smör', 100, 'GRAM', { note: 'skirat' }]),
    ],
    steps: [
      'Koka potatisen nästan mjuk, låt den svalna och skiva den. Sätt ugnen på 200 °C.',
      'Skiva laxen och löken. Varva potatis, lax, lök och dill i en smord form, med potatis överst.',
      'Vispa ägg, mjölk, salt och peppar och häll över. Grädda i 40 minuter. Servera med skirat smör.',
    ],
  }),
  recipe({
    name: 'Lussekatter',
    servings: 30,
    categories: ['Bakning', 'Jul', 'Fika'],
    prepTime: 45,
    totalTime: 150,
    source: GRANDMOTHER,
    ingredients: [
      section(
        'Deg',
        ['saffran', 500, 'MILLIGRAM', { note: 'ett paket' }],
        ['smör', 150, 'GRAM'],
        ['mjölk', 5, 'DECILITER'],
        ['jäst', 50, 'GRAM', { note: 'för söta degar' }],
        ['Kesella', 250, 'GRAM'],
        ['strösocker', 1.5, 'DECILITER'],
        ['salt', 0.5, 'TEASPOON'],
        ['vetemjöl', 14, 'DECILITER', { note: 'ungefär' }],
      ),
      section(
        'Till pensling och garnering',
        ['ägg', 1, 'PIECES', { note: 'uppvispat', ...notScaled }],
        ['russin', 60, 'PIECES'],
      ),
    ],
    steps: [
      'Stöt saffranet med en sockerbit. Smält smöret, tillsätt mjölken och värm till 37 °C.',
      'Rör ut jästen i degvätskan. Tillsätt saffran, kesella, socker, salt och mjöl och arbeta degen smidig.',
      'Låt degen jäsa 40 minuter. Forma lussekatter med två russin i varje och låt dem jäsa 30 minuter till.',
      'Pensla med ägg och grädda på 250 °C i 5–7 minuter.',
    ],
  }),
  recipe({
    name: 'Äppelkaka',
    servings: 6,
    categories: ['Bakning', 'Efterrätt'],
    prepTime: 20,
    totalTime: 60,
    ingredients: [
      section(
        'Smet',
        ['smör', 100, 'GRAM'],
        ['strösocker', 1, 'DECILITER'],
        ['ägg', 2, 'PIECES'],
        ['vetemjöl', 2, 'DECILITER'],
        ['bakpulver', 1, 'TEASPOON'],
        ['mjölk', 0.5, 'DECILITER'],
      ),
      section(
        'Ovanpå',
        ['äpplen', 4, 'PIECES', { note: 'gärna syrliga' }],
        ['kanel', 1, 'TEASPOON'],
        ['strösocker', 1, 'TABLESPOON'],
      ),
    ],
    steps: [
      'Sätt ugnen på 175 °C. Skala och klyfta äpplena.',
      'Vispa smör och socker pösigt och rör i äggen ett i taget. Blanda mjöl och bakpulver och rör ner med mjölken.',
      'Bred smeten i en smord form och tryck ner äppelklyftorna. Strö över kanel och socker och grädda 35–40 minuter.',
    ],
  }),
  recipe({
    name: 'Vaniljsås',
    servings: 6,
    categories: ['Efterrätt'],
    prepTime: 10,
    totalTime: 60,
    ingredients: [
      ['mjölk', 3, 'DECILITER'],
      ['äggulor', 3, 'PIECES'],
      ['strösocker', 2, 'TABLESPOON'],
      ['maizenamjöl', 1, 'TABLESPOON'],
      ['vaniljextrakt', 5, 'MILLILITER'],
      ['vispgrädde', 2, 'DECILITER'],
    ],
    steps: [
      'Vispa mjölk, äggulor, socker och maizena i en kastrull.',
      'Värm under vispning tills såsen tjocknar; den får inte koka. Rör i vaniljen och låt såsen kallna.',
      'Vispa grädden löst och vänd ner den i den kalla såsen.',
    ],
  }),
  recipe({
    name: 'Gravlax',
    servings: 8,
    categories: ['Fisk', 'Jul'],
    prepTime: 20,
    // Two days in the fridge, the shortest time the steps give.
    totalTime: 2 * 24 * 60 + 20,
    ingredients: [
      ['laxfilé med skinn', 1, 'KILOGRAM', { note: 'en mittbit' }],
      ['strösocker', 0.75, 'DECILITER'],
      ['salt', 0.5, 'DECILITER'],
      ['krossad vitpeppar', 1, 'TABLESPOON'],
      ['dill', undefined, undefined, { note: 'en stor knippe' }],
    ],
    steps: [
      'Blanda socker, salt och peppar. Dela filén i två lika stora bitar.',
      'Strö blandningen och grovhackad dill över köttsidorna och lägg bitarna mot varandra, skinnet utåt.',
      'Lägg paketet i en plastpåse och låt det stå i kylen 2–3 dygn. Vänd på det morgon och kväll.',
    ],
  }),
  recipe({
    name: 'Semlor',
    servings: 12,
    categories: ['Bakning', 'Fika'],
    prepTime: 60,
    totalTime: 150,
    source: GRANDMOTHER,
    ingredients: [
      section(
        'Bullar',
        ['mjölk', 3, 'DECILITER'],
        ['smör', 100, 'GRAM'],
        ['jäst', 50, 'GRAM', { note: 'för söta degar' }],
        ['strösocker', 0.75, 'DECILITER'],
        ['salt', 0.5, 'TEASPOON'],
        ['stött kardemumma', 2, 'TEASPOON'],
        ['vetemjöl', 10, 'DECILITER', { note: 'ungefär' }],
      ),
      section('Till pensling', ['ägg', 1, 'PIECES', { note: 'uppvispat', ...notScaled }]),
      section(
        'Fyllning',
        ['mandelmassa', 200, 'GRAM'],
        ['mjölk', 0.5, 'DECILITER'],
        ['vispgrädde', 3, 'DECILITER'],
        ['florsocker', undefined, undefined, { note: 'till pudring' }],
      ),
    ],
    steps: [
      'Gör en jäsdeg av mjölk, smör, jäst, socker, salt, kardemumma och mjöl. Låt den jäsa 30 minuter.',
      'Forma tolv runda bullar och låt dem jäsa 30 minuter. Pensla med ägg och grädda på 225 °C i 8–10 minuter.',
      'Skär av ett lock på varje bulle och gröp ur den. Blanda inkråmet med riven mandelmassa och mjölken.',
      'Fyll bullarna med mandelmassan, spritsa på vispad grädde, lägg på locket och pudra med florsocker.',
    ],
  }),
  recipe({
    name: 'Risgrynsgröt',
    servings: 4,
    categories: ['Jul', 'Husmanskost'],
    prepTime: 5,
    totalTime: 60,
    ingredients: [
      ['vatten', 2, 'DECILITER'],
      ['smör', 1, 'TABLESPOON'],
      ['grötris', 2, 'DECILITER'],
      ['mjölk', 1, 'LITER'],
      ['kanelstång', 1, 'PIECES', notScaled],
      ['salt', 0.5, 'TEASPOON'],
      section('Till servering', ['kanel'], ['strösocker'], ['kall mjölk']),
    ],
    steps: [
      'Koka upp vatten och smör, tillsätt riset och låt det koka 10 minuter.',
      'Häll på mjölken och lägg i kanelstången. Sjud under lock på svag värme i cirka 45 minuter och rör då och då.',
      'Smaka av med salt. Servera med kanel, socker och kall mjölk.',
    ],
  }),
  recipe({
    name: 'Sjömansbiff',
    servings: 4,
    categories: ['Husmanskost'],
    prepTime: 30,
    totalTime: 80,
    ingredients: [
      ['fast potatis', 1, 'KILOGRAM'],
      ['rostbiff eller ryggbiff', 600, 'GRAM'],
      ['gula lökar', 3, 'PIECES'],
      ['smör', 2, 'TABLESPOON'],
      ['ljus öl', 3.3, 'DECILITER', { note: 'en flaska' }],
      ['vatten', 2, 'DECILITER'],
      ['köttbuljongtärning', 1, 'PIECES'],
      ['lagerblad', 2, 'PIECES', notScaled],
      ['salt', 1, 'TEASPOON'],
      ['svartpeppar', 1, 'PINCH'],
    ],
    steps: [
      'Skala och skiva potatisen. Skiva löken och bryn den i smör. Skiva köttet och bryn det snabbt.',
      'Varva potatis, kött och lök i en gryta. Krydda varje lager och lägg i lagerbladen.',
      'Häll över öl, vatten och smulad buljongtärning. Sjud under lock i cirka 45 minuter.',
    ],
  }),
];
