// The limits of one read (issue 52): a gzip beyond the most JSON text read at once is refused naming that limit,
// not the whole file's budget; JSON nested deeper than any reader walks is a file no app writes, said in Swedish.
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { zipOf } from '../fixtures/apps/make-exports.ts';
import { errorOf, LIMITS, removeFiles } from '../fixtures/apps/scan-file.ts';

afterAll(removeFiles);

// The service's budget for a 1 GiB upload: four times it, which is 4295 MB.
const SERVICE = { ...LIMITS, maxUnpackedBytes: 4 * 1024 ** 3 };
const NOT_READABLE =
  'Filen går inte att läsa in: den är varken en export från Paprika, Mealie, Tandoor, Nextcloud Cookbook eller RecipeSage eller recept i JSON.';

describe('one gzip beyond 64 MB of text', () => {
  const bomb = gzipSync(Buffer.alloc(65_000_000, 0x20), { level: 1 });

  it('inside a zip is refused naming 64 MB, the limit that stopped it', async () => {
    expect(await errorOf(zipOf([{ name: 'Bomb.paprikarecipe', data: bomb }]), 'x.paprikarecipes', SERVICE)).toBe(
      '”Bomb.paprikarecipe” packas upp till mer än 64 MB och läses därför inte in: gränsen skyddar servern mot filer gjorda för att fylla minnet.',
    );
  });

  it('as the file itself is refused naming 64 MB', async () => {
    expect(await errorOf(bomb, 'Bomb.paprikarecipe', SERVICE)).toMatch(/^”Bomb” packas upp till mer än 64 MB och/u);
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
