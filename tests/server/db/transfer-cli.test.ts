import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { addRecipe, recipeBody } from '../../support/recipes.ts';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type AppDatabase } from '../../../server/db/index.ts';
import { deleteRecipe, listRecipes, updateRecipe } from '../../../server/db/repositories/recipe-repository.ts';
import { freshPgliteDir, freshPostgresUrl } from '../../support/database.ts';
import { npmRun } from '../../support/npm-cli.ts';

// The move the README describes: `npm run db:export` on the embedded default, set DATABASE_URL,
// `npm run db:import`, as real processes; then every column of every row is compared.
const work = mkdtempSync(join(tmpdir(), 'recipe-transfer-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Every column of both tables, read independently of the export's own query (timestamps as epoch µs). */
async function everyRow(db: AppDatabase) {
  const rows = async (query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as unknown as { rows: unknown[] }).rows;
  return {
    columns: await rows(sql`SELECT table_name, column_name FROM information_schema.columns
      WHERE table_schema = 'public' AND table_name IN ('recipes', 'ingredients') ORDER BY table_name, ordinal_position`),
    recipes: await rows(sql`SELECT id, name, author, instructions, servings, version,
      (extract(epoch FROM created_at) * 1000000)::bigint::text AS created, (extract(epoch FROM updated_at) * 1000000)::bigint::text AS updated
      FROM recipes ORDER BY id`),
    ingredients: await rows(
      sql`SELECT recipe_id, position, name, quantity_value, unit FROM ingredients ORDER BY recipe_id, position`,
    ),
  };
}

/** Recipes that exercise every field: no ingredients, quantities without units, odd numbers, edits, gaps. */
async function fillWithRecipes(db: AppDatabase): Promise<void> {
  await addRecipe(db, recipeBody() as never, 'redaktor');
  const gone = await addRecipe(db, recipeBody({ name: 'Borttagen' }) as never, 'redaktor');
  await addRecipe(db, recipeBody({ name: 'Tomt', instructions: '', ingredients: [] }) as never, 'anna');
  const odd = await addRecipe(
    db,
    recipeBody({
      name: 'Åäö é 𝒜 – "citat" & <tecken>',
      servings: 100,
      instructions: 'Rad ett.\n\nRad tre: 50 % ½ °C.',
      ingredients: [
        { name: 'Tredjedel', quantity: { value: 1 / 3, unit: 'LITER' } },
        { name: 'Flyttal', quantity: { value: 0.1 + 0.2, unit: 'GRAM' } },
        { name: 'Stort', quantity: { value: 1e300, unit: 'KILOGRAM' } },
        { name: 'Negativt', quantity: { value: -2.5, unit: 'MILLIGRAM' } },
        { name: 'Utan enhet', quantity: { value: 2, unit: 'NONE' } },
        { name: 'Utan mängd' },
      ],
    }) as never,
    'Örjan',
  );
  await updateRecipe(db, odd.id, recipeBody({ name: 'Redigerad två gånger' }) as never);
  await updateRecipe(db, odd.id, recipeBody({ name: 'Redigerad tre gånger', servings: 1 }) as never);
  await deleteRecipe(db, gone.id);
  await db.execute(sql`UPDATE recipes SET created_at = '2001-02-03 04:05:06.789012+00' WHERE name = 'Tomt'`);
}

describe('moving from the embedded database to PostgreSQL', () => {
  it('export, set DATABASE_URL, import: every recipe, every field and every id arrive; new recipes get free ids', async () => {
    const folder = freshPgliteDir();
    const postgres = await freshPostgresUrl();
    const file = join(work, 'recipes.json');
    try {
      const source = await openDatabase({ dataDir: folder.dir });
      await fillWithRecipes(source.orm);
      const before = await everyRow(source.orm);
      await source.close();
      expect(before.recipes.map((r) => (r as { id: number }).id)).toEqual([1, 3, 4]);

      const exported = await npmRun('db:export', [file], { DATA_DIR: folder.dir });
      expect(exported).toEqual({
        code: 0,
        stdout: `Exported 3 recipes from PGlite in ${folder.dir} to ${file} (format recipe-book/4).`,
        stderr: '',
      });
      const text = readFileSync(file, 'utf8');
      const document = JSON.parse(text);
      expect(Object.keys(document)).toEqual(['format', 'exportedAt', 'recipes', 'files']);
      expect(document.format).toBe('recipe-book/4');
      expect(Object.keys(document.recipes[0])).toEqual([
        'id',
        'name',
        'author',
        'instructions',
        'servings',
        'ingredients',
        'version',
        'createdAt',
        'updatedAt',
      ]);
      expect(text).toBe(`${JSON.stringify(document, null, 2)}\n`);

      const imported = await npmRun('db:import', [file], { DATABASE_URL: postgres.url });
      expect(imported).toEqual({
        code: 0,
        stdout: `Imported ${file} into PostgreSQL: 3 added (0 of them under a new id), 0 skipped as already present, 0 refused.`,
        stderr: '',
      });

      // And back: PostgreSQL exports the very same recipes. With the trash and the history (issue 41), from the
      // embedded folder: the saved versions move too; the recipes are there already. The two exports read two
      // different databases, so they run at once (two processes, each mostly starting Node and a database).
      const back = join(work, 'back.json');
      const full = join(work, 'full.json');
      const [backExport, fullExport] = await Promise.all([
        npmRun('db:export', [back], { DATABASE_URL: postgres.url }),
        npmRun('db:export', [full, '--with-trash-and-history'], { DATA_DIR: folder.dir }),
      ]);
      expect(backExport.stdout).toBe(`Exported 3 recipes from PostgreSQL to ${back} (format recipe-book/4).`);
      expect(JSON.parse(readFileSync(back, 'utf8')).recipes).toEqual(document.recipes);
      expect(fullExport).toMatchObject({
        code: 0,
        stdout: `Exported 3 recipes, 0 in the trash and 3 saved versions from PGlite in ${folder.dir} to ${full} (format recipe-book/5).`,
      });
      expect((await npmRun('db:import', [full], { DATABASE_URL: postgres.url })).stdout).toContain(
        'Saved versions: 3 added, 0 already there, 0 refused.',
      );

      const target = await openDatabase({ databaseUrl: postgres.url, dataDir: '' });
      try {
        expect(await everyRow(target.orm)).toEqual(before);
        const next = await addRecipe(target.orm, recipeBody({ name: 'Ny i PostgreSQL' }) as never, 'redaktor');
        expect(next.id).toBe(5);
        expect((await listRecipes(target.orm)).map((r) => r.name)).toContain('Redigerad tre gånger');
      } finally {
        await target.close();
      }
    } finally {
      folder.remove();
      await postgres.drop();
    }
    // Three real processes, each starting Node and a database: seconds on an idle machine, much more under load.
  }, 120_000);
});

describe('npm run db:import reports', () => {
  const recipe = (id: number, name: string, extra: object = {}) => ({
    id,
    name,
    author: 'redaktor',
    instructions: '',
    servings: 4,
    ingredients: [],
    version: 1,
    createdAt: '2024-05-01T10:00:00.000000Z',
    updatedAt: '2024-05-01T10:00:00.000000Z',
    ...extra,
  });
  const write = (name: string, content: unknown) => {
    const path = join(work, name);
    writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
    return path;
  };

  it('refused, renumbered and skipped recipes by number and name; a wrong format, a broken file or a failure import nothing', async () => {
    const folder = freshPgliteDir();
    try {
      const first = write('first.json', {
        format: 'recipe-book/1',
        recipes: [recipe(1, 'Pannkakor'), recipe(2, 'Bullar', { servings: 0 }), recipe(3, 'Soppa')],
      });
      const refused = await npmRun('db:import', [first], { DATA_DIR: folder.dir });
      expect(refused).toEqual({
        code: 3,
        stdout: [
          `Imported ${first} into PGlite in ${folder.dir}: 2 added (0 of them under a new id), 0 skipped as already present, 1 refused.`,
          '  refused #2 "Bullar": servings: Must be 1 or more',
        ].join('\n'),
        stderr: '',
      });

      const second = write('second.json', {
        format: 'recipe-book/1',
        recipes: [recipe(1, 'Pannkakor'), recipe(3, 'Kaka'), recipe(4, 'Sprängd')],
      });
      const wrong = write('wrong.json', { format: 'recipe-book/6', recipes: [recipe(7, 'Framtid')] });
      const broken = write('broken.json', '{"format": "recipe-book/1", "recipes": [');
      // A failure the rules cannot see coming, on the last recipe: the two before it must not stay.
      const db = await openDatabase({ dataDir: folder.dir });
      await db.orm.execute(
        sql.raw(`CREATE FUNCTION refuse_bomb() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN IF NEW.name = 'Sprängd' THEN RAISE EXCEPTION 'the disk said no'; END IF; RETURN NEW; END $$`),
      );
      await db.orm.execute(
        sql`CREATE TRIGGER refuse_bomb BEFORE INSERT ON recipes FOR EACH ROW EXECUTE FUNCTION refuse_bomb()`,
      );
      await db.close();

      // A file that is not JSON and a missing argument are refused before the database is opened, so those two
      // run beside the import that fails in the database (which holds the folder's lock meanwhile).
      const [failed, notJson, usage] = await Promise.all([
        npmRun('db:import', [second], { DATA_DIR: folder.dir }),
        npmRun('db:import', [broken], { DATA_DIR: folder.dir }),
        npmRun('db:import', [], { DATA_DIR: folder.dir }),
      ]);
      expect(failed).toEqual({
        code: 1,
        stdout: '',
        stderr: 'db:import failed, nothing was imported: P0001: the disk said no',
      });
      expect(notJson.code).toBe(1);
      expect(notJson.stderr).toMatch(new RegExp(`^${broken} is not JSON \\(.+\\)\\. Nothing was imported\\.$`));
      expect(usage).toEqual({
        code: 2,
        stdout: '',
        stderr: 'Usage: npm run db:import -- FILE',
      });
      expect(await npmRun('db:import', [wrong], { DATA_DIR: folder.dir })).toEqual({
        code: 1,
        stdout: '',
        stderr:
          'The file has "recipe-book/6"; this version reads "recipe-book/1", "recipe-book/2", "recipe-book/3", "recipe-book/4" and "recipe-book/5". Nothing was imported.',
      });

      const after = await openDatabase({ dataDir: folder.dir });
      try {
        expect((await listRecipes(after.orm)).map((r) => [r.id, r.name])).toEqual([
          [1, 'Pannkakor'],
          [3, 'Soppa'],
        ]);
        await after.orm.execute(sql`DROP TRIGGER refuse_bomb ON recipes`);
      } finally {
        await after.close();
      }
      expect(await npmRun('db:import', [second], { DATA_DIR: folder.dir })).toEqual({
        code: 0,
        stdout: [
          `Imported ${second} into PGlite in ${folder.dir}: 2 added (1 of them under a new id), 1 skipped as already present, 0 refused.`,
          '  skipped #1 "Pannkakor": already present as id 1',
          '  renumbered #2 "Kaka": id 3 belongs to another recipe, stored as id 5',
        ].join('\n'),
        stderr: '',
      });
    } finally {
      folder.remove();
    }
  }, 180_000);
});
