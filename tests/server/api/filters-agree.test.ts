import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { namesPage, type StoredRecipe } from '../../../src/features/offline/offline-answers.ts';
import { createApiHarness, type ApiHarness } from '../../support/api-app.ts';
import { DATABASE_KINDS } from '../../support/database.ts';
import { ingredientCases } from '../../support/ingredient-cases.ts';
import { postRecipe, recipeBody } from '../../support/recipes.ts';
import { editorToken } from '../../support/tokens.ts';

// Issue 53 item 2 and issue 54 item 7: the list's filters answer the same offline as online. Decision 062's table
// of ingredient cases, and words filter cases, asked of the real API on both databases and of the offline copy
// (src/features/offline/offline-answers.ts) given the recipes exactly as the API serves them to the service worker.
// Fails if the two disagree on any recipe, or if the API does not answer a row of the table as the table says.

type Page = { recipes: { id: number; name: string }[]; count?: number };

/** Instructions for the words filter, one per recipe in turn (no stop words: PostgreSQL leaves those out). */
const TEXTS = [
  'Baka kakorna i ugnen.',
  'Skala tomaterna och skiva dem.',
  'Krydda med kardemumma.',
  'Drick ett te till.',
  'Koka potatisen mjuk.',
];
/** Words filter cases: stems, prefixes while typing, short whole words, and two words together. */
const WORDS = ['kakorna', 'kaka', 'karde', 'tomat', 'tomaterna', 'te', 'potatis', 'ugn', 'skala tomater', 'mjöl'];

describe.each(DATABASE_KINDS)('the offline filters agree with the API (%s)', (kind) => {
  let h: ApiHarness;
  const cases = ingredientCases();
  const names = [...new Set(cases.map((c) => c.name))];
  /** The recipe made for each ingredient name of the table (one ingredient each). */
  const recipeOf = new Map<string, number>();
  let stored: StoredRecipe[] = [];

  beforeAll(async () => {
    h = await createApiHarness(kind);
    const token = await editorToken(h.keys);
    for (const [i, name] of names.entries()) {
      const made = await postRecipe(
        h.app,
        token,
        recipeBody({ name: `Fall ${i + 1}`, ingredients: [{ name }], instructions: TEXTS[i % TEXTS.length] }),
      );
      recipeOf.set(name, made.id);
    }
    // What the service worker stores: GET /recipes/{id} as the API answers it.
    stored = await Promise.all(
      [...recipeOf.values()].map(
        async (id) => (await h.app.inject({ method: 'GET', url: `/api/recipes/${id}` })).json() as StoredRecipe,
      ),
    );
  });
  afterAll(() => h?.close());

  /** The ids the API and the offline copy answer for one query, each in its order. */
  async function both(params: Record<string, string>): Promise<{ api: number[]; offline: number[] }> {
    const query = new URLSearchParams({ ...params, limit: '100' });
    const response = await h.app.inject({ method: 'GET', url: `/api/recipes/names?${query}` });
    expect(response.statusCode).toBe(200);
    const api = (response.json() as Page).recipes.map((r) => r.id);
    const offline = namesPage(query, stored, []).recipes.map((r) => r.id);
    return { api, offline };
  }

  it("answers every row of decision 062's table as the table says, online and offline alike", async () => {
    for (const word of new Set(cases.map((c) => c.word))) {
      const { api, offline } = await both({ ingredients: word });
      expect(offline, `"Med ${word}"`).toEqual(api);
      for (const row of cases.filter((c) => c.word === word))
        expect(api.includes(recipeOf.get(row.name) as number), `"${row.word}" in "${row.name}"`).toBe(row.found);
    }
  });

  it('finds the same recipes for words anywhere, and for both filters together', async () => {
    for (const words of WORDS) {
      const { api, offline } = await both({ words });
      // The API ranks the words' matches; the offline copy lists them by name: the same recipes, in any order.
      expect([...offline].sort(), `words "${words}"`).toEqual([...api].sort());
      expect(api.length, `words "${words}" finds something`).toBeGreaterThan(0);
    }
    const together = await both({ ingredients: 'potatis', words: 'potatis' });
    expect([...together.offline].sort()).toEqual([...together.api].sort());
  });
});
