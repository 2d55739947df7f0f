// Cook mode on the details page: on or off, and the ingredients and steps the cook ticks off. (The screen kept
// awake, the timers, the one-step view and 'Läs upp' are src/features/cook/, loaded only when cook mode opens.)
// What is ticked is kept in this tab only (sessionStorage, under the recipe's id and version): a phone that dropped
// the page while its screen was off reloads it with the ticks in place; another version of the recipe starts
// afresh, and closing the tab forgets it.
import { useCallback, useEffect, useMemo, useState } from 'react';

/** What cook mode keeps for one recipe: whether it is on, and the ticked keys (`i<n>` ingredients, `s<n>` steps). */
/**
 * The localStorage key of a recipe's cook timers (src/features/cook/cook-timers.ts): per recipe, not per version (an
 * edit does not stop a running oven). Here, in the page's start, so the card can tell stored timers are waiting.
 */
export const timersKey = (recipeId: number | undefined) => `recipe-book:cook-timers:${recipeId ?? 'ny'}`;

/** Whether timers of the recipe are stored: cook mode's code then loads, so an end rings with cook mode closed. */
export function hasStoredTimers(recipeId: number | undefined): boolean {
  try {
    return !!localStorage.getItem(timersKey(recipeId));
  } catch {
    return false; // storage blocked: no timer was stored either
  }
}

export type CookState = Readonly<{ cooking: boolean; ticked: readonly string[] }>;
const OFF: CookState = { cooking: false, ticked: [] };

/** The sessionStorage key for a recipe's cook mode; none before the recipe (and so its id) is known. */
export function cookStorageKey(recipe: { id?: number; version?: number } | undefined): string | undefined {
  return recipe?.id === undefined ? undefined : `recipe-book:cook-mode:${recipe.id}:${recipe.version ?? 0}`;
}

/** The stored state, or off with nothing ticked (nothing stored, storage blocked, or text not ours). */
export function readCookState(storage: Pick<Storage, 'getItem'>, key: string): CookState {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(key) ?? 'null');
    if (typeof parsed !== 'object' || parsed === null) return OFF;
    const { cooking, ticked } = parsed as Record<string, unknown>;
    return {
      cooking: cooking === true,
      ticked: Array.isArray(ticked) ? ticked.filter((t): t is string => typeof t === 'string') : [],
    };
  } catch {
    return OFF;
  }
}

/** Stores the state; off with nothing ticked removes the entry. A full or blocked storage only loses the ticks. */
export function writeCookState(storage: Pick<Storage, 'setItem' | 'removeItem'>, key: string, state: CookState): void {
  try {
    if (!state.cooking && state.ticked.length === 0) storage.removeItem(key);
    else storage.setItem(key, JSON.stringify(state));
  } catch {
    // Private mode or a full quota: cook mode still works, it just is not kept.
  }
}

function sessionStore(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

/**
 * Cook mode for the recipe shown (undefined while it loads): on or off and what is ticked, kept in
 * sessionStorage under cookStorageKey(recipe) and read back when the page is opened again in this tab.
 */
export function useCookMode(recipe: { id?: number; version?: number } | undefined): {
  cooking: boolean;
  setCooking: (on: boolean) => void;
  ticked: ReadonlySet<string>;
  tick: (key: string) => void;
} {
  const key = cookStorageKey(recipe);
  const [state, setState] = useState<CookState>(OFF);
  useEffect(() => {
    const storage = sessionStore();
    setState(key && storage ? readCookState(storage, key) : OFF);
  }, [key]);

  const update = useCallback(
    (change: (now: CookState) => CookState) =>
      setState((now) => {
        const next = change(now);
        const storage = sessionStore();
        if (key && storage) writeCookState(storage, key, next);
        return next;
      }),
    [key],
  );
  const setCooking = useCallback((on: boolean) => update((now) => ({ ...now, cooking: on })), [update]);
  const tick = useCallback(
    (item: string) =>
      update((now) => ({
        ...now,
        ticked: now.ticked.includes(item) ? now.ticked.filter((t) => t !== item) : [...now.ticked, item],
      })),
    [update],
  );
  const ticked = useMemo(() => new Set(state.ticked), [state.ticked]);
  return { cooking: state.cooking, setCooking, ticked, tick };
}
