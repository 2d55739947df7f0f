// The collection reader runs every scan and photo read in worker threads (Node's own type stripping loads the
// task): the same result as the task itself, CollectionFileError for a bad file, a scan that outlasts the limit
// stopped with a sentence, and a full queue refused as 'busy'.
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import {
  CollectionFileError,
  createCollectionReader,
  type CollectionLimits,
} from '../../../server/move-in/apps/collection-reader.ts';
import collectionTask from '../../../server/move-in/apps/collection-task.ts';
import { WorkerPoolError } from '../../../server/worker-pool.ts';
import { paprikaExport, sampleRecipes, schemaOrgFile } from '../../fixtures/apps/make-exports.ts';
import { fileOf, LIMITS, photoBytes, removeFiles } from '../../fixtures/apps/scan-file.ts';

const limits: CollectionLimits = { ...LIMITS, maxRecipes: 10_000, timeoutMs: 60_000 };
const reader = createCollectionReader(limits);
// A limit the slow file below outlasts on any machine (it takes 5.4 s on this project's 2-core machine at rest). The
// limit counts a scan's own work, from when its thread starts it (a thread's start and loading do not count).
const strict = createCollectionReader({ ...limits, timeoutMs: 1000 });
afterAll(async () => {
  await Promise.all([reader.close(), strict.close()]);
  removeFiles();
});

// Thousands of recipes of a hundred ingredients each: many seconds of reading, far beyond the limit.
const slow = fileOf(
  schemaOrgFile(
    sampleRecipes(5000).map((r) => ({
      ...r,
      ingredients: [{ lines: Array.from({ length: 100 }, (_, i) => `${i + 1} dl vetemjöl, siktat`) }],
    })),
  ),
  'slow.json',
);

describe('the collection reader', () => {
  it('scans and reads photos in a worker exactly as the task does', async () => {
    const photo = photoBytes(3, 5000);
    const path = fileOf(paprikaExport(sampleRecipes(3, photo)), 'x.paprikarecipes');
    const scan = await reader.scan(path, 'x.paprikarecipes');
    const direct = await collectionTask({ kind: 'scan', path, limits });
    expect({ scan }).toEqual(direct);
    const bytes = await reader.photo(path, scan.recipes[2]!.photos[1]!);
    expect(bytes).toBeInstanceOf(Uint8Array);
    expect(Buffer.from(bytes).equals(Buffer.from(photo))).toBe(true);
  }, 60_000);

  it('throws CollectionFileError with the sentence for a file it cannot read, and for a missing photo', async () => {
    const path = fileOf(Buffer.from('inte en export'), 'x.txt');
    await expect(reader.scan(path)).rejects.toBeInstanceOf(CollectionFileError);
    await expect(reader.scan(path)).rejects.toThrow(/^Filen går inte att läsa in/);
    const zip = fileOf(paprikaExport(sampleRecipes(1)), 'y.paprikarecipes');
    await expect(reader.photo(zip, { entry: 'finns inte' })).rejects.toThrow(
      new CollectionFileError('Bilden finns inte i filen.'),
    );
    expect(readFileSync(zip).length).toBeGreaterThan(0);
  }, 60_000);

  it('stops scans at the time limit with a sentence, refuses those beyond the waiting room, then reads the next file', async () => {
    const results = await Promise.all(Array.from({ length: 11 }, () => strict.scan(slow).catch((e: unknown) => e)));
    const timedOut = results.filter((r) => r instanceof CollectionFileError);
    const busy = results.filter((r) => r instanceof WorkerPoolError && r.kind === 'busy');
    // One thread and 8 waiting, the rest refused at once; each of the 9 is stopped after its own second of work.
    expect(busy).toHaveLength(2);
    expect(timedOut).toHaveLength(9);
    for (const error of timedOut) expect((error as Error).message).toBe('Filen kunde inte läsas inom 1 s.');
    const path = fileOf(paprikaExport(sampleRecipes(2)), 'z.paprikarecipes');
    expect((await strict.scan(path)).recipes).toHaveLength(2);
  }, 60_000);
});
