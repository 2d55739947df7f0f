// One step at a time, kept across a reload (issue 57 item 2): whether the view is open and which step it shows, per
// recipe in this tab's sessionStorage, under the recipe's id and version as cook mode's ticks are
// (src/features/details/cook-mode.ts): a phone that dropped the page while its screen was off comes back to the
// step it showed. Closing the view forgets it; leaving cook mode keeps it, so cook mode opened again in this tab
// shows the step where the cook left off. Another version of the recipe (its steps may have changed) starts afresh.
import { useState } from 'react';

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The sessionStorage key of a recipe's one-step view; none before the recipe (and so its id) is known. */
export function stepViewKey(recipe: { id?: number; version?: number }): string | undefined {
  return recipe.id === undefined ? undefined : `recipe-book:cook-step:${recipe.id}:${recipe.version ?? 0}`;
}

/** The step the view shows (0 is the first), or undefined: closed (nothing stored, storage blocked, text not ours). */
export function readStepView(storage: Pick<Storage, 'getItem'>, key: string): number | undefined {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(key) ?? 'null');
    const step = typeof parsed === 'object' && parsed !== null ? (parsed as { step?: unknown }).step : undefined;
    return typeof step === 'number' && Number.isSafeInteger(step) && step >= 0 ? step : undefined;
  } catch {
    return undefined;
  }
}

/** Stores the step shown; undefined (the view closed) removes the entry. A full or blocked storage keeps nothing. */
export function writeStepView(storage: Store, key: string, step: number | undefined): void {
  try {
    if (step === undefined) storage.removeItem(key);
    else storage.setItem(key, JSON.stringify({ step }));
  } catch {
    // Private mode or a full quota: the view works, it just is not kept.
  }
}

function sessionStore(): Store | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

/**
 * The recipe's one-step view: the step shown, undefined while the view is closed, and the setter that keeps it.
 * Read when cook mode's code first draws it (always in the browser: this module loads on demand).
 */
export function useStepView(recipe: {
  id?: number;
  version?: number;
}): [step: number | undefined, show: (step: number | undefined) => void] {
  const key = stepViewKey(recipe);
  const read = (k: string | undefined) => {
    const storage = sessionStore();
    return k && storage ? readStepView(storage, k) : undefined;
  };
  const [held, setHeld] = useState(() => ({ key, step: read(key) }));
  // Another recipe or version: its own stored view, read as this render finds it.
  const current = held.key === key ? held : { key, step: read(key) };
  if (current !== held) setHeld(current);
  const show = (step: number | undefined) => {
    const storage = sessionStore();
    if (key && storage) writeStepView(storage, key, step);
    setHeld({ key, step });
  };
  return [current.step, show];
}
