// What the service worker answers offline for an API read it has no stored answer for, computed from what it has
// stored, by the same rules the API applies: a search or category page of the list from the stored recipes
// (src/lib/recipe-search.ts), the list's filters (src/lib/recipe-filters.ts: ingredients and time exactly, words
// as their beginnings), a recipe at other servings from the stored recipe (src/lib/scaling.ts). Pure, so it is unit
// tested; the service worker (./service-worker.ts) brings the stored answers.
import { fold, matchesName, sortByName } from '../../lib/recipe-search.ts';
import {
  filtersFromParams,
  filterWords,
  hasFilters,
  ingredientStems,
  nameHasIngredient,
  textWordHas,
  wordsIn,
  type RecipeFilters,
} from '../../lib/recipe-filters.ts';
import { scaleRecipe } from '../../lib/scaling.ts';
import { swedishStem } from '../../lib/swedish-stem.ts';
import type { Thumbnail } from '../../lib/photo-schema.ts';

/** A stored recipe as GET /recipes/{id} answers it (only what these answers read). */
export type StoredRecipe = {
  id: number;
  name: string;
  servings: number;
  categories?: string[];
  photos?: Array<{ placeholder: string; files: Thumbnail['files'] }>;
  ingredients: Array<{ name?: string; quantity?: { value: number; unit?: string }; doNotScale?: boolean }>;
  instructions?: string;
  prepTime?: number;
  totalTime?: number;
};
/** A row of a stored GET /recipes/names page. */
export type StoredName = { id: number; name: string; thumbnail?: Thumbnail };

/** The API's paths this worker keeps, below its base (…/api): what it may answer offline. */
export const API_READ =
  /\/(recipes|recipes\/names|recipes\/[1-9][0-9]{0,9}|categories|photos\/[0-9a-f]{64}\.(avif|webp|jpg))$/;

/** The list's thumbnail of a stored recipe, as GET /recipes/names gives it: the main photo's square files. */
function thumbnailOf(recipe: StoredRecipe): Thumbnail | undefined {
  const main = recipe.photos?.[0];
  return main ? { placeholder: main.placeholder, files: main.files.filter((f) => f.use === 'square') } : undefined;
}

/**
 * Whether a stored recipe passes the filters as the API would pass it (server/db/repositories/recipe-find-repository.ts): the ingredients
 * by the same function (nameHasIngredient), the time by the same rule, and each word of the words filter as the
 * API's Swedish full-text search finds it (textWordHas: the Snowball stem of a word in the name, the ingredients,
 * the instructions or the categories begins with the word's stem; one or two letters as a whole word).
 * PostgreSQL also leaves out its stop words ("och"), which here must be in the text, and PostgreSQL 18's stemmer
 * cuts words ending in "öst" one letter shorter (src/lib/swedish-stem.ts). tests/server/api/filters-agree.test.ts
 * runs one table of cases through both.
 */
export function passesFilters(recipe: StoredRecipe, filters: RecipeFilters): boolean {
  const names = recipe.ingredients.map((i) => i.name ?? '');
  if (!ingredientStems(filters.ingredients).every((word) => names.some((name) => nameHasIngredient(name, word))))
    return false;
  if (filters.maxMinutes !== undefined) {
    const minutes = recipe.totalTime ?? recipe.prepTime;
    if (minutes === undefined || minutes > filters.maxMinutes) return false;
  }
  const asked = filterWords(filters.words);
  if (asked.length === 0) return true;
  const text = new Set(
    wordsIn([recipe.name, ...names, recipe.instructions ?? '', ...(recipe.categories ?? [])].join(' ')),
  );
  // Each of the text's words stemmed once, as PostgreSQL stems a document once.
  const stemmed = [...text].map((w) => [w, swedishStem(w)] as const);
  return asked.every((word) => stemmed.some(([w, stem]) => textWordHas(stem, w, word)));
}

/**
 * GET /recipes/names?search=&category= answered from what is stored: the recipes read in full (they know their
 * categories) and the rows of stored name pages (only without a category). With the list's filters
 * (?ingredients=&maxMinutes=&words=), only recipes read in full, which the filters can be applied to, and the
 * answer counts them as the API's does. One page with everything that matches: offline there is nothing more to
 * fetch.
 */
export function namesPage(
  params: URLSearchParams,
  recipes: readonly StoredRecipe[],
  names: readonly StoredName[],
): { recipes: StoredName[]; next: null; previous: null; count?: number } {
  const search = params.get('search') ?? '';
  const category = fold((params.get('category') ?? '').trim());
  const filters = filtersFromParams(params);
  const filtered = hasFilters(filters);
  const byId = new Map<number, StoredName & { categories?: string[] }>();
  if (!category && !filtered) for (const n of names) byId.set(n.id, n);
  for (const r of recipes) {
    if (filtered && !passesFilters(r, filters)) continue;
    const thumbnail = thumbnailOf(r);
    byId.set(r.id, { id: r.id, name: r.name, ...(thumbnail ? { thumbnail } : {}), categories: r.categories ?? [] });
  }
  const rows = [...byId.values()].filter(
    (r) => matchesName(r.name, search) && (!category || (r.categories ?? []).some((c) => fold(c) === category)),
  );
  return {
    recipes: sortByName(rows).map(({ id, name, thumbnail }) => ({ id, name, ...(thumbnail ? { thumbnail } : {}) })),
    next: null,
    previous: null,
    ...(filtered ? { count: rows.length } : {}),
  };
}

/** `servings` of /recipes/{id}?servings= when the API would take it (an integer 1–100), else undefined. */
export function servingsAsked(params: URLSearchParams): number | undefined {
  const text = params.get('servings');
  if (text === null || !/^[1-9][0-9]{0,2}$/.test(text)) return undefined;
  const n = Number(text);
  return n <= 100 ? n : undefined;
}

/** GET /recipes/{id}?servings=n from the stored recipe: scaled as the API scales it. */
export function scaledRecipe<T extends StoredRecipe>(recipe: T, servings: number): T {
  return scaleRecipe(recipe, servings);
}

/** The recipe a 404 is about: GET …/recipes/{id} of the API, or the page /{id}; undefined for any other address. */
export function goneRecipeId(url: URL): number | undefined {
  const match = /(?:^|\/recipes)\/([1-9][0-9]{0,9})$/.exec(url.pathname);
  return match ? Number(match[1]) : undefined;
}

/** A stored list page without recipe `id`'s row; undefined when it has none (nothing to store again). */
export function withoutRecipe<T extends { recipes?: StoredName[] }>(page: T, id: number): T | undefined {
  if (!page.recipes?.some((row) => row.id === id)) return undefined;
  return { ...page, recipes: page.recipes.filter((row) => row.id !== id) };
}
