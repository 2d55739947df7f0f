// What the service worker answers offline for an API read it has no stored answer for, computed from what it has
// stored, by the same rules the API applies: a search or category page of the list from the stored recipes
// (src/lib/recipe-search.ts), a recipe at other servings from the stored recipe (src/lib/scaling.ts). Pure, so it
// is unit tested; the service worker (./service-worker.ts) brings the stored answers.
import { fold, matchesName, sortByName } from '../../lib/recipe-search.ts';
import { scaleRecipe } from '../../lib/scaling.ts';
import type { Thumbnail } from '../../lib/photo-schema.ts';

/** A stored recipe as GET /recipes/{id} answers it (only what these answers read). */
export type StoredRecipe = {
  id: number;
  name: string;
  servings: number;
  categories?: string[];
  photos?: Array<{ placeholder: string; files: Thumbnail['files'] }>;
  ingredients: Array<{ quantity?: { value: number; unit?: string }; doNotScale?: boolean }>;
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
 * GET /recipes/names?search=&category= answered from what is stored: the recipes read in full (they know their
 * categories) and the rows of stored name pages (only without a category). One page with everything that
 * matches: offline there is nothing more to fetch.
 */
export function namesPage(
  params: URLSearchParams,
  recipes: readonly StoredRecipe[],
  names: readonly StoredName[],
): { recipes: StoredName[]; next: null; previous: null } {
  const search = params.get('search') ?? '';
  const category = fold((params.get('category') ?? '').trim());
  const byId = new Map<number, StoredName & { categories?: string[] }>();
  if (!category) for (const n of names) byId.set(n.id, n);
  for (const r of recipes) {
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
