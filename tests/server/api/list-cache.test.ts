import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../server/db/index.ts';
import { createRecipe, listRecipes } from '../../../server/db/recipe-repository.ts';
import { buildApiApp, createApiHarness, testConfig, type ApiHarness } from '../../support/api-app.ts';
import { DATABASE_KINDS, freshPostgresUrl } from '../../support/database.ts';
import { createTestKeys, editorToken } from '../../support/tokens.ts';
import { bearer, postRecipe, recipeBody } from '../../support/recipes.ts';

const names = (response: { json(): unknown }) => (response.json() as { name: string }[]).map((r) => r.name);

describe.each(DATABASE_KINDS)('the cached full list (%s)', (kind) => {
  let h: ApiHarness;
  let token: string;
  beforeAll(async () => {
    h = await createApiHarness(kind);
    token = await editorToken(h.keys);
  });
  afterAll(() => h?.close());

  const list = () => h.app.inject({ method: 'GET', url: '/api/recipes' });

  it('follows every write through the API at once', async () => {
    expect(names(await list())).toEqual([]);
    const a = await postRecipe(h.app, token, recipeBody({ name: 'Bullar' }));
    expect(names(await list())).toEqual(['Bullar']);
    await h.app.inject({ method: 'PUT', url: `/api/recipes/${a.id}`, headers: bearer(token), payload: recipeBody({ name: 'Ärtsoppa' }) });
    const afterPut = await list();
    expect(names(afterPut)).toEqual(['Ärtsoppa']);
    expect(afterPut.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(afterPut.json()).toEqual(await listRecipes(h.db.orm));
    await h.app.inject({ method: 'DELETE', url: `/api/recipes/${a.id}`, headers: bearer(token) });
    expect(names(await list())).toEqual([]);
  });

  it('follows writes that bypass the API (raw SQL, another connection)', async () => {
    await createRecipe(h.db.orm, { name: 'Direkt', instructions: '', servings: 1, ingredients: [{ name: 'Salt' }] }, 'x');
    expect(names(await list())).toContain('Direkt');
    await h.db.orm.execute(`UPDATE ingredients SET name = 'Peppar' WHERE name = 'Salt'`);
    const direkt = (await list()).json().find((r: { name: string }) => r.name === 'Direkt');
    expect(direkt.ingredients).toEqual([{ name: 'Peppar' }]);
  });

  it('answers If-None-Match with 304 until the list changes', async () => {
    const first = await list();
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"list-/);
    const again = await h.app.inject({ method: 'GET', url: '/api/recipes', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    await postRecipe(h.app, token, recipeBody({ name: 'Ny' }));
    const changed = await h.app.inject({ method: 'GET', url: '/api/recipes', headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(names(changed)).toContain('Ny');
  });
});

describe('two API processes on one PostgreSQL', () => {
  let url: string;
  let drop: () => Promise<void>;
  let one: Database;
  let two: Database;
  beforeAll(async () => {
    ({ url, drop } = await freshPostgresUrl());
    one = await openDatabase({ databaseUrl: url, dataDir: '' });
    two = await openDatabase({ databaseUrl: url, dataDir: '' });
  });
  afterAll(async () => {
    await Promise.all([one?.close(), two?.close()]);
    await drop?.();
  });

  it("each sees the other's writes in its full list", async () => {
    const keys = await createTestKeys();
    const config = testConfig();
    const [appOne, appTwo] = await Promise.all([buildApiApp(config, one, keys), buildApiApp(config, two, keys)]);
    try {
      const token = await editorToken(keys);
      expect(names(await appOne.inject({ method: 'GET', url: '/api/recipes' }))).toEqual([]);
      expect(names(await appTwo.inject({ method: 'GET', url: '/api/recipes' }))).toEqual([]);
      await postRecipe(appTwo, token, recipeBody({ name: 'Från två' }));
      expect(names(await appOne.inject({ method: 'GET', url: '/api/recipes' }))).toEqual(['Från två']);
      await postRecipe(appOne, token, recipeBody({ name: 'Från ett' }));
      expect(names(await appTwo.inject({ method: 'GET', url: '/api/recipes' }))).toEqual(['Från ett', 'Från två']);
    } finally {
      await Promise.all([appOne.close(), appTwo.close()]);
    }
  });
});
