import { sql } from 'drizzle-orm';
import { addRecipe, recipeBody } from '../../support/recipes.ts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { updateRecipe } from '../../../server/db/repositories/recipe-repository.ts';
import { exportTransfer, readAllRecipes } from '../../../server/db/transfer/transfer-export.ts';
import { importTransfer, TransferFormatError } from '../../../server/db/transfer/transfer-import.ts';
import { restoreFromTrash, trashRecipe } from '../../../server/db/repositories/recipe-trash-repository.ts';
import { timestampMicros, TRANSFER_FORMAT, type ExportedRecipe } from '../../../server/db/transfer/transfer-format.ts';
import type { Database } from '../../../server/db/index.ts';
import { closeTestDatabase, createTestDatabase, DATABASE_KINDS, emptyRecipes } from '../../support/database.ts';

// Import into a database that already has recipes, the rules each recipe is checked against, and the
// one transaction, on both databases. The CLIs and the PGlite -> PostgreSQL move: transfer-cli.test.ts.

const exported = (overrides: Partial<ExportedRecipe> = {}): ExportedRecipe => ({
  id: 1,
  name: 'Pannkakor',
  author: 'redaktor',
  instructions: 'Vispa.\nStek.',
  servings: 4,
  ingredients: [{ name: 'Mjölk', quantity: { value: 6, unit: 'DECILITER' } }, { name: 'Smör' }],
  version: 2,
  createdAt: '2024-05-01T10:00:00.123456Z',
  updatedAt: '2024-05-02T08:30:00.000001Z',
  ...overrides,
});
const file = (recipes: unknown[]) => ({ format: TRANSFER_FORMAT, exportedAt: '2024-06-01T00:00:00.000Z', recipes });

