import { LRUCache } from 'lru-cache';
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

type Held = { found: Promise<FoundIds>; ids: number };

export type FindCache = ReturnType<typeof createFindCache>;

export function createFindCache({
  maxIds = FIND_CACHE_IDS,
  maxAnswers = FIND_CACHE_ANSWERS,
}: { maxIds?: number; maxAnswers?: number } = {}) {
  // The answers of one stamp, least recently used dropped first (lru-cache: at most `maxAnswers`, and ids up to
  // `maxIds`; an answer of no ids, or one still being read, counts as one, as the cache takes no size of 0); a newer
  // stamp starts a new generation (the old one is left to readers still on it).
  type Generation = { stamp: bigint; entries: LRUCache<string, Held> };
  const generation = (stamp: bigint): Generation => ({
    stamp,
    entries: new LRUCache<string, Held>({ max: maxAnswers, maxSize: maxIds }),
  });
  let current = generation(-1n);

  /**
   * `remember` for a reader whose data is labelled `at`: every write acknowledged before stamp `at` was read is in
   * each answer it gives (answers of stamp `at` or a newer one, whose reads began after that stamp was read).
   */
  function at(at: bigint): Remember {
    if (at > current.stamp) current = generation(at);
    const held = current;
    return <T extends FoundIds>(key: string, read: () => Promise<T>): Promise<T> => {
      const { entries } = held;
      const hit = entries.get(key);
      if (hit) return hit.found as Promise<T>;
      const found = read();
      // A reader of an older stamp than the generation's asks for itself: its answer may lack the newer writes.
      if (held.stamp !== at || held !== current) return found;
      entries.set(key, { found, ids: 0 }, { size: 1 });
      // Still this read's entry (not dropped, nor replaced by a newer generation's reader).
      const ours = () => entries.peek(key)?.found === found;
      found.then(
        (answer) => {
          if (!ours()) return;
          // Its size now known (a new entry: the cache takes a size with a value): the least recently used answers
          // go until the ids fit again.
          const ids = answer.ids.length;
          entries.set(key, { found, ids }, { size: Math.max(1, ids) });
        },
        // A failed read is not remembered: the next reader asks again (the failure is the caller's to report).
        () => {
          if (ours()) entries.delete(key);
        },
      );
      return found;
    };
  }

  /** How many answers and ids are held (for the tests and the bench). */
  const held = () => {
    let ids = 0;
    for (const entry of current.entries.values()) ids += entry.ids;
    return { answers: current.entries.size, ids };
  };

  return { at, held };
}
