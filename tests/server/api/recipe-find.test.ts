import type { SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createFindCache } from '../../../server/api/read-models/find-cache.ts';
import { foundIds } from '../../../server/db/repositories/recipe-find-repository.ts';
import { importTransfer } from '../../../server/db/transfer/transfer-import.ts';
import { MAX_IMPORTED_NUMBER, TRANSFER_FORMAT } from '../../../server/db/transfer/transfer-format.ts';
import { createApiHarness, type ApiHarness } from '../../support/api-app.ts';
import { DATABASE_KINDS } from '../../support/database.ts';
import { editorToken } from '../../support/tokens.ts';
import { bearer, postRecipe, recipeBody } from '../../support/recipes.ts';

// Issue 40: the list route's filters beside the name search, on both databases (migration 014's indexes).
type Page = { recipes: { id: number; name: string }[]; next: string | null; previous: string | null; count?: number };

const ingredientsOf = (...names: string[]) => names.map((name) => ({ name }));
/** A statement's text, without its parameters (drizzle's sql`` keeps the text in chunks of strings). */
const textOf = (statement: SQL | string) =>
  typeof statement === 'string'
    ? statement
    : statement.queryChunks.map((c) => (c as { value?: string[] }).value?.join('') ?? '').join('');

describe.each(DATABASE_KINDS)('GET /recipes/names with filters (%s)', (kind) => {
  let h: ApiHarness;
  let token: string;
  const get = (params: Record<string, string>) =>
    h.app.inject({ method: 'GET', url: `/api/recipes/names?${new URLSearchParams(params)}` });
  const page = async (params: Record<string, string>) => (await get(params)).json() as Page;
  const names = async (params: Record<string, string>) => (await page(params)).recipes.map((r) => r.name);

  beforeAll(async () => {
    h = await createApiHarness(kind);
    token = await editorToken(h.keys);
    const add = (body: Record<string, unknown>) => postRecipe(h.app, token, recipeBody(body));
    await add({
      name: 'Kycklinggryta',
      ingredients: ingredientsOf('Kycklingfilé', 'Kokosmjölk', 'Gul lök'),
      instructions: 'Bryn kycklingen. Häll på kokosmjölken.',
      totalTime: 30,
      categories: ['Middag'],
    });
    await add({ name: 'Äggröra', ingredients: ingredientsOf('Ägg', 'Smör', 'Gräslök'), prepTime: 10 });
    await add({
      name: 'Kardemummabullar',
      ingredients: ingredientsOf('Vetemjöl', 'Smör', 'Kardemumma'),
      instructions: 'Baka bullarna i ugnen.',
      prepTime: 40,
      totalTime: 90,
      categories: ['Fika'],
    });
    await add({ name: 'Löksoppa', ingredients: ingredientsOf('Rödlök', 'Buljong'), instructions: 'Koka.' });
    await add({
      name: 'Sockerkaka',
      ingredients: ingredientsOf('Ägg', 'Socker'),
      instructions: 'Smaksätt med kardemumma.',
      totalTime: 60,
      categories: ['Fika'],
    });
  });
  afterAll(() => h?.close());

  it('finds recipes with every ingredient word, Swedish forms and capitals included, with a count', async () => {
    expect(await page({ ingredients: 'kycklingfilé kokosmjölken' })).toMatchObject({
      recipes: [{ name: 'Kycklinggryta' }],
      count: 1,
    });
    // Decision 062: a word is found as the last part of a compound: "Kycklingfilé" is a fillet, "Vetemjöl" a flour.
    expect(await names({ ingredients: 'kyckling' })).toEqual([]);
    expect(await names({ ingredients: 'filé' })).toEqual(['Kycklinggryta']);
    expect(await names({ ingredients: 'mjöl' })).toEqual(['Kardemummabullar']);
    expect(await names({ ingredients: 'vete' })).toEqual([]);
    expect(await names({ ingredients: 'ÄGGEN' })).toEqual(['Sockerkaka', 'Äggröra']);
    // "lök" is "Gul lök"'s word and the last part of "Gräslök" and "Rödlök"; "löken" is the same word.
    expect(await names({ ingredients: 'löken' })).toEqual(['Kycklinggryta', 'Löksoppa', 'Äggröra']);
    expect(await names({ ingredients: 'ägg smör' })).toEqual(['Äggröra']);
    expect(await page({ ingredients: 'saffran' })).toEqual({ recipes: [], next: null, previous: null, count: 0 });
  });

  it('finds a one- or two-letter word only as a whole word (ingredients, words), and sees the next write of it', async () => {
    const made = await postRecipe(
      h.app,
      token,
      recipeBody({ name: 'Te med honung', ingredients: ingredientsOf('Grönt te', 'Honung') }),
    );
    try {
      // "te" is inside "Vetemjöl" (Kardemummabullar), but a word of its own only in "Grönt te".
      expect(await page({ ingredients: 'TE' })).toMatchObject({ recipes: [{ name: 'Te med honung' }], count: 1 });
      // While "kokosmjölk" is typed: "ko" is inside "Kokosmjölk", but a word of its own in no name.
      expect(await page({ ingredients: 'ko' })).toMatchObject({ recipes: [], count: 0 });
      // So also in words anywhere: "ko" begins "kokosmjölk" (Kycklinggryta) but is no word of its own.
      expect(await page({ words: 'ko' })).toMatchObject({ recipes: [], count: 0 });
      expect(await names({ words: 'te' })).toEqual(['Te med honung']);
      // The distinct names' path sees a write at the next read: a new name, and a name no longer there.
      await h.db.orm.execute(
        `UPDATE ingredients SET name = 'Te (svart)' WHERE recipe_id = ${made.id} AND name = 'Grönt te'`,
      );
      expect(await names({ ingredients: 'te honung' })).toEqual(['Te med honung']);
      await h.db.orm.execute(
        `UPDATE ingredients SET name = 'Rooibos' WHERE recipe_id = ${made.id} AND name = 'Te (svart)'`,
      );
      expect(await names({ ingredients: 'te' })).toEqual([]);
      expect(await names({ ingredients: 'rooibos' })).toEqual(['Te med honung']);
    } finally {
      await h.app.inject({ method: 'DELETE', url: `/api/recipes/${made.id}`, headers: bearer(token) });
    }
    expect(await names({ ingredients: 'rooibos' })).toEqual([]);
  });

  it('keeps recipes whose total time, or else preparation time, is within the limit, and leaves out those without', async () => {
    expect(await names({ maxMinutes: '30' })).toEqual(['Kycklinggryta', 'Äggröra']);
    // Kardemummabullar: 40 minutes to prepare, but 90 in all.
    expect(await names({ maxMinutes: '60' })).toEqual(['Kycklinggryta', 'Sockerkaka', 'Äggröra']);
    expect((await page({ maxMinutes: '10080' })).count).toBe(4);
  });

  it('searches words anywhere with Swedish stemming, ranked by where they stand, as prefixes while typing', async () => {
    // The name weighs more than the instructions.
    expect(await names({ words: 'kardemumma' })).toEqual(['Kardemummabullar', 'Sockerkaka']);
    expect(await names({ words: 'karde' })).toEqual(['Kardemummabullar', 'Sockerkaka']);
    expect(await names({ words: 'kokosmjölken' })).toEqual(['Kycklinggryta']);
    expect(await names({ words: 'fika ugnen' })).toEqual(['Kardemummabullar']);
    expect(await names({ words: 'middag' })).toEqual(['Kycklinggryta']);
    // å, ä and ö are letters: "ägg" is not "agg".
    expect(await names({ words: 'agg' })).toEqual([]);
  });

  it('combines the filters with each other, the name search, the category and paging', async () => {
    expect(await names({ ingredients: 'ägg', maxMinutes: '15' })).toEqual(['Äggröra']);
    expect(await names({ ingredients: 'smör', category: 'fika' })).toEqual(['Kardemummabullar']);
    expect(await names({ words: 'kardemumma', search: 'kaka' })).toEqual(['Sockerkaka']);
    expect(await names({ words: 'kardemumma', maxMinutes: '60' })).toEqual(['Sockerkaka']);
    const first = await page({ ingredients: 'lök', limit: '2' });
    expect(first).toMatchObject({ recipes: [{ name: 'Kycklinggryta' }, { name: 'Löksoppa' }], count: 3 });
    const second = await page({ ingredients: 'lök', limit: '2', after: first.next as string });
    expect(second.recipes.map((r) => r.name)).toEqual(['Äggröra']);
    expect(second.next).toBeNull();
    const back = await page({ ingredients: 'lök', limit: '2', before: second.previous as string });
    expect(back.recipes).toEqual(first.recipes);
    const ranked = await page({ words: 'kardemumma', limit: '1' });
    expect(ranked.recipes.map((r) => r.name)).toEqual(['Kardemummabullar']);
    const rankedNext = await page({ words: 'kardemumma', limit: '1', after: ranked.next as string });
    expect(rankedNext.recipes.map((r) => r.name)).toEqual(['Sockerkaka']);
    expect(rankedNext.next).toBeNull();
  });

  it('shows a write to the next filtered read', async () => {
    const made = await postRecipe(
      h.app,
      token,
      recipeBody({ name: 'Saffransbullar', ingredients: ingredientsOf('Saffran') }),
    );
    expect(await names({ ingredients: 'saffran' })).toEqual(['Saffransbullar']);
    expect(await names({ words: 'saffran' })).toEqual(['Saffransbullar']);
    await h.app.inject({
      method: 'PUT',
      url: `/api/recipes/${made.id}`,
      headers: bearer(token),
      payload: recipeBody({ name: 'Saffransbullar', ingredients: ingredientsOf('Vetemjöl'), totalTime: 5 }),
    });
    expect(await names({ ingredients: 'saffran' })).toEqual([]);
    expect(await names({ words: 'saffran vetemjöl' })).toEqual(['Saffransbullar']);
    expect(await names({ maxMinutes: '5' })).toEqual(['Saffransbullar']);
    await h.app.inject({ method: 'DELETE', url: `/api/recipes/${made.id}`, headers: bearer(token) });
    expect(await names({ words: 'saffran' })).toEqual([]);
  });

  it('filters a recipe whose id is at the top of the range an import allows, and its write', async () => {
    // A book moved in keeps its ids (db:import): the filters' facts must not be laid out by id.
    const report = await importTransfer(h.db.orm, {
      format: TRANSFER_FORMAT,
      exportedAt: '2024-06-01T00:00:00.000Z',
      recipes: [
        {
          id: MAX_IMPORTED_NUMBER,
          name: 'Saffranskaka',
          author: 'redaktor',
          instructions: 'Grädda i ugnen.',
          servings: 8,
          ingredients: ingredientsOf('Saffran', 'Ägg'),
          totalTime: 50,
          version: 1,
          createdAt: '2024-05-01T10:00:00Z',
          updatedAt: '2024-05-01T10:00:00Z',
        },
      ],
    });
    expect(report.outcomes).toEqual([expect.objectContaining({ kind: 'added', id: MAX_IMPORTED_NUMBER })]);
    expect(await names({ ingredients: 'saffran', maxMinutes: '60' })).toEqual(['Saffranskaka']);
    expect(await names({ ingredients: 'äggen', words: 'ugnen' })).toEqual(['Saffranskaka']);
    await h.app.inject({
      method: 'PUT',
      url: `/api/recipes/${MAX_IMPORTED_NUMBER}`,
      headers: bearer(token),
      payload: recipeBody({ name: 'Saffranskaka', ingredients: ingredientsOf('Vetemjöl'), totalTime: 70 }),
    });
    expect(await names({ ingredients: 'saffran' })).toEqual([]);
    expect(await names({ ingredients: 'vetemjöl', maxMinutes: '60' })).toEqual([]);
    expect(await names({ ingredients: 'vetemjöl' })).toEqual(['Kardemummabullar', 'Saffranskaka']);
    await h.app.inject({ method: 'DELETE', url: `/api/recipes/${MAX_IMPORTED_NUMBER}`, headers: bearer(token) });
    expect(await names({ ingredients: 'vetemjöl' })).toEqual(['Kardemummabullar']);
  });

  it('documents the filters with exact schemas', async () => {
    const doc = (await h.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const op = doc.paths['/api/recipes/names']?.get ?? doc.paths['/recipes/names']?.get;
    const schemaOf = (name: string) =>
      (op.parameters as { name: string; schema: Record<string, unknown> }[]).find((p) => p.name === name)?.schema;
    expect(schemaOf('maxMinutes')).toMatchObject({ type: 'integer', minimum: 1, maximum: 10080 });
    expect(schemaOf('ingredients')).toMatchObject({ type: 'string', maxLength: 200 });
    expect(schemaOf('words')).toMatchObject({ type: 'string', maxLength: 200 });
    expect(op.responses['200'].content['application/json'].schema.properties.count).toMatchObject({ type: 'integer' });
  });

  it('answers bad filters with 400, never 500', async () => {
    for (const params of <Record<string, string>[]>[
      { maxMinutes: '0' },
      { maxMinutes: 'femton' },
      { maxMinutes: '10081' },
      { ingredients: 'x'.repeat(201) },
      { words: 'x'.repeat(201) },
    ]) {
      const response = await get(params);
      expect(response.statusCode, JSON.stringify(params)).toBe(400);
    }
    // Only punctuation (to_tsquery's syntax, NUL), or only words the Swedish configuration drops: nothing asked.
    expect((await get({ words: '"&|!:*()\u0000', ingredients: "%_\\'" })).statusCode).toBe(200);
    expect((await page({ words: 'och' })).count).toBe(5);
    // Such words are no filter: the list in its own (name) order, not ranked (all alike) by id.
    expect(await names({ words: 'och kan' })).toEqual([
      'Kardemummabullar',
      'Kycklinggryta',
      'Löksoppa',
      'Sockerkaka',
      'Äggröra',
    ]);
    expect(await names({ words: 'och', ingredients: 'lök' })).toEqual(['Kycklinggryta', 'Löksoppa', 'Äggröra']);
  });

  it('reads a filter once for every page of it and the count, and still shows a write past the API at the next read', async () => {
    const execute = vi.spyOn(h.db.orm, 'execute');
    const reads = (table: string) =>
      execute.mock.calls.filter(([statement]) => textOf(statement as SQL).includes(`FROM ${table} `)).length;
    try {
      const first = await page({ ingredients: 'smör', limit: '1' });
      expect(first).toMatchObject({ recipes: [{ name: 'Kardemummabullar' }], count: 2 });
      const second = await page({ ingredients: 'smör', limit: '1', after: first.next as string });
      expect(second.recipes.map((r) => r.name)).toEqual(['Äggröra']);
      expect(await names({ ingredients: 'smör' })).toEqual(['Kardemummabullar', 'Äggröra']);
      // Typing a second word asks only for it.
      expect(await names({ ingredients: 'smör ägg' })).toEqual(['Äggröra']);
      // Each word asks the small table of ingredient names once ("smö" while "smör" is typed is a word of its own,
      // which finds nothing: it is no name's last part); which recipes hold those names the name index knows, so no
      // statement reads the recipes' names again.
      expect(await names({ ingredients: 'SMÖ' })).toEqual([]);
      expect(reads('ingredient_names')).toBe(3);
      expect(reads('recipe_ingredient_names')).toBe(0);

      // Raw SQL, as a psql session writes: the next read has it, whoever wrote it.
      const found = await h.db.orm.execute(`SELECT id FROM recipes WHERE name = 'Löksoppa'`);
      const [soup] = (found as unknown as { rows: { id: number }[] }).rows;
      await h.db.orm.execute(`INSERT INTO ingredients (recipe_id, position, name) VALUES (${soup?.id}, 9, 'Smör')`);
      expect(await names({ ingredients: 'smör' })).toEqual(['Kardemummabullar', 'Löksoppa', 'Äggröra']);
      expect(await names({ words: 'smör' })).toContain('Löksoppa');
      await h.db.orm.execute(`DELETE FROM ingredients WHERE recipe_id = ${soup?.id} AND name = 'Smör'`);
      expect(await names({ ingredients: 'smör' })).toEqual(['Kardemummabullar', 'Äggröra']);
      expect(await names({ words: 'smör' })).not.toContain('Löksoppa');
    } finally {
      execute.mockRestore();
    }
  });
});

describe('the find cache', () => {
  const answer =
    (...ids: number[]) =>
    async () =>
      foundIds(ids);

  it('gives an answer only to readers of its stamp or an older one, and forgets it at a newer stamp', async () => {
    const cache = createFindCache();
    const read = vi.fn(answer(1, 2));
    await cache.at(5n)('k', read);
    await cache.at(5n)('k', read);
    // A reader of an older stamp may have a newer answer (as the name index may be behind the database) ...
    await cache.at(4n)('k', read);
    expect(read).toHaveBeenCalledTimes(1);
    // ... but its own answer is not kept: it may lack writes made before stamp 5.
    await cache.at(4n)('other', read);
    await cache.at(5n)('other', read);
    expect(read).toHaveBeenCalledTimes(3);
    await cache.at(6n)('k', read);
    expect(read).toHaveBeenCalledTimes(4);
  });

  it('holds at most its size in ids, the least recently used dropped first, and never a failed read', async () => {
    const cache = createFindCache({ maxIds: 4 });
    const remember = cache.at(1n);
    await remember('a', answer(1, 2));
    await remember('b', answer(3, 4));
    await remember('a', answer());
    await remember('c', answer(5));
    expect(cache.held()).toEqual({ answers: 2, ids: 3 });
    expect((await remember('a', answer(9))).ids).toEqual([1, 2]);
    expect((await remember('b', answer(9))).ids).toEqual([9]);
    await expect(remember('d', () => Promise.reject(new Error('away')))).rejects.toThrow('away');
    expect((await remember('d', answer(7))).ids).toEqual([7]);
  });

  it('holds at most its number of answers, also of answers without ids (words that match nothing)', async () => {
    const cache = createFindCache({ maxAnswers: 2 });
    const remember = cache.at(1n);
    for (const word of ['x1', 'x2', 'x3', 'x4']) await remember(word, answer());
    expect(cache.held()).toEqual({ answers: 2, ids: 0 });
  });
});
