import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addRecipe } from '../../support/recipes.ts';
import type { Database } from '../../../server/db/index.ts';
import {
  deleteRecipe,
  recipeChangesSince,
  recipeListStamp,
  updateRecipe,
} from '../../../server/db/repositories/recipe-repository.ts';
import { closeTestDatabase, createTestDatabase, DATABASE_KINDS } from '../../support/database.ts';

// Migration 007: which recipes changed after a list stamp, the list cache's and name index's way of
// refetching only what a write touched.
const recipe = (name: string) => ({ name, instructions: '', servings: 2, ingredients: [{ name: 'Salt' }] });
const sorted = (changes: { changed: number[]; removed: number[] } | null) =>
  changes && {
    changed: [...changes.changed].sort((a, b) => a - b),
    removed: [...changes.removed].sort((a, b) => a - b),
  };

describe.each(DATABASE_KINDS)('the recipe change log (%s)', (kind) => {
  let db: Database;
  beforeAll(async () => {
    db = await createTestDatabase(kind);
  });
  afterAll(() => closeTestDatabase(db));

  const since = async (stamp: string) => sorted(await recipeChangesSince(db.orm, stamp));

  it('names the recipes written and deleted after a stamp, and nothing for a refused write', async () => {
    const s0 = await recipeListStamp(db.orm);
    const a = await addRecipe(db.orm, recipe('A'), 'x');
    const b = await addRecipe(db.orm, recipe('B'), 'x');
    expect(await since(s0)).toEqual({ changed: [a.id, b.id], removed: [] });

    const s1 = await recipeListStamp(db.orm);
    expect(await since(s1)).toEqual({ changed: [], removed: [] });
    await updateRecipe(db.orm, a.id, recipe('A2'));
    expect(await since(s1)).toEqual({ changed: [a.id], removed: [] });

    const s2 = await recipeListStamp(db.orm);
    expect(await updateRecipe(db.orm, b.id, recipe('B2'), 99)).toMatchObject({ kind: 'conflict' });
    expect(await recipeListStamp(db.orm)).not.toBe(s2);
    expect(await since(s2)).toEqual({ changed: [], removed: [] });

    await deleteRecipe(db.orm, a.id);
    expect(await since(s2)).toEqual({ changed: [], removed: [a.id] });
    expect(await since(s0)).toEqual({ changed: [b.id], removed: [a.id] });
  });

  it('moves the stamp once per transaction, however many statements it has', async () => {
    const before = BigInt(await recipeListStamp(db.orm));
    const made = await addRecipe(
      db.orm,
      { ...recipe('Många'), ingredients: [{ name: 'a' }, { name: 'b' }, { name: 'c' }] },
      'x',
    );
    expect(BigInt(await recipeListStamp(db.orm))).toBe(before + 1n);
    await updateRecipe(db.orm, made.id, recipe('Många2'));
    expect(BigInt(await recipeListStamp(db.orm))).toBe(before + 2n);
  });

  it('labels a recipe whose ingredients alone changed (raw SQL)', async () => {
    const r = await addRecipe(db.orm, recipe('Rå'), 'x');
    const other = await addRecipe(db.orm, recipe('Annan'), 'x');
    const s = await recipeListStamp(db.orm);
    await db.orm.execute(`UPDATE ingredients SET name = 'Peppar' WHERE recipe_id = ${r.id}`);
    expect(await since(s)).toEqual({ changed: [r.id], removed: [] });
    const s2 = await recipeListStamp(db.orm);
    await db.orm.execute(`DELETE FROM ingredients WHERE recipe_id = ${other.id}`);
    await db.orm.execute(`INSERT INTO ingredients (recipe_id, position, name) VALUES (${r.id}, 5, 'Dill')`);
    expect(await since(s2)).toEqual({ changed: [r.id, other.id].sort((x, y) => x - y), removed: [] });
  });

  it('labels a recipe whose categories alone changed, or whose category was renamed (raw SQL; migration 010)', async () => {
    const r = await addRecipe(db.orm, { ...recipe('Kategoriserad'), categories: ['Helg'] }, 'x');
    const other = await addRecipe(db.orm, { ...recipe('Också'), categories: ['Helg'] }, 'x');
    const plain = await addRecipe(db.orm, recipe('Utan'), 'x');
    const s = await recipeListStamp(db.orm);
    await db.orm.execute(`DELETE FROM recipe_categories WHERE recipe_id = ${r.id}`);
    expect(await since(s)).toEqual({ changed: [r.id], removed: [] });
    const s2 = await recipeListStamp(db.orm);
    await db.orm.execute(
      `INSERT INTO recipe_categories (recipe_id, position, category_id) SELECT ${plain.id}, 0, id FROM categories WHERE key = 'helg'`,
    );
    expect(await since(s2)).toEqual({ changed: [plain.id], removed: [] });
    const s3 = await recipeListStamp(db.orm);
    await db.orm.execute(`UPDATE categories SET name = 'Helger' WHERE key = 'helg'`);
    expect(await since(s3)).toEqual({ changed: [other.id, plain.id].sort((x, y) => x - y), removed: [] });
    const s4 = await recipeListStamp(db.orm);
    await db.orm.execute('TRUNCATE recipe_categories');
    expect(await recipeChangesSince(db.orm, s4)).toBeNull();
  });

  it('sends a cache older than forgotten deletions or a TRUNCATE to read everything', async () => {
    const old = await recipeListStamp(db.orm);
    const doomed = await addRecipe(db.orm, recipe('Gammal'), 'x');
    await deleteRecipe(db.orm, doomed.id);
    // The deletion is made to look eight days old; the next deletion forgets it.
    await db.orm.execute(`UPDATE recipe_deletions SET deleted_at = now() - interval '8 days' WHERE id = ${doomed.id}`);
    const middle = await recipeListStamp(db.orm);
    const next = await addRecipe(db.orm, recipe('Ny'), 'x');
    await deleteRecipe(db.orm, next.id);
    expect(await recipeChangesSince(db.orm, old)).toBeNull();
    expect(await since(middle)).toEqual({ changed: [], removed: [next.id] });

    const beforeTruncate = await recipeListStamp(db.orm);
    await db.orm.execute('TRUNCATE ingredients');
    expect(await recipeChangesSince(db.orm, beforeTruncate)).toBeNull();
    expect(await since(await recipeListStamp(db.orm))).toEqual({ changed: [], removed: [] });
  });
});
