// Grams or decilitres (issue 57, item 4): how much one decilitre of a common dry or fatty ingredient weighs, and the
// amounts of a list shown by weight or by volume through it. The figures and their sources are docs/densities.md
// (a row there is a row here). Text only, like src/lib/kitchen-amount.ts: the converted amount is handed to the
// kitchen rules, so it is rounded as every amount is, and nothing stored changes.
//
// A name matches an entry by whole words compared by their Swedish stems (src/lib/swedish-stem.ts), never by a part
// of a word: 'potatismjöl' is its own word and never 'mjöl', so a compound is only converted when it is an entry of
// its own. The name is read, not the note ('Smör, rumsvarmt' is smör; a note 'eller margarin' changes nothing).
import { kitchenAmounts, shownUnit, type Amounted } from './kitchen-amount.ts';
import { swedishStem } from './swedish-stem.ts';

/** Grams per decilitre, an entry's words as a cook writes them (each form its own entry where stems differ). */
export const DENSITY_TABLE: ReadonlyArray<readonly [string, number]> = [
  // Flours and starches
  ['vetemjöl', 60],
  ['mjöl', 60],
  ['grahamsmjöl', 60],
  ['dinkelmjöl', 60],
  ['rågmjöl', 55],
  ['rågsikt', 60],
  ['potatismjöl', 80],
  ['majsstärkelse', 60],
  ['maizena', 60],
  ['mandelmjöl', 40],
  ['kakao', 45],
  ['kakaopulver', 45],
  // Sugars
  ['socker', 85],
  ['strösocker', 85],
  ['florsocker', 60],
  ['farinsocker', 65],
  ['brunt socker', 65],
  ['pärlsocker', 70],
  ['vaniljsocker', 80],
  // Grains, crumbs, flakes
  ['havregryn', 35],
  ['ris', 85],
  ['mannagryn', 75],
  ['ströbröd', 45],
  ['kokosflingor', 35],
  // Fats
  ['smör', 95],
  ['margarin', 95],
  ['matfett', 95],
  ['olja', 90],
  ['rapsolja', 90],
  ['olivolja', 90],
  // Syrups
  ['honung', 140],
  ['sirap', 140],
  // Cheese, grated only (a piece of cheese has no volume a cook measures)
  ['riven ost', 40],
  ['rivna ost', 40],
  ['ost riven', 40],
  // Salt and raising agents
  ['salt', 120],
  ['bakpulver', 80],
  ['bikarbonat', 100],
];

/**
 * Words that make a name something else than the entry it names: cooked rice weighs about twice dry rice, melted
 * butter is measured as a liquid, and a mix ('salt och peppar', 'socker och kanel') weighs as neither of its parts.
 */
const NOT_THE_ENTRY = new Set(
  ['kokt', 'kokta', 'kokat', 'smält', 'smälta', 'brynt', 'brynta', 'och', 'blandat', 'blandning'].map(swedishStem),
);

const stems = (text: string): string[] =>
  text
    .toLowerCase()
    .split(/\P{L}+/u)
    .filter(Boolean)
    .map((word) => swedishStem(word));

const ENTRIES = DENSITY_TABLE.map(([words, gramsPerDl]) => ({ words, stems: stems(words), gramsPerDl }));

/** Where `entry` occurs in `name` (indexes of its first word). */
function occurrences(name: readonly string[], entry: readonly string[]): number[] {
  const found: number[] = [];
  for (let i = 0; i + entry.length <= name.length; i++) {
    if (entry.every((stem, j) => name[i + j] === stem)) found.push(i);
  }
  return found;
}

/**
 * The grams one decilitre of the ingredient named so weighs, or undefined for a name the table does not know.
 * Each word of the name is matched whole, by its stem; a longer entry covers the shorter ones inside it ('brunt
 * socker' is not 'socker'). A name naming two entries that weigh differently ('socker eller mjöl') is not converted,
 * nor is a name saying it is cooked ('kokt ris').
 */
