import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteRecipe, updateRecipe } from '../../../server/db/repositories/recipe-repository.ts';
import type { RecipeInput } from '../../../src/lib/recipe-schema.ts';
import { createApiHarness, type ApiHarness } from '../../support/api-app.ts';
import { DATABASE_KINDS } from '../../support/database.ts';
import { addRecipe } from '../../support/recipes.ts';

// Issue 53 item 4: a visitor pages through a best-match list (GET /recipes/names?words=…) while recipes drop out of
// it, deleted or edited so they no longer match. A page's cursor whose recipe dropped out restarted the list, so rows
// came twice. Now no row comes twice and none that still matches is skipped, forwards and back.
type Page = { recipes: { id: number; name: string }[]; next: string | null; previous: string | null };

// Ranks that differ (the word in the name counts most, then how often the text says it) and ties (the same text:
// ordered by id), so the order is best match first and the cursor must keep both apart.
const recipe = (name: string, times: number): RecipeInput => ({
  name,
  instructions: `${Array.from({ length: times }, () => 'Strö kanel över.').join(' ')} Grädda.`,
  servings: 4,
  ingredients: [{ name: 'Vetemjöl' }],
});

describe.each(DATABASE_KINDS)('paging a best-match list while recipes drop out (%s)', (kind) => {
  let h: ApiHarness;
  const read = async (query: string, limit = 4) => {
    const url = `/api/recipes/names?words=kanel&limit=${limit}${query}`;
    const response = await h.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    return response.json() as Page;
  };
  const ids = (page: Page) => page.recipes.map((r) => r.id);
  const byName = new Map<string, number>();

  beforeAll(async () => {
    h = await createApiHarness(kind);
    const made: [string, number][] = [
      ['Kanelbullar', 3],
      ['Kanelkaka', 1],
      ['Äppelpaj', 5],
      ['Pepparkakor', 4],
      ['Risgrynsgröt', 2],
      ['Semlor', 2],
      ['Lussekatter', 2],
      ['Mjuk pepparkaka', 1],
      ['Äppelmos', 1],
      ['Havregrynsgröt', 1],
      ['Chokladbollar', 3],
      ['Glögg', 1],
      ['Morotskaka', 1],
      ['Kladdkaka', 2],
    ];
    for (const [name, times] of made) byName.set(name, (await addRecipe(h.db.orm, recipe(name, times), 'test')).id);
  });
  afterAll(() => h?.close());

  it('sees no row twice and skips none that still matches, forwards', async () => {
    const whole = ids(await read('', 200));
    expect(whole).toHaveLength(byName.size);
    const seen: number[] = [];
    const first = await read('');
    seen.push(...ids(first));
    expect(ids(first)).toEqual(whole.slice(0, 4));
    // The page's last row (the cursor's recipe) deleted, and a row further on edited so it no longer matches.
    const cursorRecipe = ids(first).at(-1) as number;
    await deleteRecipe(h.db.orm, cursorRecipe);
    const further = whole[6] as number;
    const name = [...byName].find(([, id]) => id === further)?.[0] as string;
    await updateRecipe(h.db.orm, further, { ...recipe(name, 0), instructions: 'Grädda.' });
    let page = await read(`&after=${first.next}`);
    // The page goes on after the recipe that dropped out, not from the top.
    expect(ids(page)).toEqual(whole.slice(4, 9).filter((id) => id !== further));
    seen.push(...ids(page));
    // Each following cursor's recipe drops out too: one deleted, one edited so the words no longer match.
    let round = 0;
    while (page.next) {
      const last = ids(page).at(-1) as number;
      if (round++ % 2 === 0) await deleteRecipe(h.db.orm, last);
      else {
        const lastName = page.recipes.at(-1)?.name as string;
        await updateRecipe(h.db.orm, last, { ...recipe(lastName, 0), instructions: 'Grädda.' });
      }
      page = await read(`&after=${page.next}`);
      seen.push(...ids(page));
    }
    expect(new Set(seen).size).toBe(seen.length);
    // Every recipe that still matches was seen, in the best-match order of the whole list.
    const still = ids(await read('', 200));
    expect(seen.filter((id) => still.includes(id))).toEqual(still);
    expect(still.length).toBeGreaterThan(4);
  });

  it('pages back past a cursor whose recipe dropped out', async () => {
    const whole = ids(await read('', 200));
    expect(whole.length).toBeGreaterThanOrEqual(6);
    const first = await read('');
    const second = await read(`&after=${first.next}`);
    expect(second.previous).not.toBeNull();
    // The second page's first row (the cursor back) and the first page's last row deleted.
    await deleteRecipe(h.db.orm, ids(second)[0] as number);
    await deleteRecipe(h.db.orm, ids(first).at(-1) as number);
    const back = await read(`&before=${second.previous}`);
    expect(ids(back)).toEqual(ids(first).slice(0, -1));
    expect(back.previous).toBeNull();
  });
});
