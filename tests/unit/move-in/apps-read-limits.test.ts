// The limits of one read (issue 52): a gzip beyond the most JSON text read at once is refused naming that limit,
// not the whole file's budget; JSON nested deeper than any reader walks is a file no app writes, said in Swedish;
// JSON of more values than MAX_JSON_VALUES is refused before it is parsed, while the densest real export (Mealie's
// backup) of the service's 10,000 recipes stays well below it; JSON whose bytes and values would hold more than
// MAX_JSON_MEMORY at once is refused too (issue 52 item 2), while that backup stays below it.
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { jsonMemory, jsonValues, MAX_JSON_MEMORY, MAX_JSON_VALUES } from '../../../server/move-in/apps/json-values.ts';
import { openZip } from '../../../server/move-in/apps/zip-archive.ts';
import { createBudget } from '../../../server/move-in/apps/unpack-budget.ts';
import { mealieBackup, sampleRecipes, zipOf } from '../../fixtures/apps/make-exports.ts';
import { errorOf, LIMITS, removeFiles } from '../../fixtures/apps/scan-file.ts';

afterAll(removeFiles);

// The service's budget for a 1 GiB upload: four times it, which is 4295 MB.
const SERVICE = { ...LIMITS, maxUnpackedBytes: 4 * 1024 ** 3 };
const NOT_READABLE =
  'Filen går inte att läsa in: den är varken en export från Paprika, Mealie, Tandoor, Nextcloud Cookbook eller RecipeSage eller recept i JSON.';

// MAX_TEXT_BYTES is 61 MB of src/lib/byte-size.ts's megabytes (1024 × 1024 bytes, decision 070).
describe('one gzip beyond MAX_TEXT_BYTES of text', () => {
  const bomb = gzipSync(Buffer.alloc(65_000_000, 0x20), { level: 1 });

  it('inside a zip is refused naming 61 MB, the limit that stopped it', async () => {
    expect(await errorOf(zipOf([{ name: 'Bomb.paprikarecipe', data: bomb }]), 'x.paprikarecipes', SERVICE)).toBe(
      '”Bomb.paprikarecipe” packas upp till mer än 61 MB och läses därför inte in: gränsen skyddar servern mot filer gjorda för att fylla minnet.',
    );
  });

  it('as the file itself is refused naming 61 MB', async () => {
    expect(await errorOf(bomb, 'Bomb.paprikarecipe', SERVICE)).toMatch(/^”Bomb” packas upp till mer än 61 MB och/u);
  });
});

describe('JSON nested 100,000 levels', () => {
  const deep = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;

  it('in a recipe field is the unreadable file’s sentence, not a stack overflow', async () => {
    const file = Buffer.from(`{"@type":"Recipe","name":"Djup","recipeIngredient":["1 ägg"],"extra":${deep(100_000)}}`);
    expect(await errorOf(file, 'recept.json')).toBe(NOT_READABLE);
  });

  it('inside a Paprika recipe is the same sentence', async () => {
    const paprika = gzipSync(`{"name":"Djup","ingredients":"1 ägg","notes":${deep(100_000)}}`);
    expect(await errorOf(zipOf([{ name: 'Djup.paprikarecipe', data: paprika }]), 'x.paprikarecipes')).toBe(
      NOT_READABLE,
    );
  });
});

