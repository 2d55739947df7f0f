import { sql, type SQL } from 'drizzle-orm';
import type { AppDatabase } from './types.ts';

// The list's filters beside the name search (issue 40, docs/decisions/055-find-recipes-by-content.md), answered by
// the database's indexes (migration 014) on PGlite and PostgreSQL alike: which recipes match, not their order in
// the list (the name index keeps that) unless the words are ranked.

export type RecipeFind = {
  /** Stems every one of which some ingredient's name contains (src/lib/recipe-filters.ts's ingredientStems). */
  ingredientStems?: readonly string[] | undefined;
  /** Total time, or preparation time where no total is set, at most this; recipes without either are left out. */
  maxMinutes?: number | undefined;
  /** Words (letters and digits only: filterWords) each found, as a word's beginning, in the recipe's document. */
  words?: readonly string[] | undefined;
};

/** LIKE treats % _ and \ as special; the stems are letters and digits, but the rule stays written once. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The ids a statement answers (both drivers answer { rows }; execute's type is the driver's own). */
async function idsOf(db: AppDatabase, statement: SQL): Promise<number[]> {
  const result = await db.execute(statement);
  return (result as { rows: { id: number }[] }).rows.map((row) => row.id);
}

/**
 * The ids of the recipes that pass every filter given: with `words`, best match first (ts_rank, the name counting
 * most), else in no particular order. Each word is a prefix ("karde" finds "kardemumma" while it is typed), stemmed
 * by the 'swedish' configuration ("kakorna" finds "kaka"); a word the configuration drops ("och") asks nothing.
 *
 * Each filter is its own statement on its own index, and their answers are intersected here: a join of them is
 * planned from statistics, which PGlite (no autovacuum) never gathers, and after a bulk load it chose a loop of
 * 100,000 index reads (85 ms at 5,000 recipes, against 17 ms once analysed). Sets of ids cost a few milliseconds.
 */
export async function findRecipeIds(db: AppDatabase, find: RecipeFind): Promise<number[]> {
  const sets: number[][] = [];
  for (const stem of find.ingredientStems ?? []) {
    sets.push(
      await idsOf(db, sql`SELECT DISTINCT recipe_id AS id FROM ingredients WHERE name ILIKE ${containing(stem)}`),
    );
  }
  if (find.maxMinutes !== undefined) {
    sets.push(
      await idsOf(db, sql`SELECT id FROM recipes WHERE coalesce(total_minutes, prep_minutes) <= ${find.maxMinutes}`),
    );
  }
  // Letters and digits only, so nothing in a word means anything to to_tsquery's syntax.
  const words = (find.words ?? []).filter((w) => /^[\p{L}\p{N}]+$/u.test(w));
  let ranked: number[] | undefined;
  if (words.length > 0) {
    const query = sql`to_tsquery('swedish', ${words.map((w) => `${w}:*`).join(' & ')})`;
    // Only stop words: numnode() is 0, and such a query would match nothing (with a notice); it asks nothing instead.
    ranked = await idsOf(
      db,
      sql`SELECT recipe_id AS id FROM recipe_texts WHERE numnode(${query}) = 0 OR document @@ ${query}
          ORDER BY ts_rank(document, ${query}) DESC, recipe_id`,
    );
  }
  sets.sort((a, b) => a.length - b.length);
  const [smallest, ...others] = sets;
  const keep = others.map((ids) => new Set(ids));
  const inAll = (id: number) => keep.every((ids) => ids.has(id));
  if (ranked) {
    const narrowed = smallest ? new Set(smallest) : undefined;
    return ranked.filter((id) => (narrowed === undefined || narrowed.has(id)) && inAll(id));
  }
  return (smallest ?? []).filter(inAll);
}
