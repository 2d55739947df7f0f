// The guard of docs/architecture.md's checklist, "Adding a field to a recipe": every field of the recipe schema
// survives the transfer file (export, then import into a database, then export again) and is in the JSON-LD,
// unless that module lists it as left out on purpose; the import's "same recipe" comparison looks at every
// field but the id. The same for every field of an ingredient. A field added to the schema and nowhere else fails
// these tests (shown last, with such a schema).
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { exportTransfer } from '../../../server/db/transfer/transfer-export.ts';
import { contentKey, TRANSFER_FORMAT } from '../../../server/db/transfer/transfer-format.ts';
import { importTransfer } from '../../../server/db/transfer/transfer-import.ts';
import type { Database } from '../../../server/db/index.ts';
import { JSONLD_INGREDIENT_LEFT_OUT, JSONLD_LEFT_OUT, recipeJsonLd } from '../../../src/lib/recipe-jsonld.ts';
import { ingredientSchema, recipeSchema, type Ingredient, type Recipe } from '../../../src/lib/recipe-schema.ts';
import { closeTestDatabase, createTestDatabase, emptyRecipes } from '../../support/database.ts';
import { fieldsLost } from '../../support/field-coverage.ts';

// A photo whose files are a few bytes that start like a JPEG, named by their SHA-256 as stored files are.
function photo(id: string, alt: string, seed: string): NonNullable<Recipe['photos']>[number] {
  const file = (use: 'jpeg' | 'crop', width: number, height: number) => {
    const bytes = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from(`${seed}-${use}`)]);
    const name = `${createHash('sha256').update(bytes).digest('hex')}.jpg`;
    photoBytes.set(name, bytes.toString('base64'));
    return { use, format: 'jpeg' as const, width, height, file: name };
  };
  return {
    id,
    alt,
    width: 2400,
    height: 1600,
    placeholder: `ph-${seed}`,
    files: [file('jpeg', 1200, 800), file('crop', 1200, 675)],
  };
}
const photoBytes = new Map<string, string>();

// Two recipes that differ in every field.
const sample: Recipe = {
  id: 3,
  name: 'Pannkakor',
  author: 'redaktor',
  instructions: 'Vispa.\nStek.',
  servings: 4,
  ingredients: [
    { name: 'Mjölk', quantity: { value: 6, unit: 'DECILITER' }, note: 'standard', heading: 'Till smeten' },
    { name: 'Smör', doNotScale: true },
  ],
  version: 2,
  createdAt: '2024-05-01T10:00:00.123456Z',
  updatedAt: '2024-05-02T08:30:00.000001Z',
  photos: [photo('AAAAAAAAAAAAAAAAAAAAAA', 'Stekta', 'a')],
  categories: ['Frukost', 'Vardag'],
  prepTime: 10,
  totalTime: 40,
  source: { url: 'https://www.example.se/pannkakor', name: 'Exempelköket' },
};
const other: Recipe = {
  id: 5,
  name: 'Plättar',
  author: 'anna',
  instructions: 'Stek små.',
  servings: 2,
  ingredients: [{ name: 'Ägg', quantity: { value: 2, unit: 'PIECES' }, note: 'rumsvarma' }],
  version: 7,
  createdAt: '2023-01-01T00:00:00.000002Z',
  updatedAt: '2023-02-01T00:00:00.000003Z',
  photos: [photo('BBBBBBBBBBBBBBBBBBBBBB', '', 'b'), photo('CCCCCCCCCCCCCCCCCCCCCC', 'Uppläggning', 'c')],
  categories: ['Efterrätt'],
  prepTime: 5,
  totalTime: 25,
  source: { name: 'Mormor' },
};
const samples = { sample, other };
// Two ingredients that differ in every field, and what a change to the ingredient's schema alone looks like.
const ingredientSamples: { sample: Ingredient; other: Ingredient } = {
  sample: { name: 'Vetemjöl', quantity: { value: 5, unit: 'DECILITER' }, note: 'siktat', heading: 'Till degen' },
  other: { name: 'Salt', quantity: { value: 1, unit: 'PINCH' }, note: 'flingsalt', doNotScale: true },
};
const withNewIngredientField = ingredientSchema.extend({ brand: z.string() });
// What a change to the schema alone looks like: a field that nothing else knows about.
const withNewField = recipeSchema.extend({ cuisine: z.string() });

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
      JSON.stringify({
        format: TRANSFER_FORMAT,
        exportedAt: sample.createdAt,
        recipes: [recipe],
        files: Object.fromEntries(photoBytes),
      }),
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

  // A recipe whose only ingredient is the one given (with one after it, so a heading is a heading).
  const withIngredient =
    (path: (recipe: Record<string, unknown>) => unknown) => (ingredient: Record<string, unknown>) =>
      path({ ...sample, ingredients: [ingredient, { name: 'Vatten' }] });

  it("every field of an ingredient survives the transfer file and takes part in the import's comparison", async () => {
    expect(await fieldsLost(ingredientSchema, ingredientSamples, withIngredient(transferRoundTrip))).toEqual([]);
    expect(await fieldsLost(ingredientSchema, ingredientSamples, withIngredient(sameRecipeKey))).toEqual([]);
  });

  it('every field of an ingredient is in its JSON-LD line, except those it leaves out on purpose', async () => {
    expect(await fieldsLost(ingredientSchema, ingredientSamples, withIngredient(jsonLd))).toEqual(
      Object.keys(JSONLD_INGREDIENT_LEFT_OUT),
    );
  });

  it('a field added to the schema and nowhere else is reported by each check', async () => {
    expect(await fieldsLost(withNewIngredientField, ingredientSamples, withIngredient(transferRoundTrip))).toEqual([
      'brand',
    ]);
    expect(await fieldsLost(withNewField, samples, transferRoundTrip)).toEqual(['cuisine']);
    expect(await fieldsLost(withNewField, samples, jsonLd)).toEqual([...Object.keys(JSONLD_LEFT_OUT), 'cuisine']);
  });
});
