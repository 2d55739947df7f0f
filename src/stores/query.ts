// The search text of the page: the search bar island writes it, the list island filters by it.
// The two are separate islands (the pages place the search bar once), so they meet only here.
// The category the list is narrowed to (issue 25) is in the address (?category=) and kept here too.
// No zod and nothing heavy: the search bar, on every page, imports this module.
import { atom } from 'nanostores';
import { savedListPosition } from '../client/list-position.ts';
import { searchHref } from '../lib/routes.ts';

/**
 * What the search bar holds. `null` until the search bar has read the page's own query (text typed
 * into the prerendered field before hydration, else ?search=): the list waits for it rather than
 * fetching everything first and the query a moment later.
 */
export const $query = atom<string | null>(null);

/** The category the list is narrowed to ('' for none); set with the query, so the list reads both at once. */
export const $category = atom<string>('');

/** The current ?search= value of the page (empty when absent or during the static build). */
export function currentSearch(): string {
  return currentParam('search');
}

/** The current ?category= value of the page (empty when absent or during the static build). */
export function currentCategory(): string {
  return currentParam('category').trim();
}

function currentParam(name: string): string {
  if (typeof window === 'undefined') return '';
  return new URLSearchParams(window.location.search).get(name) ?? '';
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
  $category.set(currentCategory());
  // Only the list island saves a position, so only a list page's history entry has one.
  $query.set(initialQuery(typed, savedListPosition()?.query, currentSearch()));
}

/** Every keystroke in the search bar. */
export function setQuery(query: string): void {
  $query.set(query);
}

/**
 * A category chip pressed ('' for none): a new history entry with the address that shares it (with the search text
 * the list shows, as typed), so Back returns to the list as it was.
 */
export function chooseCategory(category: string): void {
  window.history.pushState(null, '', searchHref(($query.get() ?? currentSearch()).trim(), category));
  $category.set(category);
}

/** Back or Forward between the list's own entries: the category is the address's again. */
export function categoryFromAddress(): void {
  $category.set(currentCategory());
}
