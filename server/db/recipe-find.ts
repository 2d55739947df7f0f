import { sql, type SQL } from 'drizzle-orm';
import { WORD_BREAKS, wholeWordOnly } from '../../src/lib/recipe-filters.ts';
import type { AppDatabase } from './types.ts';

// The list's filters beside the name search (issue 40, docs/decisions/055-find-recipes-by-content.md), answered by
// the database's indexes (migration 014) on PGlite and PostgreSQL alike: which recipes match, not their order in
// the list (the name index keeps that) unless the words are ranked.

export type RecipeFind = {
  /** Stems every one of which some ingredient's name contains (src/lib/recipe-filters.ts's ingredientStems). */
  ingredientStems?: readonly string[] | undefined;
  /** Total time, or preparation time where no total is set, at most this; recipes without either are left out. */
  maxMinutes?: number | undefined;
  /**
   * Words (letters and digits only: filterWords) each found, as a word's beginning, in the recipe's document; one or
   * two letters only as a whole word (src/lib/recipe-filters.ts's wholeWordOnly).
   */
  words?: readonly string[] | undefined;
};

/** LIKE treats % _ and \ as special; the stems are letters and digits, but the rule stays written once. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const containing = (text: string) => `%${escapeLike(text)}%`;

/**
 * The ids a statement answers in its column `ids`, one text ("1,5,9") made by string_agg rather than a row per id:
 * at 100,000 recipes a filter can answer tens of thousands of ids, and a row object for each was most of the time
 * on PGlite. Both drivers answer { rows }; execute's type is the driver's own.
 */
async function idsOf(db: AppDatabase, statement: SQL): Promise<number[]> {
  const result = await db.execute(statement);
  const text = (result as { rows: { ids: string | null }[] }).rows[0]?.ids ?? '';
  return text === '' ? [] : text.split(',').map(Number);
}

/**
 * Where a filter's answer may come from instead of the database (server/api/find-cache.ts: the answers of the
 * database's current change stamp). `key` names the question exactly; `read` asks the database.
 */
export type Remember = <T extends FoundIds>(key: string, read: () => Promise<T>) => Promise<T>;
/**
 * A filter's answer: the ids, and a set of them made once when first needed; or `everything`, when the filters
 * asked nothing after all (words the Swedish configuration drops: "och", "kan" while "kanel" is typed), so the list
 * is every recipe in its own order, and no id was read.
 */
export type FoundIds = { ids: readonly number[]; set(): ReadonlySet<number>; everything?: true; ranked?: true };

const EVERYTHING: FoundIds = { ids: [], set: () => new Set(), everything: true };

/** `ranked`: the ids are in the order of the words' rank (best first), else in none. */
export function foundIds(ids: readonly number[], ranked = false): FoundIds {
  let made: Set<number> | undefined;
  return { ids, set: () => (made ??= new Set(ids)), ...(ranked ? { ranked: true } : {}) };
}

const askAgain: Remember = (_key, read) => read();

/**
 * The ids of the recipes that pass every filter given: with `words`, best match first (ts_rank, the name counting
 * most), else in no particular order. Each word is a prefix ("karde" finds "kardemumma" while it is typed), stemmed
 * by the 'swedish' configuration ("kakorna" finds "kaka"); a word the configuration drops ("och") asks nothing.
 *
 * Each filter is its own statement on its own index, and their answers are intersected here: a join of them is
 * planned from statistics, which PGlite (no autovacuum) never gathers, and after a bulk load it chose a loop of
 * 100,000 index reads (85 ms at 5,000 recipes, against 17 ms once analysed). Sets of ids cost a few milliseconds.
 * Each answer, and the intersection, goes through `remember`: typing a second ingredient asks only for it.
 */
