import type { RecipeName } from '../db/recipe-repository.ts';

// What "Med …" and "Högst … min" (issue 40) ask of each recipe, its ingredient names' ids and its time, held by
// recipe id in typed arrays: a filter's pass over the name index reads a few numbers per recipe laid out in a row.
// Read from each recipe's own objects, spread over the heap, the same pass took 10-20 ms at 100,000 recipes under
// npm start's flags; from these, 2-4 ms (docs/decisions/055-find-recipes-by-content.md).
// Each name index version has its own (a reader keeps the one it started with): a write makes the next from the
// last, copying the per-id arrays (a few hundred kB at 100,000 recipes) and appending the written recipes' names.

/** `minutes` of a recipe with neither a total nor a preparation time. */
const NO_TIME = -1;

export type RecipeFacts = {
  /** Where each recipe's names begin in `names`, and how many it has (0 for an id that is no recipe). */
  readonly start: Int32Array;
  readonly count: Int32Array;
  /** Every recipe's ingredient name ids, one run per recipe; a version reads only its own runs. */
  readonly names: Int32Array;
  /** How much of `names` is written (a later version may append beyond it, in place). */
  readonly used: number;
  /** How many of `used` some recipe's run still covers: the rest are replaced runs, dropped when they outgrow it. */
  readonly live: number;
  readonly minutes: Int32Array;
};

type Facts = Pick<RecipeName, 'id' | 'ingredientNames' | 'minutes'>;

const EMPTY: RecipeFacts = {
  start: new Int32Array(0),
  count: new Int32Array(0),
  names: new Int32Array(0),
  used: 0,
  live: 0,
  minutes: new Int32Array(0),
};

/** The facts of every recipe in `recipes`. */
export function factsOf(recipes: readonly Facts[]): RecipeFacts {
  return withRecipes(EMPTY, recipes, []);
}

/** The next version: `removed` gone, and `changed` (new or written) holding what they hold now. */
export function withRecipes(last: RecipeFacts, changed: readonly Facts[], removed: readonly number[]): RecipeFacts {
  let size = last.start.length;
  let added = 0;
  for (const r of changed) {
    if (r.id >= size) size = r.id + 1;
    added += r.ingredientNames?.length ?? 0;
  }
  const grown = (from: Int32Array, fill: number) => {
    const to = new Int32Array(size > from.length ? Math.max(size, Math.ceil(from.length * 1.25)) : from.length);
    to.set(from);
    to.fill(fill, from.length);
    return to;
  };
  const start = grown(last.start, 0);
  const count = grown(last.count, 0);
  const minutes = grown(last.minutes, NO_TIME);
  let live = last.live;
  for (const id of [...removed, ...changed.map((r) => r.id)]) {
    live -= count[id] ?? 0;
    count[id] = 0;
    minutes[id] = NO_TIME;
  }
  // Replaced runs stay behind until they are as many as the live ones; then every run is copied into a new array.
  let names = last.names;
  let used = last.used;
  if (used + added > names.length) {
    const compact = used - live > live;
    const next = new Int32Array(Math.ceil(((compact ? live : used) + added) * 1.5) + 1024);
    if (compact) {
      used = 0;
      for (let id = 0; id < count.length; id++) {
        const n = count[id] as number;
        if (n === 0) continue;
        const from = start[id] as number;
        next.set(names.subarray(from, from + n), used);
        start[id] = used;
        used += n;
      }
    } else next.set(names.subarray(0, used));
    names = next;
  }
  for (const r of changed) {
    const ids = r.ingredientNames ?? [];
    start[r.id] = used;
    count[r.id] = ids.length;
    names.set(ids, used);
    used += ids.length;
    live += ids.length;
    minutes[r.id] = r.minutes ?? NO_TIME;
  }
  return { start, count, names, used, live, minutes };
}

/**
 * Whether recipe `id` takes at most `max` minutes (when asked) and holds, for every stem's table of names (`marks`,
 * indexed by name id: 1 where the stem is in the name), one of those names. Plain loops over typed arrays.
 */
export function passes(facts: RecipeFacts, id: number, marks: readonly Uint8Array[], max: number | undefined): boolean {
  if (id >= facts.count.length) return false;
  if (max !== undefined) {
    const minutes = facts.minutes[id] as number;
    if (minutes === NO_TIME || minutes > max) return false;
  }
  if (marks.length === 0) return true;
  const from = facts.start[id] as number;
  const to = from + (facts.count[id] as number);
  const names = facts.names;
  for (let m = 0; m < marks.length; m++) {
    const mark = marks[m] as Uint8Array;
    let found = false;
    for (let j = from; j < to && !found; j++) found = mark[names[j] as number] === 1;
    if (!found) return false;
  }
  return true;
}
