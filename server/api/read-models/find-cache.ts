import type { FoundIds, Remember } from '../../db/repositories/recipe-find-repository.ts';

// The filters' database answers (../db/repositories/recipe-find-repository.ts: the ingredient names matching each word, the words' ranked
// recipes) remembered for the database's change stamp they were read at (decision 055): paging through a filtered
// list, the count, and typing a second word then read no id again. The name index passes
// the stamp its own copy is labelled with (./name-index.ts), so a read after a write sees it exactly as before: an
// answer read at an older stamp is never given for a newer one, and a newer stamp empties the cache.

/**
 * How many ids all the remembered answers hold together at most (least recently used dropped first). An id costs
 * about 30 bytes held here (the array, the set made of it, the name index's list of it): about 12 MB at most, and
 * four answers as large as a book of 100,000 recipes. Not a setting: nobody should have to tune it.
 */
export const FIND_CACHE_IDS = 400_000;

/**
 * How many answers are remembered at most, whatever their size: an answer with no ids costs no ids, and without a
 * cap a flood of distinct words that match nothing would grow the cache without end.
 */
export const FIND_CACHE_ANSWERS = 1_000;

type Held = { found: Promise<FoundIds>; size: number };

export type FindCache = ReturnType<typeof createFindCache>;

export function createFindCache({
  maxIds = FIND_CACHE_IDS,
  maxAnswers = FIND_CACHE_ANSWERS,
}: { maxIds?: number; maxAnswers?: number } = {}) {
  // The answers of one stamp; a newer stamp starts a new generation (the old one is left to readers still on it).
  type Generation = { stamp: bigint; entries: Map<string, Held>; size: number };
  let current: Generation = { stamp: -1n, entries: new Map(), size: 0 };

  function trim(generation: Generation): void {
    for (const [key, entry] of generation.entries) {
      if (generation.size <= maxIds && generation.entries.size <= maxAnswers) return;
      generation.entries.delete(key);
      generation.size -= entry.size;
    }
  }

  /**
   * `remember` for a reader whose data is labelled `at`: every write acknowledged before stamp `at` was read is in
   * each answer it gives (answers of stamp `at` or a newer one, whose reads began after that stamp was read).
   */
  function at(at: bigint): Remember {
    if (at > current.stamp) current = { stamp: at, entries: new Map(), size: 0 };
    const generation = current;
    return <T extends FoundIds>(key: string, read: () => Promise<T>): Promise<T> => {
      const { entries } = generation;
      const hit = entries.get(key);
      if (hit) {
        // Most recently used last: trim() drops from the front.
        entries.delete(key);
        entries.set(key, hit);
        return hit.found as Promise<T>;
      }
      const found = read();
      // A reader of an older stamp than the generation's asks for itself: its answer may lack the newer writes.
      if (generation.stamp !== at || generation !== current) return found;
      const entry: Held = { found, size: 0 };
      entries.set(key, entry);
      trim(generation);
      found.then(
        (answer) => {
          if (entries.get(key) !== entry) return;
          entry.size = answer.ids.length;
          generation.size += entry.size;
          trim(generation);
        },
        // A failed read is not remembered: the next reader asks again (the failure is the caller's to report).
        () => {
          if (entries.get(key) === entry) entries.delete(key);
        },
      );
      return found;
    };
  }

  /** How many answers and ids are held (for the tests and the bench). */
  const held = () => ({ answers: current.entries.size, ids: current.size });

  return { at, held };
}
