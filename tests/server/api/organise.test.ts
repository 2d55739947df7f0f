// Issue 25 through the API: categories, times, source, ingredient headings and "do not scale", stored and answered,
// kept when a PUT leaves them out, removed by [] or null; the paged names filtered by category; GET /categories.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiHarness, type ApiHarness } from '../../support/api-app.ts';
import { DATABASE_KINDS } from '../../support/database.ts';
import { editorToken } from '../../support/tokens.ts';
import { bearer, postRecipe, recipeBody, type RecipeBody } from '../../support/recipes.ts';
import type { Recipe } from '../../../src/lib/recipe-schema.ts';

type Page = { recipes: { id: number; name: string }[]; next: string | null; previous: string | null };
type Categories = { categories: { name: string; count: number }[] };

const organised = {
  categories: ['Bakning', 'Fika'],
  prepTime: 20,
  totalTime: 75,
  source: { url: 'https://www.example.se/recept/bullar', name: 'Exempelköket' },
  ingredients: [
    { name: 'Vetemjöl', quantity: { value: 5, unit: 'DECILITER' }, heading: 'Till degen' },
    { name: 'Salt', quantity: { value: 1, unit: 'PINCH' }, doNotScale: true },
    { name: 'Smör', quantity: { value: 100, unit: 'GRAM' }, heading: 'Till fyllningen', doNotScale: false },
    { name: 'Ägg till pensling', quantity: { value: 1, unit: 'PIECES' }, doNotScale: true },
  ],
};

