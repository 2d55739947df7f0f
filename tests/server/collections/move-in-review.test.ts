// The preview and the import's report name the moved-in recipes worth a look ('Granska', issue 54 item 2) with why,
// through the real route and database: a recipe whose time cannot be right is saved with that time, and listed; a
// tidy one is not; a recipe already here is not listed (it does not come in).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Recipe } from '../../../src/lib/recipe-schema.ts';
import { paprikaExport } from '../../fixtures/apps/make-exports.ts';
import { createApiHarness, type ApiHarness } from '../../support/api-app.ts';
import { bearer } from '../../support/recipes.ts';
import { editorToken } from '../../support/tokens.ts';

type Imported = { index: number; name: string; id: number; notes: string[]; review?: string[] };

describe('the move-in report’s Granska list', () => {
  let h: ApiHarness;
  let token: string;
  beforeAll(async () => {
    h = await createApiHarness('pglite');
    token = await editorToken(h.keys, 'redaktor');
  });
  afterAll(() => h?.close());

  const file = paprikaExport([
    {
      name: 'Ölchili',
      servings: '6',
      ingredients: [{ lines: ['500 g nötfärs', '2 burkar krossade tomater', 'Type of fire: Direct'] }],
      steps: [
        '1. 1. Bryn färsen.',
        '2. 2. Sjud i 1 timme.',
        'Source',
        'https://chili.exempel.se/?utm_source=x&e=anna%40exempel.se',
      ],
      prepMinutes: 2,
      totalMinutes: 2,
    },
    {
      name: 'Kokt ägg',
      servings: '1',
      ingredients: [{ lines: ['1 ägg'] }],
      steps: ['Koka ägget i 8 minuter.'],
      prepMinutes: 1,
      totalMinutes: 10,
    },
  ]);
  const send = (url: string) =>
    h.app.inject({
      method: 'POST',
      url: `/api${url}`,
      headers: { 'content-type': 'application/octet-stream', ...bearer(token) },
      payload: file,
    });

  it('lists what to review in the preview and the report, and saves the recipe tidied with its time kept', async () => {
    const preview = await send('/recipe-collections/preview');
    expect(preview.statusCode, preview.body).toBe(200);
    const previewed = preview.json() as { recipes: { review?: string[] }[]; count: { toReview: number } };
    // The preview says what the report will: the same reasons, before anything is saved.
    expect(previewed.recipes[0]!.review).toEqual([
      'Rader som inte var ingredienser står nu först i instruktionerna.',
      'Den totala tiden är 2 min, men stegen nämner minst 1 tim.',
    ]);
    expect(previewed.recipes[1]!.review).toBeUndefined();
    expect(previewed.count.toReview).toBe(1);

    const answer = await send('/recipe-collections');
    expect(answer.statusCode).toBe(200);
    const report = JSON.parse(answer.body.trim().split('\n').at(-1)!) as { imported: Imported[] };
    const [chili, egg] = report.imported;
    expect(chili!.review).toEqual([
      'Rader som inte var ingredienser står nu först i instruktionerna.',
      'Den totala tiden är 2 min, men stegen nämner minst 1 tim.',
    ]);
    expect(egg!.review).toBeUndefined();
    const saved = (await h.app.inject({ method: 'GET', url: `/api/recipes/${chili!.id}` })).json() as Recipe;
    expect(saved.totalTime).toBe(2);
    expect(saved.instructions).toBe('Type of fire: Direct\nBryn färsen.\nSjud i 1 timme.');
    expect(saved.source).toEqual({ url: 'https://chili.exempel.se/' });
    expect(saved.ingredients).toHaveLength(2);
    expect(JSON.stringify(saved)).not.toContain('Type of fire: Direct"}');

    // The same file again: both are here, nothing comes in, so nothing is left to check.
    const again = (await send('/recipe-collections/preview')).json() as {
      recipes: { alreadyHere: boolean; review?: string[] }[];
      count: { toReview: number };
    };
    expect(again.recipes.map((r) => [r.alreadyHere, r.review])).toEqual([
      [true, undefined],
      [true, undefined],
    ]);
    expect(again.count.toReview).toBe(0);
  });
});
