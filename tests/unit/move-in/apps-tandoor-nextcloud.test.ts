// Tandoor's export (a zip of {id}.zip, each recipe.json + image) and Nextcloud Cookbook's folders (recipe.json +
// full.jpg), zipped.
import { afterAll, describe, expect, it } from 'vitest';
import {
  nextcloudExport,
  nextcloudJson,
  sampleRecipes,
  tandoorExport,
  tandoorJson,
  zipOf,
} from '../../fixtures/apps/make-exports.ts';
import { photoBytes, photoOf, removeFiles, scanOf } from '../../fixtures/apps/scan-file.ts';

afterAll(removeFiles);

const [sample] = sampleRecipes(1);
const photo = photoBytes(9);

describe('Tandoor', () => {
  it('reads its zip of zips: steps’ ingredients as sections, amounts, keywords, minutes, the image', async () => {
    const file = tandoorExport([
      { ...sample!, photos: [photo] },
      { ...sample!, name: 'Kålpudding', photos: [] },
    ]);
    const scan = await scanOf(file, 'export_2026-11-27.zip');
    expect(scan.format).toBe('tandoor');
    const [bullar, pudding] = scan.recipes;
    expect(bullar).toMatchObject({
      index: 0,
      photos: [{ entry: '1.zip', inner: 'image.jpg' }],
      notes: ['Kom inte med: beskrivningen.'],
      draft: {
        name: 'Kanelbullar nr 1 – mormors ÅÄÖ',
        servings: 4,
        prepTime: 30, // working_time
        totalTime: 80, // working + waiting
        categories: ['Bakning', 'Fika', 'Klassiker'],
        source: { url: 'https://www.exempel.se/recept/kanelbullar-1' },
        instructions:
          'Degen\nVärm mjölken till 37 °C.\nSmula jästen och rör ut den i mjölken.\nKnåda degen i tio minuter.',
      },
    });
    expect(bullar!.draft.ingredients[0]).toEqual({
      name: 'vetemjöl',
      quantity: { value: 5, unit: 'DECILITER' },
      heading: 'Degen',
    });
    expect(bullar!.draft.ingredients[5]).toEqual({
      name: 'smör',
      quantity: { value: 100, unit: 'GRAM' },
      heading: 'Fyllningen',
    });
    expect(await photoOf(file, bullar!.photos[0]!)).toEqual(photo);
    expect(pudding).toMatchObject({ index: 1, photos: [], draft: { name: 'Kålpudding' } });
  });

  it('reads header ingredients, notes, markdown steps and step times; a corrupt inner zip is that recipe’s problem', async () => {
    const json = tandoorJson({
      ...sample!,
      raw: {
        description: undefined,
        nutrition: { calories: 250, carbohydrates: 30, fats: 10, proteins: 5, source: '' },
        steps: [
          {
            name: '',
            instruction: '## Till såsen\n**Sjud** löken.\n- Rör i grädden.',
            time: 10,
            order: 0,
            ingredients: [
              { is_header: true, note: 'Såsen', food: null, unit: null, amount: '0.000', order: 0 },
              { food: { name: 'gul lök' }, unit: { name: 'st' }, amount: '2.000', note: 'finhackad', order: 1 },
              { food: { name: 'salt' }, unit: null, amount: '0.000', note: '', no_amount: true, order: 2 },
            ],
          },
        ],
      },
    });
    const file = zipOf([
      { name: '7.zip', data: zipOf([{ name: 'recipe.json', data: JSON.stringify(json) }]) },
      { name: '8.zip', data: Buffer.from('PK\x03\x04 inte en zip') },
    ]);
    const [sås, trasig] = (await scanOf(file)).recipes;
    expect(sås!.draft.instructions).toBe('Till såsen\nSjud löken.\nRör i grädden.');
    expect(sås!.draft.ingredients).toEqual([
      { name: 'gul lök', quantity: { value: 2, unit: 'PIECES' }, note: 'finhackad', heading: 'Såsen' },
      { name: 'salt' },
    ]);
    expect(sås!.notes).toEqual(['Kom inte med: näringsvärdet, stegens tider.']);
    expect(trasig).toMatchObject({
      index: 1,
      draft: { name: '8' },
      problem: expect.stringContaining('trasig') as unknown,
    });
  });
});

describe('Nextcloud Cookbook', () => {
  it('reads its folders: recipe.json (schema.org, ISO times, keywords text) and full.jpg', async () => {
    const file = nextcloudExport([
      { ...sample!, photos: [photo] },
      { ...sample!, name: 'Laxpudding', photos: [] },
    ]);
    const scan = await scanOf(file, 'Recipes.zip');
    expect(scan.format).toBe('nextcloud');
    const [bullar, lax] = scan.recipes;
    expect(bullar).toMatchObject({
      index: 0,
      photos: [{ entry: 'Recipes/Kanelbullar nr 1 – mormors ÅÄÖ/full.jpg' }],
      notes: ['Kom inte med: beskrivningen, näringsvärdet.'],
      draft: {
        name: 'Kanelbullar nr 1 – mormors ÅÄÖ',
        servings: 4,
        prepTime: 30, // 'PT0H30M0S'
        totalTime: 80,
        categories: ['Bakning', 'Fika', 'Klassiker'],
        source: { url: 'https://www.exempel.se/recept/kanelbullar-1' },
      },
    });
    expect(bullar!.draft.ingredients[5]).toMatchObject({ name: 'smör', heading: 'Fyllningen' });
    expect(await photoOf(file, bullar!.photos[0]!)).toEqual(photo);
    expect(lax).toMatchObject({ index: 1, photos: [], draft: { name: 'Laxpudding' } });
  });

  it('reads step objects and tools, names a photo only on the web, and takes a missing name from the folder', async () => {
    const json = nextcloudJson({
      ...sample!,
      raw: {
        name: '',
        image: 'https://bilder.exempel.se/x.jpg',
        tool: ['Kastrull'],
        nutrition: undefined,
        description: undefined,
        recipeInstructions: [{ '@type': 'HowToStep', text: 'Koka upp.' }, 'Servera.'],
      },
    });
    const file = zipOf([{ name: 'Blåbärssoppa/recipe.json', data: JSON.stringify(json) }]);
    const [soppa] = (await scanOf(file)).recipes;
    expect(soppa!.draft).toMatchObject({ name: 'Blåbärssoppa', instructions: 'Koka upp.\nServera.' });
    expect(soppa!.notes).toEqual(['Kom inte med: redskapen, bilden (den finns bara som webbadress).']);
  });
});
