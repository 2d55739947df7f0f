import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/index.ts';
import { deleteRecipe, listRecipes, updateRecipe } from '../../../server/db/repositories/recipe-repository.ts';
import { createChangeFeed, type Changes } from '../../../server/db/repositories/change-feed.ts';
import { createNameIndex } from '../../../server/api/read-models/name-index.ts';
import { createApiHarness, type ApiHarness } from '../../support/api-app.ts';
import { closeTestDatabase, createTestDatabase, DATABASE_KINDS } from '../../support/database.ts';
import { useTwoApiProcesses } from '../../support/two-api-processes.ts';
import { addRecipe, bearer, postRecipe, recipeBody } from '../../support/recipes.ts';

// The name index (GET /recipes/names) follows the database as the full list does (list-cache.test.ts): every
// read that starts after a write was acknowledged includes it, whoever wrote it. No polling anywhere here.
type Page = { recipes: { id: number; name: string }[]; next: string | null };
const recipe = (name: string) => ({ name, instructions: '', servings: 1, ingredients: [{ name: 'Salt' }] });

describe.each(DATABASE_KINDS)('the name index follows writes that bypass the API (%s)', (kind) => {
  let h: ApiHarness;
  beforeAll(async () => {
    h = await createApiHarness(kind);
  });
  afterAll(() => h?.close());

  const namesRead = async (query = '?limit=200') =>
    ((await h.app.inject({ method: 'GET', url: `/api/recipes/names${query}` })).json() as Page).recipes.map(
      (r) => r.name,
    );

  it('shows a recipe written, renamed and deleted past the API at the very next read', async () => {
    expect(await namesRead()).toEqual([]);
    const a = await addRecipe(h.db.orm, recipe('Direkt'), 'x');
    expect(await namesRead()).toEqual(['Direkt']);
    await updateRecipe(h.db.orm, a.id, recipe('Ärtsoppa'));
    expect(await namesRead()).toEqual(['Ärtsoppa']);
    // Raw SQL, as a psql session or a bulk load writes.
    await h.db.orm.execute(`UPDATE recipes SET name = 'Bullar' WHERE id = ${a.id}`);
    await h.db.orm.execute(
      `INSERT INTO recipes (name, author, instructions, servings) VALUES ('Apelsin', 'x', '', 1), ('Öl', 'x', '', 1)`,
    );
    expect(await namesRead()).toEqual(['Apelsin', 'Bullar', 'Öl']);
    expect(await namesRead('?search=ÖL')).toEqual(['Öl']);
    await h.db.orm.execute(`DELETE FROM recipes WHERE name = 'Apelsin'`);
    await deleteRecipe(h.db.orm, a.id);
    expect(await namesRead()).toEqual(['Öl']);
    await h.db.orm.execute('TRUNCATE recipes CASCADE');
    expect(await namesRead()).toEqual([]);
  });

  it('a write past the API, then a second without a reader, then a read: the read has the write', async () => {
    await namesRead();
    await addRecipe(h.db.orm, recipe('Tyst'), 'x');
    await new Promise((done) => setTimeout(done, 1000));
    expect(await namesRead()).toEqual(['Tyst']);
    await h.db.orm.execute(`DELETE FROM recipes WHERE name = 'Tyst'`);
    expect(await namesRead()).toEqual([]);
  });
});

