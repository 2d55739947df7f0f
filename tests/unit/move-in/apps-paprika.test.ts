// Paprika's .paprikarecipes (a zip of gzipped JSON recipes, photos as base64) and a single .paprikarecipe.
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import {
  paprikaExport,
  paprikaRecipeFile,
  sampleRecipes,
  zipOf,
  paprikaJson,
} from '../../fixtures/apps/make-exports.ts';
import { errorOf, LIMITS, photoBytes, photoOf, removeFiles, scanOf } from '../../fixtures/apps/scan-file.ts';

afterAll(removeFiles);

const [sample] = sampleRecipes(1);

describe('Paprika', () => {
  it('reads a .paprikarecipes export: every recipe, sections, times as text, categories, source, all photos', async () => {
    const photos = [photoBytes(1), photoBytes(2), photoBytes(3)];
    const recipes = [
      { ...sample!, photos },
      { ...sample!, name: 'Ärtsoppa med fläsk', servings: '6 portioner', photos: [] },
    ];
    const file = paprikaExport(recipes);
    const scan = await scanOf(file, 'Mina recept.paprikarecipes');
    expect(scan.format).toBe('paprika');
    expect(scan.notes).toEqual([]);
    const [bullar, soppa] = scan.recipes;
    expect(bullar).toMatchObject({
      index: 0,
      notes: ['Kom inte med: beskrivningen, anteckningarna, betyget.'],
      draft: {
        name: 'Kanelbullar nr 1 – mormors ÅÄÖ',
        servings: 4,
        prepTime: 30, // '30 mins'
        totalTime: 80, // '1 hr 20 mins'
        categories: ['Bakning', 'Fika'],
        source: { url: 'https://www.exempel.se/recept/kanelbullar-1', name: 'Exempel' },
        instructions: 'Värm mjölken till 37 °C.\nSmula jästen och rör ut den i mjölken.\nKnåda degen i tio minuter.',
      },
    });
    expect(bullar!.draft.ingredients).toHaveLength(8);
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
    const entry = 'Kanelbullar nr 1 – mormors ÅÄÖ.paprikarecipe';
    expect(bullar!.photos).toEqual([
      { entry, field: 'photo_data' },
      { entry, field: 'photos/0/data' },
      { entry, field: 'photos/1/data' },
    ]);
    for (const [i, ref] of bullar!.photos.entries()) expect(await photoOf(file, ref)).toEqual(photos[i]);
    expect(soppa).toMatchObject({ index: 1, photos: [], draft: { name: 'Ärtsoppa med fläsk', servings: 6 } });
  });

  it('reads a single .paprikarecipe, and its photo from the file itself', async () => {
    const photo = photoBytes(7);
    const file = paprikaRecipeFile({ ...sample!, photos: [photo] });
    const scan = await scanOf(file, 'Kanelbullar.paprikarecipe');
    expect(scan.format).toBe('paprika');
    expect(scan.recipes[0]!.draft.name).toBe('Kanelbullar nr 1 – mormors ÅÄÖ');
    expect(scan.recipes[0]!.photos).toEqual([{ entry: '', field: 'photo_data' }]);
    expect(await photoOf(file, { entry: '', field: 'photo_data' })).toEqual(photo);
  });

  it('takes the name from the entry when the recipe has none, and reads a recipe with fields missing', async () => {
    const bare = {
      ...sample!,
      raw: {
        name: undefined,
        servings: undefined,
        prep_time: undefined,
        total_time: undefined,
        categories: undefined,
        source: undefined,
        source_url: undefined,
        photos: undefined,
        photo_data: undefined,
        rating: undefined,
        notes: undefined,
        description: undefined,
      },
    };
    const file = zipOf([{ name: 'Pepparkakor.paprikarecipe', data: gzipSync(JSON.stringify(paprikaJson(bare))) }]);
    const [recipe] = (await scanOf(file)).recipes;
    expect(recipe).toEqual({
      index: 0,
      photos: [],
      notes: [],
      draft: expect.objectContaining({ name: 'Pepparkakor', servings: null }) as unknown,
    });
    expect(recipe!.draft).not.toHaveProperty('prepTime');
    expect(recipe!.draft).not.toHaveProperty('source');
  });

  it('makes preparation plus cooking the total when there is none, and says when a cooking time is left out', async () => {
    const withoutTotal = { ...sample!, raw: { prep_time: '15 min', cook_time: '1 hour', total_time: '' } };
    const withTotal = {
      ...sample!,
      raw: {
        prep_time: '15 min',
        cook_time: '45 min',
        total_time: '1 hr 10 mins',
        nutritional_info: 'Kalorier: 300',
        difficulty: 'Lätt',
      },
    };
    const [a, b] = (await scanOf(paprikaExport([withoutTotal, withTotal]))).recipes;
    expect(a!.draft).toMatchObject({ prepTime: 15, totalTime: 75 });
    expect(a!.notes).toEqual(['Kom inte med: beskrivningen, anteckningarna, betyget.']);
    expect(b!.draft).toMatchObject({ prepTime: 15, totalTime: 70 });
    expect(b!.notes).toEqual([
      'Kom inte med: beskrivningen, anteckningarna, näringsvärdet, svårighetsgraden, betyget, tillagningstiden.',
    ]);
  });

  it('reads HTML in fields as text, and a corrupt entry is that recipe’s problem alone', async () => {
    const html = {
      ...sample!,
      raw: { name: 'Sill <i>&amp;</i> potatis', ingredients: '<b>4 st</b> ägg\n2 dl&nbsp;grädde' },
    };
    const file = zipOf([
      { name: 'Sill.paprikarecipe', data: gzipSync(JSON.stringify(paprikaJson(html))) },
      { name: 'Trasig.paprikarecipe', data: Buffer.from([0x1f, 0x8b, 8, 0, 1, 2, 3, 4, 5, 6, 7]) },
      { name: 'Inte gzip.paprikarecipe', data: '{"name": "x"}' },
    ]);
    const [sill, trasig, inteGzip] = (await scanOf(file)).recipes;
    expect(sill!.draft.name).toBe('Sill & potatis');
    expect(sill!.draft.ingredients).toEqual([
      { name: 'ägg', quantity: { value: 4, unit: 'PIECES' } },
      { name: 'grädde', quantity: { value: 2, unit: 'DECILITER' } },
    ]);
    expect(trasig).toMatchObject({
      index: 1,
      draft: { name: 'Trasig' },
      problem: 'Receptet är trasigt (inte en läsbar gzip-fil).',
    });
    expect(inteGzip).toMatchObject({ index: 2, problem: 'Receptet är trasigt (inte en gzip-fil).' });
  });

  it('unpacks each recipe once per read (issue 53): a budget that holds one unpacking but not two is enough', async () => {
    const photo = photoBytes(7, 4000);
    const recipe = { ...sample!, photos: [photo] };
    const unpacked = JSON.stringify(paprikaJson(recipe)).length;
    const limits = { ...LIMITS, maxUnpackedBytes: Math.floor(unpacked * 1.5) };
    // A budget of twice the text reads it: the check that a lone file is gzip was an unpacking of its own once.
    const alone = paprikaRecipeFile(recipe);
    expect((await scanOf(alone, 'Kanelbullar.paprikarecipe', limits)).recipes[0]!.problem).toBeUndefined();
    expect(await photoOf(alone, { entry: '', field: 'photo_data' }, limits)).toEqual(photo);
    const inZip = zipOf([{ name: 'Kanelbullar.paprikarecipe', data: alone }]);
    expect((await scanOf(inZip, 'x.paprikarecipes', limits)).recipes[0]!.problem).toBeUndefined();
    expect(await photoOf(inZip, { entry: 'Kanelbullar.paprikarecipe', field: 'photo_data' }, limits)).toEqual(photo);
    // The same budget refuses two such recipes in one read: it is what the test above counts on.
    const two = zipOf([
      { name: 'A.paprikarecipe', data: alone },
      { name: 'B.paprikarecipe', data: alone },
    ]);
    expect(await errorOf(two, 'x.paprikarecipes', limits)).toMatch(/^Filen packas upp till mer än/u);
  });

  it('refuses a single .paprikarecipe that is corrupt gzip', async () => {
    expect(await errorOf(Buffer.from([0x1f, 0x8b, 8, 0, 9, 9, 9, 9]), 'x.paprikarecipe')).toBe(
      'Filen är en trasig gzip-fil och kan inte läsas.',
    );
  });
});
