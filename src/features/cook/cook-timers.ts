// Cook mode's timers (issue 57 item 1), one list per recipe in localStorage: each timer keeps the time it ends,
// not a count, so a screen that slept, a reload or another tab shows the time left as it is (the other tab hears
// of a change through the 'storage' event). `rang` marks a timer whose end was announced, so a reload does not
// ring it again; it stays on the list, ended, until the cook stops it or gives it more time.
import { useMemo, useSyncExternalStore } from 'react';

export type Timer = Readonly<{ id: string; label: string; endsAt: number; rang: boolean }>;

export { timersKey } from '../details/cook-mode.ts';

/** At most this many timers per recipe: more is a mistake, and the stored list stays small. */
export const MAX_TIMERS = 20;

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The timers stored under `key`; anything that is not a list of timers reads as none. */
export function readTimers(storage: Pick<Storage, 'getItem'>, key: string): Timer[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(key) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (t): t is Timer =>
        typeof t === 'object' &&
        t !== null &&
        typeof (t as Timer).id === 'string' &&
        typeof (t as Timer).label === 'string' &&
        Number.isFinite((t as Timer).endsAt) &&
        typeof (t as Timer).rang === 'boolean',
    );
  } catch {
    return [];
  }
}

/** Stores the timers (none removes the entry). A full or blocked storage keeps them in this page only. */
export function writeTimers(storage: Store, key: string, timers: readonly Timer[]): void {
  try {
    if (timers.length === 0) storage.removeItem(key);
    else storage.setItem(key, JSON.stringify(timers));
  } catch {
    // Private mode or a full quota: the timers run in this page and are lost with it.
  }
}

/** A timer that ended longer ago than this before the page first read it rings no more: shown ended, silent. */
export const LATE_RING_MS = 10 * 60_000;
/** A timer that ended longer ago than this before the page first read it is gone from the list. */
export const FORGET_MS = 12 * 3_600_000;

/**
 * The timers as a page first finds them: one that ended while no page of the recipe was open (the tab closed, cook
 * mode left for the day) rings when the page comes back only if it ended in the last ten minutes; an older end is
 * shown ended and silent, and one half a day old is dropped. A page already open rings a late end whatever its age
 * (a phone whose screen slept): this runs once per page and recipe, not on every read.
 */
export function settledTimers(timers: readonly Timer[], now: number): Timer[] {
  return timers
    .filter((t) => t.endsAt > now - FORGET_MS)
    .map((t) => (!t.rang && t.endsAt < now - LATE_RING_MS ? { ...t, rang: true } : t));
}

/** A timer of `seconds` from `now`, named by its step ("Steg 3: 25 min"); the oldest goes past MAX_TIMERS. */
export function withTimer(timers: readonly Timer[], label: string, seconds: number, now: number, id: string): Timer[] {
  return [...timers, { id, label, endsAt: now + seconds * 1000, rang: false }].slice(-MAX_TIMERS);
}

/** More time: from its end if it still runs, from now if it has ended (and it may ring again). */
export function withMoreTime(timers: readonly Timer[], id: string, seconds: number, now: number): Timer[] {
  return timers.map((t) => (t.id === id ? { ...t, endsAt: Math.max(t.endsAt, now) + seconds * 1000, rang: false } : t));
}

// The page's store: localStorage where it works, else a Map in this page.
const memory = new Map<string, string>();
const fallback: Store = {
  getItem: (k) => memory.get(k) ?? null,
  setItem: (k, v) => void memory.set(k, v),
  removeItem: (k) => void memory.delete(k),
};
function store(): Store {
  try {
    const s = window.localStorage;
    s.getItem('');
    return s;
  } catch {
    return fallback;
  }
}

const listeners = new Set<() => void>();
const snapshots = new Map<string, { raw: string | null; timers: Timer[] }>();
const NONE: Timer[] = [];

const settled = new Set<string>();

function snapshot(key: string): Timer[] {
  if (!settled.has(key)) {
    settled.add(key);
    const found = readTimers(store(), key);
    const kept = settledTimers(found, Date.now());
    if (kept.length !== found.length || kept.some((t, i) => t !== found[i])) writeTimers(store(), key, kept);
  }
  let raw: string | null = null;
  try {
    raw = store().getItem(key);
  } catch {
    raw = null;
  }
  const kept = snapshots.get(key);
  if (kept && kept.raw === raw) return kept.timers;
  const timers = raw === null ? NONE : readTimers({ getItem: () => raw }, key);
  snapshots.set(key, { raw, timers });
  return timers;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

function change(key: string, next: (now: Timer[]) => Timer[]): void {
  writeTimers(store(), key, next(snapshot(key)));
  for (const listener of listeners) listener();
}

const newId = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

/** A recipe's timers, the same in every part of cook mode and every tab, and their named actions. */
export function useTimers(key: string) {
  const timers = useSyncExternalStore(
    subscribe,
    () => snapshot(key),
    () => NONE,
  );
  const actions = useMemo(
    () => ({
      start: (label: string, seconds: number) => change(key, (t) => withTimer(t, label, seconds, Date.now(), newId())),
      stop: (id: string) => change(key, (t) => t.filter((timer) => timer.id !== id)),
      more: (id: string, seconds: number) => change(key, (t) => withMoreTime(t, id, seconds, Date.now())),
      rang: (ids: readonly string[]) =>
        change(key, (t) => t.map((timer) => (ids.includes(timer.id) ? { ...timer, rang: true } : timer))),
    }),
    [key],
  );
  return { timers, ...actions };
}
