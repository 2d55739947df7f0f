import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { UNIT_KEYS } from '../../../src/lib/units.ts';
import { sortByName } from '../../../src/lib/recipe-search.ts';
import { createApiHarness, type ApiHarness } from '../../support/api-app.ts';
import { DATABASE_KINDS } from '../../support/database.ts';
import { editorToken } from '../../support/tokens.ts';
import { postRecipe, recipeBody } from '../../support/recipes.ts';

describe.each(DATABASE_KINDS)('reading recipes (%s)', (kind) => {
  let h: ApiHarness;
  let token: string;
  const names = [
    'Äggröra',
    'apelsinkaka',
    'Zucchinisoppa',
    'Ärtsoppa',
    'Öllebröd',
    'Åkerbärssylt',
    'Biff',
    'aprikosmos',
    'ÄGG OCH SILL',
    '50% mörk choklad_kaka',
  ];

  beforeAll(async () => {
    h = await createApiHarness(kind);
    token = await editorToken(h.keys);
    for (const name of names) await postRecipe(h.app, token, recipeBody({ name }));
  });
  afterAll(() => h?.close());

  const get = (url: string) => h.app.inject({ method: 'GET', url });

  it('lists the 11 unit keys, NONE included', async () => {
    const response = await get('/api/units');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([...UNIT_KEYS]);
    expect(response.json()).toHaveLength(11);
  });

  it('lists every recipe with its ingredients in order, in Swedish order (Å Ä Ö after Z, any case)', async () => {
    // The list built at start-up is served while the one with these recipes is built beside it.
    const response = await vi.waitFor(async () => {
      const answer = await get('/api/recipes');
      if (answer.json().length !== names.length) throw new Error('the list is not rebuilt yet');
      return answer;
    });
    expect(response.statusCode).toBe(200);
    const list = response.json() as { name: string; ingredients: { name: string }[] }[];
    expect(list.map((r) => r.name)).toEqual([
      '50% mörk choklad_kaka',
      'apelsinkaka',
      'aprikosmos',
      'Biff',
      'Zucchinisoppa',
      'Åkerbärssylt',
      'ÄGG OCH SILL',
      'Äggröra',
      'Ärtsoppa',
      'Öllebröd',
    ]);
    expect(list[0]!.ingredients.map((i) => i.name)).toEqual(['Vetemjöl', 'Mjölk', 'Ägg', 'Salt', 'Smör till stekning']);
  });

  it('orders numbers naturally ("Recept 9" before "Recept 10"), in the same order as the site, the names read and a search', async () => {
    for (const name of ['Recept 10', 'Recept 9', 'Recept 100', 'recept 2'])
      await postRecipe(h.app, token, recipeBody({ name }));
    // The full list is rebuilt beside its readers after a write (the previous body meanwhile): wait for it.
    const list = await vi.waitFor(async () => {
      const body = (await get('/api/recipes')).json() as { id: number; name: string }[];
      if (body.length !== names.length + 4) throw new Error('the list is not rebuilt yet');
      return body;
    });
    expect(list.map((r) => r.name).filter((n) => /^recept/i.test(n))).toEqual([
      'recept 2',
      'Recept 9',
      'Recept 10',
      'Recept 100',
    ]);
    expect(list).toEqual(sortByName(list));
    const paged = (await get('/api/recipes/names?limit=100')).json() as { recipes: { name: string }[] };
    expect(paged.recipes.map((r) => r.name)).toEqual(list.map((r) => r.name));
    const found = (await get('/api/recipes?search=recept')).json() as { name: string }[];
    expect(found.map((r) => r.name)).toEqual(['recept 2', 'Recept 9', 'Recept 10', 'Recept 100']);
    for (const r of list.filter((x) => /^recept/i.test(x.name))) {
      expect(
        (
          await h.app.inject({
            method: 'DELETE',
            url: `/api/recipes/${r.id}`,
            headers: { authorization: `Bearer ${token}` },
          })
        ).statusCode,
      ).toBe(204);
    }
    await vi.waitFor(async () => expect((await get('/api/recipes')).json()).toHaveLength(names.length));
  });

  it('searches case-insensitively and Unicode-aware ("ÄGG" finds "Äggröra")', async () => {
    const names = async (q: string) =>
      ((await get(`/api/recipes?search=${encodeURIComponent(q)}`)).json() as { name: string }[]).map((r) => r.name);
    expect(await names('ÄGG')).toEqual(['ÄGG OCH SILL', 'Äggröra']);
    expect(await names('soppa')).toEqual(['Zucchinisoppa', 'Ärtsoppa']);
    expect(await names('ÖLLE')).toEqual(['Öllebröd']);
    expect(await names('AP')).toEqual(['apelsinkaka', 'aprikosmos']);
  });

  it('treats LIKE wildcards in a search as plain characters', async () => {
    const names = async (q: string) =>
      ((await get(`/api/recipes?search=${encodeURIComponent(q)}`)).json() as { name: string }[]).map((r) => r.name);
    expect(await names('%')).toEqual(['50% mörk choklad_kaka']);
    expect(await names('_')).toEqual(['50% mörk choklad_kaka']);
    expect(await names('d_k')).toEqual(['50% mörk choklad_kaka']);
    expect(await names('0% m')).toEqual(['50% mörk choklad_kaka']);
    // As patterns these would match '50% mörk…' (and everything); as text they match nothing.
    expect(await names('5_%')).toEqual([]);
    expect(await names('%%')).toEqual([]);
    expect(await names('\\')).toEqual([]);
    expect(await names('finns inte')).toEqual([]);
  });

  it('odd searches are answered, never a 5xx', async () => {
    for (const q of ['%00', 'a%00b', '%ED%A0%80', '%F0%9F%8D%B0', '%27%3B--', 'a%5C']) {
      const response = await get(`/api/recipes?search=${q}`);
      expect(response.statusCode, q).toBe(200);
      expect(response.json(), q).toEqual([]);
    }
    const twice = await get('/api/recipes?search=a&search=b');
    expect(twice.statusCode).toBe(400);
    expect(twice.json().fields).toEqual({ search: 'Must be text' });
    expect((await get(`/api/recipes?search=${'a'.repeat(201)}`)).json().fields).toEqual({
      search: 'Max 200 characters',
    });
  });

  it('an empty search lists everything', async () => {
    expect((await get('/api/recipes?search=')).json()).toHaveLength(names.length);
  });

  it('gets one recipe by id, with an ETag naming its version', async () => {
    const created = await postRecipe(h.app, token, recipeBody({ name: 'Kladdkaka' }));
    const response = await get(`/api/recipes/${created.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers.etag).toBe('"1"');
    expect(response.json()).toEqual(created);
    expect(response.json()).toMatchObject({
      id: created.id,
      name: 'Kladdkaka',
      author: 'redaktor',
      servings: 4,
      version: 1,
    });
  });

  it('404 with the error shape for a recipe that does not exist', async () => {
    const response = await get('/api/recipes/999999');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ status: 404, error: 'Not Found', message: 'Recipe 999999 not found' });
  });

  it.each(['0', '-1', 'abc', '1.5', '1e3', '99999999999', '2147483648', '01'])('400 for the id %s', async (id) => {
    const response = await get(`/api/recipes/${id}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      status: 400,
      error: 'Bad Request',
      fields: { id: 'Must be a positive whole number' },
    });
  });

  it('scales every quantity to ?servings=n, rounded to 6 significant digits', async () => {
    const created = await postRecipe(
      h.app,
      token,
      recipeBody({
        name: 'Skalning',
        servings: 3,
        ingredients: [
          { name: 'Tiondel', quantity: { value: 0.1, unit: 'LITER' } },
          { name: 'Ett', quantity: { value: 1, unit: 'PIECES' } },
          { name: 'Utan mängd' },
        ],
      }),
    );
    const nine = (await get(`/api/recipes/${created.id}?servings=9`)).json();
    expect(nine.servings).toBe(9);
    expect(nine.ingredients).toEqual([
      { name: 'Tiondel', quantity: { value: 0.3, unit: 'LITER' } },
      { name: 'Ett', quantity: { value: 3, unit: 'PIECES' } },
      { name: 'Utan mängd' },
    ]);
    const one = (await get(`/api/recipes/${created.id}?servings=1`)).json();
    expect(one.ingredients[0].quantity.value).toBe(0.0333333);
    expect(one.ingredients[1].quantity.value).toBe(0.333333);
    // The stored recipe is untouched.
    expect((await get(`/api/recipes/${created.id}`)).json().servings).toBe(3);
  });

  it.each([
    ['0', 'Must be 1 or more'],
    ['101', 'Max 100'],
    ['1.5', 'Must be a number'],
    ['abc', 'Must be a number'],
    ['', 'Must be a number'],
    // Only what the OpenAPI document's integer parameter allows: no spaces, '+' or leading zeros.
    ['%205', 'Must be a number'],
    ['%2B5', 'Must be a number'],
    ['007', 'Must be a number'],
  ])('400 for ?servings=%s', async (servings, message) => {
    const created = await postRecipe(h.app, token, recipeBody({ name: 'Gränser' }));
    const response = await get(`/api/recipes/${created.id}?servings=${servings}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 400, fields: { servings: message } });
  });

  it('accepts ?servings=1 and ?servings=100', async () => {
    const created = await postRecipe(h.app, token, recipeBody({ name: 'Gränser' }));
    expect((await get(`/api/recipes/${created.id}?servings=1`)).json().servings).toBe(1);
    expect((await get(`/api/recipes/${created.id}?servings=100`)).json().servings).toBe(100);
  });

  it('reads need no token', async () => {
    expect((await get('/api/recipes')).statusCode).toBe(200);
  });
});
