// The search text of the page: the search bar island writes it, the list island filters by it.
// The two are separate islands (the pages place the search bar once), so they meet only here.
// No zod and nothing heavy: the search bar, on every page, imports this module.
import { atom } from 'nanostores';
import { savedListPosition } from './list-position.ts';

/**
 * What the search bar holds. `null` until the search bar has read the page's own query (text typed
 * into the prerendered field before hydration, else ?search=): the list waits for it rather than
 * fetching everything first and the query a moment later.
 */
export const $query = atom<string | null>(null);

/** The current ?search= value of the page (empty when absent or during the static build). */
export function currentSearch(): string {
  if (typeof window === 'undefined') return '';
  return new URLSearchParams(window.location.search).get('search') ?? '';
}

/**
 * The text to start with: what the field already holds (typed before hydration), else the text the list
 * showed when the reader left this history entry (Back, Forward, reload: it was typed live, so it is not in
 * the URL), else ?search=.
 */
export function initialQuery(typed: string, saved: string | undefined, search: string): string {
  return typed || (saved ?? search);
}

/** Once, when the search bar mounts: `typed` is what the field already holds. */
export function startQuery(typed: string): void {
  if ($query.get() !== null) return;
  // Only the list island saves a position, so only a list page's history entry has one.
  $query.set(initialQuery(typed, savedListPosition()?.query, currentSearch()));
}

/** Every keystroke in the search bar. */
export function setQuery(query: string): void {
  $query.set(query);
}
