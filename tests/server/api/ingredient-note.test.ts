// Issue 37: an ingredient's note ('siktat', '1 cup' as an imported page wrote it) through the API, on both databases:
// stored and answered, left out when there is none (or it is blank), kept by scaling, replaced with the ingredient
// list by a PUT, refused past the shared schema's rules with the field named, plain text (never HTML), in the
// OpenAPI document, and refused by the database itself past the API.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiHarness, type ApiHarness } from '../../support/api-app.ts';
import { DATABASE_KINDS } from '../../support/database.ts';
import { editorToken } from '../../support/tokens.ts';
import { bearer, postRecipe, recipeBody, type RecipeBody } from '../../support/recipes.ts';
import type { Recipe } from '../../../src/lib/recipe-schema.ts';

const noted = [
  { name: 'Vetemjöl', quantity: { value: 5, unit: 'DECILITER' }, note: 'siktat' },
  { name: 'Smör', quantity: { value: 100, unit: 'GRAM' }, note: 'rumsvarmt, i bitar', heading: 'Till fyllningen' },
  { name: 'Salt', quantity: { value: 1, unit: 'PINCH' }, note: 'flingsalt', doNotScale: true },
  { name: 'Socker', quantity: { value: 1, unit: 'DECILITER' }, note: '' },
  { name: 'Kardemumma', note: '   ' },
  { name: 'Mjölk', quantity: { value: 3, unit: 'DECILITER' } },
];

