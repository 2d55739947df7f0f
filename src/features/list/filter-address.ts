// The list's filters (issue 40) live in the address, beside ?search= and ?category=, so a filtered list can be
// shared and Back returns to it: read from the address when the page starts and on Back or Forward, written when a
// filter changes. The rules of the parameters are src/lib/recipe-filters.ts's, the API's too.
import { filtersFromParams, NO_FILTERS, writeFilterParams, type RecipeFilters } from '../../lib/recipe-filters.ts';

/** The filters the page's address holds (none during the static build). */
export function filtersFromAddress(): RecipeFilters {
  if (typeof window === 'undefined') return NO_FILTERS;
  return filtersFromParams(new URLSearchParams(window.location.search));
}

/**
 * The address with these filters, the rest of it kept. Spaces stay %20, as searchHref writes them (URLSearchParams
 * would turn every space of the address into '+', and the address would change under a category's name).
 */
export function addressWith(filters: RecipeFilters, href: string = window.location.href): string {
  const url = new URL(href);
  const params = new URLSearchParams(url.search);
  writeFilterParams(params, filters);
  const search = params.toString().replace(/\+/g, '%20'); // a '+' typed is '%2B' here
  return `${url.pathname}${search ? `?${search}` : ''}${url.hash}`;
}

/**
 * Writes the filters into the address: `push` makes a new history entry (a time chosen, a filter removed: Back
 * undoes it); otherwise the entry is replaced, its saved list position kept (typing a word).
 */
export function showFiltersInAddress(filters: RecipeFilters, push: boolean): void {
  const href = addressWith(filters);
  if (href === `${window.location.pathname}${window.location.search}${window.location.hash}`) return;
  if (push) window.history.pushState(null, '', href);
  else window.history.replaceState(window.history.state, '', href);
}
