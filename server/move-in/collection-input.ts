// One recipe of a collection as the body POST /recipes would take: the reader's draft checked with the shared schema
// (src/lib/recipe-schema.ts), so an imported recipe obeys every rule a saved one does. What the draft lacks and the
// product needs gets a default the report mentions; what breaks a rule is a Swedish reason naming the field.
import type { z } from 'zod';
import { recipeInputSchema, type RecipeInput } from '../../src/lib/recipe-schema.ts';
import { ALLOWED_CHARACTERS, characterCount, MAX_INGREDIENTS, MESSAGES } from '../../src/lib/text-rules.ts';
import {
  MAX_CATEGORIES,
  MAX_MINUTES,
  MAX_SOURCE_NAME,
  MAX_SOURCE_URL,
  ORGANISE_MESSAGES,
} from '../../src/lib/organise.ts';
import { RECIPE_LABELS } from '../../src/lib/recipe-labels.ts';
import type { CollectionRecipe } from './apps/collection-reader.ts';

/** Servings when the app kept none: what most recipes are written for. */
export const DEFAULT_SERVINGS = 4;

export const INPUT_NOTES = {
  defaultServings: `Antalet portioner saknades; receptet fick ${DEFAULT_SERVINGS} portioner. Ändra det om det behövs.`,
  authorAsSource: (author: string) => `Författaren (${author}) står som källa.`,
  authorLeftOut: (author: string) =>
    `Författaren (${author}) kom inte med: receptboken sparar bara vem som lade in receptet.`,
} as const;

// The form's words for each field (src/lib/recipe-labels.ts, the labels the form and 'Historik' use), so a reason
// points where the editor would look.
const FIELD_NAMES: Record<string, string> = RECIPE_LABELS;
const INGREDIENT_FIELDS: Record<string, string> = {
  name: 'namn',
  quantity: 'mängd',
  note: 'anteckning',
  heading: 'rubrik',
};

/** Where a problem is, as the editor reads it: 'Ingredienser, rad 3, namn'. */
function fieldName(path: readonly PropertyKey[]): string {
  const [top, index, inner] = path;
  const field = FIELD_NAMES[String(top)] ?? String(top);
  if (typeof index !== 'number') return field;
  const row = `${field}, rad ${index + 1}`;
  return top === 'ingredients' && inner !== undefined
    ? `${row}, ${INGREDIENT_FIELDS[String(inner)] ?? String(inner)}`
    : row;
}

// The schema's messages are the API's (English, as the spec wrote them); the report is read by a person in Swedish.
const IN_SWEDISH: Record<string, string> = {
  [MESSAGES.nameRequired]: 'får inte vara tomt',
  [MESSAGES.max64]: 'högst 64 tecken',
  [MESSAGES.max10000]: 'högst 10 000 tecken',
  [MESSAGES.max34]: 'högst 34 tecken',
  [MESSAGES.max100Characters]: 'högst 100 tecken',
  [MESSAGES.min1]: 'minst 1',
  [MESSAGES.max100]: 'högst 100',
  [MESSAGES.notANumber]: 'måste vara ett tal',
  [MESSAGES.notText]: 'måste vara text',
  [MESSAGES.notAList]: 'måste vara en lista',
  [MESSAGES.unknownUnit]: 'okänd enhet',
  [MESSAGES.maxIngredients]: `högst ${MAX_INGREDIENTS} ingredienser`,
  [ORGANISE_MESSAGES.maxCategories]: `högst ${MAX_CATEGORIES} kategorier`,
  [ORGANISE_MESSAGES.maxMinutes]: `högst ${MAX_MINUTES} minuter`,
  [ORGANISE_MESSAGES.wholeMinutes]: 'måste vara hela minuter',
  [ORGANISE_MESSAGES.notAWebAddress]: 'måste vara en webbadress som börjar med http:// eller https://',
  [ORGANISE_MESSAGES.maxSourceUrl]: `högst ${MAX_SOURCE_URL} tecken`,
  [ORGANISE_MESSAGES.sourceEmpty]: 'ange källans adress eller namn',
  [ORGANISE_MESSAGES.headingRequired]: 'rubriken får inte vara tom',
};

/** The first problem as one Swedish sentence naming the field: 'Kan inte sparas (Namn): högst 64 tecken.' */
export function reasonOf(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Receptet följer inte receptbokens regler.';
  const message = IN_SWEDISH[issue.message] ?? issue.message.replace(/\.$/, '').toLowerCase();
  return `Kan inte sparas (${fieldName(issue.path)}): ${message}.`;
}

/** The app's author as the recipe's source name, when the recipe names no source by name and it fits that field. */
function withAuthor(
  source: RecipeInput['source'] | undefined,
  author: string | undefined,
): { source: RecipeInput['source'] | undefined; note?: string } {
  const name = author?.trim().replace(/\s+/g, ' ');
  if (!name) return { source };
  const fits = characterCount(name) <= MAX_SOURCE_NAME && ALLOWED_CHARACTERS.test(name);
  if (fits && !source?.name) return { source: { ...source, name }, note: INPUT_NOTES.authorAsSource(name) };
  return { source, note: source?.name === name ? undefined : INPUT_NOTES.authorLeftOut(name) };
}

export type CheckedInput =
  { kind: 'ok'; input: RecipeInput; notes: string[]; review?: string[] } | { kind: 'invalid'; reason: string };

/**
 * The body of the recipe, without photos (they are uploaded after the check, so a recipe that cannot be saved
 * costs no photo work), and the notes the report gives it: the reader's, the draft's and the defaults'.
 */
export function collectionInput(recipe: CollectionRecipe): CheckedInput {
  const { draft } = recipe;
  const notes = [...recipe.notes, ...(draft.notices ?? [])];
  if (draft.servings === null) notes.push(INPUT_NOTES.defaultServings);
  const { source, note } = withAuthor(draft.source ?? undefined, recipe.author);
  if (note) notes.push(note);
  const body = {
    name: draft.name,
    instructions: draft.instructions,
    servings: draft.servings ?? DEFAULT_SERVINGS,
    ingredients: draft.ingredients,
    ...(draft.categories?.length ? { categories: draft.categories } : {}),
    ...(draft.prepTime !== undefined ? { prepTime: draft.prepTime } : {}),
    ...(draft.totalTime !== undefined ? { totalTime: draft.totalTime } : {}),
    ...(source ? { source } : {}),
  };
  const parsed = recipeInputSchema.safeParse(body);
  if (!parsed.success) return { kind: 'invalid', reason: reasonOf(parsed.error) };
  const review: { review?: string[] } = recipe.review?.length ? { review: recipe.review } : {};
  return { kind: 'ok', input: parsed.data, notes: [...new Set(notes)], ...review };
}