describe.each(DATABASE_KINDS)('importing recipes (%s)', (kind) => {
  let db: Database;
  // One database for the file, emptied before each test (ids restart at 1, as in a new database).
  beforeAll(async () => {
    db = await createTestDatabase(kind);
  });
  beforeEach(() => emptyRecipes(db));
  afterAll(() => closeTestDatabase(db));

  it('an id in the trash is taken: restoring must bring that recipe back under it (issue 41)', async () => {
    const trashed = await addRecipe(db.orm, recipeBody({ name: 'I papperskorgen' }) as never, 'anna');
    expect((await trashRecipe(db.orm, trashed.id, 'anna')).kind).toBe('trashed');
    const report = await importTransfer(db.orm, file([exported({ id: trashed.id, name: 'Ny med samma id' })]));
    expect(report.count).toMatchObject({ added: 0, renumbered: 1 });
    expect((await restoreFromTrash(db.orm, trashed.id, 'anna')).kind).toBe('restored');
  });

  it('a file with the trash and the history (recipe-book/5): what cannot be placed is refused and named', async () => {
    const version = (recipeId: number, v: number) => ({
      recipeId,
      version: v,
      savedAt: '2024-05-02T08:30:00.000001Z',
      savedBy: 'redaktor',
      recipe: exported({ id: recipeId, version: v }),
    });
    const trashEntry = (id: number, v: number) => ({
      id,
      name: 'Borttagen',
      author: 'redaktor',
      createdAt: '2024-05-01T10:00:00Z',
      version: v,
      deletedAt: '2024-05-03T10:00:00Z',
      deletedBy: null,
    });
    const report = await importTransfer(db.orm, {
      ...file([exported({ id: 1 })]),
      format: 'recipe-book/5',
      trash: [trashEntry(7, 2), trashEntry(8, 5), { id: 'x' }],
      history: [version(1, 1), version(7, 2), version(99, 1), { recipeId: 1 }],
      keptPhotos: [],
    });
    expect(report.count).toMatchObject({ added: 1, refused: 0 });
    expect(report.keeping).toEqual({
      trash: { added: 1, renumbered: 0, skipped: 0, refused: 2 },
      versions: { added: 2, skipped: 0, refused: 2 },
      keptPhotos: 0,
      notes: [],
      problems: [
        'trash #3: id: Must be a positive whole number',
        'history #4: version: Must be a number',
        'trash "Borttagen" (id 8): its version 5 is not in the file\'s history',
        'history of recipe 99, version 1: the recipe is not in the file',
      ],
    });
    expect((await restoreFromTrash(db.orm, 7, 'anna')).kind).toBe('restored');
    // The trash's id 7 is past every recipe's: the next new recipe still gets a free id.
    expect((await addRecipe(db.orm, recipeBody({ name: 'Ny' }) as never, 'anna')).id).toBe(8);
  });

  it('keeps free ids, renumbers taken ones, skips what is already there, and new recipes get free ids', async () => {
    // Present: id 1 (other content), id 2 (the same content as the file's id 2), id 3 (the file's id 9 under another id).
    await addRecipe(db.orm, recipeBody({ name: 'Redan här' }) as never, 'anna');
    const original = [
      exported({ id: 2, name: 'Kanelbullar' }),
      exported({ id: 3, name: 'Köttbullar', createdAt: '2024-01-01T00:00:00Z', updatedAt: '2024-01-01T00:00:00Z' }),
    ];
    expect((await importTransfer(db.orm, file(original))).count).toEqual({
      added: 2,
      renumbered: 0,
      skipped: 0,
      refused: 0,
    });

    const report = await importTransfer(
      db.orm,
      file([
        exported({ id: 1, name: 'Pannkakor' }), // id 1 taken by another recipe
        exported({ id: 2, name: 'Kanelbullar' }), // identical to id 2
        exported({
          id: 9,
          name: 'Köttbullar',
          createdAt: '2024-01-01T00:00:00.000000+00:00',
          updatedAt: '2024-01-01T01:00:00+01:00',
        }), // = id 3
        exported({ id: 12, name: 'Ärtsoppa' }), // free
        exported({ id: 12, name: 'Ärtsoppa' }), // the same again in the file
        exported({ id: 12, name: 'Ärtsoppa', version: 3 }), // id 12 now taken by a different recipe
      ]),
    );
    expect(report.outcomes).toEqual([
      { index: 0, name: 'Pannkakor', kind: 'renumbered', id: 13, fileId: 1 },
      { index: 1, name: 'Kanelbullar', kind: 'skipped', id: 2, fileId: 2 },
      { index: 2, name: 'Köttbullar', kind: 'skipped', id: 3, fileId: 9 },
      { index: 3, name: 'Ärtsoppa', kind: 'added', id: 12 },
      { index: 4, name: 'Ärtsoppa', kind: 'skipped', id: 12, fileId: 12 },
      { index: 5, name: 'Ärtsoppa', kind: 'renumbered', id: 14, fileId: 12 },
    ]);
    expect(report.count).toEqual({ added: 1, renumbered: 2, skipped: 3, refused: 0 });
    // Kept ids go in first, so the renumbered ones come after the highest id, in file order.
    const all = await readAllRecipes(db.orm);
    expect(all.map((r) => [r.id, r.name, r.version])).toEqual([
      [1, 'Redan här', 1],
      [2, 'Kanelbullar', 2],
      [3, 'Köttbullar', 2],
      [12, 'Ärtsoppa', 2],
      [13, 'Pannkakor', 2],
      [14, 'Ärtsoppa', 3],
    ]);
    // Everything but the id as in the file, to the microsecond.
    expect(all.find((r) => r.id === 13)).toEqual({ ...exported({ name: 'Pannkakor' }), id: 13 });
    expect((await addRecipe(db.orm, recipeBody() as never, 'anna')).id).toBe(15);
    // The same file again changes nothing.
    const again = await importTransfer(
      db.orm,
      file([exported({ id: 1, name: 'Pannkakor' }), exported({ id: 12, name: 'Ärtsoppa', version: 3 })]),
    );
    expect(again.outcomes.map((o) => [o.kind, 'id' in o ? o.id : null])).toEqual([
      ['skipped', 13],
      ['skipped', 14],
    ]);
    expect((await readAllRecipes(db.orm)).length).toBe(7);
  });

  it('refuses each recipe that breaks a rule, with its first problem, and imports the others', async () => {
    const report = await importTransfer(
      db.orm,
      file([
        exported({ id: 1 }),
        exported({ id: 2, servings: 101 }),
        exported({ id: 3, name: ' ' }),
        exported({ id: 4, name: 'Lång', ingredients: [{ name: 'x'.repeat(35) }] }),
        exported({
          id: 5,
          name: 'Enhet',
          ingredients: [{ name: 'Mjöl' }, { name: 'Salt', quantity: { value: 1, unit: 'CUP' as never } }],
        }),
        { ...exported({ id: 6, name: 'Anonym' }), author: undefined },
        exported({ id: 7, name: 'Version noll', version: 0 }),
        exported({ id: 8, name: 'Skottdag', createdAt: '2023-02-29T00:00:00Z' }),
        { ...exported({ name: 'Sju' }), id: 'sju' },
        exported({ id: 10, name: 'Tabb', instructions: 'Rör\tom.' }),
        42,
        exported({ id: 12, name: 'Sist' }),
      ]),
    );
    expect(report.outcomes).toEqual([
      { index: 0, name: 'Pannkakor', kind: 'added', id: 1 },
      { index: 1, name: 'Pannkakor', kind: 'refused', problem: 'servings: Max 100' },
      { index: 2, name: '#3', kind: 'refused', problem: 'name: Name is required' },
      { index: 3, name: 'Lång', kind: 'refused', problem: 'ingredients.0.name: Max 34 characters' },
      { index: 4, name: 'Enhet', kind: 'refused', problem: 'ingredients.1.quantity.unit: Unknown unit' },
      { index: 5, name: 'Anonym', kind: 'refused', problem: 'author: Must be text' },
      { index: 6, name: 'Version noll', kind: 'refused', problem: 'version: Must be 1 or more' },
      {
        index: 7,
        name: 'Skottdag',
        kind: 'refused',
        problem: 'createdAt: Must be a timestamp like 2025-03-01T12:00:00.000000Z',
      },
      { index: 8, name: 'Sju', kind: 'refused', problem: 'id: Must be a positive whole number' },
      { index: 9, name: 'Tabb', kind: 'refused', problem: 'instructions: Ett eller flera ogiltliga tecken' },
      { index: 10, name: '#11', kind: 'refused', problem: expect.stringMatching(/object/) },
      { index: 11, name: 'Sist', kind: 'added', id: 12 },
    ]);
    expect((await readAllRecipes(db.orm)).map((r) => r.id)).toEqual([1, 12]);
  });

  it('is one transaction: a database error half-way leaves nothing imported', async () => {
    await addRecipe(db.orm, recipeBody({ name: 'Redan här' }) as never, 'anna');
    const before = await readAllRecipes(db.orm);
    // A failure the rules cannot foresee, in the second pass, after the first pass has inserted rows.
    await db.orm.execute(
      sql.raw(`CREATE FUNCTION refuse_bomb() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.name = 'Sprängd' THEN RAISE EXCEPTION 'the disk said no'; END IF; RETURN NEW; END $$`),
    );
    await db.orm.execute(
      sql`CREATE TRIGGER refuse_bomb BEFORE INSERT ON recipes FOR EACH ROW EXECUTE FUNCTION refuse_bomb()`,
    );
    const doc = file([
      exported({ id: 5 }),
      exported({ id: 6, name: 'Bullar' }),
      exported({ id: 1, name: 'Sprängd' }),
      exported({ id: 7, name: 'Sist' }),
    ]);
    const error = await importTransfer(db.orm, doc).then(
      () => null,
      (e: Error) => e,
    );
    expect((error?.cause as Error | undefined)?.message).toBe('the disk said no');
    expect(await readAllRecipes(db.orm)).toEqual(before);
    expect(await readAllRecipes(db.orm)).toHaveLength(1);
  });

  it('refuses a file of another format or without a recipe list, before touching the database', async () => {
    await expect(importTransfer(db.orm, { ...file([exported()]), format: 'recipe-book/6' })).rejects.toThrow(
      new TransferFormatError(
        'The file has "recipe-book/6"; this version reads "recipe-book/1", "recipe-book/2", "recipe-book/3", "recipe-book/4" and "recipe-book/5". Nothing was imported.',
      ),
    );
    await expect(importTransfer(db.orm, { recipes: [exported()] })).rejects.toThrow(
      'The file has no format; this version reads',
    );
    await expect(importTransfer(db.orm, [exported()])).rejects.toThrow('not a recipe export');
    await expect(importTransfer(db.orm, { format: TRANSFER_FORMAT, recipes: {} })).rejects.toThrow('no "recipes" list');
    expect(await readAllRecipes(db.orm)).toEqual([]);
  });

  it('exports what the repository stored, timestamps to the microsecond, ingredients in order', async () => {
    const created = await addRecipe(db.orm, recipeBody({ name: 'Först' }) as never, 'anna');
    const updated = await updateRecipe(
      db.orm,
      created.id,
      recipeBody({
        name: 'Sedan',
        ingredients: [{ name: 'Ägg' }, { name: 'Salt', quantity: { value: 0.1, unit: 'NONE' } }],
      }) as never,
    );
    if (updated.kind !== 'updated') throw new Error('not updated');
    const document = await exportTransfer(db.orm, new Date('2024-06-01T00:00:00Z'));
    expect(document).toEqual({
      format: 'recipe-book/4',
      files: {},
      exportedAt: '2024-06-01T00:00:00.000Z',
      recipes: [
        {
          id: created.id,
          name: 'Sedan',
          author: 'anna',
          instructions: created.instructions,
          servings: 4,
          ingredients: [{ name: 'Ägg' }, { name: 'Salt', quantity: { value: 0.1, unit: 'NONE' } }],
          version: 2,
          createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/),
          updatedAt: expect.any(String),
        },
      ],
    });
    // The API's millisecond view is a prefix of the export's timestamps.
    expect(document.recipes[0]!.createdAt.slice(0, 23)).toBe(created.createdAt.slice(0, 23));
    expect(document.recipes[0]!.updatedAt.slice(0, 23)).toBe(updated.recipe.updatedAt.slice(0, 23));
    // Microseconds survive (a JavaScript Date would keep .123 only).
    await db.orm.execute(sql`UPDATE recipes SET updated_at = '2024-05-01 12:00:00.123456+02'`);
    expect((await exportTransfer(db.orm)).recipes[0]!.updatedAt).toBe('2024-05-01T10:00:00.123456Z');
  });
});

describe('timestamps in a transfer file', () => {
  it('are RFC 3339 instants with up to microseconds, in any zone', () => {
    expect(timestampMicros('1970-01-01T00:00:00Z')).toBe(0n);
    expect(timestampMicros('2024-05-01T10:00:00.123456Z')).toBe(1714557600123456n);
    expect(timestampMicros('2024-05-01T12:00:00.123456+02:00')).toBe(1714557600123456n);
    expect(timestampMicros('2024-05-01T09:30:00.1234-00:30')).toBe(1714557600123400n);
    const bad = [
      '2024-05-01 10:00:00Z',
      '2024-05-01T10:00:00',
      '2024-05-01T10:00:00.1234567Z',
      '2024-13-01T00:00:00Z',
      '2024-04-31T00:00:00Z',
      '2024-05-01T24:00:00Z',
      '0999-01-01T00:00:00Z',
      '2024-05-01T10:00:00+19:00',
    ];
    for (const text of bad) expect(timestampMicros(text), text).toBeNull();
  });
});
