// "Flytta in recept" (issue 38): files of schema.org Recipe JSON-LD (one, an array, an @graph) and RecipeSage's
// JSON-LD export, read into drafts with what did not fit named in Swedish.
import { afterAll, describe, expect, it } from 'vitest';
import { recipeSageExport, sampleRecipes, schemaOrgFile, schemaOrgJson } from '../../fixtures/apps/make-exports.ts';
import { removeFiles, scanOf } from '../../fixtures/apps/scan-file.ts';

afterAll(removeFiles);

const [sample] = sampleRecipes(1);

describe('schema.org Recipe files', () => {
  it('reads one, an array and an @graph, each recipe as a fitted draft', async () => {
    for (const shape of ['single', 'array', 'graph'] as const) {
      const scan = await scanOf(schemaOrgFile([{ ...sample!, author: 'Åsa Öberg' }], shape), 'recept.json');
      expect(scan.format).toBe('schema-org');
      expect(scan.recipes).toHaveLength(1);
      const [recipe] = scan.recipes;
      expect(recipe).toMatchObject({
        index: 0,
        author: 'Åsa Öberg',
        photos: [],
        notes: ['Kom inte med: beskrivningen.'],
        draft: {
          name: 'Kanelbullar nr 1 – mormors ÅÄÖ',
          servings: 4,
          prepTime: 30,
          totalTime: 80,
          categories: ['Bakning', 'Fika', 'Klassiker'],
          source: { url: 'https://www.exempel.se/recept/kanelbullar-1' },
          instructions: 'Värm mjölken till 37 °C.\nSmula jästen och rör ut den i mjölken.\nKnåda degen i tio minuter.',
        },
      });
      expect(recipe!.draft.ingredients.slice(0, 2)).toEqual([
        { name: 'vetemjöl', quantity: { value: 5, unit: 'DECILITER' }, heading: 'Degen' },
        { name: 'mjölk', quantity: { value: 2, unit: 'DECILITER' } },
      ]);
      expect(recipe!.draft.ingredients[5]).toMatchObject({ name: 'smör', heading: 'Fyllningen' });
      expect(recipe!.problem).toBeUndefined();
    }
  });

  it('names every field it has no place for, a web photo included, and reads HTML in fields as text', async () => {
    const recipe = schemaOrgJson({
      ...sample!,
      raw: {
        name: '<b>Äppelpaj</b> &amp; grädde',
        image: 'https://bilder.exempel.se/paj.jpg',
        nutrition: { '@type': 'NutritionInformation', calories: '300 kcal' },
        recipeInstructions: '<p>Sätt ugnen&nbsp;på 200&deg;.</p><p><script>alert(1)</script>Grädda.</p>',
        egetFält: 'x',
      },
    });
    const [read] = (await scanOf(Buffer.from(JSON.stringify(recipe)), 'paj.jsonld')).recipes;
    expect(read!.draft.name).toBe('Äppelpaj & grädde');
    expect(read!.draft.instructions).toBe('Sätt ugnen på 200°.\nalert(1)Grädda.');
    expect(read!.notes).toEqual([
      'Kom inte med: beskrivningen, näringsvärdet, fältet ”egetFält”, bilden (den finns bara som webbadress).',
    ]);
  });
});

describe('RecipeSage JSON-LD export', () => {
  it('reads {"recipes": [...]} with its bracketed sections, credit and notes', async () => {
    const scan = await scanOf(recipeSageExport(sampleRecipes(3)), 'recipesage-export.json');
    expect(scan.format).toBe('recipesage');
    expect(scan.recipes.map((r) => r.index)).toEqual([0, 1, 2]);
    const [first] = scan.recipes;
    expect(first!.draft.source).toEqual({ url: 'https://www.exempel.se/recept/kanelbullar-1', name: 'Exempel' });
    expect(first!.draft.ingredients[0]).toMatchObject({ name: 'vetemjöl', heading: 'Degen' });
    expect(first!.draft.ingredients[5]).toMatchObject({ name: 'smör', heading: 'Fyllningen' });
    expect(first!.notes).toEqual(['Kom inte med: beskrivningen, anteckningarna, betyget.']);
  });
});
