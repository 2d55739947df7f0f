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

/**
 * The ids of the recipes that pass every filter given: with `words`, best match first (ts_rank, the name counting
 * most), else in no particular order. Each word is a prefix ("karde" finds "kardemumma" while it is typed), stemmed
 * by the 'swedish' configuration ("kakorna" finds "kaka"); a word the configuration drops ("och") asks nothing.
 */
export async function findRecipeIds(db: AppDatabase, find: RecipeFind): Promise<number[]> {
  const conditions: SQL[] = [];
  for (const stem of find.ingredientStems ?? []) {
    conditions.push(sql`r.id IN (SELECT recipe_id FROM ingredients WHERE name ILIKE ${containing(stem)})`);
  }
  if (find.maxMinutes !== undefined) {
    conditions.push(sql`coalesce(r.total_minutes, r.prep_minutes) <= ${find.maxMinutes}`);
  }
  // Letters and digits only, so nothing in a word means anything to to_tsquery's syntax.
  const words = (find.words ?? []).filter((w) => /^[\p{L}\p{N}]+$/u.test(w));
  const query = words.length > 0 ? words.map((w) => `${w}:*`).join(' & ') : undefined;
  // Only stop words: numnode() is 0, and such a query would match nothing (with a notice); it asks nothing instead.
  const ranked = query !== undefined;
  const tsQuery = sql`to_tsquery('swedish', ${query ?? ''})`;
  if (ranked) conditions.push(sql`(numnode(${tsQuery}) = 0 OR t.document @@ ${tsQuery})`);
  const where = conditions.length > 0 ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``;
  const statement = ranked
    ? sql`SELECT r.id FROM recipes r JOIN recipe_texts t ON t.recipe_id = r.id ${where}
          ORDER BY ts_rank(t.document, ${tsQuery}) DESC, r.id`
    : sql`SELECT r.id FROM recipes r ${where}`;
  const result = await db.execute(statement);
  // Both drivers answer { rows }; execute's type is the driver's own, so it is named here, as photo-repository does.
  return (result as { rows: { id: number }[] }).rows.map((row) => row.id);
}
