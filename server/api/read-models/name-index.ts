import { LRUCache } from 'lru-cache';
import type { Thumbnail } from '../../../src/lib/photo-schema.ts';
import type { Database } from '../../db/index.ts';
import { recipeNames, type RecipeName } from '../../db/repositories/recipe-repository.ts';
import { categoryKey } from '../../../src/lib/organise.ts';
import { compareRecipes, fold, insertByName } from '../../../src/lib/recipe-search.ts';
import { createChangeFeed, follow, type ChangeFeed, type Changes } from '../../db/repositories/change-feed.ts';
import {
  findWords,
  ingredientNameIds,
  type FoundIds,
  type RecipeFind,
} from '../../db/repositories/recipe-find-repository.ts';
import { createFindCache } from './find-cache.ts';
import { factsOf, passes, withRecipes, type RecipeFacts, type SlotFacts } from './recipe-facts.ts';

// The list screen's paged read: recipe names in Swedish order (src/lib's compareRecipes,
// the same order as GET /recipes), kept in memory (a few MB at 100,000 recipes) and labelled with
// the database's change stamp. A page or a search is then a binary search plus a short scan, no
// query and no sort per keystroke. After a write only the recipes written or deleted since the index's
// stamp are refetched (the change feed, ../db/repositories/change-feed.ts); a page read waits for that, a few milliseconds,
// so an editor always finds the recipe just saved. Each entry also holds its recipe's categories; the first read
// that names a category groups the index by category in one pass (a few milliseconds at 100,000 recipes), kept
// until the next change: a page within a category is then the same binary search and short scan over that
// category's recipes alone, and GET /categories is the groups' sizes.
export type NamedRecipe = { id: number; name: string; thumbnail?: Thumbnail };
/**
 * Where a page ends or begins, for the next read: the recipe's id and name, and in a best-match list its rank (the
 * words' answer's ts_rank): that list's order is rank, best first, then id, so the cursor keeps its place when its
 * recipe has since been deleted or edited out of the list (issue 53), as the name does in the name order.
 */
export type Cursor = { id: number; name: string; rank?: number };
// `folded`: the name case-folded once here, not for every name on every keystroke (toLocaleLowerCase
// with a locale costs about a microsecond: 100,000 of them per search was the slow part). `categories`: shared
// objects, one per category (see `category` below), not a key and a spelling per recipe.
type Category = { key: string; name: string };
// The filters' facts (ingredient names, time) are not in it: ./recipe-facts.ts holds them at the entry's `slot`.
type Entry = Omit<RecipeName, 'categories' | 'ingredientNames' | 'minutes'> & {
  folded: string;
  categories?: Category[];
  slot: number;
};

/** `more`: the words matched more than the database's answer holds (WORDS_LIMIT): `count` counts only those. */
export type Page = {
  recipes: NamedRecipe[];
  next: Cursor | null;
  previous: Cursor | null;
  count?: number;
  more?: true;
};
export type CategoryCount = { name: string; count: number };
/** The index grouped by category key: each category's spelling and its recipes, in the index's order. */
type Grouped = { byKey: Map<string, { name: string; entries: Entry[] }>; counts: CategoryCount[] };

/** One pass over the index; the counts most used first, then by name in the list's order. */
function groupByCategory(list: readonly Entry[]): Grouped {
  const byKey = new Map<string, { name: string; entries: Entry[] }>();
  for (const entry of list) {
    for (const { key, name } of entry.categories ?? []) {
      const group = byKey.get(key);
      if (group) group.entries.push(entry);
      else byKey.set(key, { name, entries: [entry] });
    }
  }
  const counts = [...byKey.values()]
    .map(({ name, entries }) => ({ name, count: entries.length }))
    .sort((a, b) => b.count - a.count || compareRecipes(a, b));
  return { byKey, counts };
}

/** Ids as a table indexed by id (1 where present): a book has a few thousand ingredient names. */
function markTable(ids: readonly number[]): Uint8Array {
  let max = 0;
  for (const id of ids) if (id > max) max = id;
  const mark = new Uint8Array(max + 1);
  for (const id of ids) mark[id] = 1;
  return mark;
}

/**
 * `make` of a list, made once for each list it is asked for (an index version, a category's entries) and gone with
 * the list: a new index is a new array (see catchUp).
 */