export function gramsPerDecilitre(name: string): number | undefined {
  const words = stems(name);
  if (words.some((w) => NOT_THE_ENTRY.has(w))) return undefined;
  const hits = ENTRIES.flatMap((entry) =>
    occurrences(words, entry.stems).map((at) => ({ at, end: at + entry.stems.length, gramsPerDl: entry.gramsPerDl })),
  );
  const kept = hits.filter(
    (hit) =>
      !hits.some(
        (other) =>
          other !== hit && other.at <= hit.at && other.end >= hit.end && other.end - other.at > hit.end - hit.at,
      ),
  );
  const weights = new Set(kept.map((hit) => hit.gramsPerDl));
  return weights.size === 1 ? [...weights][0] : undefined;
}

/** Millilitres per unit of volume, grams per unit of weight: the units a recipe stores (src/lib/units.ts' labels). */
export const ML_PER_UNIT: Readonly<Record<string, number>> = { krm: 1, tsk: 5, msk: 15, dl: 100, l: 1000, ml: 1 };
export const GRAMS_PER_UNIT: Readonly<Record<string, number>> = { mg: 0.001, g: 1, kg: 1000 };

/** What the list shows: as the recipe is written, weights ('Vikt') or volumes ('Mått'). */
export type MeasureMode = 'written' | 'weight' | 'volume';

/**
 * A spoon under a tablespoon keeps its spoon when weights are shown: 1 tsk bakpulver is 4 g, which a kitchen
 * scale weighs no better than the spoon measures it. From 1 msk (2 msk smör: 30 g) the weight is shown.
 */
const LEAST_ML_WEIGHED = 15;

type Quantity = { value: number; unit?: string };

/**
 * The quantity in the other kind of measure (grams for a volume, decilitres for a weight), or undefined where it
 * stays as written: no quantity, not a volume or weight, already in the kind asked for, a name the table does not
 * know, or a spoon under 1 msk asked as a weight. Decilitres move up and down (to l, msk, tsk, krm) and grams to kg
 * by the kitchen rules when shown.
 */
export function convertQuantity(
  quantity: Quantity | undefined,
  name: string,
  to: 'weight' | 'volume',
): Quantity | undefined {
  if (!quantity || !Number.isFinite(quantity.value) || quantity.value <= 0) return undefined;
  const unit = quantity.unit ?? '';
  const ml = ML_PER_UNIT[unit];
  const grams = GRAMS_PER_UNIT[unit];
  if (to === 'weight' ? ml === undefined || quantity.value * ml < LEAST_ML_WEIGHED : grams === undefined)
    return undefined;
  const density = gramsPerDecilitre(name);
  if (density === undefined) return undefined;
  return to === 'weight'
    ? { value: ((quantity.value * ml!) / 100) * density, unit: 'g' }
    : { value: (quantity.value * grams!) / density, unit: 'dl' };
}

/**
 * The ingredients with each quantity in the measure asked for, for showing only: those the table cannot convert
 * keep theirs ('written' changes nothing). Each converted one is marked, so the page can say it is approximate.
 */
export function measuredIngredients<T extends Amounted>(
  ingredients: ReadonlyArray<T>,
  mode: MeasureMode,
): Array<T & { converted: boolean }> {
  return ingredients.map((ingredient) => {
    const converted =
      mode === 'written' ? undefined : convertQuantity(ingredient.quantity, ingredient.name ?? '', mode);
    return converted ? { ...ingredient, quantity: converted, converted: true } : { ...ingredient, converted: false };
  });
}

/**
 * The amount text of each ingredient of one list in the measure asked for, by the kitchen rules over the whole list
 * (docs/quantities.md): '120 g', '2 ½ dl', '3', ''. A converted amount starts with 'ca' (a table's weight of a
 * decilitre is an average, and the page should not claim more).
 */
export function measuredAmounts(ingredients: ReadonlyArray<Amounted>, mode: MeasureMode): string[] {
  const measured = measuredIngredients(ingredients, mode);
  return kitchenAmounts(measured).map((amount, i) => {
    if (!amount) return '';
    const unit = shownUnit(amount.unit);
    const text = unit ? `${amount.text} ${unit}` : amount.text;
    return measured[i]!.converted ? `ca ${text}` : text;
  });
}
