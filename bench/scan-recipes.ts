// The recipes npm run bench:scan prints and photographs (issue 56 item 5): Swedish recipes put together from pools
// of dish names, ingredient lines (units dl, msk, tsk, krm, g, st, fractions such as "1 ½"), section headings and
// step sentences by a seeded generator, so the same set comes out on every run. Each recipe is also a plain text
// (what the page prints, line by line): the scores compare the scan's draft with that text's own draft.

/** A small seeded generator (mulberry32): the same seed gives the same numbers on every machine. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type ScanRecipe = {
  index: number;
  name: string;
  /** The servings line as printed ("4 portioner", "Till 6 personer"), and its number. */
  servingsLine: string;
  servings: number;
  groups: { heading?: string; lines: string[] }[];
  steps: string[];
};

const DISHES = [
  'Kanelbullar',
  'Kladdkaka',
  'Köttbullar med gräddsås',
  'Raggmunk med fläsk',
  'Pannkakor',
  'Laxpudding',
  'Janssons frestelse',
  'Sockerkaka',
  'Ärtsoppa',
  'Kålpudding',
  'Skomakarlåda',
  'Fiskgratäng med dill',
  'Äppelkaka',
  'Havreflarn',
  'Pepparkakor',
  'Rabarberpaj',
  'Wallenbergare',
  'Biff à la Lindström',
  'Kycklinggryta med curry',
  'Potatisgratäng',
  'Blåbärsmuffins',
  'Lussekatter',
  'Sill med gräddfil',
  'Morotskaka',
  'Chokladbollar',
  'Korvstroganoff',
  'Smulpaj med äpple',
  'Linssoppa',
  'Kokosbollar',
  'Gubbröra',
  'Vetebröd',
  'Pytt i panna',
  'Grönsakssoppa',
  'Drömmar',
  'Fläskpannkaka',
  'Toscakaka',
  'Kalops',
  'Spenatsoppa',
  'Hallongrottor',
  'Ugnsbakad torsk',
];

// Amounts as a Swedish cookbook prints them.
const DECILITRES = ['½', '1', '1 ½', '2', '2 ½', '3', '4', '5', '¾', '1 ½'];
const SMALL = ['½', '1', '1 ½', '2', '¼', '3'];
const GRAMS = ['25', '50', '75', '100', '150', '200', '250', '300', '400', '500'];

// An ingredient and the units it is measured in.
const INGREDIENTS: [string, string[]][] = [
  ['vetemjöl', ['dl', 'g']],
  ['strösocker', ['dl', 'g']],
  ['mjölk', ['dl']],
  ['vispgrädde', ['dl']],
  ['smör', ['g', 'msk']],
  ['salt', ['tsk', 'krm']],
  ['svartpeppar', ['krm', 'tsk']],
  ['bakpulver', ['tsk']],
  ['kardemumma', ['tsk']],
  ['kanel', ['tsk', 'msk']],
  ['vaniljsocker', ['tsk']],
  ['ägg', ['st']],
  ['gul lök', ['st']],
  ['vitlöksklyftor', ['st']],
  ['potatis', ['g']],
  ['morötter', ['st', 'g']],
  ['köttfärs', ['g']],
  ['laxfilé', ['g']],
  ['crème fraiche', ['dl']],
  ['gräddfil', ['dl']],
  ['filmjölk', ['dl']],
  ['havregryn', ['dl']],
  ['kakao', ['msk', 'dl']],
  ['florsocker', ['dl']],
  ['honung', ['msk']],
  ['rapsolja', ['msk', 'dl']],
  ['buljongtärning', ['st']],
  ['vatten', ['dl']],
  ['hackad dill', ['msk', 'dl']],
  ['riven ost', ['dl']],
  ['tomatpuré', ['msk']],
  ['färsk jäst', ['g']],
  ['mandelmassa', ['g']],
  ['gula ärtor', ['dl']],
  ['äpplen', ['st']],
  ['blåbär', ['dl']],
  ['rabarber', ['g']],
  ['citronsaft', ['msk']],
  ['ströbröd', ['dl']],
  ['muskotnöt', ['krm']],
];

const HEADINGS = [
  ['Deg', 'Fyllning'],
  ['Smet', 'Glasyr'],
  ['Kakan', 'Topping'],
  ['Såsen', 'Till servering'],
  ['Botten', 'Fyllning'],
];