export async function findRecipeIds(
  db: AppDatabase,
  find: RecipeFind,
  remember: Remember = askAgain,
): Promise<FoundIds> {
  const stems = [...new Set(find.ingredientStems ?? [])].sort();
  const minutes = find.maxMinutes;
  // Letters and digits only, so nothing in a word means anything to to_tsquery's syntax.
  const words = (find.words ?? []).filter((w) => /^[\p{L}\p{N}]+$/u.test(w));
  // The distinct names the stem matches (migration 017's small table), then the recipes holding any of them from
  // one narrow row per recipe (its name ids, a GIN index): a common word reads a few hundred pages, not the
  // ingredients' thousands, and a one- or two-letter word, matched as a whole word, no trigram index at all. The
  // recipes are remembered by the names matched: while a word is typed ("pot", "pota", "potat") each key finds the
  // same names, and only the small table is asked again.
  const withIngredient = (stem: string) =>
    remember(`ingredient ${stem}`, async () => {
      const matching = wholeWordOnly(stem)
        ? sql`(' ' || translate(name, ${WORD_BREAKS}, ${' '.repeat(WORD_BREAKS.length)}) || ' ') ILIKE ${`% ${escapeLike(stem)} %`}`
        : sql`name ILIKE ${containing(stem)}`;
      const names = await idsOf(
        db,
        sql`SELECT string_agg(id::text, ',' ORDER BY id) AS ids FROM ingredient_names WHERE ${matching}`,
      );
      if (names.length === 0) return foundIds([]);
      return remember(`ingredient names ${names.join(',')}`, async () =>
        foundIds(
          await idsOf(
            db,
            sql`SELECT string_agg(recipe_id::text, ',') AS ids FROM recipe_ingredient_names
                WHERE name_ids && ${`{${names.join(',')}}`}::integer[]`,
          ),
        ),
      );
    });
  const within = (max: number) =>
    remember(`minutes ${max}`, async () =>
      foundIds(
        await idsOf(
          db,
          sql`SELECT string_agg(id::text, ',') AS ids FROM recipes WHERE coalesce(total_minutes, prep_minutes) <= ${max}`,
        ),
      ),
    );
  // Asked only when the intersection is not remembered itself.
  const parts = () => [...stems.map(withIngredient), ...(minutes === undefined ? [] : [within(minutes)])];
  const ranked = () =>
    words.length === 0
      ? undefined
      : remember(`words ${words.join(' ')}`, async () => {
          // A one- or two-letter word is a whole word, as in "Med …": as a prefix ("g", "gr" while "grädda" is
          // typed) it matched nearly every document, each read for its rank.
          const terms = words.map((w) => (wholeWordOnly(w) ? w : `${w}:*`));
          const query = sql`to_tsquery('swedish', ${terms.join(' & ')})`;
          // Only stop words: numnode() is 0, and such a query would match nothing (with a notice); it asks nothing,
          // and no document is read (ranking every one, all alike, took half a second at 100,000 recipes).
          const ids = await idsOf(
            db,
            // The rank in a subquery (OFFSET 0 keeps it one): sorted inline, each row carried its document into
            // the sort, which at 33,000 matches spilled 15 MB to disk; now 8 bytes a row, sorted in memory.
            sql`SELECT CASE WHEN numnode(${query}) = 0 THEN '-1' ELSE (
                  SELECT string_agg(id::text, ',' ORDER BY rank DESC, id) FROM (
                    SELECT recipe_id AS id, ts_rank(document, ${query}) AS rank
                    FROM recipe_texts WHERE document @@ ${query} OFFSET 0) AS matching) END AS ids`,
          );
          return ids.length === 1 && ids[0] === -1 ? EVERYTHING : foundIds(ids, true);
        });
  if (stems.length === 0 && minutes === undefined) return (await ranked()) ?? EVERYTHING;
  const key = `all ${JSON.stringify([stems, minutes ?? null, words])}`;
  return remember(key, async () => {
    const [words, ...sets] = await Promise.all([ranked(), ...parts()]);
    const inOrder = words?.everything ? undefined : words;
    sets.sort((a, b) => a.ids.length - b.ids.length);
    const [smallest, ...others] = sets;
    const inAll = (id: number) => others.every((found) => found.set().has(id));
    if (inOrder) {
      const narrowed = smallest?.set();
      return foundIds(
        inOrder.ids.filter((id) => (narrowed === undefined || narrowed.has(id)) && inAll(id)),
        true,
      );
    }
    return foundIds((smallest?.ids ?? []).filter(inAll));
  });
}
