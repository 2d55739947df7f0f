// THE mapping between a recipe (src/lib/recipe-schema.ts) and its database rows, both ways, written once: the
// repository (the API's reads and writes) and the transfer file's export and import all use it. A new recipe
// field goes here after its migration (docs/architecture.md, "Adding a field to a recipe").
import { getTableColumns, sql } from 'drizzle-orm';
import type { Photo } from '../../../src/lib/photo-schema.ts';
import { ingredientExtras, type Ingredient, type Recipe, type RecipeContent } from '../../../src/lib/recipe-schema.ts';
import type { UnitKey } from '../../../src/lib/units.ts';
import { categories, recipeCategories } from '../schema/category-tables.ts';
import { photos } from '../schema/photo-tables.ts';
import { ingredients, recipes, type RecipeRow } from '../schema/recipe-tables.ts';

/** An ingredient as the queries below aggregate it: both quantity columns null, or both set. */
type StoredIngredient = {
  name: string;
  value: number | null;
  unit: UnitKey | null;
  note?: string | null;
  heading?: string | null;
  doNotScale?: boolean;
};

// Ingredients come back as one JSON array per recipe from a correlated subquery, so a list is one
// statement (one consistent snapshot) instead of two queries that a concurrent write could split.
const ingredientsJson = sql<StoredIngredient[]>`coalesce((
  SELECT json_agg(json_build_object('name', i.name, 'value', i.quantity_value, 'unit', i.unit,
    'note', i.note, 'heading', i.heading, 'doNotScale', i.do_not_scale) ORDER BY i.position)
  FROM ${ingredients} i WHERE i.recipe_id = ${recipes.id}), '[]'::json)`;

// The recipe's photos in order, the same way (null when it has none).
const photosJson = sql<Photo[] | null>`(
  SELECT json_agg(json_build_object('id', p.id, 'alt', p.alt, 'width', p.width, 'height', p.height,
    'placeholder', p.placeholder, 'files', p.files) ORDER BY p.position)
  FROM ${photos} p WHERE p.recipe_id = "recipes"."id")`; // qualified: drizzle writes ${recipes.id} as "id", which is p.id here

// The recipe's categories in its order, each with the category's one spelling (null when it has none).
const categoriesJson = sql<string[] | null>`(
  SELECT json_agg(c.name ORDER BY rc.position)
  FROM ${recipeCategories} rc JOIN ${categories} c ON c.id = rc.category_id
  WHERE rc.recipe_id = "recipes"."id")`; // qualified, as photos below

