// What the page and the service worker agree on: the precached shells' URLs and the message that lets a waiting
// worker take over. scripts/service-worker.ts gives the shells these URLs in the precache manifest.

/** The reading pages' shells in the precache, under URLs the server and every static host serve them at. */
export const PAGE_SHELLS = {
  list: '/',
  profile: '/profile',
  // recipe.html is served only through the /{id} rewrite; the build writes a copy under this name for the worker.
  recipe: '/offline-recipe.html',
  // What a page the worker does not keep is answered with offline (src/pages/offline.astro): /offline on every host.
  offline: '/offline',
} as const;

/** The page's message to a waiting service worker: take over now (./register-worker.ts). */
export const SKIP_WAITING = 'SKIP_WAITING';

/**
 * The shell a reading page falls back to offline, by its path: the list, a recipe, the profile. Undefined for
 * every other page (the editor's, the identity provider's), which the worker never answers from a cache.
 */
export function readingShell(pathname: string): string | undefined {
  if (pathname === '/') return PAGE_SHELLS.list;
  if (pathname === '/profile') return PAGE_SHELLS.profile;
  return /^\/[1-9][0-9]{0,9}$/.test(pathname) ? PAGE_SHELLS.recipe : undefined;
}
