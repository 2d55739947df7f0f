import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORDS_LIMIT } from '../../../server/db/repositories/recipe-find-repository.ts';
import { createApiHarness, type ApiHarness } from '../../support/api-app.ts';
import { DATABASE_KINDS } from '../../support/database.ts';

// Issue 52: a word found in most of the book is not ranked across all of it on a read. The words' answer holds at
// most WORDS_LIMIT recipes, and says `more` when more match (the list: "Fler än 1 000 recept matchar").
type Page = { recipes: { name: string }[]; next: string | null; count?: number; more?: true };

describe.each(DATABASE_KINDS)('the words filter, a word in most recipes (%s)', (kind) => {
  let h: ApiHarness;
  const page = async (params: Record<string, string>) =>
    (await h.app.inject({ method: 'GET', url: `/api/recipes/names?${new URLSearchParams(params)}` })).json() as Page;

  beforeAll(async () => {
    h = await createApiHarness(kind, { DB_REQUEST_TIMEOUT_MS: '60000' });
    // Written as a bulk load writes them; the documents are written at COMMIT by migration 014's trigger.
    await h.db.orm.execute(
      `INSERT INTO recipes (name, author, instructions, servings, total_minutes)
       SELECT 'Bulle ' || g, 'test', CASE WHEN g <= 3 THEN 'Grädda i ugnen med kardemumma.' ELSE 'Grädda i ugnen.' END,
              4, CASE WHEN g % 2 = 0 THEN 20 ELSE 90 END
         FROM generate_series(1, ${WORDS_LIMIT + 5}) AS g`,
    );
  });
  afterAll(() => h?.close());

  it('lists and counts at most the limit for a word in every recipe, and says there are more', async () => {
    const first = await page({ words: 'ugnen', limit: '200' });
    expect(first).toMatchObject({ count: WORDS_LIMIT, more: true });
    expect(first.recipes).toHaveLength(200);
    // Combined with another filter, the count is of the recipes the words' answer holds: at least that many match.
    const short = await page({ words: 'ugnen', maxMinutes: '30' });
    expect(short.more).toBe(true);
    expect(short.count).toBeGreaterThan(0);
    expect(short.count).toBeLessThanOrEqual(WORDS_LIMIT);
    // A word in a few recipes: every one, counted exactly, no `more`.
    const few = await page({ words: 'kardemumma' });
    expect(few.count).toBe(3);
    expect(few.more).toBeUndefined();
  });
});
