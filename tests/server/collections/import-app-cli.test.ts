import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../server/db/index.ts';
import { listRecipes } from '../../../server/db/repositories/recipe-repository.ts';
import { freshPgliteDir } from '../../support/database.ts';
import { npmRun } from '../../support/npm-cli.ts';
import { collectionFile } from './collection-files.ts';

// `npm run import-app -- FILE` as a person runs it (a real process on the embedded database): the same import as the
// site's, with the same report; a second run adds nothing; a file it cannot read and a wrong command line say so.
const work = mkdtempSync(join(tmpdir(), 'import-app-cli-'));
const data = freshPgliteDir();
afterAll(() => {
  rmSync(work, { recursive: true, force: true });
  data.remove();
});

const run = (args: string[]) => npmRun('import-app', args, { DATA_DIR: data.dir, LOG_LEVEL: 'error' });

// Each run is a new process that opens the database and starts its workers: minutes on a busy machine.
describe('npm run import-app', { timeout: 300_000 }, () => {
  let file: string;
  beforeAll(async () => {
    const photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#884422' } })
      .jpeg()
      .toBuffer();
    file = join(work, 'Mina recept.paprikarecipes');
    const ingredients = [{ heading: 'Degen', lines: ['5 dl vetemjöl', '50 g smör'] }];
    writeFileSync(
      file,
      collectionFile([
        { name: 'Kanelbullar', servings: '30 portioner', instructions: 'Baka.', ingredients, photos: [photo] },
        { name: 'Fiskgryta', instructions: 'Koka.', ingredients },
        { name: 'Soppa', ingredients: [{ lines: Array.from({ length: 101 }, (_, i) => `${i + 1} g sak`) }] },
      ]).bytes,
    );
  });

  it('imports the file with the report, and says which recipes could not be imported (exit 3)', async () => {
    const result = await run([file]);
    expect(result.code, result.stderr).toBe(3);
    const lines = result.stdout.split('\n');
    expect(lines[0]).toBe(`${file}: Paprika, 3 recipes.`);
    expect(lines).toContain(`Imported ${file} into PGlite in ${data.dir}: 2 imported, 1 skipped.`);
    expect(lines.find((l) => l.includes('"Kanelbullar"'))).toMatch(/^ {2}imported #1 "Kanelbullar" as id \d+$/);
    expect(lines.find((l) => l.includes('"Fiskgryta"'))).toMatch(/imported #2 "Fiskgryta" as id \d+: .*portioner/);
    expect(lines).toContain('  skipped #3 "Soppa": Receptet har 101 ingredienser; högst 100 går att läsa in.');

    const db = await openDatabase({ dataDir: data.dir });
    try {
      const recipes = await listRecipes(db.orm);
      expect(recipes.map((r) => [r.name, r.author, r.photos?.length ?? 0])).toEqual([
        ['Fiskgryta', 'redaktor', 0],
        ['Kanelbullar', 'redaktor', 1],
      ]);
    } finally {
      await db.close();
    }
  });

  it('adds nothing the second time: every recipe is already here', async () => {
    const result = await run([file, '--author', 'anna']);
    expect(result.stdout).toContain('0 imported, 3 skipped.');
    expect(result.stdout).toContain('  skipped #1 "Kanelbullar": Finns redan i receptboken.');
    expect(result.stdout).toContain('  skipped #2 "Fiskgryta": Finns redan i receptboken.');
  });

  it('says why a file cannot be read (exit 1), and how it is used (exit 2)', async () => {
    const garbage = join(work, 'skräp.zip');
    writeFileSync(garbage, 'inget recept');
    const unreadable = await run([garbage]);
    expect(unreadable.code).toBe(1);
    expect(unreadable.stderr).toMatch(/^[A-ZÅÄÖ].+\.$/u);
    expect((await run([])).code).toBe(2);
    expect((await run([file, 'två'])).code).toBe(2);
  });
});
