import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiHarness, type ApiHarness } from '../../support/api-app.ts';
import { DATABASE_KINDS } from '../../support/database.ts';
import { editorToken } from '../../support/tokens.ts';
import { bearer, postRecipe, recipeBody } from '../../support/recipes.ts';
import { listRecipes } from '../../../server/db/repositories/recipe-repository.ts';

type Page = { recipes: { id: number; name: string }[]; next: string | null; previous: string | null };

describe.each(DATABASE_KINDS)('GET /recipes/names, the paged read (%s)', (kind) => {
  let h: ApiHarness;
  let token: string;
  const get = (query = '') => h.app.inject({ method: 'GET', url: `/api/recipes/names${query}` });
  const page = async (query = '') => (await get(query)).json() as Page;
  /** Every page in turn, following `next` from the first. */
  async function all(params: Record<string, string>): Promise<Page['recipes']> {
    const seen: Page['recipes'] = [];
    for (let after: string | null | undefined = undefined; after !== null;) {
      const q = new URLSearchParams({ ...params, ...(after ? { after } : {}) });
      const p = await page(`?${q}`);
      seen.push(...p.recipes);
      after = p.next;
    }
    return seen;
  }

  beforeAll(async () => {
    h = await createApiHarness(kind);
    token = await editorToken(h.keys);
    for (const name of [
      'Ärtsoppa',
      'Zucchinipaj',
      'äppelkaka',
      'Apelsinsallad',
      'Kanelbullar',
      'kanelsnäckor',
      'Köttbullar',
      'Öl',
    ]) {
      await postRecipe(h.app, token, recipeBody({ name }));
    }
  });
  afterAll(() => h?.close());

  it('reaches every recipe, ids and names only, in the Swedish order of GET /recipes, page by page', async () => {
    const full = (await listRecipes(h.db.orm)).map((r) => ({ id: r.id, name: r.name }));
    const first = await page('?limit=3');
    expect(first.recipes).toEqual(full.slice(0, 3));
    expect(first.next).toEqual(expect.any(String));
    expect(await all({ limit: '3' })).toEqual(full);
    expect(full.map((r) => r.name).slice(-3)).toEqual(['äppelkaka', 'Ärtsoppa', 'Öl']);
    expect(first.previous).toBeNull();
    // Scrolling back up: the page before the second page is the first one.
    const second = await page(`?limit=3&after=${first.next}`);
    expect(second.previous).toEqual(expect.any(String));
    const back = await page(`?limit=3&before=${second.previous}`);
    expect(back.recipes).toEqual(first.recipes);
    expect(back.previous).toBeNull();
    expect(back.next).toEqual(first.next);
  });

  it('searches case-insensitively and Unicode-aware, with a limit and a cursor', async () => {
    expect((await page('?search=KANEL')).recipes.map((r) => r.name)).toEqual(['Kanelbullar', 'kanelsnäckor']);
    expect((await page(`?search=${encodeURIComponent('ÄPP')}`)).recipes.map((r) => r.name)).toEqual(['äppelkaka']);
    const one = await page('?search=bullar&limit=1');
    expect(one.recipes.map((r) => r.name)).toEqual(['Kanelbullar']);
    expect((await page(`?search=bullar&limit=1&after=${one.next}`)).recipes.map((r) => r.name)).toEqual(['Köttbullar']);
    expect(await page('?search=finnsinte')).toEqual({ recipes: [], next: null, previous: null });
  });

  it('shows a write to the next page read', async () => {
    const made = await postRecipe(h.app, token, recipeBody({ name: 'Bananbröd' }));
    expect((await page('?search=banan')).recipes).toEqual([{ id: made.id, name: 'Bananbröd' }]);
    await h.app.inject({
      method: 'PUT',
      url: `/api/recipes/${made.id}`,
      headers: bearer(token),
      payload: recipeBody({ name: 'Bananpaj' }),
    });
    expect((await page('?search=banan')).recipes).toEqual([{ id: made.id, name: 'Bananpaj' }]);
    await h.app.inject({ method: 'DELETE', url: `/api/recipes/${made.id}`, headers: bearer(token) });
    expect((await page('?search=banan')).recipes).toEqual([]);
  });

  it('refuses a bad limit or a cursor it did not make (400)', async () => {
    for (const q of [
      '?after=W10&before=W10',
      '?limit=0',
      '?limit=201',
      '?limit=x',
      '?after=bm90IGpzb24',
      '?after=%7B',
    ]) {
      const answer = await get(q);
      expect(answer.statusCode, q).toBe(400);
    }
  });

  it('is cacheable: Cache-Control with stale-while-revalidate, an ETag, 304 until a write', async () => {
    const first = await get('?limit=2');
    expect(first.headers['cache-control']).toMatch(/stale-while-revalidate=\d+/);
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    expect(
      (await h.app.inject({ method: 'GET', url: '/api/recipes/names?limit=2', headers: { 'if-none-match': etag } }))
        .statusCode,
    ).toBe(304);
    const made = await postRecipe(h.app, token, recipeBody({ name: 'Cacheprov' }));
    expect(
      (await h.app.inject({ method: 'GET', url: '/api/recipes/names?limit=2', headers: { 'if-none-match': etag } }))
        .statusCode,
    ).toBe(200);
    await h.app.inject({ method: 'DELETE', url: `/api/recipes/${made.id}`, headers: bearer(token) });
  });

  it('is in the OpenAPI document with its parameters', async () => {
    const doc = (await h.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const op = doc.paths['/api/recipes/names']?.get ?? doc.paths['/recipes/names']?.get;
    expect(op).toBeDefined();
    expect(op.parameters.map((p: { name: string }) => p.name).sort()).toEqual([
      'after',
      'before',
      'category',
      'ingredients',
      'limit',
      'maxMinutes',
      'search',
      'words',
    ]);
    const categories = doc.paths['/api/categories']?.get ?? doc.paths['/categories']?.get;
    expect(categories.responses['200'].content['application/json'].schema).toMatchObject({
      properties: { categories: { type: 'array' } },
    });
  });
});

describe('every API GET carries Cache-Control and a validator', () => {
  let h: ApiHarness;
  beforeAll(async () => (h = await createApiHarness('pglite')));
  afterAll(() => h?.close());

  it.each(['/api/recipes', '/api/recipes?search=x', '/api/units', '/api/openapi.json', '/api/categories'])(
    '%s',
    async (url) => {
      const answer = await h.app.inject({ method: 'GET', url });
      expect(answer.headers['cache-control']).toMatch(/stale-while-revalidate/);
      const etag = answer.headers.etag as string;
      expect(etag).toBeTruthy();
      expect((await h.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } })).statusCode).toBe(304);
    },
  );
});
