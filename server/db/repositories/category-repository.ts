// A recipe's categories in the database (migration 010): one `categories` row per category whatever the letter case
// recipes write it in (`key`: src/lib/organise.ts's categoryKey), the first spelling kept; `recipe_categories` the
// recipe's list in order. Written inside the recipe's own transaction, like its ingredients and photos.
import { asc, eq, inArray } from 'drizzle-orm';
import { categoryKey, normaliseCategories } from '../../../src/lib/organise.ts';
import { categories, recipeCategories } from '../schema/category-tables.ts';
import type { Transaction as Tx } from '../types.ts';

/** The recipe's categories as stored (the categories' spellings), in its order. */
export async function recipeCategoryNames(tx: Tx, recipeId: number): Promise<string[]> {
  const rows = await tx
    .select({ name: categories.name })
    .from(recipeCategories)
    .innerJoin(categories, eq(categories.id, recipeCategories.categoryId))
    .where(eq(recipeCategories.recipeId, recipeId))
    .orderBy(asc(recipeCategories.position));
  return rows.map((r) => r.name);
}

/**
 * The categories with these names, created when new: the id and the spelling in use for each key. INSERT … ON
 * CONFLICT DO NOTHING (never DO UPDATE: an update of a category labels every recipe that names it) waits for a
 * concurrent writer of the same key, so the read after it finds that writer's row.
 */
export async function categoryRows(
  tx: Tx,
  names: readonly string[],
): Promise<Map<string, { id: number; name: string }>> {
  const wanted = normaliseCategories(names).map((name) => ({ key: categoryKey(name), name }));
  if (wanted.length === 0) return new Map();
  const keys = wanted.map((w) => w.key);
  const found = async () =>
    tx
      .select({ id: categories.id, key: categories.key, name: categories.name })
      .from(categories)
      .where(inArray(categories.key, keys));
  let rows = await found();
  if (rows.length < wanted.length) {
    const have = new Set(rows.map((r) => r.key));
    // In key order: two writers creating the same new categories wait for each other in one order, never in a
    // circle (['A', 'B'] against ['B', 'A'] would deadlock).
    const missing = wanted.filter((w) => !have.has(w.key)).sort((a, b) => (a.key < b.key ? -1 : 1));
    await tx.insert(categories).values(missing).onConflictDoNothing({ target: categories.key });
    rows = await found();
  }
  return new Map(rows.map((r) => [r.key, { id: r.id, name: r.name }]));
}

/**
 * Makes `names` the recipe's categories, in that order (tidied, each once; a category already in use keeps its
 * spelling), and returns them as stored. `names` undefined (a body without `categories`): they stay as they are.
 */
export async function setRecipeCategories(
  tx: Tx,
  recipeId: number,
  names: readonly string[] | undefined,
  { isNew = false }: { isNew?: boolean } = {},
): Promise<string[]> {
  if (isNew && names === undefined) return [];
  const current = isNew ? [] : await recipeCategoryNames(tx, recipeId);
  if (names === undefined) return current;
  const wanted = normaliseCategories(names);
  // Most saves leave the categories as they were: then nothing is written (three statements and their triggers).
  const same = (list: readonly string[]) => list.map(categoryKey).join('\n');
  if (!isNew && same(current) === same(wanted)) return current;
  if (current.length > 0) await tx.delete(recipeCategories).where(eq(recipeCategories.recipeId, recipeId));
  const rows = await categoryRows(tx, wanted);
  const list = wanted.map((name) => rows.get(categoryKey(name)));
  const stored = list.filter((row): row is { id: number; name: string } => row !== undefined);
  if (stored.length > 0) {
    await tx
      .insert(recipeCategories)
      .values(stored.map((row, position) => ({ recipeId, position, categoryId: row.id })));
  }
  return stored.map((row) => row.name);
}

/** The categories of many recipes at once (the transfer file's import): one statement per table. */
export async function insertRecipeCategories(
  tx: Tx,
  list: readonly { id: number; categories?: readonly string[] | undefined }[],
): Promise<void> {
  const named = list.filter((r) => r.categories && r.categories.length > 0);
  if (named.length === 0) return;
  const rows = await categoryRows(
    tx,
    named.flatMap((r) => r.categories ?? []),
  );
  const values = named.flatMap((r) =>
    normaliseCategories(r.categories ?? []).flatMap((name, position) => {
      const row = rows.get(categoryKey(name));
      return row ? [{ recipeId: r.id, position, categoryId: row.id }] : [];
    }),
  );
  for (let start = 0; start < values.length; start += 5000) {
    await tx.insert(recipeCategories).values(values.slice(start, start + 5000));
  }
}
