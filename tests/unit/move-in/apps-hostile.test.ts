// Collection files built to hurt: zip bombs (sizes that lie, sizes beyond the limit, gzip inside), names that climb
// out of the archive, symlinks, corrupt zips and gzip, files that are neither, 10,000 ingredients, too many
// recipes, a photo beyond its limit. Each gives a clear Swedish sentence and reads nothing it should not.
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import {
  paprikaExport,
  paprikaJson,
  recipeSageExport,
  sampleRecipes,
  schemaOrgFile,
  tandoorJson,
  zipOf,
  mealieExport,
} from '../../fixtures/apps/make-exports.ts';
import { errorOf, LIMITS, photoBytes, photoOf, removeFiles, scanOf } from '../../fixtures/apps/scan-file.ts';

afterAll(removeFiles);

const [sample] = sampleRecipes(1);
// Two megabytes of src/lib/byte-size.ts (decision 070): the messages name the limit as '2 MB'.
const SMALL = { ...LIMITS, maxUnpackedBytes: 2 * 1024 * 1024 };
const paprika = (name: string, raw?: Record<string, unknown>) => ({
  name,
  data: gzipSync(JSON.stringify(paprikaJson({ ...sample!, name, ...(raw ? { raw } : {}) }))),
});
const zeros = (bytes: number) => Buffer.alloc(bytes);

describe('zip bombs', () => {
  it('refuses an entry whose header claims fewer bytes than it inflates to, before holding them', async () => {
    const file = zipOf([{ name: 'Bomb.paprikarecipe', data: zeros(20_000_000), deflate: true, declaredSize: 1000 }]);
    expect(file.length).toBeLessThan(100_000);
    expect(await errorOf(file, 'x.paprikarecipes', SMALL)).toMatch(
      /^Filen packas upp till mer än 2 MB \(”Bomb\.paprikarecipe”\) och läses därför inte in/,
    );
  });

  it('refuses an entry that declares more than the limit, without inflating it', async () => {
    const file = zipOf([{ name: 'recipes/a/a.json', data: zeros(3 * 1024 * 1024), deflate: true }]);
    expect(await errorOf(file, 'mealie.zip', SMALL)).toMatch(
      /^Filen packas upp till mer än 2 MB \(”recipes\/a\/a\.json” ensam 3 MB\)/,
    );
  });

  it('counts all entries together: many small ones beyond the limit are refused too', async () => {
    const entries = Array.from({ length: 5 }, (_, i) => ({
      name: `${i}.paprikarecipe`,
      data: zeros(600_000),
      deflate: true,
    }));
    expect(await errorOf(zipOf(entries), 'x.paprikarecipes', SMALL)).toMatch(/^Filen packas upp till mer än 2 MB/);
  });

  it('bounds gzip inside the zip, and a lone gzip file, by the same limit', async () => {
    const bomb = gzipSync(zeros(10_000_000));
    expect(await errorOf(zipOf([{ name: 'Bomb.paprikarecipe', data: bomb }]), 'x.paprikarecipes', SMALL)).toMatch(
      /^Filen packas upp till mer än 2 MB/,
    );
    expect(await errorOf(bomb, 'Bomb.paprikarecipe', SMALL)).toMatch(/^Filen packas upp till mer än 2 MB/);
  });

  it('bounds a zip inside the zip (Tandoor) by the same limit', async () => {
    const inner = zipOf([{ name: 'recipe.json', data: zeros(3 * 1024 * 1024), deflate: true }]);
    expect(await errorOf(zipOf([{ name: '1.zip', data: inner }]), 'tandoor.zip', SMALL)).toMatch(
      /^Filen packas upp till mer än 2 MB/,
    );
  });
});

describe('names and links', () => {
  it('leaves out names outside the archive and symlinks, with a note, and reads the rest', async () => {
    const file = zipOf([
      paprika('../../etc/Utanför.paprikarecipe'),
      paprika('/etc/Absolut.paprikarecipe'),
      paprika('C:/Windows/Enhet.paprikarecipe'),
      { name: 'Länk.paprikarecipe', data: '/etc/passwd', symlink: true },
      paprika('Riktig.paprikarecipe'),
    ]);
    const scan = await scanOf(file, 'x.paprikarecipes');
    expect(scan.recipes.map((r) => r.draft.name)).toEqual(['Riktig.paprikarecipe']);
    expect(scan.notes).toEqual([
      '4 filer i arkivet lästes inte: ”../../etc/Utanför.paprikarecipe” pekar utanför arkivet, ”/etc/Absolut.paprikarecipe” pekar utanför arkivet, ”C:/Windows/Enhet.paprikarecipe” pekar utanför arkivet, ”Länk.paprikarecipe” är en länk.',
    ]);
  });

  it('never reads a photo through a left-out name', async () => {
    const file = zipOf([
      { name: 'recipes/a/a.json', data: JSON.stringify({ name: 'A', slug: 'a' }) },
      { name: 'recipes/a/images/original.webp', data: '/etc/passwd', symlink: true },
    ]);
    const [recipe] = (await scanOf(file)).recipes;
    expect(recipe!.photos).toEqual([]);
    expect(await photoOf(file, { entry: 'recipes/a/images/original.webp' })).toBe('Bilden finns inte i filen.');
  });
});

