// The list's place in this page's history entry (src/client/list-position.ts), apart from what the list shows
// (recipe-list.tsx): the pages on screen, the search text and the place the reader scrolled to are written after the
// pages change, when scrolling pauses, before following a link and when the page is left; Back, Forward and reload
// show the same recipes at the same place again, without asking the server.
import { createRef, useEffect, useLayoutEffect, useState } from 'react';
import type { NamePage } from '../../client/api.ts';
import {
  readListPosition,
  saveListPosition,
  savedListPosition,
  type ListPosition,
} from '../../client/list-position.ts';

/** How long scrolling must pause before the place is written into the history entry (browsers throttle it). */
const SAVE_DELAY_MS = 150;

/** The pages on screen and what they answer; `narrowed`: filtered by a keystroke, not a page to come back to. */
export type ShownPages = { pages: NamePage[]; query: string; category: string; narrowed?: boolean };

/** Whether a saved position shows the pages for this search text and category. */
const answers = (saved: ListPosition, query: string, category: string) =>
  saved.query === query && (saved.category ?? '') === category;

/** The recipe at the top of the viewport (the first link not entirely above it) and its offset. */
function topRecipe(list: HTMLElement | null): ListPosition['anchor'] {
  for (const link of list?.querySelectorAll<HTMLElement>('a[data-recipe-id]') ?? []) {
    const box = link.getBoundingClientRect();
    if (box.bottom > 0) return { id: Number(link.dataset.recipeId), top: box.top };
  }
  return undefined;
}

/** One list's place, for the list's whole life: what it restores and what it writes. */
export class ListPlace {
  /** The list's element: the recipe at the top of the viewport is the place. */
  readonly listRef = createRef<HTMLUListElement>();
  /** The pages on screen now (undefined while there are none). */
  shown: ShownPages | undefined;
  // The place to go back to, set when the query's pages come from the history entry, until it is scrolled to.
  #restoring: ListPosition | undefined;
  // Whether the page's first query was answered; the place Back or Forward returned to, for the next query.
  #started = false;
  #poppedTo: ListPosition | undefined;

  /** Writes the place now (before following a link; the listeners call it too). */
  readonly save = () => {
    const now = this.shown;
    if (!now || now.narrowed || this.#restoring) return;
    saveListPosition({
      query: now.query,
      ...(now.category ? { category: now.category } : {}),
      pages: now.pages,
      scrollY: window.scrollY,
      anchor: topRecipe(this.listRef.current),
    });
  };

  /** Back or Forward: the history entry's place, for the next query. */
  popped(state: unknown): void {
    this.#poppedTo = readListPosition(state);
  }

  /**
   * The pages to show for this search text and category without asking the server: the history entry's, on the
   * page's first query (a reload, Back from a recipe) or after Back and Forward, if they answer them. The place is
   * scrolled to once they are drawn (scrollBack).
   */
  restore(query: string, category: string): NamePage[] | undefined {
    const saved = this.#started ? this.#poppedTo : savedListPosition();
    this.#started = true;
    this.#poppedTo = undefined;
    if (!saved || !answers(saved, query, category)) return undefined;
    this.#restoring = saved;
    return saved.pages;
  }

  /** Scrolls to the restored place, once its pages are on screen. */
  scrollBack(onScreen: boolean): void {
    const saved = this.#restoring;
    if (!saved || !this.shown || !onScreen) return;
    this.#restoring = undefined;
    const anchor = saved.anchor && this.listRef.current?.querySelector(`a[data-recipe-id="${saved.anchor.id}"]`);
    const y =
      anchor && saved.anchor ? window.scrollY + anchor.getBoundingClientRect().top - saved.anchor.top : saved.scrollY;
    window.scrollTo(0, Math.max(0, y));
  }
}

/** The list's place: one object for the list's life, so its effects may name it without running again. */
export function useListPlace(): ListPlace {
  const [place] = useState(() => new ListPlace());
  return place;
}

/**
 * Keeps `place` in the history entry and scrolls back to it. `shown`: the pages the list holds; `onScreen`: whether
 * they are drawn yet (the list shows a spinner until its chips are known too). Called after the list's query effect,
 * so that in a render changing both, the query's restore() comes before the place is written.
 */
export function useKeptListPlace(place: ListPlace, shown: ShownPages | undefined, onScreen: boolean): void {
  place.shown = shown;

  // The browser would put back its own idea of the place, before the pages are here: the list does it.
  useEffect(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
  }, []);

  // Restored pages are in the DOM now: scroll before paint and before the end markers start observing
  // (their effects run after this layout effect), so they see the restored place, not the top.
  useLayoutEffect(() => place.scrollBack(onScreen), [place, shown, onScreen]);

  useEffect(() => place.save(), [place, shown]);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const later = () => {
      clearTimeout(timer);
      timer = setTimeout(place.save, SAVE_DELAY_MS);
    };
    const now = () => {
      clearTimeout(timer);
      place.save();
    };
    window.addEventListener('scroll', later, { passive: true });
    window.addEventListener('pagehide', now);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('scroll', later);
      window.removeEventListener('pagehide', now);
    };
  }, [place]);
}
