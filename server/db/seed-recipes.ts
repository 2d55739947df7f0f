import type { RecipeInput } from '../../src/lib/recipe-schema.ts';
import type { UnitKey } from '../../src/lib/units.ts';

// About fifteen classic Swedish recipes with real amounts. Together they use all ten offered
// units (l, dl, ml, msk, tsk, krm, g, kg, mg, st), so a fresh install shows every one of them.
type Row = [name: string, value?: number, unit?: UnitKey];

function recipe(name: string, servings: number, rows: Row[], instructions: string[]): RecipeInput {
  return {
    name,
    servings,
    instructions: instructions.join('\n'),
    ingredients: rows.map(([ingredient, value, unit]) =>
      value === undefined ? { name: ingredient } : { name: ingredient, quantity: { value, unit: unit ?? 'NONE' } },
    ),
  };
}

export const SEED_RECIPES: RecipeInput[] = [
  recipe('Pannkakor', 4, [['Vetemjöl', 2.5, 'DECILITER'], ['Salt', 0.5, 'TEASPOON'], ['Mjölk', 6, 'DECILITER'], ['Ägg', 3, 'PIECES'], ['Smör till stekning', 2, 'TABLESPOON']], [
    'Vispa ihop mjöl, salt och hälften av mjölken till en slät smet.',
    'Vispa i resten av mjölken och äggen. Låt smeten vila 10 minuter.',
    'Stek tunna pannkakor i smör på medelvärme. Servera med sylt.',
  ]),
  recipe('Kanelbullar', 40, [['Mjölk', 5, 'DECILITER'], ['Smör', 150, 'GRAM'], ['Jäst', 50, 'GRAM'], ['Strösocker', 1, 'DECILITER'], ['Salt', 0.5, 'TEASPOON'], ['Stött kardemumma', 1, 'TEASPOON'], ['Vetemjöl', 13, 'DECILITER'], ['Rumsvarmt smör (fyllning)', 100, 'GRAM'], ['Strösocker (fyllning)', 0.5, 'DECILITER'], ['Kanel', 1, 'TABLESPOON'], ['Ägg (pensling)', 1, 'PIECES'], ['Pärlsocker', 2, 'TABLESPOON']], [
    'Smält smöret, häll i mjölken och värm till 37 °C. Rör ut jästen i lite av degvätskan.',
    'Tillsätt socker, salt, kardemumma och nästan allt mjöl. Arbeta degen smidig och låt jäsa 30 minuter.',
    'Kavla ut degen, bred på fyllningen av smör, socker och kanel. Rulla ihop, skär i bitar och lägg i formar.',
    'Låt jäsa 30 minuter, pensla med ägg och strö över pärlsocker. Grädda mitt i ugnen på 225 °C i 5–8 minuter.',
  ]),
  recipe('Köttbullar', 4, [['Blandfärs', 500, 'GRAM'], ['Ströbröd', 0.75, 'DECILITER'], ['Mjölk', 1.5, 'DECILITER'], ['Ägg', 1, 'PIECES'], ['Gul lök', 1, 'PIECES'], ['Salt', 1, 'TEASPOON'], ['Vitpeppar', 2, 'PINCH'], ['Smör', 2, 'TABLESPOON']], [
    'Blanda ströbröd och mjölk och låt svälla 10 minuter. Finhacka löken och fräs den mjuk.',
    'Blanda färs, ägg, lök, salt och peppar med ströbrödsblandningen.',
    'Rulla små bullar med fuktiga händer och stek dem i smör tills de är genomstekta.',
  ]),
  recipe('Ärtsoppa', 4, [['Torkade gula ärter', 5, 'DECILITER'], ['Vatten', 1.5, 'LITER'], ['Rimmat sidfläsk', 300, 'GRAM'], ['Gul lök', 1, 'PIECES'], ['Mejram', 1, 'TEASPOON'], ['Timjan', 1, 'TEASPOON'], ['Salt', 1, 'TEASPOON']], [
    'Lägg ärterna i blöt i rikligt med kallt vatten över natten.',
    'Häll av, koka upp ärterna i nytt vatten och skumma. Lägg i fläsk, hackad lök och kryddor.',
    'Sjud under lock i 1 ½ timme tills ärterna är mjuka. Servera med senap.',
  ]),
  recipe('Kladdkaka', 8, [['Smör', 100, 'GRAM'], ['Ägg', 2, 'PIECES'], ['Strösocker', 2.5, 'DECILITER'], ['Vetemjöl', 1, 'DECILITER'], ['Kakao', 4, 'TABLESPOON'], ['Vaniljsocker', 1, 'TEASPOON'], ['Salt', 1, 'PINCH']], [
    'Sätt ugnen på 175 °C. Smöra och bröa en form med löstagbar kant.',
    'Smält smöret. Rör ner socker och ägg, sedan mjöl, kakao, vaniljsocker och salt.',
    'Häll smeten i formen och grädda 15–20 minuter: kakan ska vara kladdig i mitten.',
  ]),
  recipe('Janssons frestelse', 6, [['Fast potatis', 1, 'KILOGRAM'], ['Gul lök', 2, 'PIECES'], ['Ansjovis', 125, 'GRAM'], ['Vispgrädde', 3, 'DECILITER'], ['Mjölk', 1, 'DECILITER'], ['Ströbröd', 2, 'TABLESPOON'], ['Smör', 2, 'TABLESPOON']], [
    'Sätt ugnen på 225 °C. Skala potatisen och skär den i tunna stavar. Skiva löken och fräs den mjuk.',
    'Varva potatis, lök och ansjovis i en smord form. Häll över lite av spadet från burken.',
    'Häll över grädde och mjölk, strö över ströbröd och klicka ut smör. Grädda cirka 1 timme.',
  ]),
  recipe('Raggmunk', 4, [['Vetemjöl', 2.5, 'DECILITER'], ['Mjölk', 6, 'DECILITER'], ['Ägg', 2, 'PIECES'], ['Mjölig potatis', 800, 'GRAM'], ['Salt', 1, 'TEASPOON'], ['Smör', 3, 'TABLESPOON'], ['Rimmat sidfläsk', 400, 'GRAM'], ['Rårörda lingon']], [
    'Vispa en slät smet av mjöl, mjölk, ägg och salt.',
    'Skala och riv potatisen grovt, blanda ner den i smeten direkt.',
    'Stek tunna raggmunkar i rikligt med smör. Stek fläsket krispigt och servera med lingon.',
  ]),
  recipe('Laxpudding', 4, [['Fast potatis', 1, 'KILOGRAM'], ['Rimmad lax', 400, 'GRAM'], ['Gul lök', 1, 'PIECES'], ['Hackad dill', 0.5, 'DECILITER'], ['Ägg', 3, 'PIECES'], ['Mjölk', 4, 'DECILITER'], ['Salt', 0.5, 'TEASPOON'], ['Vitpeppar', 2, 'PINCH'], ['Smör', 1, 'TABLESPOON']], [
    'Koka potatisen nästan mjuk, låt svalna och skiva. Sätt ugnen på 200 °C.',
    'Skiva laxen och löken. Varva potatis, lax, lök och dill i en smord form, potatis överst.',
    'Vispa ägg, mjölk, salt och peppar och häll över. Grädda 40 minuter. Servera med skirat smör.',
  ]),
  recipe('Lussekatter', 30, [['Saffran', 500, 'MILLIGRAM'], ['Smör', 150, 'GRAM'], ['Mjölk', 5, 'DECILITER'], ['Jäst', 50, 'GRAM'], ['Kesella', 250, 'GRAM'], ['Strösocker', 1.5, 'DECILITER'], ['Salt', 0.5, 'TEASPOON'], ['Vetemjöl', 14, 'DECILITER'], ['Russin', 60, 'PIECES'], ['Ägg (pensling)', 1, 'PIECES']], [
    'Stöt saffranet med en sockerbit. Smält smöret, tillsätt mjölken och värm till 37 °C.',
    'Rör ut jästen i degvätskan. Tillsätt saffran, kesella, socker, salt och mjöl och arbeta degen smidig.',
    'Låt jäsa 40 minuter. Forma lussekatter med två russin var och låt jäsa 30 minuter till.',
    'Pensla med ägg och grädda på 250 °C i 5–7 minuter.',
  ]),
  recipe('Äppelkaka', 6, [['Äpplen', 4, 'PIECES'], ['Smör', 100, 'GRAM'], ['Strösocker', 1, 'DECILITER'], ['Ägg', 2, 'PIECES'], ['Vetemjöl', 2, 'DECILITER'], ['Bakpulver', 1, 'TEASPOON'], ['Kanel', 1, 'TEASPOON'], ['Mjölk', 0.5, 'DECILITER']], [
    'Sätt ugnen på 175 °C. Skala och klyfta äpplena.',
    'Vispa smör och socker pösigt, rör i äggen ett i taget. Blanda mjöl och bakpulver och rör ner med mjölken.',
    'Bred smeten i en smord form, tryck ner äppelklyftorna och strö över kanel. Grädda 35–40 minuter.',
  ]),
  recipe('Vaniljsås', 6, [['Mjölk', 3, 'DECILITER'], ['Äggulor', 3, 'PIECES'], ['Strösocker', 2, 'TABLESPOON'], ['Maizenamjöl', 1, 'TABLESPOON'], ['Vaniljextrakt', 5, 'MILLILITER'], ['Vispgrädde', 2, 'DECILITER']], [
    'Vispa mjölk, äggulor, socker och maizena i en kastrull.',
    'Värm under vispning tills såsen tjocknar; den får inte koka. Rör i vaniljen och låt svalna.',
    'Vispa grädden löst och vänd ner den i den kalla såsen.',
  ]),
  recipe('Gravlax', 8, [['Laxfilé med skinn', 1, 'KILOGRAM'], ['Strösocker', 0.75, 'DECILITER'], ['Salt', 0.5, 'DECILITER'], ['Krossad vitpeppar', 1, 'TABLESPOON'], ['Dill', 1, 'PIECES']], [
    'Blanda socker, salt och peppar. Dela filén i två bitar.',
    'Strö blandningen och grovhackad dill över köttsidorna och lägg bitarna mot varandra.',
    'Lägg i en plastpåse och låt stå i kylen 2–3 dygn; vänd på paketet morgon och kväll.',
  ]),
  recipe('Semlor', 12, [['Mjölk', 3, 'DECILITER'], ['Smör', 100, 'GRAM'], ['Jäst', 50, 'GRAM'], ['Strösocker', 0.75, 'DECILITER'], ['Salt', 0.5, 'TEASPOON'], ['Stött kardemumma', 2, 'TEASPOON'], ['Vetemjöl', 10, 'DECILITER'], ['Ägg (pensling)', 1, 'PIECES'], ['Mandelmassa', 200, 'GRAM'], ['Vispgrädde', 3, 'DECILITER'], ['Florsocker']], [
    'Gör en jäsdeg av mjölk, smör, jäst, socker, salt, kardemumma och mjöl. Låt jäsa 30 minuter.',
    'Forma tolv runda bullar, låt jäsa 30 minuter, pensla med ägg och grädda på 225 °C i 8–10 minuter.',
    'Skär av ett lock, gröp ur bullen och blanda inkråmet med riven mandelmassa och lite mjölk.',
    'Fyll med mandelmassan, spritsa på vispad grädde, lägg på locket och pudra med florsocker.',
  ]),
  recipe('Risgrynsgröt', 4, [['Vatten', 2, 'DECILITER'], ['Smör', 1, 'TABLESPOON'], ['Grötris', 2, 'DECILITER'], ['Mjölk', 1, 'LITER'], ['Kanelstång', 1, 'PIECES'], ['Salt', 0.5, 'TEASPOON']], [
    'Koka upp vatten och smör, tillsätt riset och låt koka 10 minuter.',
    'Häll på mjölken och lägg i kanelstången. Sjud under lock på svag värme i cirka 45 minuter; rör ibland.',
    'Smaka av med salt. Servera med kanel, socker och kall mjölk.',
  ]),
  recipe('Sjömansbiff', 4, [['Fast potatis', 1, 'KILOGRAM'], ['Rostbiff eller ryggbiff', 600, 'GRAM'], ['Gul lök', 3, 'PIECES'], ['Smör', 2, 'TABLESPOON'], ['Ljus öl', 3.3, 'DECILITER'], ['Vatten', 2, 'DECILITER'], ['Köttbuljongtärning', 1, 'PIECES'], ['Lagerblad', 2, 'PIECES'], ['Salt', 1, 'TEASPOON'], ['Svartpeppar', 1, 'PINCH']], [
    'Skala och skiva potatisen. Skiva löken och bryn den i smör. Skiva och bryn köttet snabbt.',
    'Varva potatis, kött och lök i en gryta. Krydda varje lager och lägg i lagerbladen.',
    'Häll över öl, vatten och smulad buljongtärning. Sjud under lock i cirka 45 minuter.',
  ]),
];