describe('files that are not what they seem', () => {
  it('gives a sentence for a corrupt zip, a file that is neither zip nor JSON, broken JSON, and JSON without recipes', async () => {
    expect(await errorOf(Buffer.concat([Buffer.from('PK\x03\x04'), zeros(200)]))).toBe(
      'Filen ser ut som en zip-fil men är trasig och kan inte läsas.',
    );
    const neither =
      'Filen går inte att läsa in: den är varken en export från Paprika, Mealie, Tandoor, Nextcloud Cookbook eller RecipeSage eller recept i JSON.';
    expect(await errorOf(Buffer.from('Kanelbullar\n5 dl mjöl'), 'recept.txt')).toBe(neither);
    expect(await errorOf(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), 'bild.png')).toBe(neither);
    expect(await errorOf(Buffer.from('{"@type": "Recipe", '))).toBe(
      'Filen ser ut som JSON men är trasig och kan inte läsas.',
    );
    expect(await errorOf(Buffer.from('{"hej": 1}'))).toBe(
      'Filen är JSON men innehåller inga recept (schema.org Recipe) att läsa in.',
    );
    expect(await errorOf(zipOf([{ name: 'bild.jpg', data: photoBytes(1) }]))).toBe(
      'Zip-filen är ingen export som går att läsa in: den har inga recept från Paprika, Mealie, Tandoor eller Nextcloud Cookbook.',
    );
  });

  it('refuses a file of more recipes than the limit, whatever its format', async () => {
    const four = sampleRecipes(4);
    const limits = { ...LIMITS, maxRecipes: 3 };
    const message =
      'Filen har fler än 3 recept, det högsta som går att läsa in ur en fil. Exportera samlingen i flera delar.';
    expect(await errorOf(paprikaExport(four), 'x.paprikarecipes', limits)).toBe(message);
    expect(await errorOf(mealieExport(four), 'x.zip', limits)).toBe(message);
    expect(await errorOf(recipeSageExport(four), 'x.json', limits)).toBe(message);
    expect(await errorOf(schemaOrgFile(four, 'graph'), 'x.json', limits)).toBe(message);
    expect((await scanOf(paprikaExport(four.slice(0, 3)), 'x.paprikarecipes', limits)).recipes).toHaveLength(3);
  });
});

describe('recipes that cannot be imported', () => {
  it('a recipe of 10,000 ingredients is that recipe’s problem, counted before any is read', async () => {
    const lines = Array.from({ length: 10_000 }, (_, i) => `${i + 1} g mjöl`);
    const file = zipOf([
      paprika('Jätte.paprikarecipe', { name: 'Jättekaka', ingredients: lines.join('\n') }),
      paprika('Vanlig.paprikarecipe'),
    ]);
    const [big, normal] = (await scanOf(file)).recipes;
    expect(big).toMatchObject({ index: 0, draft: { name: 'Jättekaka', ingredients: [] } });
    expect(big!.problem).toMatch(/^Receptet har 10\s000 ingredienser; högst 100 går att läsa in\.$/u);
    expect(normal!.problem).toBeUndefined();
    const tandoor = tandoorJson({ ...sample!, ingredients: [{ heading: 'Allt', lines: lines.slice(0, 150) }] });
    const [many] = (
      await scanOf(zipOf([{ name: '1.zip', data: zipOf([{ name: 'recipe.json', data: JSON.stringify(tandoor) }]) }]))
    ).recipes;
    expect(many!.problem).toBe('Receptet har 150 ingredienser; högst 100 går att läsa in.');
  });

  it('a recipe with no name anywhere is a problem; a photo beyond photoMaxBytes is refused when read', async () => {
    const [nameless] = (await scanOf(Buffer.from(JSON.stringify({ '@type': 'Recipe', recipeIngredient: ['1 ägg'] }))))
      .recipes;
    expect(nameless!.problem).toBe('Receptet har inget namn.');
    const file = paprikaExport([{ ...sample!, photos: [photoBytes(1, 3000)] }]);
    const [recipe] = (await scanOf(file)).recipes;
    expect(await photoOf(file, recipe!.photos[0]!, { ...LIMITS, photoMaxBytes: 1024 })).toBe(
      'Bilden är större än 1 kB.',
    );
    const mealie = mealieExport([{ ...sample!, photos: [photoBytes(1, 3000)] }]);
    const [m] = (await scanOf(mealie)).recipes;
    expect(await photoOf(mealie, m!.photos[0]!, { ...LIMITS, photoMaxBytes: 1024 })).toBe(
      `”${m!.photos[0]!.entry}” är större än 1 kB.`,
    );
  });
});