describe.each(DATABASE_KINDS)("an ingredient's note (%s)", (kind) => {
  let h: ApiHarness;
  let token: string;
  const get = async <T>(url: string): Promise<T> => {
    const response = await h.app.inject({ method: 'GET', url: `/api${url}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as T;
  };
  const put = (id: number, body: RecipeBody) =>
    h.app.inject({ method: 'PUT', url: `/api/recipes/${id}`, headers: bearer(token), payload: body });

  beforeAll(async () => {
    h = await createApiHarness(kind);
    token = await editorToken(h.keys);
  });
  afterAll(() => h?.close());

  it('is stored and answered after the name; a blank or absent note is no key', async () => {
    const made = await postRecipe(h.app, token, recipeBody({ name: 'Bullar med noter', ingredients: noted }));
    const expected = [
      { name: 'Vetemjöl', quantity: { value: 5, unit: 'DECILITER' }, note: 'siktat' },
      { name: 'Smör', quantity: { value: 100, unit: 'GRAM' }, note: 'rumsvarmt, i bitar', heading: 'Till fyllningen' },
      { name: 'Salt', quantity: { value: 1, unit: 'PINCH' }, note: 'flingsalt', doNotScale: true },
      { name: 'Socker', quantity: { value: 1, unit: 'DECILITER' } },
      { name: 'Kardemumma' },
      { name: 'Mjölk', quantity: { value: 3, unit: 'DECILITER' } },
    ];
    expect(made.ingredients).toEqual(expected);
    expect(await get<Recipe>(`/recipes/${made.id}`)).toEqual(made);
  });

  it('stays as written when the recipe is scaled', async () => {
    const made = await postRecipe(h.app, token, recipeBody({ name: 'Skalade noter', servings: 4, ingredients: noted }));
    const scaled = await get<Recipe>(`/recipes/${made.id}?servings=8`);
    expect(scaled.ingredients.map((i) => [i.quantity?.value, i.note])).toEqual([
      [10, 'siktat'],
      [200, 'rumsvarmt, i bitar'],
      [1, 'flingsalt'],
      [2, undefined],
      [undefined, undefined],
      [6, undefined],
    ]);
  });

  it('is replaced with the ingredient list by a PUT: kept when sent back as read, gone when left out', async () => {
    const made = await postRecipe(h.app, token, recipeBody({ name: 'Ändrade noter', ingredients: noted }));
    const asRead = await put(made.id, recipeBody({ name: 'Ändrade noter', ingredients: made.ingredients }));
    expect(asRead.statusCode, asRead.body).toBe(200);
    expect(asRead.json().ingredients).toEqual(made.ingredients);

    const changed = made.ingredients.map((i, n) => (n === 0 ? { ...i, note: 'osiktat' } : i));
    const edited = await put(made.id, recipeBody({ name: 'Ändrade noter', ingredients: changed }));
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await get<Recipe>(`/recipes/${made.id}`)).ingredients[0]).toEqual({
      name: 'Vetemjöl',
      quantity: { value: 5, unit: 'DECILITER' },
      note: 'osiktat',
    });

    const bare = made.ingredients.map(({ note: _note, ...rest }) => rest);
    const without = await put(made.id, recipeBody({ name: 'Ändrade noter', ingredients: bare }));
    expect(without.statusCode, without.body).toBe(200);
    const read = await get<Recipe>(`/recipes/${made.id}`);
    expect(read.ingredients).toEqual(bare);
    for (const ingredient of read.ingredients) expect(ingredient).not.toHaveProperty('note');
  });

  it('is text, never HTML: markup the allowed characters can spell is stored and answered as written', async () => {
    const markup = '<b>fin</b> & "grov" <script>alert(1)</script>';
    const made = await postRecipe(
      h.app,
      token,
      recipeBody({ name: 'Märkt not', ingredients: [{ name: 'Salt', note: markup }] }),
    );
    expect(made.ingredients[0]?.note).toBe(markup);
    const response = await h.app.inject({ method: 'GET', url: `/api/recipes/${made.id}` });
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json().ingredients[0].note).toBe(markup);
  });

  it("refuses a note past the schema's rules with 400 and the field named, and changes nothing", async () => {
    const made = await postRecipe(h.app, token, recipeBody({ name: 'Orörd not', ingredients: noted }));
    const cases: [unknown, string][] = [
      ['x'.repeat(101), 'Max 100 characters'],
      ['ä'.repeat(101), 'Max 100 characters'],
      ['1 cup ™', 'Ett eller flera ogiltliga tecken'],
      ['grovt 🌶', 'Ett eller flera ogiltliga tecken'],
      ['nul\u0000', 'Ett eller flera ogiltliga tecken'],
      [42, 'Must be text'],
      [null, 'Must be text'],
    ];
    for (const [note, message] of cases) {
      const response = await put(
        made.id,
        recipeBody({ name: 'Orörd not', ingredients: [{ name: 'Mjöl' }, { name: 'Salt', note }] }),
      );
      expect(response.statusCode, JSON.stringify(note)).toBe(400);
      expect(response.json().fields, JSON.stringify(note)).toEqual({ 'ingredients.1.note': message });
    }
    expect(await get<Recipe>(`/recipes/${made.id}`)).toEqual(made);
    // 100 characters (code points, as the form counts them) are allowed.
    const longest = 'å'.repeat(100);
    const ok = await put(made.id, recipeBody({ name: 'Orörd not', ingredients: [{ name: 'Salt', note: longest }] }));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().ingredients[0].note).toBe(longest);
  });

  it('is refused by the database itself past the API (empty, or over 100 characters)', async () => {
    const made = await postRecipe(
      h.app,
      token,
      recipeBody({ name: 'Databasens not', ingredients: [{ name: 'Salt' }] }),
    );
    for (const note of ['', 'x'.repeat(101)]) {
      await expect(
        h.db.orm.execute(sql`UPDATE ingredients SET note = ${note} WHERE recipe_id = ${made.id}`),
      ).rejects.toThrow();
    }
    await h.db.orm.execute(sql`UPDATE ingredients SET note = ${'x'.repeat(100)} WHERE recipe_id = ${made.id}`);
    expect((await get<Recipe>(`/recipes/${made.id}`)).ingredients[0]?.note).toBe('x'.repeat(100));
  });

  it('is described in the OpenAPI document, in the body and in the answer, with its rules', async () => {
    const doc = (await h.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const body = doc.paths['/recipes'].post.requestBody.content['application/json'].schema;
    const ingredient = body.properties.ingredients.items;
    expect(ingredient.properties.note).toMatchObject({ type: 'string', maxLength: 100 });
    expect(ingredient.properties.note.description).toContain('after the name');
    expect(ingredient.required ?? []).not.toContain('note');
    const answer = doc.paths['/recipes/{id}'].get.responses['200'].content['application/json'].schema;
    expect(JSON.stringify(answer)).toContain('"note"');
  });
});
