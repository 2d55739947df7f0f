import type { Database } from '../server/db/index.ts';
import { ingredients, recipes } from '../server/db/schema/index.ts';
import { benchRecipe } from './recipe-data.ts';

// 1,000 recipes per statement: with ~5 ingredients each the ingredient insert binds ~22,000
// parameters, well under PostgreSQL's 65,535 limit, and few enough round trips to stay fast.
const CHUNK = 1000;

/**
 * Inserts recipes number `from` to `to - 1` straight through the drizzle schema, in one
 * transaction with multi-row inserts. Going through the API instead would take minutes at
 * 100,000 and would measure the write path rather than prepare the read bench.
 */
export async function insertBenchRecipes(db: Database, from: number, to: number): Promise<void> {
  await db.orm.transaction(async (tx) => {
    for (let start = from; start < to; start += CHUNK) {
      const batch = [];
      for (let i = start; i < Math.min(start + CHUNK, to); i++) batch.push(benchRecipe(i));
      const inserted = await tx
        .insert(recipes)
        .values(batch.map(({ name, author, instructions, servings }) => ({ name, author, instructions, servings })))
        .returning({ id: recipes.id });
      const rows = batch.flatMap((recipe, r) =>
        recipe.ingredients.map((ingredient, position) => ({
          recipeId: inserted[r]?.id ?? 0,
          position,
          name: ingredient.name,
          quantityValue: ingredient.quantity?.value ?? null,
          unit: ingredient.quantity?.unit ?? null,
        })),
      );
      await tx.insert(ingredients).values(rows);
    }
  });
}
