import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRecipes } from '../../../server/db/repositories/recipe-repository.ts';
import { createApiHarness, type ApiHarness } from '../../support/api-app.ts';
import { DATABASE_KINDS } from '../../support/database.ts';
import { editorToken } from '../../support/tokens.ts';
import { bearer, recipeBody, type RecipeBody } from '../../support/recipes.ts';

const SYMBOLS = '. , : ; ! ? ( ) - – * ° ½ " \' ` é è — _ ^ ´ = # % & / [ ] { } € $ @ ¨ < > |'.split(' ');

describe.each(DATABASE_KINDS)('validation on the server (%s)', (kind) => {
  let h: ApiHarness;
  let token: string;
  beforeAll(async () => {
    // A small body limit makes the 413 cheap to provoke.
    h = await createApiHarness(kind, { BODY_LIMIT: '65536' });
    token = await editorToken(h.keys);
  });
  afterAll(() => h?.close());

  const post = (payload: RecipeBody | string, headers: Record<string, string> = {}) =>
    h.app.inject({ method: 'POST', url: '/api/recipes', headers: { ...bearer(token), ...headers }, payload });
  const fieldsOf = async (body: RecipeBody) => {
    const response = await post(body);
    return response.statusCode === 201 ? {} : { status: response.statusCode, ...response.json().fields };
  };

  it.each([
    ['name 64 chars', { name: 'a'.repeat(64) }, {}],
    ['name 65 chars', { name: 'a'.repeat(65) }, { name: 'Max 64 characters' }],
    ['empty name', { name: '' }, { name: 'Name is required' }],
    ['no name', { name: undefined }, { name: 'Name is required' }],
    ['instructions 10000 chars', { instructions: 'a'.repeat(10000) }, {}],
    ['instructions 10001 chars', { instructions: 'a'.repeat(10001) }, { instructions: 'Max 10000 characters' }],
    ['servings 0', { servings: 0 }, { servings: 'Must be 1 or more' }],
    ['servings 1', { servings: 1 }, {}],
    ['servings 100', { servings: 100 }, {}],
    ['servings 101', { servings: 101 }, { servings: 'Max 100' }],
    ['servings 1.5', { servings: 1.5 }, { servings: 'Must be a number' }],
    ["servings '1.5'", { servings: '1.5' }, { servings: 'Must be a number' }],
    ['ingredient name 34 chars', { ingredients: [{ name: 'a'.repeat(34) }] }, {}],
    [
      'ingredient name 35 chars',
      { ingredients: [{ name: 'a'.repeat(35) }] },
      { 'ingredients.0.name': 'Max 34 characters' },
    ],
    ['empty ingredient name', { ingredients: [{ name: '' }] }, { 'ingredients.0.name': 'Name is required' }],
    [
      'quantity as text',
      { ingredients: [{ name: 'Mjöl', quantity: { value: '2', unit: 'DECILITER' } }] },
      { 'ingredients.0.quantity.value': 'Must be a number' },
    ],
    [
      'unknown unit',
      { ingredients: [{ name: 'Mjöl', quantity: { value: 2, unit: 'CUP' } }] },
      { 'ingredients.0.quantity.unit': 'Unknown unit' },
    ],
    [
      'unit label instead of key',
      { ingredients: [{ name: 'Mjöl', quantity: { value: 2, unit: 'dl' } }] },
      { 'ingredients.0.quantity.unit': 'Unknown unit' },
    ],
    ['unit NONE', { ingredients: [{ name: 'Ägg', quantity: { value: 2, unit: 'NONE' } }] }, {}],
    ['ingredients not a list', { ingredients: 'mjöl' }, { ingredients: 'Must be a list' }],
  ] as [string, RecipeBody, Record<string, string>][])('%s', async (_, overrides, expected) => {
    const fields = await fieldsOf(recipeBody(overrides));
    expect(fields).toEqual(Object.keys(expected).length ? { status: 400, ...expected } : {});
  });

  it('reports every invalid field at once, in the error shape', async () => {
    const response = await post({
      name: '',
      servings: 0,
      instructions: 'a'.repeat(10001),
      ingredients: [{ name: 'ok' }, { name: 'a~b' }],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      status: 400,
      error: 'Bad Request',
      message: 'Invalid body',
      fields: {
        name: 'Name is required',
        servings: 'Must be 1 or more',
        instructions: 'Max 10000 characters',
        'ingredients.1.name': 'Ett eller flera ogiltliga tecken',
      },
    });
  });

  it('accepts every allowed symbol, å ä ö and newlines in name, instructions and ingredient name', async () => {
    const all = SYMBOLS.join('');
    const response = await post(
      recipeBody({
        name: `Åäö ${all}`.slice(0, 64),
        instructions: `Rad ett: ${all}\nRad två: ÅÄÖ åäö 0123456789`,
        ingredients: [{ name: SYMBOLS.slice(0, 20).join('') }, { name: SYMBOLS.slice(20).join('') }],
      }),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json().instructions).toContain(all);
  });

  it.each(SYMBOLS)('accepts %s in every text field', async (symbol) => {
    const response = await post(
      recipeBody({ name: `Kaka ${symbol}`, instructions: `Steg ${symbol}`, ingredients: [{ name: `Mjöl ${symbol}` }] }),
    );
    expect(response.statusCode).toBe(201);
  });

  it.each([
    ['emoji', '🍰'],
    ['tab', '\t'],
    ['tilde', '~'],
    ['plus', '+'],
    ['backslash', '\\'],
    ['carriage return', '\r'],
    ['NUL', '\u0000'],
  ])('rejects %s in name, instructions and ingredient name', async (_, char) => {
    const response = await post(
      recipeBody({ name: `Kaka${char}`, instructions: `Steg${char}`, ingredients: [{ name: `Mjöl${char}` }] }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({
      name: 'Ett eller flera ogiltliga tecken',
      instructions: 'Ett eller flera ogiltliga tecken',
      'ingredients.0.name': 'Ett eller flera ogiltliga tecken',
    });
  });

  // Control and format characters (\p{Cc}, \p{Cf}): NUL (PostgreSQL's text cannot hold it), C0 and C1 controls, DEL,
  // NEL (white space to PostgreSQL's CHECK, not to JavaScript: it gave 500), soft hyphen, zero-width, the
  // bidirectional overrides and isolates (U+202E can disguise an address), the byte-order mark, a tag character.
  const CONTROL_AND_FORMAT = [
    '\u0000',
    '\u0001',
    '\u001b',
    '\u001f',
    '\u007f',
    '\u0085',
    '\u009f',
    '\u00ad',
    '\u200b',
    '\u200e',
    '\u202e',
    '\u2066',
    '\ufeff',
    '\u{e0041}',
  ];
  const EVERY_TEXT_FIELD = {
    name: 'Ett eller flera ogiltliga tecken',
    instructions: 'Ett eller flera ogiltliga tecken',
    'ingredients.0.name': 'Ett eller flera ogiltliga tecken',
    'ingredients.0.heading': 'Ett eller flera ogiltliga tecken',
    'categories.0': 'Ett eller flera ogiltliga tecken',
    'source.url': 'Ett eller flera ogiltliga tecken',
    'source.name': 'Ett eller flera ogiltliga tecken',
  };
  const withCharacter = (char: string) =>
    recipeBody({
      name: `Kaka${char}`,
      instructions: `Steg${char}`,
      ingredients: [{ name: `Mjöl${char}`, heading: `Till degen${char}` }],
      categories: [`Bak${char}ning`],
      source: { url: `https://a.example/x${char}`, name: `Mormor${char}` },
    });

  it.each(CONTROL_AND_FORMAT.map((c) => [`U+${c.codePointAt(0)!.toString(16).padStart(4, '0')}`, c]))(
    'refuses %s in every text field, naming each, on POST and PUT',
    async (_, char) => {
      const made = (await post(recipeBody())).json();
      const responses = [
        await post(withCharacter(char)),
        await h.app.inject({
          method: 'PUT',
          url: `/api/recipes/${made.id}`,
          headers: bearer(token),
          payload: withCharacter(char),
        }),
      ];
      for (const response of responses) {
        expect(response.statusCode).toBe(400);
        expect(response.json().fields).toEqual(EVERY_TEXT_FIELD);
      }
      // The address alone, at the start, in the host and at the end: the 500s.
      for (const url of [`https://a.example/x${char}`, `${char}https://a.example/`, `https://a${char}.example/`]) {
        const alone = await post(recipeBody({ source: { url } }));
        expect(alone.statusCode, JSON.stringify(url)).toBe(400);
        expect(alone.json().fields).toEqual({ 'source.url': 'Ett eller flera ogiltliga tecken' });
      }
    },
  );

  it('keeps what section 5 allows: a newline in the instructions, any printable character in an address', async () => {
    const response = await post(
      recipeBody({
        instructions: 'Rad ett\nRad två',
        source: { url: 'https://a.example/sök?q=kaka&n=1#steg-2~x+y\\z', name: 'Mormor' },
      }),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json().source.url).toBe('https://a.example/sök?q=kaka&n=1#steg-2~x+y\\z');
  });

  it('refuses a preparation time longer than the total time, naming prepTime, on POST and PUT', async () => {
    const made = (await post(recipeBody({ prepTime: 10, totalTime: 30 }))).json();
    const over = recipeBody({ prepTime: 45, totalTime: 30 });
    const responses = [
      await post(over),
      await h.app.inject({ method: 'PUT', url: `/api/recipes/${made.id}`, headers: bearer(token), payload: over }),
    ];
    for (const response of responses) {
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toEqual({ prepTime: 'Kan inte vara längre än total tid' });
    }
    expect((await h.app.inject({ method: 'GET', url: `/api/recipes/${made.id}` })).json()).toMatchObject({
      prepTime: 10,
      totalTime: 30,
    });
    // Equal times, and either time alone, are fine.
    expect((await post(recipeBody({ prepTime: 30, totalTime: 30 }))).statusCode).toBe(201);
    expect((await post(recipeBody({ prepTime: 30, totalTime: null }))).statusCode).toBe(201);
  });

  it('refuses a PUT that sends one time out of order with the stored other (a time left out stays as it is)', async () => {
    const made = (await post(recipeBody({ prepTime: 10, totalTime: 30 }))).json();
    const put = (body: Record<string, unknown>) =>
      h.app.inject({ method: 'PUT', url: `/api/recipes/${made.id}`, headers: bearer(token), payload: body });
    const { prepTime: _prep, totalTime: _total, ...withoutTimes } = recipeBody({});
    for (const body of [
      { ...withoutTimes, prepTime: 45 }, // over the stored total of 30
      { ...withoutTimes, totalTime: 5 }, // under the stored preparation of 10
    ]) {
      const response = await put(body);
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toEqual({ prepTime: 'Kan inte vara längre än total tid' });
    }
    const stored = (await h.app.inject({ method: 'GET', url: `/api/recipes/${made.id}` })).json();
    expect(stored).toMatchObject({ prepTime: 10, totalTime: 30, version: made.version });
    // In order with the stored time: saved.
    expect((await put({ ...withoutTimes, prepTime: 25 })).statusCode).toBe(200);
  });

  it('malformed JSON: 400 in the error shape', async () => {
    const response = await post('{"name": "Pannkakor",', { 'content-type': 'application/json' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      status: 400,
      error: 'Bad Request',
      message: 'The request body is not valid JSON',
    });
  });

  it('a JSON body that is not an object: 400', async () => {
    for (const payload of ['[]', 'null', '"text"', '42']) {
      const response = await post(payload, { 'content-type': 'application/json' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ status: 400, error: 'Bad Request' });
    }
  });

  it('a POST without a body: 400', async () => {
    const response = await h.app.inject({ method: 'POST', url: '/api/recipes', headers: bearer(token) });
    expect(response.statusCode).toBe(400);
  });

  it('a body that is not JSON: 415 in the error shape', async () => {
    const response = await post('name=Pannkakor', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ status: 415, error: 'Unsupported Media Type' });
  });

  it('a body over the limit: 413 in the error shape, nothing stored', async () => {
    // Counted in the database: the cached list may still be catching up with the tests before this one.
    const before = await countRecipes(h.db.orm);
    const response = await post(recipeBody({ instructions: 'a'.repeat(70_000) }));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      status: 413,
      error: 'Payload Too Large',
      message: 'The request body is too large',
    });
    expect(await countRecipes(h.db.orm)).toBe(before);
  });

  it('PUT validates the same way', async () => {
    const created = (await post(recipeBody())).json();
    const response = await h.app.inject({
      method: 'PUT',
      url: `/api/recipes/${created.id}`,
      headers: bearer(token),
      payload: recipeBody({ servings: 101 }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ servings: 'Max 100' });
  });
});
