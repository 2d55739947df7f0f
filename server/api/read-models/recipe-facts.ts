import type { RecipeName } from '../../db/repositories/recipe-repository.ts';

// What "Med …" and "Högst … min" (issue 40) ask of each recipe, its ingredient names' ids and its time, held in
// typed arrays by the recipe's slot: a small number the name index gives each of its entries and gives again once
// the entry is gone, so the arrays are as long as the book, whatever its ids (an imported book's go up to 2^31).
// A filter's pass over the name index then reads a few numbers per recipe laid out in a row. Read from each
// recipe's own objects, spread over the heap, the same pass took 10-20 ms at 100,000 recipes under npm start's
// flags; from these, 2-4 ms (docs/decisions/055-find-recipes-by-content.md).
// Each name index version has its own (a reader keeps the one it started with): a write makes the next from the
// last, copying the per-slot arrays (a few hundred kB at 100,000 recipes) and appending the written recipes' names,
// so a slot given again changes only the versions after.

/** `minutes` of a recipe with neither a total nor a preparation time. */
const NO_TIME = -1;

export type RecipeFacts = {
  /** Where each slot's names begin in `names`, and how many there are (0 for a slot no recipe holds). */
  readonly start: Int32Array;
  readonly count: Int32Array;
  /** Every recipe's ingredient name ids, one run per slot; a version reads only its own runs. */
  readonly names: Int32Array;
  /** How much of `names` is written (a later version may append beyond it, in place). */
  readonly used: number;
  /** How many of `used` some slot's run still covers: the rest are replaced runs, dropped when they outgrow it. */
  readonly live: number;
  readonly minutes: Int32Array;
};

/** A recipe's facts, at its slot. */
export type SlotFacts = Pick<RecipeName, 'ingredientNames' | 'minutes'> & { slot: number };

const EMPTY: RecipeFacts = {
  start: new Int32Array(0),
  count: new Int32Array(0),
  names: new Int32Array(0),
  used: 0,
  live: 0,
  minutes: new Int32Array(0),
};

/** The facts of every recipe in `recipes`. */
export function factsOf(recipes: readonly SlotFacts[]): RecipeFacts {
  return withRecipes(EMPTY, recipes, []);
}

/** The next version: the slots `emptied` hold nothing, then `changed` (new or written) hold what they hold now. */
export function withRecipes(last: RecipeFacts, changed: readonly SlotFacts[], emptied: readonly number[]): RecipeFacts {
  let size = last.start.length;
  let added = 0;
  for (const r of changed) {
    if (r.slot >= size) size = r.slot + 1;
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
  for (const slot of [...emptied, ...changed.map((r) => r.slot)]) {
    live -= count[slot] ?? 0;
    count[slot] = 0;
    minutes[slot] = NO_TIME;
  }
  // Replaced runs stay behind until they are as many as the live ones; then every run is copied into a new array.
  let names = last.names;
  let used = last.used;
  if (used + added > names.length) {
    const compact = used - live > live;
    const next = new Int32Array(Math.ceil(((compact ? live : used) + added) * 1.5) + 1024);
    if (compact) {
      used = 0;
      for (let slot = 0; slot < count.length; slot++) {
        const n = count[slot] as number;
        if (n === 0) continue;
        const from = start[slot] as number;
        next.set(names.subarray(from, from + n), used);
        start[slot] = used;
        used += n;
      }
    } else next.set(names.subarray(0, used));
    names = next;
  }
  for (const r of changed) {
    const ids = r.ingredientNames ?? [];
    start[r.slot] = used;
    count[r.slot] = ids.length;
    names.set(ids, used);
    used += ids.length;
    live += ids.length;
    minutes[r.slot] = r.minutes ?? NO_TIME;
  }
  return { start, count, names, used, live, minutes };
}

/**
 * Whether the recipe at `slot` takes at most `max` minutes (when asked) and holds, for every ingredient word's table
 * of names (`marks`, indexed by name id: 1 where the name matches the word), one of those names. Plain loops over
 * typed arrays.
 */
export function passes(
  facts: RecipeFacts,
  slot: number,
  marks: readonly Uint8Array[],
  max: number | undefined,
): boolean {
  if (slot >= facts.count.length) return false;
  if (max !== undefined) {
    const minutes = facts.minutes[slot] as number;
    if (minutes === NO_TIME || minutes > max) return false;
  }
  if (marks.length === 0) return true;
  const from = facts.start[slot] as number;
  const to = from + (facts.count[slot] as number);
  const names = facts.names;
  for (let m = 0; m < marks.length; m++) {
    const mark = marks[m] as Uint8Array;
    let found = false;
    for (let j = from; j < to && !found; j++) found = mark[names[j] as number] === 1;
    if (!found) return false;
  }
  return true;
}
