// Files of schema.org Recipe objects: RecipeSage's JSON-LD export ({"recipes": [...]}, each a Recipe with its
// extras: creditText, isBasedOn, comment, aggregateRating), and any file of Recipe JSON(-LD): one, an array, an
// @graph, or those inside a zip (Nextcloud Cookbook's recipe.json is one too: nextcloud.ts). Photos here are web
// addresses, not part of the file: they are named as left out (the import does not fetch them).
import { tooManyRecipes } from './collection-errors.ts';
import type { CollectionRecipe } from './collection-types.ts';
import {
  collectionRecipe,
  isObject,
  leftOutFields,
  text,
  withCookTime,
  type AppRecipe,
  type IngredientGroup,
  type JsonObject,
} from './app-draft.ts';
import type { PhotoRef } from './collection-types.ts';

const MAX_DEPTH = 16;

/** What schema.org's Recipe fields become: null when mapped (or bookkeeping), else the Swedish for what is left out. */
export const SCHEMA_FIELDS: Record<string, string | null> = {
  '@context': null,
  '@type': null,
  '@id': null,
  id: null,
  identifier: null,
  name: null,
  headline: null,
  recipeYield: null,
  yield: null,
  recipeIngredient: null,
  ingredients: null,
  recipeInstructions: null,
  recipeCategory: null,
  recipeCuisine: null,
  keywords: null,
  prepTime: null,
  totalTime: null,
  cookTime: null, // withCookTime says when it is left out
  url: null,
  mainEntityOfPage: null,
  publisher: null,
  author: null,
  creditText: null,
  isBasedOn: null,
  datePublished: null,
  dateCreated: null,
  dateModified: null,
  inLanguage: null,
  image: null, // photos: said apart
  imageUrl: null,
  thumbnailUrl: null,
  printImage: null,
  description: 'beskrivningen',
  nutrition: 'näringsvärdet',
  aggregateRating: 'betyget',
  review: 'recensionerna',
  comment: 'anteckningarna',
  tool: 'redskapen',
  video: 'videon',
  suitableForDiet: 'specialkosten',
  estimatedCost: 'kostnaden',
  performTime: 'tillagningstiden',
};

/** Every Recipe in a parsed JSON value, in document order; throws beyond `maxRecipes`. */
export function recipesIn(value: unknown, maxRecipes: number): JsonObject[] {
  const found: JsonObject[] = [];
  const walk = (v: unknown, depth: number): void => {
    if (depth > MAX_DEPTH) return;
    if (Array.isArray(v)) {
      for (const item of v) walk(item, depth + 1);
      return;
    }
    if (!isObject(v)) return;
    if (isRecipe(v['@type'])) {
      found.push(v);
      if (found.length > maxRecipes) throw tooManyRecipes(maxRecipes);
      return;
    }
    for (const key of ['@graph', 'recipes', 'mainEntity', 'itemListElement', 'item']) walk(v[key], depth + 1);
  };
  walk(value, 0);
  return found;
}

/** RecipeSage's export is an object whose `recipes` are its Recipes. */
export function isRecipeSage(value: unknown): boolean {
  return isObject(value) && Array.isArray(value.recipes);
}

/** One schema.org Recipe as the app's recipe; `photos` when the file holds its photos (Nextcloud's full.jpg). */
export function schemaRecipe(
  index: number,
  recipe: JsonObject,
  maxIngredients: number,
  photos: PhotoRef[] = [],
  fallbackName?: string,
): CollectionRecipe {
  const cooked = withCookTime(recipe, recipe.cookTime);
  // RecipeSage: its source as creditText (a name) and isBasedOn (the address).
  const schema: JsonObject = {
    ...cooked.schema,
    ...(recipe.url === undefined && typeof recipe.isBasedOn === 'string' ? { url: recipe.isBasedOn } : {}),
    ...(recipe.publisher === undefined && text(recipe.creditText) ? { publisher: { name: recipe.creditText } } : {}),
  };
  const groups = bracketGroups(schema.recipeIngredient);
  const webPhotos = photos.length === 0 && hasImage(recipe) ? ['bilden (den finns bara som webbadress)'] : [];
  const app: AppRecipe = {
    schema,
    ...(groups ? { groups } : {}),
    photos,
    author: recipe.author,
    leftOut: [...leftOutFields(recipe, SCHEMA_FIELDS), ...cooked.leftOut, ...webPhotos],
    ...(fallbackName ? { fallbackName } : {}),
  };
  return collectionRecipe(index, app, maxIngredients);
}

// RecipeSage writes an ingredient section's heading as a line in brackets: '[Till degen]'.
function bracketGroups(value: unknown): IngredientGroup[] | undefined {
  const lines = (Array.isArray(value) ? value : [value]).flatMap((item) =>
    typeof item === 'string' ? item.split('\n') : isObject(item) && typeof item.text === 'string' ? [item.text] : [],
  );
  if (!lines.some((line) => /^\s*\[.+\]\s*$/u.test(line))) return undefined;
  const groups: IngredientGroup[] = [{ lines: [] }];
  for (const line of lines) {
    const heading = /^\s*\[(.+)\]\s*$/u.exec(line)?.[1];
    if (heading) groups.push({ heading, lines: [] });
    else groups[groups.length - 1]!.lines.push(line);
  }
  return groups.filter((group) => group.lines.length > 0);
}

function hasImage(recipe: JsonObject): boolean {
  const image = recipe.image ?? recipe.imageUrl;
  return Array.isArray(image) ? image.length > 0 : image !== undefined && image !== null && image !== '';
}

// "Recipe", ["Recipe", "NewsArticle"], "http://schema.org/Recipe".
function isRecipe(type: unknown): boolean {
  return (Array.isArray(type) ? type : [type]).some(
    (t) => typeof t === 'string' && t.replace(/^https?:\/\/schema\.org\//i, '') === 'Recipe',
  );
}
