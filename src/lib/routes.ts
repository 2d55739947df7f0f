// The site's addresses in one place: the recipe-id rule, the details and edit routes, the search link.
// The API's path ids (server/api/routes/recipes.ts) and the server's rewrites (server/site/index.ts) use
// the same rule; deploy/nginx.conf and src/pages/recipe.astro's inline script spell its pattern.
// No zod here: the search bar, on every page, imports this module.
import { MAX_DATABASE_INTEGER } from './limits.ts';

/** Recipe ids are PostgreSQL integers: 1 to 2147483647, written in decimal without sign or leading zeros. */
export const MAX_RECIPE_ID = MAX_DATABASE_INTEGER;
export const RECIPE_ID_PATTERN = /^[1-9][0-9]{0,9}$/;

/** '42' -> 42; anything else ('0', '007', '-1', '1e3', too large) -> undefined. */
export function parseRecipeId(text: string): number | undefined {
  if (!RECIPE_ID_PATTERN.test(text)) return undefined;
  const id = Number(text);
  return id <= MAX_RECIPE_ID ? id : undefined;
}

/** '/42' (or '/42/') -> 42: the details page. */
export function recipeIdFromPath(pathname: string): number | undefined {
  const m = /^\/([^/]+)\/?$/.exec(pathname);
  return m ? parseRecipeId(m[1] ?? '') : undefined;
}

/** '/42/edit' -> 42: the edit page. */
export function recipeIdFromEditPath(pathname: string): number | undefined {
  const m = /^\/([^/]+)\/edit\/?$/.exec(pathname);
  return m ? parseRecipeId(m[1] ?? '') : undefined;
}

export const recipeHref = (id: number): string => `/${id}`;
export const editRecipeHref = (id: number): string => `/${id}/edit`;
/** 'Flytta in recept' (issue 38): an editor imports another app's export file. */
export const MOVE_IN_HREF = '/move-in';
/** 'Papperskorg' (issue 41): an editor's deleted recipes, to restore or erase. */
export const TRASH_HREF = '/trash';

/** The list filtered by `query` (trimmed), within `category` when one is chosen; empty ones are left out. */
export function searchHref(query: string, category = ''): string {
  const params = [
    ['search', query.trim()],
    ['category', category.trim()],
  ].filter(([, value]) => value !== '');
  const text = params.map(([name, value]) => `${name}=${encodeURIComponent(value ?? '')}`).join('&');
  return text ? `/?${text}` : '/';
}

/** The list narrowed to one category ('/?category=Till%20fest'); the search within it starts empty. */
export function categoryHref(category: string): string {
  return searchHref('', category);
}
