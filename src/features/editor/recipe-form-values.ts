// Conversions between the API client's Recipe (unit labels) and the editor's form values.
// Pure, so the defaults and the round trip are unit-tested. Label -> key happens in
// src/client/api.ts on the way out; the editor only ever holds labels.
import { z } from 'zod';
import type { ImportedRecipe, Recipe, RecipeDraft } from '../../client/api.ts';
import {
  ingredientExtras,
  recipeFormSchema,
  withRecipeRules,
  type IngredientFormValues,
  type IngredientItem,
  type RecipeFormOutput,
  type RecipeFormValues,
} from '../../lib/recipe-schema.ts';
import { rowsSchema, unfoldHeadings, type IngredientRow, type ListRow } from './ingredient-sections.ts';
import { asUnitLabel, type UnitLabel } from '../../lib/units.ts';
import { formatEditorQuantity, quantityEditText } from '../../lib/quantity-format.ts';

/**
 * A list row: an ingredient or a section's heading, plus a client-only key so drag and drop and focus follow
 * the row (ingredient-sections.ts).
 */
export type EditorRow = ListRow;

/** The form's values (src/lib's recipeFormSchema, servings as text) with the list's rows. */
export type EditorValues = RecipeFormValues & { ingredients: EditorRow[] };

/** The editor's schema: the shared form schema, with the rows (headings among them) folded into ingredients. */
export const editorFormSchema = withRecipeRules(z.object({ ...recipeFormSchema.shape, ingredients: rowsSchema }));

export const FIELD_NAMES = [
  'name',
  'servings',
  'instructions',
  'categories',
  'prepTime',
  'totalTime',
  'source.url',
  'source.name',
] as const;

let nextKey = 0;
export function newRowKey(): string {
  nextKey += 1;
  return `row-${nextKey}`;
}

/** Spec section 2: empty name, empty instructions, servings 4, no ingredients. */
export function emptyRecipeValues(): EditorValues {
  return { name: '', servings: '4', instructions: '', ingredients: [], photos: [], ...emptyOrganise };
}

const emptyOrganise = { categories: [], prepTime: '', totalTime: '', source: { url: '', name: '' } };

type Organised = Pick<Recipe, 'categories' | 'prepTime' | 'totalTime' | 'source'>;
/** Categories, times and source as the form holds them: times as text, an absent source as two empty fields. */
function organiseToValues(recipe: Organised): Pick<EditorValues, keyof typeof emptyOrganise> {
  return {
    categories: recipe.categories ?? [],
    prepTime: recipe.prepTime === undefined ? '' : String(recipe.prepTime),
    totalTime: recipe.totalTime === undefined ? '' : String(recipe.totalTime),
    source: { url: recipe.source?.url ?? '', name: recipe.source?.name ?? '' },
  };
}

/** An ingredient without the list's key and without empty optional fields (what the API stores). */
type Item<U extends string> = {
  name: string;
  note?: string | undefined;
  heading?: string | undefined;
  doNotScale?: boolean | undefined;
  quantity?: { value: number; unit: U } | undefined;
};
function toIngredient<U extends string>(i: Item<U>): Item<U> {
  return {
    name: i.name,
    ...(i.quantity ? { quantity: { value: i.quantity.value, unit: i.quantity.unit } } : {}),
    ...ingredientExtras(i),
  };
}

export function toRow(item: IngredientItem): IngredientRow {
  return { ...item, key: newRowKey() };
}

/** The recipe's ingredients as the list's rows: a heading row above each ingredient that starts a section. */
function toRows(ingredients: Recipe['ingredients']): EditorRow[] {
  const items = ingredients.map((i) =>
    toIngredient<UnitLabel | ''>(
      i.quantity
        ? { ...i, quantity: { value: i.quantity.value, unit: asUnitLabel(i.quantity.unit) } }
        : { ...i, quantity: undefined },
    ),
  );
  return unfoldHeadings(items, newRowKey).map((row) => ('kind' in row ? row : toRow(row)));
}

export function recipeToValues(recipe: Recipe): EditorValues {
  return {
    name: recipe.name,
    servings: String(recipe.servings),
    instructions: recipe.instructions ?? '',
    ingredients: toRows(recipe.ingredients),
    photos: recipe.photos ?? [],
    ...organiseToValues(recipe),
  };
}

/** An imported draft as form values; a page without servings keeps the servings the form has. */
export function importedToValues(draft: ImportedRecipe, servings: string): EditorValues {
  return {
    name: draft.name,
    servings: draft.servings === null ? servings : String(draft.servings),
    instructions: draft.instructions,
    ingredients: toRows(draft.ingredients),
    photos: draft.photos ?? [],
    ...organiseToValues(draft),
  };
}

/** Validated form output -> what the API client sends (every field: a time or source left empty is null) (still labels; api.ts converts to keys). */
export function valuesToRecipe(
  values: RecipeFormOutput,
  base: { id?: number; version?: number | undefined } = {},
): RecipeDraft {
  const { prepTime, totalTime, source, ...rest } = values;
  return {
    ...(base.id === undefined ? {} : { id: base.id }),
    ...(base.version === undefined ? {} : { version: base.version }),
    ...rest,
    ingredients: values.ingredients.map(toIngredient),
    photos: values.photos.map((p) => ({ id: p.id, alt: p.alt })),
    // The form is the whole recipe: what it leaves empty is removed (null), not kept.
    prepTime: prepTime ?? null,
    totalTime: totalTime ?? null,
    source: source ?? null,
  };
}

/**
 * Prefill for the dialog in edit mode; add mode starts empty with unit 'Ingen'. The quantity is the page's
 * kitchen text where that is exact ('2 ½'), else a text that reads back to exactly the stored value
 * ('0,333', '⅓'), so saving the dialog unchanged keeps the amount (docs/quantities.md).
 */
export function itemToDialogValues(item: IngredientItem | undefined): IngredientFormValues {
  if (!item) return { name: '', quantity: '', unit: '', note: '', doNotScale: false };
  return {
    name: item.name,
    quantity: item.quantity ? quantityEditText(item.quantity.value, item.quantity.unit) : '',
    unit: item.quantity?.unit ?? '',
    note: item.note ?? '',
    doNotScale: item.doNotScale === true,
  };
}

/** What a row shows: '2 ½ dl' (as the page shows it, where that is exact), '0,333 tsk', '3' or '' (no quantity). */
export function quantitySummary(item: IngredientItem): string {
  return formatEditorQuantity(item.quantity);
}
