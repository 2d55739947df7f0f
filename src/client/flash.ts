// A short confirmation that outlives a page change: the editor saves or deletes, leaves with a full
// navigation (window.location.assign) and the destination page's island shows and announces the message
// (src/components/flash-status.tsx). It lives in sessionStorage (this tab only) and is read once.
// No zod and nothing heavy: the list and details islands import this module.

const KEY = 'recipe-book:flash';

export const FLASH_SAVED = 'Receptet sparades.';
export const FLASH_DELETED = 'Receptet togs bort.';
/** After 'Ångra' on the deleted message (issue 41): the recipe is back from the trash. */
export const FLASH_RESTORED = 'Receptet är tillbaka.';

/** A confirmation older than this is not shown (the destination page never read it in time). */
export const FLASH_MAX_AGE_MS = 60_000;

/** `undo`: the id of the recipe just deleted, which 'Ångra' brings back from the trash. */
export type Flash = { message: string; path: string; at: number; undo?: number };

/** '/42/' -> '/42'; '/' stays '/'. */
export function normalizePath(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') || '/' : path;
}

/** The stored text as a Flash, or undefined when it is missing or not one. */
export function parseFlash(text: string | null): Flash | undefined {
  if (!text) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return undefined;
    const { message, path, at, undo } = value as Record<string, unknown>;
    if (typeof message !== 'string' || message === '' || typeof path !== 'string' || typeof at !== 'number') {
      return undefined;
    }
    return {
      message,
      path,
      at,
      ...(Number.isSafeInteger(undo) && (undo as number) > 0 ? { undo: undo as number } : {}),
    };
  } catch {
    return undefined;
  }
}

/** The message to show on `path` at `now`: only on the page it was meant for, and only while fresh. */
export function flashMessageFor(flash: Flash | undefined, path: string, now: number): Flash | undefined {
  if (!flash || normalizePath(flash.path) !== normalizePath(path)) return undefined;
  const age = now - flash.at;
  return age >= 0 && age <= FLASH_MAX_AGE_MS ? flash : undefined;
}

/** Keeps `message` for the page at `path`, which the caller is about to open (`undo`: a deleted recipe's id). */
export function setFlash(message: string, path: string, undo?: number): void {
  try {
    const flash: Flash = { message, path, at: Date.now(), ...(undo === undefined ? {} : { undo }) };
    window.sessionStorage.setItem(KEY, JSON.stringify(flash));
  } catch {
    // Storage off or full: the change is made all the same, only the confirmation is not shown.
  }
}

/** The message for this page, once: whatever was kept is removed, meant for this page or not. */
export function takeFlash(path: string): Flash | undefined {
  try {
    const flash = parseFlash(window.sessionStorage.getItem(KEY));
    window.sessionStorage.removeItem(KEY);
    return flashMessageFor(flash, path, Date.now());
  } catch {
    return undefined;
  }
}
