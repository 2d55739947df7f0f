// What changed between two versions of a recipe, as a cook reads it (issue 41's 'Historik'): each field that differs
// with its old and new text, and the ingredients added, removed and changed, matched by name (not by position, so a
// moved row is not "removed and added"). Pure: the history screen renders the list; units are the site's labels.
import { formatEditorQuantity } from './quantity-format.ts';

type Quantity = { value: number; unit?: string };
type Ingredient = { name: string; quantity?: Quantity; note?: string; heading?: string; doNotScale?: boolean };
export type ComparedRecipe = {
  name: string;
  servings: number;
  instructions: string;
  ingredients: readonly Ingredient[];
  categories?: readonly string[];
  prepTime?: number;
  totalTime?: number;
  source?: { url?: string; name?: string };
  photos?: readonly { id: string; alt: string }[];
};

export type RecipeChange =
  | { kind: 'field'; field: string; before: string; after: string }
  | { kind: 'ingredient-added'; text: string }
  | { kind: 'ingredient-removed'; text: string }
  | { kind: 'ingredient-changed'; name: string; before: string; after: string }
  | { kind: 'ingredients-reordered' };

export const NOTHING = '–';
const minutes = (m: number | undefined) => (m === undefined ? NOTHING : `${m} min`);
const sourceText = (s: ComparedRecipe['source']) => [s?.name, s?.url].filter(Boolean).join(', ') || NOTHING;
const list = (items: readonly string[] | undefined) => (items?.length ? items.join(', ') : NOTHING);

/** An ingredient as one line: '2 ½ dl Vetemjöl, siktat (Till degen, skalas inte)'. */
export function ingredientText(i: Ingredient): string {
  const amount = formatEditorQuantity(i.quantity);
  const extras = [i.heading && `under ”${i.heading}”`, i.doNotScale && 'skalas inte'].filter(Boolean);
  return `${[amount, i.name].filter(Boolean).join(' ')}${i.note ? `, ${i.note}` : ''}${extras.length ? ` (${extras.join(', ')})` : ''}`;
}

const key = (name: string) => name.trim().toLocaleLowerCase('sv');

/** The changes that turn `before` into `after`, fields first (in the form's order), then the ingredients. */
export function recipeChanges(before: ComparedRecipe, after: ComparedRecipe): RecipeChange[] {
  const changes: RecipeChange[] = [];
  const field = (name: string, a: string, b: string) => {
    if (a !== b) changes.push({ kind: 'field', field: name, before: a, after: b });
  };
  field('Namn', before.name, after.name);
  field('Portioner', String(before.servings), String(after.servings));
  field('Tid att förbereda', minutes(before.prepTime), minutes(after.prepTime));
  field('Total tid', minutes(before.totalTime), minutes(after.totalTime));
  field('Kategorier', list(before.categories), list(after.categories));
  field('Källa', sourceText(before.source), sourceText(after.source));
  field('Instruktioner', before.instructions, after.instructions);
  const photos = (p: ComparedRecipe['photos']) =>
    p?.length ? `${p.length} ${p.length === 1 ? 'bild' : 'bilder'}` : 'inga bilder';
  const photoIds = (p: ComparedRecipe['photos']) => (p ?? []).map((x) => `${x.id}:${x.alt}`).join(' ');
  if (photoIds(before.photos) !== photoIds(after.photos)) {
    const a = photos(before.photos);
    const b = photos(after.photos);
    changes.push({ kind: 'field', field: 'Bilder', before: a, after: a === b ? `${b}, ändrade` : b });
  }

  // Ingredients matched by name; the same name twice is matched in order.
  const unmatched = new Map<string, number[]>();
  after.ingredients.forEach((i, index) => unmatched.set(key(i.name), [...(unmatched.get(key(i.name)) ?? []), index]));
  const matchedAfter: number[] = [];
  for (const old of before.ingredients) {
    const index = unmatched.get(key(old.name))?.shift();
    if (index === undefined) {
      changes.push({ kind: 'ingredient-removed', text: ingredientText(old) });
      continue;
    }
    matchedAfter.push(index);
    const now = after.ingredients[index] as Ingredient;
    const a = ingredientText(old);
    const b = ingredientText(now);
    if (a !== b) changes.push({ kind: 'ingredient-changed', name: now.name, before: a, after: b });
  }
  after.ingredients.forEach((i, index) => {
    if (!matchedAfter.includes(index)) changes.push({ kind: 'ingredient-added', text: ingredientText(i) });
  });
  if (matchedAfter.some((index, n) => n > 0 && index < (matchedAfter[n - 1] as number)))
    changes.push({ kind: 'ingredients-reordered' });
  return changes;
}

/** One change as a sentence for the screen and for screen readers. */
export function changeText(change: RecipeChange): string {
  switch (change.kind) {
    case 'field':
      return `${change.field}: ${change.before} → ${change.after}`;
    case 'ingredient-added':
      return `Ny ingrediens: ${change.text}`;
    case 'ingredient-removed':
      return `Borttagen ingrediens: ${change.text}`;
    case 'ingredient-changed':
      return `Ändrad ingrediens: ${change.before} → ${change.after}`;
    case 'ingredients-reordered':
      return 'Ingredienserna står i en annan ordning.';
  }
}
