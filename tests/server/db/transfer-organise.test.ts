// Issue 25's fields in the transfer file (format recipe-book/3), and issue 37's ingredient note (recipe-book/4), on
// both databases: carried both ways, checked with the shared rules, and compared as stored by the import's "same
// recipe".
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { exportTransfer } from '../../../server/db/transfer/transfer-export.ts';
import { importTransfer } from '../../../server/db/transfer/transfer-import.ts';
import { TRANSFER_FORMAT, type ExportedRecipe } from '../../../server/db/transfer/transfer-format.ts';
import type { Database } from '../../../server/db/index.ts';
import { addRecipe, recipeBody } from '../../support/recipes.ts';
import { closeTestDatabase, createTestDatabase, DATABASE_KINDS, emptyRecipes } from '../../support/database.ts';

const organised = (overrides: Partial<ExportedRecipe> = {}): ExportedRecipe => ({
  id: 1,
  name: 'Kardemummabullar',
  author: 'redaktor',
  instructions: 'Knåda.\nGrädda.',
  servings: 4,
  ingredients: [
    { name: 'Vetemjöl', quantity: { value: 5, unit: 'DECILITER' }, heading: 'Till degen' },
    { name: 'Salt', quantity: { value: 1, unit: 'PINCH' }, doNotScale: true },
    { name: 'Smör', quantity: { value: 100, unit: 'GRAM' }, heading: 'Till fyllningen' },
  ],
  version: 2,
  createdAt: '2024-05-01T10:00:00.123456Z',
  updatedAt: '2024-05-02T08:30:00.000001Z',
  categories: ['Bakning', 'Fika'],
  prepTime: 30,
  totalTime: 120,
  source: { url: 'https://www.example.se/bullar', name: 'Exempelköket' },
  ...overrides,
});
const file = (recipes: unknown[], format = TRANSFER_FORMAT) => ({
  format,
  exportedAt: '2024-06-01T00:00:00.000Z',
  recipes,
});

