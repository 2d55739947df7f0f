import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNT_LIMIT, createNameIndex } from '../../../server/api/read-models/name-index.ts';
import { createApiHarness, type ApiHarness } from '../../support/api-app.ts';
import { DATABASE_KINDS } from '../../support/database.ts';

// Issue 52 item 1: no filtered read does work that grows with the book on the event loop. A word in every recipe
// (the ingredient "Salt") examines about COUNT_LIMIT recipes for its page and count, not the whole book, and says
// `more`; a word in a few recipes examines every one, but in chunks, yielding to the event loop between them.
type Page = { recipes: { id: number; name: string }[]; next: string | null; count?: number; more?: true };

const BOOK = 3 * COUNT_LIMIT;

describe.each(DATABASE_KINDS)('the work of a filtered read (%s)', (kind) => {
  let h: ApiHarness;
  const read = async (query: string) =>
    (await h.app.inject({ method: 'GET', url: `/api/recipes/names?${query}` })).json() as Page;

  beforeAll(async () => {
    h = await createApiHarness(kind, { DB_REQUEST_TIMEOUT_MS: '60000' });
    // Written as a bulk load writes them; the names' tables are written at COMMIT by migration 014's trigger.
    await h.db.orm.transaction(async (tx) => {
      await tx.execute(
        `INSERT INTO recipes (name, author, instructions, servings, total_minutes)
         SELECT 'Rätt ' || lpad(g::text, 5, '0'), 'test', '', 4, 20 FROM generate_series(1, ${BOOK}) AS g`,
      );
      await tx.execute(
        `INSERT INTO ingredients (recipe_id, position, name)
         SELECT id, 0, 'Salt' FROM recipes
         UNION ALL SELECT id, 1, 'Saffran' FROM recipes WHERE name IN ('Rätt 00007', 'Rätt 01500', 'Rätt 02999')`,
      );
    });
  });
  afterAll(() => h?.close());

  it('counts a word in every recipe up to the limit and says more, examining about the limit, not the book', async () => {
    const index = createNameIndex(h.db);
    const page = await index.page({ find: { ingredientStems: ['salt'] }, limit: 50 });
    expect(page).toMatchObject({ count: COUNT_LIMIT, more: true });
    expect(page.recipes.map((r) => r.name)).toEqual(
      Array.from({ length: 50 }, (_, k) => `Rätt ${String(k + 1).padStart(5, '0')}`),
    );
    const { examined } = index.scanStats();
    // One pass to the match after the limit (1,001), which the page and the count both read.
    expect(examined).toBe(COUNT_LIMIT + 1);
    // The same through the API: the list says "Fler än 1 000 recept matchar".
    expect(await read('ingredients=salt&limit=1')).toMatchObject({ count: COUNT_LIMIT, more: true });
  });

  it('pages within the first matches, and back, with no pass over the book again', async () => {
    const index = createNameIndex(h.db);
    const find = { ingredientStems: ['salt'] };
    const first = await index.page({ find, limit: 100 });
    const examined = index.scanStats().examined;
    const second = await index.page({ find, limit: 100, after: first.next! });
    expect(second.recipes[0]?.name).toBe('Rätt 00101');
    const back = await index.page({ find, limit: 100, before: second.previous! });
    expect(back.recipes.map((r) => r.id)).toEqual(first.recipes.map((r) => r.id));
    expect(back).toMatchObject({ previous: null, count: COUNT_LIMIT, more: true });
    expect(index.scanStats().examined).toBe(examined);
  });

  it('still pages through every match past the limit, in name order', async () => {
    const seen: string[] = [];
    let after: string | null = null;
    do {
      const page: Page = await read(`ingredients=salt&maxMinutes=30&limit=200${after ? `&after=${after}` : ''}`);
      seen.push(...page.recipes.map((r) => r.name));
      after = page.next;
    } while (after !== null);
    expect(seen).toHaveLength(BOOK);
    expect(seen.at(-1)).toBe(`Rätt ${String(BOOK).padStart(5, '0')}`);
  });

  it('passes over the whole book for a rare word in chunks, yielding between them, and counts it exactly', async () => {
    const index = createNameIndex(h.db, { scanChunk: 500 });
    const page = await index.page({ find: { ingredientStems: ['saffran'] }, limit: 50 });
    expect(page.recipes.map((r) => r.name)).toEqual(['Rätt 00007', 'Rätt 01500', 'Rätt 02999']);
    expect(page.count).toBe(3);
    expect(page.more).toBeUndefined();
    const { examined, yields } = index.scanStats();
    // One pass over the whole book, in chunks of 500, for the page and the count together.
    expect(examined).toBe(BOOK);
    expect(yields).toBeGreaterThanOrEqual(BOOK / 500 - 1);
  });
});