function perList<T>(make: (list: readonly Entry[]) => T): (list: readonly Entry[]) => T {
  const made = new WeakMap<readonly Entry[], T>();
  return (list) => {
    let found = made.get(list);
    if (found === undefined) made.set(list, (found = make(list)));
    return found;
  };
}

/**
 * A filtered list in the index's own order (ingredients, time) counts its matches exactly up to this many and says
 * `more` beyond (issue 52, as the words' answer does: WORDS_LIMIT): the count then stops at the match after it
 * instead of passing over the whole book, so a word in every recipe examines about this many recipes, not 100,000.
 */
export const COUNT_LIMIT = 1_000;

/**
 * A pass over the list yields to the event loop after this many recipes examined (issue 52): a filter that matches
 * few recipes of a large book still examines every one (about 5 ms per 100,000 on a busy machine), and /api/health
 * and the other requests must not wait for the whole pass.
 */
export const SCAN_CHUNK = 16_384;

/** What the index's filtered reads have done, in all (for tests and the bench: the work per read is bounded). */
export type ScanStats = { examined: number; yields: number };

export type NameIndex = ReturnType<typeof createNameIndex>;

/**
 * `feed`: the change feed it follows (the API's, shared with the full list; its own by default). `scanChunk`: how
 * many recipes a pass examines between yields to the event loop (SCAN_CHUNK; smaller in tests).
 */
