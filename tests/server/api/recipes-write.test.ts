import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiHarness, type ApiHarness } from '../../support/api-app.ts';
import { DATABASE_KINDS } from '../../support/database.ts';
import { editorToken } from '../../support/tokens.ts';
import { bearer, postRecipe, recipeBody } from '../../support/recipes.ts';
import { countRecipes } from '../../../server/db/repositories/recipe-repository.ts';

describe.each(DATABASE_KINDS)('writing recipes (%s)', (kind) => {
  let h: ApiHarness;
  let token: string;
  beforeAll(async () => {
    // Room for the 18,000-ingredient body below (refused by the schema, not by the body limit).
    h = await createApiHarness(kind, { BODY_LIMIT: '2000000' });
    token = await editorToken(h.keys, 'redaktor');
  });
  afterAll(() => h?.close());

  const put = (id: number, payload: object, headers: Record<string, string> = {}) =>
    h.app.inject({ method: 'PUT', url: `/api/recipes/${id}`, headers: { ...bearer(token), ...headers }, payload });
  const get = async (id: number) => (await h.app.inject({ method: 'GET', url: `/api/recipes/${id}` })).json();

  it('POST: 201 with the stored recipe, a new id, Location and version 1; the body author is ignored', async () => {
    const response = await h.app.inject({
      method: 'POST',
      url: '/api/recipes',
      headers: bearer(token),
      payload: recipeBody({ author: 'mallory', id: 12345, version: 9, color: 'blå' }),
    });
    expect(response.statusCode).toBe(201);
    const created = response.json();
    expect(created.id).toBeGreaterThan(0);
    expect(created.id).not.toBe(12345);
    expect(created).toMatchObject({ name: 'Pannkakor', author: 'redaktor', servings: 4, version: 1 });
    expect(created).not.toHaveProperty('color');
    expect(response.headers.location).toBe(`/api/recipes/${created.id}`);
    expect(await get(created.id)).toEqual(created);
  });

  it('POST: ingredients keep their order and units; missing instructions and ingredients default to empty', async () => {
    const created = await postRecipe(h.app, token, { name: 'Bara namn', servings: 1 });
    expect(created).toMatchObject({ instructions: '', ingredients: [] });
    const full = await postRecipe(h.app, token, recipeBody());
    expect((await get(full.id)).ingredients).toEqual(recipeBody().ingredients);
  });

  it('PUT: 200 with the stored recipe, author unchanged, version + 1', async () => {
    const created = await postRecipe(h.app, token);
    const other = await editorToken(h.keys, 'annan');
    const response = await h.app.inject({
      method: 'PUT',
      url: `/api/recipes/${created.id}`,
      headers: bearer(other),
      payload: {
        ...recipeBody({
          name: 'Tunna pannkakor',
          ingredients: [{ name: 'Mjölk', quantity: { value: 3, unit: 'DECILITER' } }],
        }),
        id: created.id,
        version: 1,
        author: 'annan',
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers.etag).toBe('"2"');
    const updated = response.json();
    expect(updated).toMatchObject({
      id: created.id,
      name: 'Tunna pannkakor',
      author: 'redaktor',
      version: 2,
      createdAt: created.createdAt,
    });
    expect(updated.ingredients).toEqual([{ name: 'Mjölk', quantity: { value: 3, unit: 'DECILITER' } }]);
    expect(await get(created.id)).toEqual(updated);
  });

  it('PUT without a version: last write wins', async () => {
    const created = await postRecipe(h.app, token);
    expect((await put(created.id, recipeBody({ name: 'Ett' }))).json().version).toBe(2);
    expect((await put(created.id, recipeBody({ name: 'Två' }))).json().version).toBe(3);
  });

  it('PUT with a stale body version: 409 naming the current version, nothing overwritten', async () => {
    const created = await postRecipe(h.app, token);
    await put(created.id, recipeBody({ name: 'Andra versionen', version: 1 }));
    const response = await put(created.id, recipeBody({ name: 'Gammal', version: 1 }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ status: 409, error: 'Conflict', currentVersion: 2 });
    expect(response.json().message).toContain('current version is 2');
    expect(await get(created.id)).toMatchObject({ name: 'Andra versionen', version: 2 });
  });

  it('PUT with If-Match: a stale one is 409, the current one (as sent in ETag) works', async () => {
    const created = await postRecipe(h.app, token);
    const stale = await put(created.id, recipeBody({ name: 'X' }), { 'if-match': '"7"' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().currentVersion).toBe(1);
    const ok = await put(created.id, recipeBody({ name: 'Y' }), { 'if-match': '"1"' });
    expect(ok.statusCode).toBe(200);
    expect((await put(created.id, recipeBody({ name: 'Z' }), { 'if-match': 'W/"2"' })).statusCode).toBe(200);
    expect((await put(created.id, recipeBody({ name: 'Z' }), { 'if-match': '3' })).statusCode).toBe(200);
    expect((await put(created.id, recipeBody({ name: 'Z' }), { 'if-match': '*' })).statusCode).toBe(200);
  });

  it('PUT: 400 for an unreadable If-Match, or one that contradicts the body version', async () => {
    const created = await postRecipe(h.app, token);
    expect((await put(created.id, recipeBody(), { 'if-match': 'abc' })).statusCode).toBe(400);
    expect((await put(created.id, recipeBody({ version: 1 }), { 'if-match': '"2"' })).statusCode).toBe(400);
    expect((await get(created.id)).version).toBe(1);
  });

  it('PUT: a body id that differs from the path is 400; the same id is fine', async () => {
    const created = await postRecipe(h.app, token);
    const response = await put(created.id, recipeBody({ id: created.id + 1 }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 400, fields: { id: 'Must match the id in the path' } });
    expect((await put(created.id, recipeBody({ id: created.id }))).statusCode).toBe(200);
  });

  it('PUT: 404 for a recipe that does not exist (with or without a version)', async () => {
    expect((await put(999999, recipeBody())).statusCode).toBe(404);
    expect((await put(999999, recipeBody({ version: 1 }))).json()).toEqual({
      status: 404,
      error: 'Not Found',
      message: 'Recipe 999999 not found',
    });
  });

  it('two PUTs with the same version: one 200 and one 409, the first one intact', async () => {
    const created = await postRecipe(h.app, token);
    const [a, b] = await Promise.all([
      put(created.id, recipeBody({ name: 'Anna sparade', version: 1, ingredients: [{ name: 'A' }] })),
      put(created.id, recipeBody({ name: 'Bo sparade', version: 1, ingredients: [{ name: 'B' }, { name: 'BB' }] })),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const winner = a.statusCode === 200 ? a : b;
    const loser = a.statusCode === 200 ? b : a;
    expect(loser.json().currentVersion).toBe(2);
    const stored = await get(created.id);
    expect(stored).toEqual(winner.json());
    expect(stored.version).toBe(2);
  });

  it('many concurrent PUTs on one version: exactly one wins', async () => {
    const created = await postRecipe(h.app, token);
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        put(created.id, recipeBody({ name: `Skrivare ${i}`, version: 1, ingredients: [{ name: `I${i}` }] })),
      ),
    );
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(responses.filter((r) => r.statusCode === 409)).toHaveLength(7);
    const winner = responses.find((r) => r.statusCode === 200)!.json();
    expect(await get(created.id)).toEqual(winner);
  });

  it('DELETE: 204 and gone, with its ingredients; a second DELETE is 404', async () => {
    const created = await postRecipe(h.app, token);
    const response = await h.app.inject({
      method: 'DELETE',
      url: `/api/recipes/${created.id}`,
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect((await h.app.inject({ method: 'GET', url: `/api/recipes/${created.id}` })).statusCode).toBe(404);
    const again = await h.app.inject({ method: 'DELETE', url: `/api/recipes/${created.id}`, headers: bearer(token) });
    expect(again.statusCode).toBe(404);
  });

  it("DELETE with the site's JSON content type and no body works", async () => {
    const created = await postRecipe(h.app, token);
    const response = await h.app.inject({
      method: 'DELETE',
      url: `/api/recipes/${created.id}`,
      headers: { ...bearer(token), 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(204);
  });

  it('DELETE: 400 for a bad id', async () => {
    expect((await h.app.inject({ method: 'DELETE', url: '/api/recipes/abc', headers: bearer(token) })).statusCode).toBe(
      400,
    );
  });

  it('a recipe holds at most 100 ingredients: 100 are stored whole, 101 are refused and nothing is stored', async () => {
    const ingredients = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ name: `I${i}`, quantity: { value: i, unit: 'GRAM' } }));
    const created = await postRecipe(h.app, token, recipeBody({ ingredients: ingredients(100) }));
    expect((await get(created.id)).ingredients).toHaveLength(100);
    const before = await countRecipes(h.db.orm);
    const refused = await h.app.inject({
      method: 'POST',
      url: '/api/recipes',
      headers: bearer(token),
      payload: recipeBody({ ingredients: ingredients(101) }),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toMatchObject({ ingredients: 'Max 100 ingredients' });
    expect((await put(created.id, recipeBody({ ingredients: ingredients(18_000) }))).statusCode).toBe(400);
    expect((await get(created.id)).ingredients).toHaveLength(100);
    expect(await countRecipes(h.db.orm)).toBe(before);
  });

  it('a version beyond PostgreSQL integers is a 400, in the body and in If-Match, never a 500', async () => {
    const created = await postRecipe(h.app, token, recipeBody());
    const body = await put(created.id, recipeBody({ version: 2 ** 31 }));
    expect(body.statusCode).toBe(400);
    expect(body.json().fields).toMatchObject({ version: 'Max 2147483647' });
    for (const ifMatch of ['"2147483648"', '9999999999', '"0"']) {
      expect((await put(created.id, recipeBody(), { 'if-match': ifMatch })).statusCode, ifMatch).toBe(400);
      expect(
        (
          await h.app.inject({
            method: 'DELETE',
            url: `/api/recipes/${created.id}`,
            headers: { ...bearer(token), 'if-match': ifMatch },
          })
        ).statusCode,
        ifMatch,
      ).toBe(400);
    }
  });

  it('DELETE honours If-Match as PUT does: a stale version is refused with 409 and nothing is deleted', async () => {
    const created = await postRecipe(h.app, token, recipeBody());
    expect((await put(created.id, recipeBody({ version: 1 }))).statusCode).toBe(200);
    const del = (ifMatch: string) =>
      h.app.inject({
        method: 'DELETE',
        url: `/api/recipes/${created.id}`,
        headers: { ...bearer(token), 'if-match': ifMatch },
      });
    const stale = await del('"1"');
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ status: 409, currentVersion: 2 });
    expect((await h.app.inject({ method: 'GET', url: `/api/recipes/${created.id}` })).statusCode).toBe(200);
    expect((await del('"2"')).statusCode).toBe(204);
    expect((await h.app.inject({ method: 'GET', url: `/api/recipes/${created.id}` })).statusCode).toBe(404);
  });
});