describe('the name index of two API processes on one PostgreSQL', () => {
  const processes = useTwoApiProcesses();

  it("each sees the other's writes in its names at the very next read", async () => {
    const { one, two, token } = processes();
    const namesOf = async (app: typeof one, query = '') =>
      ((await app.inject({ method: 'GET', url: `/api/recipes/names${query}` })).json() as Page).recipes.map(
        (r) => r.name,
      );
    // Both indexes built before the writes: what follows are catch-ups, not first reads.
    expect(await namesOf(one)).toEqual([]);
    expect(await namesOf(two)).toEqual([]);
    const made = await postRecipe(two, token, recipeBody({ name: 'Från två' }));
    expect(await namesOf(one)).toEqual(['Från två']);
    await postRecipe(one, token, recipeBody({ name: 'Från ett' }));
    expect(await namesOf(two)).toEqual(['Från ett', 'Från två']);
    await one.inject({
      method: 'PUT',
      url: `/api/recipes/${made.id}`,
      headers: bearer(token),
      payload: recipeBody({ name: 'Ändrad av ett' }),
    });
    expect(await namesOf(two)).toEqual(['Från ett', 'Ändrad av ett']);
    expect(await namesOf(two, '?search=ändrad')).toEqual(['Ändrad av ett']);
    await two.inject({ method: 'DELETE', url: `/api/recipes/${made.id}`, headers: bearer(token) });
    expect(await namesOf(one)).toEqual(['Från ett']);
    // A write on one, a second in which nobody reads, then a read on the other.
    await postRecipe(one, token, recipeBody({ name: 'Efter tystnad' }));
    await new Promise((done) => setTimeout(done, 1000));
    expect(await namesOf(two)).toEqual(['Efter tystnad', 'Från ett']);
  });
});

describe.each(DATABASE_KINDS)('the name index after more changes than a patch takes (%s)', (kind) => {
  let db: Database;
  beforeAll(async () => {
    db = await createTestDatabase(kind);
  });
  afterAll(() => closeTestDatabase(db));

  it('reads every name again, and holds what a fresh index holds', async () => {
    // A patch of at most three changed recipes; what the feed told the index is recorded.
    const feed = createChangeFeed(db, { maxPatch: 3 });
    const told: Changes['kind'][] = [];
    const changesSince = feed.changesSince.bind(feed);
    feed.changesSince = async (since) => {
      const changes = await changesSince(since);
      told.push(changes.kind);
      return changes;
    };
    const index = createNameIndex(db, { feed });
    const inStep = async () => {
      const held = await index.current();
      // Each entry's slot in the filters' facts depends on the order entries came and went: not part of what it holds.
      const withoutSlots = (entries: typeof held) => entries.map(({ slot: _slot, ...entry }) => entry);
      expect(withoutSlots(held)).toEqual(withoutSlots(await createNameIndex(db).current()));
      expect(held.map(({ id, name }) => ({ id, name }))).toEqual(
        (await listRecipes(db.orm)).map(({ id, name }) => ({ id, name })),
      );
    };
    const ids: number[] = [];
    const make = async (name: string) => ids.push((await addRecipe(db.orm, recipe(name), 'x')).id);

    await inStep();
    expect(told).toEqual(['everything']);
    for (const name of ['Öl', 'Apelsin', 'Zucchini']) await make(name);
    await inStep();
    expect(told.at(-1)).toBe('changes');
    // Four new recipes and a rename: five changed, more than three.
    for (const name of ['Äpple', 'Bröd', 'Citron', 'ärter']) await make(name);
    await updateRecipe(db.orm, ids[0] as number, recipe('Ål'));
    await inStep();
    expect(told.at(-1)).toBe('everything');
    // Exactly three: still a patch. Deletions are not counted (they cost no read).
    await updateRecipe(db.orm, ids[1] as number, recipe('Banan'));
    for (const id of ids.slice(2, 6)) await deleteRecipe(db.orm, id);
    await make('Dill');
    await make('Enbär');
    await inStep();
    expect(told.at(-1)).toBe('changes');
    // One statement renaming every recipe (a bulk fix through psql).
    await db.orm.execute(`UPDATE recipes SET name = upper(name)`);
    await inStep();
    expect(told.at(-1)).toBe('everything');
    // A TRUNCATE is always a full read, however few it removed.
    await db.orm.execute('TRUNCATE recipes CASCADE');
    await make('Efter');
    await inStep();
    expect(told.at(-1)).toBe('everything');
    expect(told.filter((k) => k === 'everything')).toHaveLength(4);
  });
});