// Timestamps as text in UTC with all six fractional digits: a JavaScript Date would cut them to milliseconds.
const utcMicros = (column: typeof recipes.createdAt | typeof recipes.updatedAt) =>
  sql<string>`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const { changedAt: _changedAt, ...recipeTableColumns } = getTableColumns(recipes);

/** What a query selects for whole recipes: the recipe's columns and its ingredients (the API's timestamps). */
export const recipeColumns = {
  ...recipeTableColumns,
  ingredients: ingredientsJson,
  photos: photosJson,
  categories: categoriesJson,
};

/** The same for the transfer file: timestamps to the microsecond, as PostgreSQL stores them. */
export const exactRecipeColumns = {
  ...recipeColumns,
  createdAt: utcMicros(recipes.createdAt),
  updatedAt: utcMicros(recipes.updatedAt),
};

type Timestamps = { createdAt: Date | string; updatedAt: Date | string };
/** A recipe's row, as a write returns it or as `recipeColumns` / `exactRecipeColumns` read it. */
type RecipeFields = Omit<RecipeRow, 'changedAt' | 'createdAt' | 'updatedAt'> & Timestamps;
/** A row with its ingredients and photos, as `recipeColumns` or `exactRecipeColumns` read it. */
export type StoredRecipe = RecipeFields & {
  ingredients: StoredIngredient[];
  photos: Photo[] | null;
  categories: string[] | null;
};

/**
 * An ingredient as the API answers it: `note` only when it has one, `heading` only when it starts a section,
 * `doNotScale` only when true.
 */
function toIngredient(i: StoredIngredient): Ingredient {
  return {
    name: i.name,
    ...(i.value === null || i.unit === null ? {} : { quantity: { value: i.value, unit: i.unit } }),
    ...ingredientExtras(i),
  };
}

/** An ingredient as written -> as stored and answered (a body's `doNotScale: false` or blank note is no key). */
export const storedIngredient = (i: Ingredient): Ingredient =>
  toIngredient({
    name: i.name,
    value: i.quantity?.value ?? null,
    unit: i.quantity?.unit ?? null,
    note: i.note ?? null,
    heading: i.heading ?? null,
    doNotScale: i.doNotScale === true,
  });

/** A database time (a Date, or the text a driver gave) as ISO 8601 in milliseconds: how every answer writes one. */
export const isoTime = (d: Date | string): string => new Date(d).toISOString();

// A Date (the API's reads) is written as ISO 8601 in milliseconds; text (the export's read) is already exact.
const timestamp = (t: Date | string) => (typeof t === 'string' ? t : new Date(t).toISOString());

/** A recipe's source from its two columns (undefined when it has neither). */
function sourceOf(row: Pick<RecipeFields, 'sourceUrl' | 'sourceName'>): Recipe['source'] {
  if (row.sourceUrl === null && row.sourceName === null) return undefined;
  return {
    ...(row.sourceUrl === null ? {} : { url: row.sourceUrl }),
    ...(row.sourceName === null ? {} : { name: row.sourceName }),
  };
}

/**
 * THE row -> recipe mapping: what the API answers with and the transfer file holds. A recipe without photos,
 * categories, times or source has none of those keys: its JSON is what section 7's clients have always read.
 */
export function recipeFromRow(
  row: RecipeFields,
  list: readonly Ingredient[],
  {
    photos: photoList = [],
    categories: categoryList = [],
  }: { photos?: readonly Photo[]; categories?: readonly string[] } = {},
): Recipe {
  const source = sourceOf(row);
  return {
    id: row.id,
    name: row.name,
    author: row.author,
    instructions: row.instructions,
    servings: row.servings,
    ingredients: [...list],
    version: row.version,
    createdAt: timestamp(row.createdAt),
    updatedAt: timestamp(row.updatedAt),
    ...(photoList.length > 0 ? { photos: [...photoList] } : {}),
    ...(categoryList.length > 0 ? { categories: [...categoryList] } : {}),
    ...(row.prepMinutes === null ? {} : { prepTime: row.prepMinutes }),
    ...(row.totalMinutes === null ? {} : { totalTime: row.totalMinutes }),
    ...(source ? { source } : {}),
  };
}

/** A row read with its ingredients -> a recipe. */
export const recipeFromStored = ({
  ingredients: list,
  photos: photoList,
  categories: categoryList,
  ...row
}: StoredRecipe): Recipe =>
  recipeFromRow(row, list.map(toIngredient), { photos: photoList ?? [], categories: categoryList ?? [] });

type ContentColumns = Pick<RecipeRow, 'name' | 'instructions' | 'servings'> &
  Partial<Pick<RecipeRow, 'prepMinutes' | 'totalMinutes' | 'sourceUrl' | 'sourceName'>>;

/**
 * A recipe's content -> the columns of its row that an editor writes (INSERT and UPDATE alike). A time or source
 * left out (undefined) has no column here, so an UPDATE keeps it; null removes it.
 */
export function contentColumns(content: RecipeContent): ContentColumns {
  const { prepTime, totalTime, source } = content;
  return {
    name: content.name,
    instructions: content.instructions,
    servings: content.servings,
    ...(prepTime === undefined ? {} : { prepMinutes: prepTime }),
    ...(totalTime === undefined ? {} : { totalMinutes: totalTime }),
    ...(source === undefined
      ? {}
      : { sourceUrl: source?.url ?? null, sourceName: source?.name?.trim() ? source.name : null }),
  };
}

/** A recipe's ingredients -> their rows, in order (the optional fields as `ingredientExtras` keeps them). */
export function ingredientRows(recipeId: number, list: readonly Ingredient[]) {
  return list.map((ingredient, position) => {
    const { note, heading, doNotScale } = ingredientExtras(ingredient);
    return {
      recipeId,
      position,
      name: ingredient.name,
      quantityValue: ingredient.quantity?.value ?? null,
      unit: ingredient.quantity?.unit ?? null,
      note: note ?? null,
      heading: heading ?? null,
      doNotScale: doNotScale === true,
    };
  });
}