describe('JSON of more values than MAX_JSON_VALUES', () => {
  const tooMany = (name: string) =>
    `${name} har fler än 2\u00a0500\u00a0000 värden i JSON (objekt, listor och fält), långt fler än en export brukar ha, och läses därför inte in: gränsen skyddar servern mot filer gjorda för att fylla minnet.`;

  it('counts objects, arrays and members, not what is inside strings', () => {
    expect(jsonValues(Buffer.from('{"a":[1,2,{}],"b":"x,[{\\",\\"}"}'))).toBe(6);
    expect(jsonValues(Buffer.from('[0,0,0,0]'), 2)).toBe(3);
  });

  it('refuses 48 MB of six million small objects at once, before parsing them', async () => {
    const file = Buffer.from(`[${'{"a":1},'.repeat(5_999_999)}{"a":1}]`);
    expect(file.length).toBe(48_000_001);
    const started = performance.now();
    expect(await errorOf(file, 'recept.json', SERVICE)).toBe(tooMany('Filen'));
    // Parsing them would build six million objects (seconds, and ~300 MB of heap) before anything was refused.
    expect(performance.now() - started).toBeLessThan(8000);
  }, 30_000);

  it('inside a Paprika recipe is the file’s error, naming the entry', async () => {
    const paprika = gzipSync(`{"name":"Många","ingredients":"1 ägg","notes":[${'0,'.repeat(MAX_JSON_VALUES)}0]}`);
    expect(await errorOf(zipOf([{ name: 'Många.paprikarecipe', data: paprika }]), 'x.paprikarecipes')).toBe(
      tooMany('”Många.paprikarecipe”'),
    );
  });

  it('is far above a Mealie backup of the service’s 10,000 recipes (161 values a recipe)', async () => {
    const zip = await openZip({ buffer: mealieBackup(sampleRecipes(200)) }, createBudget(1e9), 1000);
    const database = await zip.read(
      zip.entries.find((e) => e.name === 'database.json')!,
      1e9,
    );
    const perRecipe = jsonValues(database) / 200;
    expect(perRecipe).toBeGreaterThan(100);
    expect(perRecipe * 10_000).toBeLessThan(MAX_JSON_VALUES * 0.7);
  });
});

describe('JSON that would hold more than MAX_JSON_MEMORY', () => {
  const tooMuch = (name: string) =>
    `${name} skulle behöva mer än 248 MB minne för att läsas (för mycket text eller för många objekt i JSON på en gång), mer än en export brukar behöva, och läses därför inte in: gränsen skyddar servern mot filer gjorda för att fylla minnet.`;

  it("is the bound it was measured at (260,000,000 bytes), in the house's megabytes (decision 070): 248 MB", () => {
    expect(MAX_JSON_MEMORY).toBeGreaterThanOrEqual(260_000_000);
    expect(MAX_JSON_MEMORY - 260_000_000).toBeLessThan(50_000);
    expect(MAX_JSON_MEMORY % (1024 * 1024)).toBe(0);
  });

  it('weighs each byte of text, each object and each other value', () => {
    // '[' and ',' are values, each '{' an object: 16 bytes, 4 of them in strings, 2 objects, 2 other values.
    expect(jsonMemory(Buffer.from('[{},{"a":"{,["}]'))).toBe(16 * 2 + 4 * 2 + 2 * 192 + 2 * 32);
    // A character beyond U+00FF: the decoded text takes two bytes a character, that string's copy too.
    expect(jsonMemory(Buffer.from('["ā","a"]'))).toBe(10 * 3 + 2 * 3 + 1 * 2 + 2 * 32);
    // So does a byte decoded as U+FFFD; 'å' (U+00E5) does not.
    expect(jsonMemory(Buffer.from([0x5b, 0x22, 0x80, 0x22, 0x5d]))).toBe(5 * 3 + 1 * 3 + 32);
    expect(jsonMemory(Buffer.from('["å"]'))).toBe(6 * 2 + 2 * 2 + 32);
  });

  it('refuses a Paprika recipe of one long string inside a zip, naming the entry', async () => {
    // 44 MB of text holding 'ā' (U+0101): held in two bytes a character, twice.
    const paprika = gzipSync(`{"name":"Lång","ingredients":"1 ägg","directions":"${'ā'.repeat(22_000_000)}"}`);
    expect(await errorOf(zipOf([{ name: 'Lång.paprikarecipe', data: paprika }]), 'x.paprikarecipes', SERVICE)).toBe(
      tooMuch('”Lång.paprikarecipe”'),
    );
  }, 30_000);

  it('refuses a list of objects each of its own keys, far fewer than MAX_JSON_VALUES', async () => {
    const file = Buffer.from(`[${Array.from({ length: 1_000_000 }, (_, i) => `{"k${i}":0}`).join(',')}]`);
    expect(jsonValues(file)).toBeLessThan(MAX_JSON_VALUES);
    expect(await errorOf(file, 'recept.json', SERVICE)).toBe(tooMuch('Filen'));
  }, 30_000);

  it('lets a Mealie backup of the service’s 10,000 recipes through', async () => {
    const zip = await openZip({ buffer: mealieBackup(sampleRecipes(200)) }, createBudget(1e9), 1000);
    const database = await zip.read(
      zip.entries.find((e) => e.name === 'database.json')!,
      1e9,
    );
    expect((jsonMemory(database) / 200) * 10_000).toBeLessThan(MAX_JSON_MEMORY);
  });
});