export function createNameIndex(
  db: Database,
  { feed = createChangeFeed(db), scanChunk = SCAN_CHUNK }: { feed?: ChangeFeed; scanChunk?: number } = {},
) {
  const stats: ScanStats = { examined: 0, yields: 0 };
  let order: Entry[] = [];
  let facts: RecipeFacts = factsOf([]);
  // One object per category for all the recipes in it: at 100,000 recipes a key and a spelling per recipe held
  // 24 MB more (docs/decisions/043-memory-at-100000-recipes.md). A spelling read later replaces the object.
  let known = new Map<string, Category>();
  const category = (key: string, name: string): Category => {
    let found = known.get(key);
    if (found?.name !== name) known.set(key, (found = { key, name }));
    return found;
  };
  // Each entry's slot in the facts: the lowest numbers, each given again once its entry is gone (./recipe-facts.ts).
  let freeSlots: number[] = [];
  let slotsGiven = 0;
  /** The entry of a recipe read, and its facts at the entry's new slot. */
  const entryOf = ({ categories: pairs, ingredientNames, minutes, ...named }: RecipeName): [Entry, SlotFacts] => {
    const slot = freeSlots.pop() ?? slotsGiven++;
    const entry: Entry = {
      ...named,
      folded: fold(named.name),
      ...(pairs ? { categories: pairs.map(([key, name]) => category(key, name)) } : {}),
      slot,
    };
    return [entry, { slot, ingredientNames, minutes }];
  };

  async function catchUp(changes: Changes): Promise<void> {
    if (changes.kind === 'everything') {
      const read = await recipeNames(db.orm);
      known = new Map();
      freeSlots = [];
      slotsGiven = 0;
      const made = read.map(entryOf);
      order = made.map(([entry]) => entry).sort(compareRecipes);
      facts = factsOf(made.map(([, written]) => written));
      return;
    }
    const gone = new Set([...changes.changed, ...changes.removed]);
    if (gone.size === 0) return;
    const read = await recipeNames(db.orm, changes.changed);
    // A new array: pages being read keep the one they have. Every recipe written is dropped first (one deleted since
    // the feed named it is not read back), and its slot can be given to a recipe read: the new facts empty it first.
    const next: Entry[] = [];
    const emptied: number[] = [];
    for (const e of order) {
      if (gone.has(e.id)) emptied.push(e.slot);
      else next.push(e);
    }
    freeSlots.push(...emptied);
    const written: SlotFacts[] = [];
    for (const r of read) {
      const [entry, itsFacts] = entryOf(r);
      insertByName(next, entry);
      written.push(itsFacts);
    }
    order = next;
    facts = withRecipes(facts, written, emptied);
  }

  // Published with its stamp: the filters' answers are remembered for it (./find-cache.ts).
  const names = follow(feed, { catchUp, publish: (at) => ({ at, order, facts }) });
  const finds = createFindCache();

  /**
   * The index with every write acknowledged before this call began (on any instance): the stamp is read first,
   * and the call waits until the index is at least that new. Concurrent callers share one refresh; a caller does
   * not chase writes that arrive while it waits.
   */
  async function current(): Promise<Entry[]> {
    return (await names.now()).order;
  }

  // The groups of the index they were made from (a new index is a new array: see catchUp).
  const groups = perList(groupByCategory);

  // The slots of a list's entries in its order (the index's, or a category's), made when a filter's pass first needs
  // them: the pass then reads an entry only when it passes (./recipe-facts.ts).
  const slotsOf = perList((list) => {
    const slots = new Int32Array(list.length);
    for (let i = 0; i < list.length; i++) slots[i] = (list[i] as Entry).slot;
    return slots;
  });

  // Each index's entries by id, made when a ranked search first needs them (as the groups above): an array indexed
  // by id, not a Map. Ids are the database's serial numbers, so it is dense; at 100,000 recipes it is made in 2-10 ms
  // where a Map took 20-40 ms under npm start's V8 flags, and a new index (each write) makes it again. (A book moved
  // in may keep ids up to a billion: V8 then holds the array as a dictionary, slower but the same answers.)
  const byId = perList((list) => {
    const entries: (Entry | undefined)[] = [];
    for (const entry of list) entries[entry.id] = entry;
    return entries;
  });

  // The entries the filters keep, made once per question (index, category, filters) and kept for the few questions
  // asked last of this index: paging and counting are then a binary search and a length, not a pass over the book.
  // Reused only while the database's answers it was made from are the very same (the find cache's, per stamp).
  // The same for the bounded count of a list in the index's order (the pass to the match after COUNT_LIMIT).
  type Kept<T> = { parts: readonly FoundIds[]; list: T };
  const KEPT_LISTS = 8;
  const keptOf = perList(() => new LRUCache<string, Kept<unknown>>({ max: KEPT_LISTS }));
  function filteredList<T>(all: Entry[], key: string, parts: readonly FoundIds[], make: () => T): T {
    const kept = keptOf(all);
    const found = kept.get(key);
    if (found && found.parts.length === parts.length && found.parts.every((p, i) => p === parts[i]))
      return found.list as T;
    const list = make();
    kept.set(key, { parts, list });
    return list;
  }

  /** Every category some recipe names, with its count (GET /categories). */
  async function categories(): Promise<CategoryCount[]> {
    return groups(await current()).counts;
  }

  /** After a write of this process: catch up now, so that the next reader rarely waits. */
  function refreshSoon(): void {
    void current().catch(() => undefined);
  }

  /**
   * The first position of a list whose entry sorts after the cursor (`orEqual`) or not before it, by `compare` (an
   * entry's position against the cursor: negative before it): the length when none does.
   */
  function positionOf(length: number, compare: (i: number) => number, orEqual: boolean): number {
    let low = 0;
    let high = length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      const c = compare(mid);
      if (c < 0 || (orEqual && c === 0)) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  /**
   * Up to `limit` recipes whose name contains `search` (any case, as the list screen filters), in
   * Swedish order, and with `category` only those in it (any letter case): from the start, after `after` or before
   * `before` (both exclusive). `next` and `previous` are the page's last and first recipe when more match beyond
   * them, else null. With `find` only the recipes the database finds, and `count` says how many match in all;
   * when it has words, best match first instead of the name order.
   */
  async function page(opts: {
    after?: Cursor;
    before?: Cursor;
    search?: string;
    category?: string;
    /** The filters of issue 40: only the recipes the database finds (../db/repositories/recipe-find-repository.ts), counted. */
    find?: RecipeFind;
    limit: number;
  }): Promise<Page> {
    // The index first, then the database: every recipe the index holds is as new as the filters' answer or older,
    // and one the answer holds that the index does not yet is left out, as the index's own reads leave it out.
    const { at, order: all, facts: held } = await names.now();
    const categoryKeyOf = opts.category === undefined ? undefined : categoryKey(opts.category);
    // Within a category: its own recipes, in the same order (an unknown category has none).
    const inCategory = () =>
      categoryKeyOf === undefined ? all : (groups(all).byKey.get(categoryKeyOf)?.entries ?? []);
    const { find } = opts;
    let more = false;
    let list: Entry[];
    // A best-match list's ranks, by position (undefined: the list is in the name order).
    let ranks: readonly number[] | undefined;
    // Whether the entry at a position of `list` passes the filters the index checks itself (ingredients, time: the
    // list is then the index's own order, or a category's); undefined when `list` holds only entries that pass.
    let passing: ((i: number) => boolean) | undefined;
    // The key and the database's answers a list in the index's order counts by (its bounded count is remembered).
    let counted: { key: string; parts: readonly FoundIds[] } | undefined;
    if (find) {
      // The database answers which recipes hold the words (ranked) and which ingredient names match each
      // ingredient word (../db/repositories/recipe-find-repository.ts, src/lib/recipe-filters.ts's nameHasIngredient);
      // the index's facts hold each recipe's names' ids and its time, so the rest is checked per recipe.
      const remember = finds.at(at);
      const ingredientWords = [...new Set(find.ingredientStems ?? [])].sort();
      const [words, ...named] = await Promise.all([
        findWords(db.orm, find, remember),
        ...ingredientWords.map((word) => ingredientNameIds(db.orm, word, remember)),
      ]);
      const max = find.maxMinutes;
      const key = JSON.stringify([categoryKeyOf ?? null, ingredientWords, max ?? null, find.words ?? []]);
      if (words.everything !== true) {
        more = words.more === true;
        // Best match first: the database's order (at most WORDS_LIMIT) with each recipe's rank, the category and the
        // other filters checked per recipe.
        ({ list, ranks } = filteredList(all, key, [words, ...named], () => {
          const kept: { list: Entry[]; ranks: number[] } = { list: [], ranks: [] };
          if (named.some((n) => n.ids.length === 0)) return kept;
          const marks = named.map(({ ids }) => markTable(ids));
          const entries = byId(all);
          words.ids.forEach((id, k) => {
            const entry = entries[id];
            if (
              entry &&
              (categoryKeyOf === undefined || entry.categories?.some((c) => c.key === categoryKeyOf)) &&
              passes(held, entry.slot, marks, max)
            ) {
              kept.list.push(entry);
              kept.ranks.push(words.ranks?.[k] ?? 0);
            }
          });
          return kept;
        }));
      } else if (named.some((n) => n.ids.length === 0)) list = [];
      else {
        // In the index's order: no list of every match is made (a word in every recipe made one of 100,000 entries
        // per read, issue 52); the page's pass stops once it has the page, and the count at COUNT_LIMIT and one.
        list = inCategory();
        const slots = slotsOf(list);
        const marks = named.map(({ ids }) => markTable(ids));
        passing = (i) => passes(held, slots[i] as number, marks, max);
        counted = { key, parts: named };
      }
    } else list = inCategory();
    const query = fold(opts.search?.trim() ?? '');
    const matches = (i: number) => {
      if (passing && !passing(i)) return false;
      return query === '' || (list[i] as Entry).folded.includes(query);
    };
    /**
     * Up to `want` positions of `list` that match, from `from` on (`step` 1) or back (`step` -1), nearest first;
     * yields to the event loop after each `scanChunk` positions examined, so a long pass does not hold the server.
     */
    const scan = async (from: number, step: 1 | -1, want: number): Promise<number[]> => {
      const found: number[] = [];
      if (!passing && query === '') {
        // Every entry matches: no pass.
        for (let i = from; i >= 0 && i < list.length && found.length < want; i += step) found.push(i);
        return found;
      }
      let i = from;
      while (i >= 0 && i < list.length && found.length < want) {
        const end = step === 1 ? Math.min(list.length, i + scanChunk) : Math.max(-1, i - scanChunk);
        const before = i;
        for (; i !== end && found.length < want; i += step) if (matches(i)) found.push(i);
        stats.examined += Math.abs(i - before);
        if (i !== end || found.length >= want || i < 0 || i >= list.length) break;
        stats.yields++;
        await new Promise((resume) => setImmediate(resume));
      }
      return found;
    };
    // Where a cursor stands in the list, whether its recipe is still there or not: by name in the name order, by rank
    // (best first) and id in a best-match list (a keyset: rows that dropped out move no other row). A cursor without
    // a rank in a best-match list (made for the name order) is found by its id, else the list starts at the top.
    const position = (r: Cursor, orEqual: boolean): number => {
      if (ranks === undefined) return positionOf(list.length, (i) => compareRecipes(list[i] as Entry, r), orEqual);
      const { rank } = r;
      if (rank === undefined) {
        const at = list.findIndex((e) => e.id === r.id);
        return at < 0 ? 0 : at + (orEqual ? 1 : 0);
      }
      const rankAt = ranks;
      return positionOf(
        list.length,
        (i) => ((rankAt[i] as number) === rank ? (list[i] as Entry).id - r.id : (rankAt[i] as number) > rank ? -1 : 1),
        orEqual,
      );
    };
    // The first COUNT_LIMIT matches and one of a list in the index's order: the count and every page within them
    // come from this one pass, remembered for the same database answers (paging and counting pass over no recipe
    // again; a rare word's first read passed over the book twice, for the page and for the count).
    const first =
      counted && query === ''
        ? await filteredList(all, `first ${counted.key}`, counted.parts, () => scan(0, 1, COUNT_LIMIT + 1))
        : undefined;
    /** How many of `first` lie before position `at` (a binary search: it is in the list's order). */
    const firstBefore = (at: number) => {
      let low = 0;
      let high = first?.length ?? 0;
      while (low < high) {
        const mid = (low + high) >>> 1;
        if ((first?.[mid] as number) < at) low = mid + 1;
        else high = mid;
      }
      return low;
    };
    /** Up to `want` matches from `from` on (or back), nearest first: from `first` where it holds them, else a pass. */
    const matchesFrom = (from: number, step: 1 | -1, want: number): Promise<number[]> | number[] => {
      if (first) {
        // `first` holds every match up to its last (and every match at all when it did not reach the limit).
        const complete = first.length <= COUNT_LIMIT;
        if (step === 1) {
          const k = firstBefore(from);
          if (complete || first.length - k >= want) return first.slice(k, k + want);
        } else if (complete || from <= (first.at(-1) as number)) {
          const k = firstBefore(from + 1);
          return first.slice(Math.max(0, k - want), k).reverse();
        }
      }
      return scan(from, step, want);
    };
    // The page, and one match beyond it on the side it was read towards (is there a next / previous page?).
    let picked: number[];
    let beyond: boolean;
    let behind: () => Promise<boolean>;
    if (opts.before) {
      const high = position(opts.before, false);
      const back = await matchesFrom(high - 1, -1, opts.limit + 1);
      beyond = back.length > opts.limit;
      picked = back.slice(0, opts.limit).reverse();
      behind = async () => high < list.length && (await matchesFrom(high, 1, 1)).length > 0;
    } else {
      const low = opts.after ? position(opts.after, true) : 0;
      const ahead = await matchesFrom(low, 1, opts.limit + 1);
      beyond = ahead.length > opts.limit;
      picked = ahead.slice(0, opts.limit);
      behind = async () => low > 0 && (await matchesFrom(low - 1, -1, 1)).length > 0;
    }
    const hasNext = opts.before ? picked.length > 0 && (await behind()) : beyond;
    const hasPrevious = opts.before ? beyond : picked.length > 0 && (await behind());
    // The count: every match of a list of matches only (the words' answer, at most WORDS_LIMIT); of a list in the
    // index's order, up to COUNT_LIMIT and `more` beyond.
    let count: number | undefined;
    if (find) {
      if (passing === undefined && query === '') count = list.length;
      else {
        const n = first ? first.length : (await scan(0, 1, COUNT_LIMIT + 1)).length;
        if (n > COUNT_LIMIT) more = true;
        count = Math.min(n, COUNT_LIMIT);
      }
    }
    const pick = (i: number | undefined): Cursor | null =>
      i === undefined
        ? null
        : {
            id: (list[i] as Entry).id,
            name: (list[i] as Entry).name,
            ...(ranks === undefined ? {} : { rank: ranks[i] as number }),
          };
    return {
      recipes: picked.map((i) => {
        const { id, name, thumbnail } = list[i] as Entry;
        return { id, name, ...(thumbnail ? { thumbnail } : {}) };
      }),
      next: picked.length > 0 && hasNext ? pick(picked.at(-1)) : null,
      previous: picked.length > 0 && hasPrevious ? pick(picked[0]) : null,
      ...(count !== undefined ? { count } : {}),
      ...(more ? { more: true as const } : {}),
    };
  }

  /** What the filtered reads have examined so far, in all (ScanStats). */
  const scanStats = (): ScanStats => ({ ...stats });

  return { page, categories, current, refreshSoon, scanStats };
}
