import { sql } from 'drizzle-orm';
import { countRecipes, createRecipeOnce, listRecipes } from '../repositories/recipe-repository.ts';
import { SEED_RECIPES } from './seed-recipes.ts';
import type { AppDatabase, Database } from '../index.ts';

export const SEED_AUTHOR = 'redaktor';
// Two processes starting on one empty PostgreSQL must not both seed: they serialise on this lock
// and the second one finds the table filled.
const SEED_LOCK = 7_305_002;

/**
 * Inserts the demo recipes in one transaction. `onlyIfEmpty`: nothing happens unless the table is
 * empty. Otherwise only recipes whose name is not present yet are added (re-running adds nothing).
 * Returns how many were inserted.
 */
export async function seedRecipes(db: Database, { onlyIfEmpty }: { onlyIfEmpty: boolean }): Promise<number> {
  return db.orm.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK})`);
    const orm = tx as unknown as AppDatabase;
    if (onlyIfEmpty && (await countRecipes(orm)) > 0) return 0;
    const present = new Set((await listRecipes(orm)).map((r) => r.name));
    let inserted = 0;
    for (const recipe of SEED_RECIPES) {
      if (present.has(recipe.name)) continue;
      await createRecipeOnce(orm, recipe, SEED_AUTHOR, undefined);
      inserted++;
    }
    return inserted;
  });
}

/** First start of the embedded default: demo content, but never into a database that has recipes. */
export function seedRecipesIfEmpty(db: Database): Promise<number> {
  return seedRecipes(db, { onlyIfEmpty: true });
}
