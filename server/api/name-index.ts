import type { Database } from '../db/index.ts';
import { compareRecipes, recipeListStamp, recipeNames, recipeVersions } from '../db/recipe-repository.ts';
import { matchesName } from '../../src/lib/recipe-search.ts';

// The list screen's paged read: recipe names in Swedish order (the repository's compareRecipes,
// the same order as GET /recipes), kept in memory (a few MB at 100,000 recipes) and labelled with
// the database's change stamp. A page or a search is then a binary search plus a short scan, no
// query and no sort per keystroke. After a write only the recipes whose version moved are refetched
// (all of them when none moved: a write that bypassed the API); a page read waits for that, which
// takes a scan of ids and versions, so an editor always finds the recipe just saved.
export type NamedRecipe = { id: number; name: string };
type Entry = NamedRecipe & { version: number };

export type Page = { recipes: NamedRecipe[]; next: NamedRecipe | null };

function insertSorted(order: Entry[], e: Entry): void {
  let low = 0;
  let high = order.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (compareRecipes(order[mid] as Entry, e) < 0) low = mid + 1;
    else high = mid;
  }
  order.splice(low, 0, e);
}

export function createNameIndex(db: Database) {
  let order: Entry[] = [];
  let stamp: string | undefined;
  let refreshing: Promise<void> | undefined;

  async function refresh(): Promise<void> {
    const now = await recipeListStamp(db.orm);
    if (now === stamp) return;
    const known = new Map(order.map((e) => [e.id, e.version]));
    const versions = await recipeVersions(db.orm);
    const changed = versions.filter((v) => known.get(v.id) !== v.version).map((v) => v.id);
    const present = new Set(versions.map((v) => v.id));
    const removed = order.some((e) => !present.has(e.id));
    if (stamp === undefined || (changed.length === 0 && !removed) || changed.length > 1000) {
      order = (await recipeNames(db.orm)).sort(compareRecipes);
    } else {
      const gone = new Set(changed);
      order = order.filter((e) => present.has(e.id) && !gone.has(e.id));
      for (const e of await recipeNames(db.orm, changed)) insertSorted(order, e);
    }
    stamp = now;
  }

  /** Brings the index up to the database's stamp; concurrent callers share one refresh. */
  async function current(): Promise<Entry[]> {
    while (stamp === undefined || stamp !== (await recipeListStamp(db.orm))) {
      refreshing ??= refresh().finally(() => (refreshing = undefined));
      await refreshing;
    }
    return order;
  }

  /**
   * Up to `limit` recipes after `after` (exclusive) in Swedish order whose name contains `search`
   * (any case, as the list screen filters), and the cursor of the next page (null at the end).
   */
  async function page(opts: { after?: NamedRecipe; search?: string; limit: number }): Promise<Page> {
    const list = await current();
    let start = 0;
    if (opts.after) {
      let high = list.length;
      while (start < high) {
        const mid = (start + high) >>> 1;
        if (compareRecipes(list[mid] as Entry, opts.after) <= 0) start = mid + 1;
        else high = mid;
      }
    }
    const found: NamedRecipe[] = [];
    let i = start;
    for (; i < list.length && found.length <= opts.limit; i++) {
      const e = list[i] as Entry;
      if (!opts.search || matchesName(e.name, opts.search)) found.push({ id: e.id, name: e.name });
    }
    const more = found.length > opts.limit;
    const recipes = found.slice(0, opts.limit);
    return { recipes, next: more ? (recipes.at(-1) ?? null) : null };
  }

  return { page, current };
}
