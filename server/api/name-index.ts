import type { Thumbnail } from '../../src/lib/photo-schema.ts';
import type { Database } from '../db/index.ts';
import { recipeNames, type RecipeName } from '../db/recipe-repository.ts';
import { categoryKey } from '../../src/lib/organise.ts';
import { compareRecipes, fold, insertByName } from '../../src/lib/recipe-search.ts';
import { createChangeFeed, follow, type ChangeFeed, type Changes } from '../db/change-feed.ts';

// The list screen's paged read: recipe names in Swedish order (src/lib's compareRecipes,
// the same order as GET /recipes), kept in memory (a few MB at 100,000 recipes) and labelled with
// the database's change stamp. A page or a search is then a binary search plus a short scan, no
// query and no sort per keystroke. After a write only the recipes written or deleted since the index's
// stamp are refetched (the change feed, ../db/change-feed.ts); a page read waits for that, a few milliseconds,
// so an editor always finds the recipe just saved. Each entry also holds its recipe's categories; the first read
// that names a category groups the index by category in one pass (a few milliseconds at 100,000 recipes), kept
// until the next change: a page within a category is then the same binary search and short scan over that
// category's recipes alone, and GET /categories is the groups' sizes.
export type NamedRecipe = { id: number; name: string; thumbnail?: Thumbnail };
// `folded`: the name case-folded once here, not for every name on every keystroke (toLocaleLowerCase
// with a locale costs about a microsecond: 100,000 of them per search was the slow part). `categories`: shared
// objects, one per category (see `category` below), not a key and a spelling per recipe.
type Category = { key: string; name: string };
type Entry = Omit<RecipeName, 'categories'> & { folded: string; categories?: Category[] };

export type Page = { recipes: NamedRecipe[]; next: NamedRecipe | null; previous: NamedRecipe | null };
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

export type NameIndex = ReturnType<typeof createNameIndex>;

/** `feed`: the change feed it follows (the API's, shared with the full list; its own by default). */
export function createNameIndex(db: Database, { feed = createChangeFeed(db) }: { feed?: ChangeFeed } = {}) {
  let order: Entry[] = [];
  // One object per category for all the recipes in it: at 100,000 recipes a key and a spelling per recipe held
  // 24 MB more (docs/decisions/043-memory-at-100000-recipes.md). A spelling read later replaces the object.
  let known = new Map<string, Category>();
  const category = (key: string, name: string): Category => {
    let found = known.get(key);
    if (found?.name !== name) known.set(key, (found = { key, name }));
    return found;
  };
  const entryOf = ({ categories: pairs, ...named }: RecipeName): Entry => ({
    ...named,
    folded: fold(named.name),
    ...(pairs ? { categories: pairs.map(([key, name]) => category(key, name)) } : {}),
  });

  async function catchUp(changes: Changes): Promise<void> {
    if (changes.kind === 'everything') {
      known = new Map();
      order = (await recipeNames(db.orm)).map(entryOf).sort(compareRecipes);
      return;
    }
    const gone = new Set([...changes.changed, ...changes.removed]);
    if (gone.size === 0) return;
    // A new array: pages being read keep the one they have.
    const next = order.filter((e) => !gone.has(e.id));
    for (const e of await recipeNames(db.orm, changes.changed)) insertByName(next, entryOf(e));
    order = next;
  }

  const names = follow(feed, { catchUp, publish: () => order });

  /**
   * The index with every write acknowledged before this call began (on any instance): the stamp is read first,
   * and the call waits until the index is at least that new. Concurrent callers share one refresh; a caller does
   * not chase writes that arrive while it waits.
   */
  function current(): Promise<Entry[]> {
    return names.now();
  }

  // The groups of the index they were made from (a new index is a new array: see catchUp).
  const grouped = new WeakMap<Entry[], Grouped>();
  function groups(list: Entry[]): Grouped {
    let found = grouped.get(list);
    if (!found) grouped.set(list, (found = groupByCategory(list)));
    return found;
  }

  /** Every category some recipe names, with its count (GET /categories). */
  async function categories(): Promise<CategoryCount[]> {
    return groups(await current()).counts;
  }

  /** After a write of this process: catch up now, so that the next reader rarely waits. */
  function refreshSoon(): void {
    void current().catch(() => undefined);
  }

  /** Index of the first entry after `r` in the order (all of them when `r` sorts last). */
  function positionAfter(list: Entry[], r: NamedRecipe, orEqual: boolean): number {
    let low = 0;
    let high = list.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      const c = compareRecipes(list[mid] as Entry, r);
      if (c < 0 || (orEqual && c === 0)) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  /**
   * Up to `limit` recipes whose name contains `search` (any case, as the list screen filters), in
   * Swedish order, and with `category` only those in it (any letter case): from the start, after `after` or before
   * `before` (both exclusive). `next` and `previous` are the page's last and first recipe when more match beyond
   * them, else null.
   */
  async function page(opts: {
    after?: NamedRecipe;
    before?: NamedRecipe;
    search?: string;
    category?: string;
    limit: number;
  }): Promise<Page> {
    const all = await current();
    // Within a category: its own recipes, in the same order (an unknown category has none).
    const list = opts.category === undefined ? all : (groups(all).byKey.get(categoryKey(opts.category))?.entries ?? []);
    const query = fold(opts.search?.trim() ?? '');
    const matches = (i: number) => query === '' || (list[i] as Entry).folded.includes(query);
    const found: number[] = [];
    let low: number;
    let high: number;
    if (opts.before) {
      high = positionAfter(list, opts.before, false);
      let i = high - 1;
      for (; i >= 0 && found.length < opts.limit; i--) if (matches(i)) found.unshift(i);
      low = i + 1;
    } else {
      low = opts.after ? positionAfter(list, opts.after, true) : 0;
      let i = low;
      for (; i < list.length && found.length < opts.limit; i++) if (matches(i)) found.push(i);
      high = i;
    }
    const anyIn = (from: number, to: number) => {
      for (let i = from; i < to; i++) if (matches(i)) return true;
      return false;
    };
    const pick = (i: number | undefined) =>
      i === undefined ? null : { id: (list[i] as Entry).id, name: (list[i] as Entry).name };
    return {
      recipes: found.map((i) => {
        const { folded: _folded, categories: _categories, ...named } = list[i] as Entry;
        return named;
      }),
      next: found.length > 0 && anyIn(high, list.length) ? pick(found.at(-1)) : null,
      previous: found.length > 0 && anyIn(0, low) ? pick(found[0]) : null,
    };
  }

  return { page, categories, current, refreshSoon };
}
