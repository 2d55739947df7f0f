// What changed between two versions of a recipe, as a cook reads it (issue 41's 'Historik'): each field that differs
// with its old and new text, and the ingredients added, removed and changed, matched by name (not by position, so a
// moved row is not "removed and added"). Pure: the history screen renders the list; units are the site's labels.
// A changed text (name, instructions, categories, source) is told as the words removed and added in place (issue 54:
// not the whole text twice), by jsdiff's word diff; long unchanged stretches between them are shortened to '…'.
import { diffWords } from 'diff';
import { ingredientLine } from './ingredient-text.ts';
import { formatEditorQuantity } from './quantity-format.ts';
import { RECIPE_LABELS as LABEL } from './recipe-labels.ts';

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

/** A stretch of a changed text: kept as it was, taken away, or put in. */
export type TextPart = { kind: 'same' | 'removed' | 'added'; text: string };

export type RecipeChange =
  | { kind: 'field'; field: string; before: string; after: string }
  | { kind: 'text'; field: string; parts: TextPart[] }
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
  const extras = [i.heading && `under ”${i.heading}”`, i.doNotScale && 'skalas inte'].filter(Boolean);
  return `${ingredientLine(i, formatEditorQuantity(i.quantity))}${extras.length ? ` (${extras.join(', ')})` : ''}`;
}

const key = (name: string) => name.trim().toLocaleLowerCase('sv');

/** Words of an unchanged stretch kept on each side of a change; a longer stretch keeps its ends around '…'. */
export const CONTEXT_WORDS = 6;

function shortened(text: string, keepStart: boolean, keepEnd: boolean): string {
  const lead = /^\s*/.exec(text)?.[0] ?? '';
  const tokens = text.slice(lead.length).match(/\S+\s*/g) ?? []; // each word with the space after it
  const kept = CONTEXT_WORDS * (Number(keepStart) + Number(keepEnd));
  if (tokens.length <= kept + 1) return text; // '…' would stand for one word or none
  const start = keepStart ? lead + tokens.slice(0, CONTEXT_WORDS).join('') : '';
  const end = keepEnd ? ` ${tokens.slice(-CONTEXT_WORDS).join('')}` : '';
  return `${start}…${end}`;
}

/** The words removed and added that turn `before` into `after`, with the unchanged stretches between them. */
export function textParts(before: string, after: string): TextPart[] {
  const parts = diffWords(before, after).map((p): TextPart => ({
    kind: p.added ? 'added' : p.removed ? 'removed' : 'same',
    text: p.value,
  }));
  return parts.map((part, index) =>
    part.kind === 'same' ? { ...part, text: shortened(part.text, index > 0, index < parts.length - 1) } : part,
  );
}

/** The changes that turn `before` into `after`, fields first (in the form's order), then the ingredients. */
export function recipeChanges(before: ComparedRecipe, after: ComparedRecipe): RecipeChange[] {
  const changes: RecipeChange[] = [];
  const field = (name: string, a: string, b: string) => {
    if (a !== b) changes.push({ kind: 'field', field: name, before: a, after: b });
  };
  // A text that was empty ('–') or becomes empty reads better whole, as a value that came or went.
  const text = (name: string, a: string, b: string) => {
    if (a === b) return;
    if (a === NOTHING || b === NOTHING) field(name, a, b);
    else changes.push({ kind: 'text', field: name, parts: textParts(a, b) });
  };
  text(LABEL.name, before.name, after.name);
  field(LABEL.servings, String(before.servings), String(after.servings));
  field(LABEL.prepTime, minutes(before.prepTime), minutes(after.prepTime));
  field(LABEL.totalTime, minutes(before.totalTime), minutes(after.totalTime));
  text(LABEL.categories, list(before.categories), list(after.categories));
  text(LABEL.source, sourceText(before.source), sourceText(after.source));
  text(LABEL.instructions, before.instructions, after.instructions);
  const photos = (p: ComparedRecipe['photos']) =>
    p?.length ? `${p.length} ${p.length === 1 ? 'bild' : 'bilder'}` : 'inga bilder';
  const photoIds = (p: ComparedRecipe['photos']) => (p ?? []).map((x) => `${x.id}:${x.alt}`).join(' ');
  if (photoIds(before.photos) !== photoIds(after.photos)) {
    const a = photos(before.photos);
    const b = photos(after.photos);
    changes.push({ kind: 'field', field: LABEL.photos, before: a, after: a === b ? `${b}, ändrade` : b });
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

/** How a removed or added stretch is named where colour and strike-through cannot be seen (screen readers). */
export const PART_MARK = { removed: 'borttaget', added: 'tillagt' } as const;

/** A stretch as its text reads out: '[tillagt: länge]' for a change, the words themselves otherwise. */
export function partText(part: TextPart): string {
  return part.kind === 'same' ? part.text : `[${PART_MARK[part.kind]}: ${part.text}]`;
}

/** One change as a sentence for the screen and for screen readers. */
export function changeText(change: RecipeChange): string {
  switch (change.kind) {
    case 'field':
      return `${change.field}: ${change.before} → ${change.after}`;
    case 'text':
      return `${change.field}: ${change.parts.map(partText).join('')}`;
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