const STEPS = [
  'Sätt ugnen på 200 grader.',
  'Smält smöret i en kastrull och häll i mjölken.',
  'Blanda alla torra ingredienser i en skål.',
  'Vispa ägg och socker pösigt, gärna med elvisp.',
  'Skala och hacka löken fint.',
  'Fräs löken mjuk i lite smör på medelvärme.',
  'Rör ner jästen i degvätskan tills den löst sig.',
  'Arbeta degen smidig, cirka fem minuter i maskin.',
  'Låt degen jäsa under bakduk i 30 minuter.',
  'Smörj och bröa en form med löstagbar kant.',
  'Häll smeten i formen och grädda mitt i ugnen.',
  'Skala potatisen och skär den i tunna skivor.',
  'Koka upp vattnet med buljongtärningen och låt sjuda.',
  'Krydda med salt och peppar efter smak.',
  'Bryn färsen i en het stekpanna och smula sönder den.',
  'Rulla små bullar och lägg dem på en plåt med bakplåtspapper.',
  'Pensla med uppvispat ägg och strö över pärlsocker.',
  'Låt kakan svalna i formen innan den skärs upp.',
  'Servera med kokt potatis och lingonsylt.',
  'Rör ihop grädden med crème fraiche och häll över.',
  'Lägg laxen i en smord ugnsform och strö över dill.',
  'Skär äpplena i klyftor och lägg dem i formen.',
  'Nyp ihop smör, mjöl och socker till en smulig deg.',
  'Låt allt puttra under lock i ungefär en timme.',
  'Mixa soppan slät med en stavmixer.',
  'Vänd försiktigt ner mjölet i äggsmeten.',
  'Kavla ut degen tunt på mjölat bakbord.',
  'Grädda i nedre delen av ugnen tills ytan fått fin färg.',
  'Ta ut formen och låt vila en stund före servering.',
  'Garnera med färska örter och en klick gräddfil.',
  'Koka upp mjölken och sänk värmen.',
  'Stek i smör på båda sidor tills de är gyllenbruna.',
];

const SERVINGS: ((n: number) => string)[] = [
  (n) => `${n} portioner`,
  (n) => `För ${n} personer`,
  (n) => `Portioner: ${n}`,
  (n) => `${n} port.`,
];

const pick = <T>(random: () => number, list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

function shuffled<T>(random: () => number, list: readonly T[]): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

function ingredientLine(random: () => number, [name, units]: [string, string[]]): string {
  const unit = pick(random, units);
  const amount = unit === 'g' ? pick(random, GRAMS) : unit === 'st' ? pick(random, ['1', '2', '3', '4', '6']) : null;
  if (amount) return `${amount} ${unit} ${name}`;
  return `${pick(random, unit === 'dl' ? DECILITRES : SMALL)} ${unit} ${name}`;
}

/** The recipe numbered `index`, the same on every run. */
export function scanRecipe(index: number): ScanRecipe {
  const random = seeded(56_000 + index * 7919);
  const name = DISHES[index % DISHES.length]!;
  const servings = pick(random, [2, 4, 4, 6, 8, 10, 12]);
  const servingsLine = pick(random, SERVINGS)(servings);
  const chosen = shuffled(random, INGREDIENTS).slice(0, 6 + Math.floor(random() * 5));
  const lines = chosen.map((ingredient) => ingredientLine(random, ingredient));
  // About a third of the recipes have two sections.
  const groups =
    random() < 0.35
      ? (() => {
          const [first, second] = pick(random, HEADINGS);
          const cut = Math.ceil(lines.length * 0.6);
          return [
            { heading: first!, lines: lines.slice(0, cut) },
            { heading: second!, lines: lines.slice(cut) },
          ];
        })()
      : [{ lines }];
  const steps = shuffled(random, STEPS).slice(0, 4 + Math.floor(random() * 4));
  return { index, name, servingsLine, servings, groups, steps };
}

/** What the page prints, as plain text in reading order: what a perfect reading would give. */
export function recipeText(recipe: ScanRecipe): string {
  const list = recipe.groups.flatMap((g) => [...(g.heading ? [g.heading] : []), ...g.lines]);
  return [
    recipe.name,
    recipe.servingsLine,
    '',
    'Ingredienser',
    ...list,
    '',
    'Gör så här',
    ...recipe.steps.map((s, i) => `${i + 1}. ${s}`),
  ].join('\n');
}

/** Which part a recipe is in, by a fixed rule: every third (index 2, 5, 8, …) is held out from tuning. */
export const partOf = (index: number): 'TUNE' | 'HELD-OUT' => (index % 3 === 2 ? 'HELD-OUT' : 'TUNE');
