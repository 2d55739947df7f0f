// Where the reader was in the recipe list, kept in the list page's own history entry (history.state), so
// Back, Forward and reload return to the same recipes at the same place, and a fresh visit to / (a link, a
// submitted search: a new entry) starts at the top. What is kept is the window of pages on screen (at most
// the list's MAX_PAGES of ids and names, so a few kB at 100,000 recipes too), the search text that chose
// them and the recipe at the top of the viewport with its offset. Restoring needs no request: the reader
// sees exactly what they left. No zod and nothing heavy: the search bar, on every page, imports this module.

/** One page of ids and names as GET /recipes/names answers it (src/client/api.ts NamePage). */
export type SavedPage = {
  recipes: { id: number; name: string }[];
  next: string | null;
  previous: string | null;
};

export type ListPosition = {
  /** The search text the pages answer ('' for the whole list). */
  query: string;
  /** The category they are narrowed to (issue 25); absent for none. */
  category?: string;
  pages: SavedPage[];
  /** window.scrollY when saved: used when the anchor recipe is not on screen. */
  scrollY: number;
  /** The recipe at the top of the viewport and how far its top was from the viewport's top (px). */
  anchor?: { id: number; top: number };
};

/** The key of the list's position inside history.state (other code may keep its own keys there). */
export const STATE_KEY = 'recipeList';

const isCursor = (v: unknown): v is string | null => v === null || typeof v === 'string';

function readPage(value: unknown): SavedPage | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { recipes, next, previous } = value as Record<string, unknown>;
  if (!Array.isArray(recipes) || !isCursor(next) || !isCursor(previous)) return undefined;
  const ok = recipes.every(
    (r: unknown) =>
      typeof r === 'object' &&
      r !== null &&
      Number.isInteger((r as Record<string, unknown>).id) &&
      typeof (r as Record<string, unknown>).name === 'string',
  );
  return ok ? { recipes: recipes as SavedPage['recipes'], next, previous } : undefined;
}

/** The list position inside a history state, or undefined when there is none or it is not one of ours. */
export function readListPosition(state: unknown): ListPosition | undefined {
  if (typeof state !== 'object' || state === null) return undefined;
  const saved = (state as Record<string, unknown>)[STATE_KEY];
  if (typeof saved !== 'object' || saved === null) return undefined;
  const { query, category, pages, scrollY, anchor } = saved as Record<string, unknown>;
  if (typeof query !== 'string' || !Array.isArray(pages) || pages.length === 0) return undefined;
  if (typeof scrollY !== 'number' || !Number.isFinite(scrollY)) return undefined;
  const read = pages.map(readPage);
  if (read.some((p) => p === undefined)) return undefined;
  const position: ListPosition = { query, pages: read as SavedPage[], scrollY: Math.max(0, scrollY) };
  if (typeof category === 'string' && category !== '') position.category = category;
  if (typeof anchor === 'object' && anchor !== null) {
    const { id, top } = anchor as Record<string, unknown>;
    if (Number.isInteger(id) && typeof top === 'number' && Number.isFinite(top)) {
      position.anchor = { id: id as number, top };
    }
  }
  return position;
}

/** `state` with the list position set, every other key kept (a non-object state is replaced). */
export function withListPosition(state: unknown, position: ListPosition): Record<string, unknown> {
  const base = typeof state === 'object' && state !== null && !Array.isArray(state) ? state : {};
  return { ...(base as Record<string, unknown>), [STATE_KEY]: position };
}

/**
 * Whether this document was opened by Back/Forward or a reload: only then is the reader returning to a place.
 * Following a link to / (the logo, 'Tillbaka') starts at the top, even where the browser reuses the entry
 * (a link to the address already open replaces the entry and keeps its state).
 */
export function isReturnVisit(type: string | undefined): boolean {
  return type === 'back_forward' || type === 'reload';
}

function navigationType(): string | undefined {
  const [entry] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return entry?.type;
}

/** The position saved in this page's history entry when the reader is returning to it, else undefined. */
export function savedListPosition(): ListPosition | undefined {
  if (typeof window === 'undefined' || !isReturnVisit(navigationType())) return undefined;
  return readListPosition(window.history.state);
}

/** Saves `position` into the current history entry (the URL stays as it is). */
export function saveListPosition(position: ListPosition): void {
  try {
    window.history.replaceState(withListPosition(window.history.state, position), '');
  } catch (error) {
    // Too many calls in a short time (browsers throttle) or a state too large: the place is not kept.
    console.warn('Could not keep the list position', error);
  }
}
