// The guard of docs/architecture.md's checklist, "Adding a field to a recipe": every field of the recipe schema
// survives the transfer file (export, then import into a database, then export again) and is in the JSON-LD,
// unless that module lists it as left out on purpose; the import's "same recipe" comparison looks at every
// field but the id. A field added to the schema and nowhere else fails these tests (shown last, with such a schema).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { exportTransfer } from '../../../server/db/transfer-export.ts';
import { contentKey, TRANSFER_FORMAT } from '../../../server/db/transfer-format.ts';
import { importTransfer } from '../../../server/db/transfer-import.ts';
import type { Database } from '../../../server/db/index.ts';
import { JSONLD_LEFT_OUT, recipeJsonLd } from '../../../src/lib/recipe-jsonld.ts';
import type { Photo } from '../../../src/lib/photo-schema.ts';
import { recipeSchema, type Recipe } from '../../../src/lib/recipe-schema.ts';
import { closeTestDatabase, createTestDatabase, emptyRecipes } from '../../support/database.ts';
import { fieldsLost } from '../../support/field-coverage.ts';

// A stored photo as the API answers it: its files named by `seed` (a photo's files differ from another's).
const photo = (id: string, alt: string, seed: string): Photo => ({
  id: id.repeat(22),
  alt,
  width: 1600,
  height: 1200,
  placeholder: 'HBkSHYSIeHiPiHh8eJd4eTN0EEQG',
  files: [
    { use: 'original', format: 'jpeg', width: 1600, height: 1200, file: `${seed.repeat(64)}.jpg` },
    { use: 'jpeg', format: 'jpeg', width: 1200, height: 900, file: `${seed.repeat(63)}1.jpg` },
    { use: 'crop', format: 'jpeg', width: 1200, height: 675, file: `${seed.repeat(63)}2.jpg` },
  ],
});

// Two recipes that differ in every field.
const sample: Recipe = {
  id: 3,
  name: 'Pannkakor',
  author: 'redaktor',
  instructions: 'Vispa.\nStek.',
  servings: 4,
  ingredients: [{ name: 'Mjölk', quantity: { value: 6, unit: 'DECILITER' } }, { name: 'Smör' }],
  photos: [photo('a', 'Pannkakor på ett fat', 'a')],
  version: 2,
  createdAt: '2024-05-01T10:00:00.123456Z',
  updatedAt: '2024-05-02T08:30:00.000001Z',
};
const other: Recipe = {
  id: 5,
  name: 'Plättar',
  author: 'anna',
  instructions: 'Stek små.',
  servings: 2,
  ingredients: [{ name: 'Ägg', quantity: { value: 2, unit: 'PIECES' } }],
  photos: [photo('b', '', 'b')],
  version: 7,
  createdAt: '2023-01-01T00:00:00.000002Z',
  updatedAt: '2023-02-01T00:00:00.000003Z',
};
const samples = { sample, other };
// What a change to the schema alone looks like: a field that nothing else knows about.
const withNewField = recipeSchema.extend({ source: z.string() });

describe('every field of the recipe schema', () => {
  let db: Database;
  beforeAll(async () => {
    db = await createTestDatabase('pglite');
  });
  afterAll(() => closeTestDatabase(db));

  // The file a recipe makes, read into an empty database and exported again.
  const transferRoundTrip = async (recipe: Record<string, unknown>) => {
    await emptyRecipes(db);
    const document = JSON.parse(
      JSON.stringify({ format: TRANSFER_FORMAT, exportedAt: sample.createdAt, recipes: [recipe] }),
    );
    const report = await importTransfer(db.orm, document);
    expect(report.count.added).toBe(1);
    return (await exportTransfer(db.orm)).recipes;
  };
  const jsonLd = (recipe: Record<string, unknown>) => recipeJsonLd(recipe as Recipe, 'https://recept.example/3');
  const sameRecipeKey = (recipe: Record<string, unknown>) => contentKey(recipe as Recipe);

  it('survives the transfer file', async () => {
    expect(await fieldsLost(recipeSchema, samples, transferRoundTrip)).toEqual([]);
  });

  it('is in the JSON-LD, except the fields it leaves out on purpose', async () => {
    expect(await fieldsLost(recipeSchema, samples, jsonLd)).toEqual(Object.keys(JSONLD_LEFT_OUT));
  });

  it("takes part in the import's comparison of content (all but the id)", async () => {
    expect(await fieldsLost(recipeSchema, samples, sameRecipeKey)).toEqual(['id']);
  });

  it('a field added to the schema and nowhere else is reported by each check', async () => {
    expect(await fieldsLost(withNewField, samples, transferRoundTrip)).toEqual(['source']);
    expect(await fieldsLost(withNewField, samples, jsonLd)).toEqual([...Object.keys(JSONLD_LEFT_OUT), 'source']);
  });
});