describe.each(DATABASE_KINDS)('organising recipes (%s)', (kind) => {
  let h: ApiHarness;
  let token: string;
  const get = async <T>(url: string): Promise<T> => {
    const response = await h.app.inject({ method: 'GET', url: `/api${url}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as T;
  };
  const put = (id: number, body: RecipeBody) =>
    h.app.inject({ method: 'PUT', url: `/api/recipes/${id}`, headers: bearer(token), payload: body });
  const counts = async () => (await get<Categories>('/categories')).categories;

  beforeAll(async () => {
    h = await createApiHarness(kind);
    token = await editorToken(h.keys);
  });
  afterAll(() => h?.close());

  it('stores and answers every field; a recipe without them has none of their keys', async () => {
    const made = await postRecipe(h.app, token, recipeBody({ name: 'Kardemummabullar', ...organised }));
    const expected = {
      categories: ['Bakning', 'Fika'],
      prepTime: 20,
      totalTime: 75,
      source: { url: 'https://www.example.se/recept/bullar', name: 'Exempelköket' },
      ingredients: [
        { name: 'Vetemjöl', quantity: { value: 5, unit: 'DECILITER' }, heading: 'Till degen' },
        { name: 'Salt', quantity: { value: 1, unit: 'PINCH' }, doNotScale: true },
        { name: 'Smör', quantity: { value: 100, unit: 'GRAM' }, heading: 'Till fyllningen' },
        { name: 'Ägg till pensling', quantity: { value: 1, unit: 'PIECES' }, doNotScale: true },
      ],
    };
    expect(made).toMatchObject(expected);
    expect(made.ingredients[2]).not.toHaveProperty('doNotScale');
    const read = await get<Recipe>(`/recipes/${made.id}`);
    expect(read).toEqual(made);

    const plain = await postRecipe(h.app, token, recipeBody({ name: 'Enkel gröt' }));
    for (const key of ['categories', 'prepTime', 'totalTime', 'source', 'photos']) {
      expect(plain).not.toHaveProperty(key);
      expect(await get<Recipe>(`/recipes/${plain.id}`)).not.toHaveProperty(key);
    }
    for (const ingredient of plain.ingredients) {
      expect(ingredient).not.toHaveProperty('heading');
      expect(ingredient).not.toHaveProperty('doNotScale');
    }
    // A source with only a name, or only an address.
    const named = await postRecipe(h.app, token, recipeBody({ name: 'Mormors kaka', source: { name: 'Mormor' } }));
    expect(named.source).toEqual({ name: 'Mormor' });
    const linked = await postRecipe(h.app, token, recipeBody({ name: 'Länkad', source: { url: 'http://a.se' } }));
    expect(linked.source).toEqual({ url: 'http://a.se' });
  });

  it('keeps what a PUT leaves out, and removes what it sends as [] or null', async () => {
    const made = await postRecipe(h.app, token, recipeBody({ name: 'Sparade fält', ...organised }));
    // A section 7 client: name, instructions, servings, ingredients only.
    const old = await put(made.id, recipeBody({ name: 'Sparade fält', ingredients: [{ name: 'Mjöl' }] }));
    expect(old.statusCode, old.body).toBe(200);
    expect(old.json()).toMatchObject({
      categories: ['Bakning', 'Fika'],
      prepTime: 20,
      totalTime: 75,
      source: organised.source,
      ingredients: [{ name: 'Mjöl' }],
    });
    expect(await get<Recipe>(`/recipes/${made.id}`)).toEqual(old.json());

    // The ingredient list is replaced whole (decision 042): sent back without their keys, headings and don't-scale
    // marks are gone; sent back as read, they stay.
    const asRead = await put(made.id, recipeBody({ name: 'Sparade fält', ingredients: organised.ingredients }));
    expect(asRead.statusCode, asRead.body).toBe(200);
    expect(asRead.json().ingredients[0]).toMatchObject({ heading: 'Till degen' });
    const bare = organised.ingredients.map(({ name, quantity }) => ({ name, quantity }));
    const rebuilt = await put(made.id, recipeBody({ name: 'Sparade fält', ingredients: bare }));
    expect(rebuilt.statusCode, rebuilt.body).toBe(200);
    expect(rebuilt.json().ingredients).toEqual(bare);
    expect(rebuilt.json().categories).toEqual(['Bakning', 'Fika']);

    const cleared = await put(
      made.id,
      recipeBody({ name: 'Sparade fält', categories: [], prepTime: null, totalTime: null, source: null }),
    );
    expect(cleared.statusCode, cleared.body).toBe(200);
    const read = await get<Recipe>(`/recipes/${made.id}`);
    for (const key of ['categories', 'prepTime', 'totalTime', 'source']) {
      expect(cleared.json()).not.toHaveProperty(key);
      expect(read).not.toHaveProperty(key);
    }
    // Only one of them changed: the others stay.
    await put(made.id, recipeBody({ name: 'Sparade fält', ...organised }));
    const one = await put(made.id, recipeBody({ name: 'Sparade fält', totalTime: 90 }));
    expect(one.json()).toMatchObject({ prepTime: 20, totalTime: 90, categories: ['Bakning', 'Fika'] });
    // A total below the kept preparation time is refused as the same total beside it in one body would be.
    const below = await put(made.id, recipeBody({ name: 'Sparade fält', totalTime: 0 }));
    expect(below.statusCode, below.body).toBe(400);
    expect(below.json().fields).toEqual({ prepTime: 'Kan inte vara längre än total tid' });
    expect(await get<Recipe>(`/recipes/${made.id}`)).toMatchObject({ prepTime: 20, totalTime: 90 });
    // The same categories in another letter case change nothing; another order is kept.
    const cased = await put(made.id, recipeBody({ name: 'Sparade fält', categories: ['BAKNING', 'fika'] }));
    expect(cased.json().categories).toEqual(['Bakning', 'Fika']);
    const turned = await put(made.id, recipeBody({ name: 'Sparade fält', categories: ['fika', 'Bakning', 'Ny'] }));
    expect(turned.json().categories).toEqual(['Fika', 'Bakning', 'Ny']);
    expect((await get<Recipe>(`/recipes/${made.id}`)).categories).toEqual(['Fika', 'Bakning', 'Ny']);
  });

  it('refuses bad values with 400 and the schema messages, and changes nothing', async () => {
    const made = await postRecipe(h.app, token, recipeBody({ name: 'Orörd', ...organised }));
    const cases: [RecipeBody, Record<string, string>][] = [
      [{ categories: Array.from({ length: 21 }, (_, i) => `Kat ${i}`) }, { categories: 'Max 20 categories' }],
      [{ categories: ['x'.repeat(35)] }, { 'categories.0': 'Max 34 characters' }],
      [{ categories: ['  '] }, { 'categories.0': 'Name is required' }],
      [{ categories: 'Bakning' }, { categories: 'Must be a list' }],
      [{ prepTime: 10081 }, { prepTime: 'Max 10080 minutes' }],
      [{ totalTime: 1.5 }, { totalTime: 'Must be a whole number of minutes' }],
      [{ prepTime: -1 }, { prepTime: 'Must be a whole number of minutes' }],
      [{ source: { url: 'ftp://a.se' } }, { 'source.url': 'Must be a web address starting with http:// or https://' }],
      [{ source: {} }, { source: 'Give the address or the name of the source' }],
      [{ ingredients: [{ name: 'Mjöl', heading: ' ' }] }, { 'ingredients.0.heading': 'Heading is required' }],
      [{ ingredients: [{ name: 'Mjöl', doNotScale: 'ja' }] }, { 'ingredients.0.doNotScale': expect.any(String) }],
    ];
    for (const [overrides, fields] of cases) {
      const response = await put(made.id, recipeBody({ name: 'Orörd', ...overrides }));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(response.json().fields, JSON.stringify(overrides)).toMatchObject(fields);
    }
    expect(await get<Recipe>(`/recipes/${made.id}`)).toEqual(made);
  });

  it('stores each category once per recipe and keeps the spelling already in use', async () => {
    const first = await postRecipe(h.app, token, recipeBody({ name: 'Stavning ett', categories: ['Vegetariskt'] }));
    expect(first.categories).toEqual(['Vegetariskt']);
    const second = await postRecipe(
      h.app,
      token,
      recipeBody({ name: 'Stavning två', categories: ['  VEGETARISKT ', 'vegetariskt', 'Till   fest'] }),
    );
    expect(second.categories).toEqual(['Vegetariskt', 'Till fest']);
    expect((await counts()).find((c) => c.name === 'Vegetariskt')).toEqual({ name: 'Vegetariskt', count: 2 });
    expect((await counts()).some((c) => c.name === 'VEGETARISKT')).toBe(false);
  });

  it('is described in the OpenAPI document: the fields in the body and in the answer, with their rules', async () => {
    const doc = (await h.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const body = doc.paths['/recipes'].post.requestBody.content['application/json'].schema;
    expect(Object.keys(body.properties)).toEqual(
      expect.arrayContaining(['categories', 'prepTime', 'totalTime', 'source']),
    );
    expect(body.properties.categories).toMatchObject({ type: 'array', maxItems: 20, items: { maxLength: 34 } });
    expect(JSON.stringify(body.properties.prepTime)).toContain('10080');
    expect(JSON.stringify(body.properties.source)).toContain('^[Hh][Tt][Tt][Pp][Ss]?://');
    const ingredient = body.properties.ingredients.items.properties;
    expect(ingredient.heading).toMatchObject({ maxLength: 64 });
    expect(ingredient.doNotScale).toMatchObject({ type: 'boolean' });
    const answer = JSON.stringify(doc.paths['/recipes/{id}'].get.responses['200'].content['application/json'].schema);
    for (const key of ['categories', 'prepTime', 'totalTime', 'source', 'heading', 'doNotScale'])
      expect(answer).toContain(`"${key}"`);
  });

  it('creates a new category once when several editors name it at the same moment', async () => {
    const spellings = ['Samtidigt', 'samtidigt', 'SAMTIDIGT', 'Samtidigt', ' samtidigt'];
    const made = await Promise.all(
      spellings.map((category, i) =>
        postRecipe(h.app, token, recipeBody({ name: `Samtidig ${i}`, categories: [category, 'Vardag'] })),
      ),
    );
    const stored = new Set(made.map((r) => r.categories?.[0]));
    expect(stored.size).toBe(1);
    const [spelling] = [...stored];
    expect((await counts()).find((c) => c.name === spelling)).toEqual({ name: spelling, count: 5 });
    // New categories named in opposite orders at once (they could deadlock if created in the order given).
    const names = Array.from({ length: 6 }, (_, i) => `Ordning ${i}`);
    const crossed = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        postRecipe(h.app, token, recipeBody({ name: `Korsad ${i}`, categories: i % 2 ? names : [...names].reverse() })),
      ),
    );
    expect(crossed.map((r) => r.categories?.length)).toEqual([6, 6, 6, 6, 6, 6]);
  });

  it('scales a recipe and leaves "do not scale" ingredients as written', async () => {
    const made = await postRecipe(h.app, token, recipeBody({ name: 'Skalad', servings: 4, ...organised }));
    const scaled = await get<Recipe>(`/recipes/${made.id}?servings=8`);
    expect(scaled.ingredients.map((i) => i.quantity?.value)).toEqual([10, 1, 200, 1]);
    expect(scaled).toMatchObject({ prepTime: 20, totalTime: 75, categories: ['Bakning', 'Fika'] });
    expect(scaled.ingredients[0]?.heading).toBe('Till degen');
  });
});

describe.each(DATABASE_KINDS)('the paged names within a category, and GET /categories (%s)', (kind) => {
  let h: ApiHarness;
  let token: string;
  const get = async <T>(url: string): Promise<T> => {
    const response = await h.app.inject({ method: 'GET', url: `/api${url}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as T;
  };
  const page = (query: string) => get<Page>(`/recipes/names?${query}`);
  const counts = async () => (await get<Categories>('/categories')).categories;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    h = await createApiHarness(kind);
    token = await editorToken(h.keys);
    const recipes: [string, string[]][] = [
      ['Äppelpaj', ['Bakning', 'Efterrätt']],
      ['Kanelbullar', ['Bakning', 'Fika']],
      ['Ärtsoppa', ['Soppa']],
      ['Bananbröd', ['bakning']],
      ['Zucchinipaj', []],
      ['Kladdkaka', ['Bakning', 'Efterrätt', 'Fika']],
      ['Chokladbollar', ['Fika']],
    ];
    for (const [name, categories] of recipes) {
      ids[name] = (await postRecipe(h.app, token, recipeBody({ name, categories }))).id;
    }
  });
  afterAll(() => h?.close());

  it('lists the recipes of one category in the list order, any letter case; an unknown one is an empty page', async () => {
    const baking = ['Bananbröd', 'Kanelbullar', 'Kladdkaka', 'Äppelpaj'];
    expect((await page('category=Bakning')).recipes.map((r) => r.name)).toEqual(baking);
    expect((await page('category=BAKNING')).recipes.map((r) => r.name)).toEqual(baking);
    expect((await page(`category=${encodeURIComponent(' bakning ')}`)).recipes.map((r) => r.name)).toEqual(baking);
    expect(await page('category=Finnsinte')).toEqual({ recipes: [], next: null, previous: null });
    // An empty category is no filter; a category too long to be one is a 400 with the field.
    expect((await page('category=')).recipes).toHaveLength(7);
    const long = await h.app.inject({ method: 'GET', url: `/api/recipes/names?category=${'x'.repeat(201)}` });
    expect(long.statusCode).toBe(400);
    expect(long.json().fields).toEqual({ category: 'Max 200 characters' });
    // Combined with search.
    expect((await page('category=Bakning&search=kladd')).recipes.map((r) => r.name)).toEqual(['Kladdkaka']);
    expect((await page('category=Fika&search=bullar')).recipes.map((r) => r.name)).toEqual(['Kanelbullar']);
  });

  it('pages within a category at the boundaries, forwards and back', async () => {
    // A page exactly the size of the category: no next page.
    const exact = await page('category=Bakning&limit=4');
    expect(exact.recipes).toHaveLength(4);
    expect(exact.next).toBeNull();
    expect(exact.previous).toBeNull();
    // Two by two.
    const first = await page('category=Bakning&limit=2');
    expect(first.recipes.map((r) => r.name)).toEqual(['Bananbröd', 'Kanelbullar']);
    expect(first.previous).toBeNull();
    const second = await page(`category=Bakning&limit=2&after=${first.next}`);
    expect(second.recipes.map((r) => r.name)).toEqual(['Kladdkaka', 'Äppelpaj']);
    expect(second.next).toBeNull();
    expect(second.previous).not.toBeNull();
    const back = await page(`category=Bakning&limit=2&before=${second.previous}`);
    expect(back.recipes).toEqual(first.recipes);
    expect(back.previous).toBeNull();
    // A cursor from the last page (its last recipe): nothing after it.
    const cursor = Buffer.from(JSON.stringify([ids['Äppelpaj'], 'Äppelpaj'])).toString('base64url');
    expect(await page(`category=Bakning&after=${cursor}`)).toEqual({ recipes: [], next: null, previous: null });
    // A cursor taken from the whole list works inside the category (it is a place in the order).
    const kanel = Buffer.from(JSON.stringify([ids['Kanelbullar'], 'Kanelbullar'])).toString('base64url');
    expect((await page(`category=Fika&after=${kanel}`)).recipes.map((r) => r.name)).toEqual(['Kladdkaka']);
    expect((await page(`category=Fika&before=${kanel}`)).recipes.map((r) => r.name)).toEqual(['Chokladbollar']);
    // One by one to the end and back to the start.
    const seen: string[] = [];
    let last: Page | undefined;
    for (let after: string | null | undefined; after !== null; after = last.next) {
      last = await page(`category=Efterrätt&limit=1${after ? `&after=${after}` : ''}`);
      seen.push(...last.recipes.map((r) => r.name));
    }
    expect(seen).toEqual(['Kladdkaka', 'Äppelpaj']);
  });

  it('counts the categories, most used first, and follows creates, updates and deletes', async () => {
    expect(await counts()).toEqual([
      { name: 'Bakning', count: 4 },
      { name: 'Fika', count: 3 },
      { name: 'Efterrätt', count: 2 },
      { name: 'Soppa', count: 1 },
    ]);
    const made = await postRecipe(h.app, token, recipeBody({ name: 'Tomatsoppa', categories: ['SOPPA', 'Vardag'] }));
    expect(made.categories).toEqual(['Soppa', 'Vardag']);
    expect(await counts()).toEqual([
      { name: 'Bakning', count: 4 },
      { name: 'Fika', count: 3 },
      { name: 'Efterrätt', count: 2 },
      { name: 'Soppa', count: 2 },
      { name: 'Vardag', count: 1 },
    ]);
    const edited = await h.app.inject({
      method: 'PUT',
      url: `/api/recipes/${made.id}`,
      headers: bearer(token),
      payload: recipeBody({ name: 'Tomatsoppa', categories: ['Soppa'] }),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await counts()).some((c) => c.name === 'Vardag')).toBe(false);
    const deleted = await h.app.inject({ method: 'DELETE', url: `/api/recipes/${made.id}`, headers: bearer(token) });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect((await counts()).find((c) => c.name === 'Soppa')).toEqual({ name: 'Soppa', count: 1 });
    expect((await page('category=Soppa')).recipes.map((r) => r.name)).toEqual(['Ärtsoppa']);
  });

  it('sees a write past the API (SQL) in the filtered list and the counts', async () => {
    await h.db.orm.execute(
      `INSERT INTO recipe_categories (recipe_id, position, category_id)
       SELECT ${ids['Zucchinipaj']}, 0, id FROM categories WHERE key = 'soppa'`,
    );
    expect((await page('category=soppa')).recipes.map((r) => r.name)).toEqual(['Zucchinipaj', 'Ärtsoppa']);
    expect((await counts()).find((c) => c.name === 'Soppa')).toEqual({ name: 'Soppa', count: 2 });
    await h.db.orm.execute(`UPDATE categories SET name = 'Soppor' WHERE key = 'soppa'`);
    expect((await counts()).find((c) => c.name === 'Soppor')).toEqual({ name: 'Soppor', count: 2 });
    expect((await h.app.inject({ method: 'GET', url: `/api/recipes/${ids['Ärtsoppa']}` })).json().categories).toEqual([
      'Soppor',
    ]);
    await h.db.orm.execute(`DELETE FROM recipe_categories WHERE recipe_id = ${ids['Zucchinipaj']}`);
    expect((await page('category=soppa')).recipes.map((r) => r.name)).toEqual(['Ärtsoppa']);
  });

  it('gives /categories an ETag that changes with the recipes', async () => {
    const first = await h.app.inject({ method: 'GET', url: '/api/categories' });
    const etag = String(first.headers.etag);
    const again = await h.app.inject({ method: 'GET', url: '/api/categories', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    await postRecipe(h.app, token, recipeBody({ name: 'Ny kategori', categories: ['Grillat'] }));
    const after = await h.app.inject({ method: 'GET', url: '/api/categories', headers: { 'if-none-match': etag } });
    expect(after.statusCode).toBe(200);
    expect(after.json().categories).toContainEqual({ name: 'Grillat', count: 1 });
  });
});
