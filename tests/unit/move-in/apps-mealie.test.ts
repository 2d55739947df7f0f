// Mealie's recipe export zip (recipes/{slug}/{slug}.json + images/) and its backup zip (database.json + data/).
import { afterAll, describe, expect, it } from 'vitest';
import { mealieBackup, mealieExport, mealieJson, sampleRecipes, zipOf } from '../../fixtures/apps/make-exports.ts';
import { photoBytes, photoOf, removeFiles, scanOf } from '../../fixtures/apps/scan-file.ts';

afterAll(removeFiles);

const [sample] = sampleRecipes(1);
const photo = photoBytes(5);
const INGREDIENTS = [
  { name: 'vetemjöl', quantity: { value: 5, unit: 'DECILITER' }, heading: 'Degen' },
  { name: 'mjölk', quantity: { value: 2, unit: 'DECILITER' } },
  { name: 'jäst', quantity: { value: 50, unit: 'GRAM' } },
  { name: 'kardemumma', quantity: { value: 1, unit: 'TEASPOON' } },
  { name: 'smör', quantity: { value: 75, unit: 'GRAM' } },
  { name: 'smör', quantity: { value: 100, unit: 'GRAM' }, heading: 'Fyllningen' },
  { name: 'socker', quantity: { value: 1, unit: 'DECILITER' } },
  { name: 'kanel', quantity: { value: 2, unit: 'TABLESPOON' } },
];

describe('Mealie', () => {
  it('reads its recipe export: parsed and unparsed ingredients, sections, tags and categories, times, photo', async () => {
    const file = mealieExport([
      { ...sample!, photos: [photo] },
      { ...sample!, name: 'Räksmörgås', photos: [] },
    ]);
    const scan = await scanOf(file, 'mealie_export.zip');
    expect(scan.format).toBe('mealie');
    const [bullar, macka] = scan.recipes;
    expect(bullar).toEqual({
      index: 0,
      photos: [{ entry: 'recipes/kanelbullar-nr-1-mormors-aao/images/original.webp' }],
      notes: ['Kom inte med: beskrivningen, betyget, anteckningarna.'],
      draft: {
        name: 'Kanelbullar nr 1 – mormors ÅÄÖ',
        servings: 4,
        prepTime: 30, // '30 minutes'
        totalTime: 80, // '1 hour 20 minutes'
        categories: ['Bakning', 'Fika', 'Klassiker'],
        source: { url: 'https://www.exempel.se/recept/kanelbullar-1' },
        instructions: 'Värm mjölken till 37 °C.\nSmula jästen och rör ut den i mjölken.\nKnåda degen i tio minuter.',
        ingredients: INGREDIENTS,
      },
    });
    expect(await photoOf(file, bullar!.photos[0]!)).toEqual(photo);
    expect(macka).toMatchObject({ index: 1, photos: [], draft: { name: 'Räksmörgås' } });
  });

  it('reads the API’s camelCase spelling, instruction titles, and a recipe with little in it', async () => {
    const camel = {
      name: 'Gubbröra',
      slug: 'gubbrora',
      recipeYield: '2 portioner',
      prepTime: 'PT10M',
      performTime: '5 minutes',
      orgURL: 'https://www.exempel.se/gubbrora',
      tags: [{ name: 'Påsk' }],
      recipeCategory: [{ name: 'Smörgåsbord' }],
      recipeIngredient: [{ title: 'Röran', note: '4 ägg', disableAmount: true }, { note: '1 burk ansjovis' }],
      recipeInstructions: [
        { title: 'Förbered', text: 'Koka äggen.' },
        { text: 'Hacka och blanda.', summary: 'Blanda' },
      ],
      tools: [{ name: 'Kniv' }],
    };
    const bare = mealieJson({
      name: 'Vatten',
      ingredients: [],
      steps: [],
      raw: { description: undefined, notes: undefined, rating: undefined },
    });
    const file = zipOf([
      { name: 'recipes/gubbrora/gubbrora.json', data: JSON.stringify(camel) },
      { name: 'recipes/vatten/vatten.json', data: JSON.stringify({ ...bare, slug: 'vatten' }) },
    ]);
    const [röra, vatten] = (await scanOf(file)).recipes;
    expect(röra!.draft).toMatchObject({
      name: 'Gubbröra',
      servings: 2,
      prepTime: 10,
      totalTime: 15,
      categories: ['Smörgåsbord', 'Påsk'],
      instructions: 'Förbered\nKoka äggen.\nHacka och blanda.',
      ingredients: [
        { name: 'ägg', quantity: { value: 4, unit: 'PIECES' }, heading: 'Röran' },
        { name: 'burk ansjovis', quantity: { value: 1, unit: 'PIECES' } }, // the ingredient-line reader's own reading
      ],
    });
    expect(röra!.notes).toEqual(['Kom inte med: redskapen, stegens sammanfattningar.']);
    expect(vatten).toMatchObject({ photos: [], notes: [], draft: { name: 'Vatten', ingredients: [], servings: null } });
  });

  it('reads a backup: the tables joined, the author, photos from data/recipes/{id}', async () => {
    const file = mealieBackup([
      { ...sample!, photos: [photo] },
      { ...sample!, name: 'Smörgåstårta', photos: [] },
    ]);
    const scan = await scanOf(file, 'mealie_2024.10.24.zip');
    expect(scan.format).toBe('mealie');
    const [bullar, tårta] = scan.recipes;
    expect(bullar).toMatchObject({
      index: 0,
      author: 'Anna Åström',
      notes: ['Kom inte med: beskrivningen, betyget, anteckningarna.'],
      draft: {
        name: 'Kanelbullar nr 1 – mormors ÅÄÖ',
        servings: 4,
        prepTime: 30,
        totalTime: 80,
        categories: ['Bakning', 'Fika', 'Klassiker'],
        source: { url: 'https://www.exempel.se/recept/kanelbullar-1' },
        ingredients: INGREDIENTS,
      },
    });
    expect(bullar!.photos).toHaveLength(1);
    expect(bullar!.photos[0]!.entry).toMatch(/^data\/recipes\/[0-9a-f-]{36}\/images\/original\.webp$/);
    expect(await photoOf(file, bullar!.photos[0]!)).toEqual(photo);
    expect(tårta).toMatchObject({ index: 1, photos: [], draft: { name: 'Smörgåstårta' } });
  });

  it('finds a backup that Safari unpacked and packed again (a folder around it, __MACOSX beside)', async () => {
    const inner = mealieBackup([sample!]);
    // Re-wrap the backup's entries in a folder, as Mealie's own restore accepts.
    const yauzl = await import('yauzl');
    const zip = await yauzl.fromBufferPromise(inner, { lazyEntries: true });
    const items = [];
    for await (const entry of zip.eachEntry()) {
      const stream = await zip.openReadStreamPromise(entry);
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      items.push({ name: `mealie_backup/${entry.fileName}`, data: Buffer.concat(chunks) });
    }
    const file = zipOf([{ name: '__MACOSX/mealie_backup/._database.json', data: 'x' }, ...items]);
    const scan = await scanOf(file);
    expect(scan.format).toBe('mealie');
    expect(scan.recipes.map((r) => r.draft.name)).toEqual(['Kanelbullar nr 1 – mormors ÅÄÖ']);
  });
});