describe.each(DATABASE_KINDS)('the transfer file and issue 25 (%s)', (kind) => {
  let db: Database;
  beforeAll(async () => {
    db = await createTestDatabase(kind);
  });
  beforeEach(async () => {
    await emptyRecipes(db);
    await db.orm.execute('TRUNCATE categories RESTART IDENTITY CASCADE');
  });
  afterAll(() => closeTestDatabase(db));

  it('carries categories, times, source, headings and "do not scale" through import and export, as version 3', async () => {
    const recipe = organised();
    const plain = organised({
      id: 2,
      name: 'Enkel',
      ingredients: [{ name: 'Havregryn' }],
      categories: undefined,
      prepTime: undefined,
      totalTime: undefined,
      source: undefined,
    });
    expect((await importTransfer(db.orm, file([recipe, plain]))).count.added).toBe(2);
    const document = await exportTransfer(db.orm, new Date('2024-06-01T00:00:00Z'));
    expect(document.format).toBe(TRANSFER_FORMAT);
    expect(document.recipes).toEqual([recipe, JSON.parse(JSON.stringify(plain))]);
    for (const key of ['categories', 'prepTime', 'totalTime', 'source'])
      expect(document.recipes[1]).not.toHaveProperty(key);
  });

  it('reads a version 2 file (no new fields) and a version 1 file', async () => {
    const {
      categories: _c,
      prepTime: _p,
      totalTime: _t,
      source: _s,
      ...old
    } = organised({
      ingredients: [{ name: 'Mjöl' }],
    });
    expect((await importTransfer(db.orm, { ...file([old], 'recipe-book/2'), files: {} })).count.added).toBe(1);
    expect((await importTransfer(db.orm, file([{ ...old, id: 5, name: 'Äldst' }], 'recipe-book/1'))).count.added).toBe(
      1,
    );
    expect((await exportTransfer(db.orm)).recipes.map((r) => r.name)).toEqual(['Kardemummabullar', 'Äldst']);
  });

  it('is the same recipe whatever the letter case of its categories, [] or left out, false or no doNotScale', async () => {
    await importTransfer(db.orm, file([organised()]));
    const again = organised({
      id: 7,
      categories: ['BAKNING', ' fika '],
      ingredients: organised().ingredients.map((i) => ({ doNotScale: false, ...i })),
    });
    expect((await importTransfer(db.orm, file([again]))).outcomes).toEqual([
      { index: 0, name: 'Kardemummabullar', kind: 'skipped', id: 1, fileId: 7 },
    ]);
    const bare = organised({ id: 8, name: 'Bar', categories: undefined, prepTime: undefined, source: undefined });
    await importTransfer(db.orm, file([bare]));
    const empty = { ...bare, id: 9, categories: [], prepTime: null, source: null };
    expect((await importTransfer(db.orm, file([empty]))).outcomes[0]).toMatchObject({ kind: 'skipped', id: 8 });
    // A different time is a different recipe.
    expect((await importTransfer(db.orm, file([organised({ id: 10, totalTime: 121 })]))).outcomes[0]).toMatchObject({
      kind: 'added',
      id: 10,
    });
  });

  it("carries an ingredient's note as version 4, reads a version 3 file, and refuses a note past the rules", async () => {
    const withNotes = organised({
      ingredients: [
        { name: 'Vetemjöl', quantity: { value: 5, unit: 'DECILITER' }, note: 'siktat', heading: 'Till degen' },
        { name: 'Salt', quantity: { value: 1, unit: 'PINCH' }, note: '1 pinch', doNotScale: true },
        { name: 'Smör' },
      ],
    });
    const version3 = organised({ id: 2, name: 'Från version 3' });
    const tooLong = organised({ id: 3, name: 'För lång not', ingredients: [{ name: 'Salt', note: 'x'.repeat(101) }] });
    const refused = organised({ id: 4, name: 'Fel tecken', ingredients: [{ name: 'Salt', note: 'Philadelphia®' }] });
    expect((await importTransfer(db.orm, file([withNotes, tooLong, refused]))).outcomes).toEqual([
      { index: 0, name: 'Kardemummabullar', kind: 'added', id: 1 },
      { index: 1, name: 'För lång not', kind: 'refused', problem: 'ingredients.0.note: Max 100 characters' },
      {
        index: 2,
        name: 'Fel tecken',
        kind: 'refused',
        problem: 'ingredients.0.note: Ett eller flera ogiltliga tecken',
      },
    ]);
    expect((await importTransfer(db.orm, file([version3], 'recipe-book/3'))).count.added).toBe(1);
    const document = await exportTransfer(db.orm);
    expect(document.format).toBe('recipe-book/4');
    expect(document.recipes).toEqual([withNotes, version3]);
    // A blank note is none: the same recipe as the one stored without it.
    const blank = organised({
      id: 9,
      ingredients: withNotes.ingredients.map((i, n) => (n === 2 ? { ...i, note: '  ' } : i)),
    });
    expect((await importTransfer(db.orm, file([blank]))).outcomes[0]).toMatchObject({ kind: 'skipped', id: 1 });
  });

  it("gives a file's category the spelling already in use, and refuses a recipe that breaks a rule", async () => {
    await addRecipe(db.orm, recipeBody({ name: 'Finns', categories: ['Vegetariskt'] }) as never, 'anna');
    const report = await importTransfer(
      db.orm,
      file([
        organised({ id: 20, categories: ['VEGETARISKT', 'Helg'] }),
        organised({ id: 21, name: 'För lång', categories: ['x'.repeat(35)] }),
        organised({ id: 22, name: 'För länge', prepTime: 20000 }),
        organised({ id: 23, name: 'Fel adress', source: { url: 'javascript:alert(1)' } }),
      ]),
    );
    expect(report.outcomes.map((o) => (o.kind === 'refused' ? o.problem : o.kind))).toEqual([
      'added',
      'categories.0: Max 34 characters',
      'prepTime: Max 10080 minutes',
      'source.url: Must be a web address starting with http:// or https://',
    ]);
    const stored = (await exportTransfer(db.orm)).recipes.find((r) => r.id === 20);
    expect(stored?.categories).toEqual(['Vegetariskt', 'Helg']);
  });
});
