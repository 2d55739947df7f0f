import { count, sql } from 'drizzle-orm';
import type { Database } from '../server/db/index.ts';
import type { Transaction } from '../server/db/types.ts';
import { categories, ingredients, recipeCategories, recipes } from '../server/db/schema/index.ts';
import { categoryKey } from '../src/lib/organise.ts';
import { BENCH_CATEGORIES, benchRecipe } from './recipe-data.ts';

// 10,000 recipes per statement, sent as ONE JSON parameter: PostgreSQL unpacks it with
// json_to_recordset far faster than drizzle binds ~45,000 separate parameters per multi-row
// insert (measured: 99,000 recipes in 19 s that way on an idle machine).
const CHUNK = 10_000;

/**
 * Inserts recipes number `from` to `to - 1` with their categories (500 in use, skewed: recipe-data.ts), in one
 * transaction, straight into the tables of
 * server/db/schema (names come from the schema, so a renamed column breaks the typecheck, not
 * the data). Going through the API instead would take minutes at 100,000 and would measure the
 * write path rather than prepare the read bench. Bench names are unique ("… nr 4711"), which is
 * how each ingredient finds the id its recipe was given.
 */
export async function insertBenchRecipes(db: Database, from: number, to: number): Promise<void> {
  await db.orm.transaction(async (tx) => {
    const finish = await startBulkLoad(tx);
    // Existing rows would break the name join above and skew every figure: start from empty.
    const [existing] = await tx.select({ n: count() }).from(recipes);
    if ((existing?.n ?? 0) !== from) {
      throw new Error(
        `expected ${from} recipes in the database before seeding, found ${existing?.n}: use an empty database`,
      );
    }
    // The categories once (a later size's seed finds them there), each recipe's by name below.
    await tx
      .insert(categories)
      .values(BENCH_CATEGORIES.map((name) => ({ key: categoryKey(name), name })))
      .onConflictDoNothing();
    for (let start = from; start < to; start += CHUNK) {
      const batch = [];
      for (let i = start; i < Math.min(start + CHUNK, to); i++) batch.push(benchRecipe(i));
      const json = JSON.stringify(
        batch.map((r) => ({
          ...r,
          ingredients: r.ingredients.map((g) => ({
            name: g.name,
            value: g.quantity?.value ?? null,
            unit: g.quantity?.unit ?? null,
          })),
        })),
      );
      await tx.execute(sql`
        WITH input AS (
          SELECT * FROM json_to_recordset(${json}::json)
            AS x(name text, author text, instructions text, servings integer, ingredients json, categories json)
        ), inserted AS (
          INSERT INTO ${recipes} (name, author, instructions, servings)
          SELECT name, author, instructions, servings FROM input
          RETURNING id, name
        ), ingredient_rows AS (
          INSERT INTO ${ingredients} (recipe_id, position, name, quantity_value, unit)
          SELECT inserted.id, g.ordinality - 1, g.item->>'name', (g.item->>'value')::double precision, g.item->>'unit'
          FROM inserted
          JOIN input ON input.name = inserted.name
          CROSS JOIN LATERAL json_array_elements(input.ingredients) WITH ORDINALITY AS g(item, ordinality)
        )
        INSERT INTO ${recipeCategories} (recipe_id, position, category_id)
        SELECT inserted.id, c.ordinality - 1, cat.id
        FROM inserted
        JOIN input ON input.name = inserted.name
        CROSS JOIN LATERAL json_array_elements_text(input.categories) WITH ORDINALITY AS c(name, ordinality)
        JOIN ${categories} cat ON cat.name = c.name`);
    }
    await finish();
  });
  // What autovacuum would do within the next minute on PostgreSQL (PGlite runs none), done before any figure is
  // taken: the first figures on PostgreSQL raced it and printed its work as 50-100 ms outliers in the filters' reads.
  await db.orm.execute(sql`VACUUM ANALYZE`);
}

/** The GIN indexes a bulk load rebuilds rather than updates row by row (they are all created WITH fastupdate = off). */
const REBUILT = ['recipes', 'ingredients', 'recipe_texts', 'ingredient_names', 'recipe_ingredient_names'];

/**
 * A bulk load's set-up, inside its transaction, undone by the function it returns (before the commit): the recipes'
 * full-text documents (migration 014's deferred trigger, one call per recipe at commit) and the GIN indexes on the
 * loaded tables (updated entry by entry, as fastupdate is off) cost the load more than the rows themselves: at
 * 100,000 recipes it outran the bench's seed step. Instead the trigger is off for this transaction and the documents
 * are written in one statement by the same function (recipe_document; migration 017's ingredient names by
 * write_missing_ingredient_names), and the indexes are dropped and built again
 * from their own definitions (pg_indexes), so nothing here repeats what the migrations say. The product's trigger
 * and indexes are as before once the transaction commits.
 */
async function startBulkLoad(tx: Transaction): Promise<() => Promise<void>> {
  await tx.execute(sql`ALTER TABLE recipes DISABLE TRIGGER recipes_document`);
  const result = await tx.execute(sql`
    SELECT indexname AS name, indexdef AS definition FROM pg_indexes
    WHERE schemaname = current_schema() AND tablename IN (${sql.join(
      REBUILT.map((t) => sql`${t}`),
      sql`, `,
    )}) AND indexdef LIKE '% USING gin %'`);
  const indexes = (result as unknown as { rows: { name: string; definition: string }[] }).rows;
  for (const { name } of indexes) await tx.execute(sql`DROP INDEX ${sql.identifier(name)}`);
  return async () => {
    await tx.execute(sql`
      INSERT INTO recipe_texts (recipe_id, document)
      SELECT id, recipe_document(id) FROM recipes WHERE id NOT IN (SELECT recipe_id FROM recipe_texts)`);
    // The same trigger's other half (migration 017): the distinct ingredient names and each recipe's name ids.
    await tx.execute(sql`SELECT write_missing_ingredient_names()`);
    // The rows' other deferred checks (migration 006's write deadline) now: a table with pending trigger events
    // cannot take an index.
    await tx.execute(sql`SET CONSTRAINTS ALL IMMEDIATE`);
    for (const { definition } of indexes) await tx.execute(sql.raw(definition));
    await tx.execute(sql`ALTER TABLE recipes ENABLE TRIGGER recipes_document`);
  };
}
