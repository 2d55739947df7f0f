import type { Ingredient, RecipeInput } from '../../../src/lib/recipe-schema.ts';
import type { UnitKey } from '../../../src/lib/units.ts';

// Fifteen classic Swedish recipes with real amounts, showing what the book can do: categories to browse by,
// preparation and total times, a source where the recipe has one, ingredient sections where a cook works in parts
// (the dough, the filling), notes beside names, and an egg for brushing or a bay leaf that stays as written whatever
// the servings. Together they use all ten offered units (l, dl, ml, msk, tsk, krm, g, kg, mg, st), so a fresh install
// shows every one of them. No photos: the product ships none it has no right to (the list shows a tile instead).
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
      ['Vetemjöl', 2.5, 'DECILITER'],
      ['Salt', 0.5, 'TEASPOON'],
      ['Mjölk', 6, 'DECILITER'],
      ['Ägg', 3, 'PIECES'],
      section(
        'Till stekning och servering',
        ['Smör', 2, 'TABLESPOON'],
        ['Sylt', undefined, undefined, { note: 'eller färska bär' }],
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
        ['Mjölk', 5, 'DECILITER'],
        ['Smör', 150, 'GRAM'],
        ['Jäst', 50, 'GRAM', { note: 'för söta degar' }],
        ['Strösocker', 1, 'DECILITER'],
        ['Salt', 0.5, 'TEASPOON'],
        ['Stött kardemumma', 1, 'TEASPOON'],
        ['Vetemjöl', 13, 'DECILITER', { note: 'ungefär' }],
      ),
      section(
        'Fyllning',
        ['Smör', 100, 'GRAM', { note: 'rumsvarmt' }],
        ['Strösocker', 0.5, 'DECILITER'],
        ['Kanel', 1, 'TABLESPOON'],
      ),
      section(
        'Till pensling och garnering',
        ['Ägg', 1, 'PIECES', { note: 'uppvispat', ...notScaled }],
        ['Pärlsocker', 2, 'TABLESPOON'],
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
      ['Blandfärs', 500, 'GRAM'],
      ['Ströbröd', 0.75, 'DECILITER'],
      ['Mjölk', 1.5, 'DECILITER'],
      ['Ägg', 1, 'PIECES'],
      ['Gul lök', 1, 'PIECES', { note: 'finhackad' }],
      ['Salt', 1, 'TEASPOON'],
      ['Vitpeppar', 2, 'PINCH'],
      section('Till stekning', ['Smör', 2, 'TABLESPOON']),
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
      ['Torkade gula ärter', 5, 'DECILITER'],
      ['Vatten', 1.5, 'LITER'],
      ['Rimmat sidfläsk', 300, 'GRAM'],
      ['Gul lök', 1, 'PIECES', { note: 'hackad' }],
      ['Mejram', 1, 'TEASPOON', { note: 'torkad' }],
      ['Timjan', 1, 'TEASPOON', { note: 'torkad' }],
      ['Salt', 1, 'TEASPOON'],
      section('Till servering', ['Senap']),
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
      ['Smör', 100, 'GRAM'],
      ['Ägg', 2, 'PIECES'],
      ['Strösocker', 2.5, 'DECILITER'],
      ['Vetemjöl', 1, 'DECILITER'],
      ['Kakao', 4, 'TABLESPOON'],
      ['Vaniljsocker', 1, 'TEASPOON'],
      ['Salt', 1, 'PINCH'],
      section('Till servering', ['Vispgrädde', undefined, undefined, { note: 'eller vaniljglass' }]),
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
      ['Fast potatis', 1, 'KILOGRAM'],
      ['Gul lök', 2, 'PIECES'],
      ['Ansjovis', 125, 'GRAM', { note: 'en burk' }],
      ['Vispgrädde', 3, 'DECILITER'],
      ['Mjölk', 1, 'DECILITER'],
      ['Ströbröd', 2, 'TABLESPOON'],
      ['Smör', 2, 'TABLESPOON'],
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
        ['Vetemjöl', 2.5, 'DECILITER'],
        ['Mjölk', 6, 'DECILITER'],
        ['Ägg', 2, 'PIECES'],
        ['Salt', 1, 'TEASPOON'],
        ['Mjölig potatis', 800, 'GRAM'],
      ),
      section(
        'Till stekning och servering',
        ['Smör', 3, 'TABLESPOON'],
        ['Rimmat sidfläsk', 400, 'GRAM', { note: 'i skivor' }],
        ['Rårörda lingon'],
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
      ['Fast potatis', 1, 'KILOGRAM'],
      ['Rimmad lax', 400, 'GRAM'],
      ['Gul lök', 1, 'PIECES'],
      ['Dill', 0.5, 'DECILITER', { note: 'hackad' }],
      ['Ägg', 3, 'PIECES'],
      ['Mjölk', 4, 'DECILITER'],
      ['Salt', 0.5, 'TEASPOON'],
      ['Vitpeppar', 2, 'PINCH'],
      ['Smör', 1, 'TABLESPOON', { note: 'till formen' }],
      section('Till servering', ['Smör', 100, 'GRAM', { note: 'skirat' }]),
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
        ['Saffran', 500, 'MILLIGRAM', { note: 'ett paket' }],
        ['Smör', 150, 'GRAM'],
        ['Mjölk', 5, 'DECILITER'],
        ['Jäst', 50, 'GRAM', { note: 'för söta degar' }],
        ['Kesella', 250, 'GRAM'],
        ['Strösocker', 1.5, 'DECILITER'],
        ['Salt', 0.5, 'TEASPOON'],
        ['Vetemjöl', 14, 'DECILITER', { note: 'ungefär' }],
      ),
      section(
        'Till pensling och garnering',
        ['Ägg', 1, 'PIECES', { note: 'uppvispat', ...notScaled }],
        ['Russin', 60, 'PIECES'],
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
        ['Smör', 100, 'GRAM'],
        ['Strösocker', 1, 'DECILITER'],
        ['Ägg', 2, 'PIECES'],
        ['Vetemjöl', 2, 'DECILITER'],
        ['Bakpulver', 1, 'TEASPOON'],
        ['Mjölk', 0.5, 'DECILITER'],
      ),
      section(
        'Ovanpå',
        ['Äpplen', 4, 'PIECES', { note: 'gärna syrliga' }],
        ['Kanel', 1, 'TEASPOON'],
        ['Strösocker', 1, 'TABLESPOON'],
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
      ['Mjölk', 3, 'DECILITER'],
      ['Äggulor', 3, 'PIECES'],
      ['Strösocker', 2, 'TABLESPOON'],
      ['Maizenamjöl', 1, 'TABLESPOON'],
      ['Vaniljextrakt', 5, 'MILLILITER'],
      ['Vispgrädde', 2, 'DECILITER'],
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
      ['Laxfilé med skinn', 1, 'KILOGRAM', { note: 'en mittbit' }],
      ['Strösocker', 0.75, 'DECILITER'],
      ['Salt', 0.5, 'DECILITER'],
      ['Krossad vitpeppar', 1, 'TABLESPOON'],
      ['Dill', undefined, undefined, { note: 'en stor knippe' }],
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
        ['Mjölk', 3, 'DECILITER'],
        ['Smör', 100, 'GRAM'],
        ['Jäst', 50, 'GRAM', { note: 'för söta degar' }],
        ['Strösocker', 0.75, 'DECILITER'],
        ['Salt', 0.5, 'TEASPOON'],
        ['Stött kardemumma', 2, 'TEASPOON'],
        ['Vetemjöl', 10, 'DECILITER', { note: 'ungefär' }],
      ),
      section('Till pensling', ['Ägg', 1, 'PIECES', { note: 'uppvispat', ...notScaled }]),
      section(
        'Fyllning',
        ['Mandelmassa', 200, 'GRAM'],
        ['Mjölk', 0.5, 'DECILITER'],
        ['Vispgrädde', 3, 'DECILITER'],
        ['Florsocker', undefined, undefined, { note: 'till pudring' }],
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
      ['Vatten', 2, 'DECILITER'],
      ['Smör', 1, 'TABLESPOON'],
      ['Grötris', 2, 'DECILITER'],
      ['Mjölk', 1, 'LITER'],
      ['Kanelstång', 1, 'PIECES', notScaled],
      ['Salt', 0.5, 'TEASPOON'],
      section('Till servering', ['Kanel'], ['Strösocker'], ['Kall mjölk']),
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
      ['Fast potatis', 1, 'KILOGRAM'],
      ['Rostbiff eller ryggbiff', 600, 'GRAM'],
      ['Gul lök', 3, 'PIECES'],
      ['Smör', 2, 'TABLESPOON'],
      ['Ljus öl', 3.3, 'DECILITER', { note: 'en flaska' }],
      ['Vatten', 2, 'DECILITER'],
      ['Köttbuljongtärning', 1, 'PIECES'],
      ['Lagerblad', 2, 'PIECES', notScaled],
      ['Salt', 1, 'TEASPOON'],
      ['Svartpeppar', 1, 'PINCH'],
    ],
    steps: [
      'Skala och skiva potatisen. Skiva löken och bryn den i smör. Skiva köttet och bryn det snabbt.',
      'Varva potatis, kött och lök i en gryta. Krydda varje lager och lägg i lagerbladen.',
      'Häll över öl, vatten och smulad buljongtärning. Sjud under lock i cirka 45 minuter.',
    ],
  }),
];
