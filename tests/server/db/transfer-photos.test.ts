import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportTransfer, readAllRecipes } from '../../../server/db/transfer-export.ts';
import { importTransfer } from '../../../server/db/transfer-import.ts';
import type { Database } from '../../../server/db/index.ts';
import { createDatabasePhotoStore } from '../../../server/photos/database-store.ts';
import type { Photo } from '../../../src/lib/photo-schema.ts';
import { createApiHarness, type ApiHarness } from '../../support/api-app.ts';
import { closeTestDatabase, createTestDatabase } from '../../support/database.ts';
import { bearer, recipeBody } from '../../support/recipes.ts';
import { editorToken } from '../../support/tokens.ts';
import { cameraJpeg } from '../photos/photo-fixtures.ts';

// The transfer file carries photos (format recipe-book/2 and later): a recipe with photos, uploaded through the API on
// PGlite, exported and imported into PostgreSQL, has the same photos, and every file arrives byte for byte.
describe('photos in the transfer file', () => {
  let h: ApiHarness;
  let target: Database;
  let camera: Buffer;
  beforeAll(async () => {
    camera = await cameraJpeg();
    [h, target] = await Promise.all([createApiHarness('pglite'), createTestDatabase('postgres')]);
  });
  afterAll(async () => {
    await h?.close();
    if (target) await closeTestDatabase(target);
  });

  it('from PGlite to PostgreSQL: the same photos, in order, with their texts and the same files', async () => {
    const token = await editorToken(h.keys, 'redaktor');
    const upload = async () =>
      (
        await h.app.inject({
          method: 'POST',
          url: '/api/photos',
          headers: { ...bearer(token), 'content-type': 'image/jpeg' },
          payload: camera,
        })
      ).json() as Promise<Photo>;
    const [a, b] = [await upload(), await upload()]; // the same picture twice: files shared, stored once
    const created = await h.app.inject({
      method: 'POST',
      url: '/api/recipes',
      headers: bearer(token),
      payload: recipeBody({ name: 'Flyttkaka', photos: [{ id: b.id, alt: 'Först' }, { id: a.id }] }),
    });
    expect(created.statusCode, created.body).toBe(201);

    const document = JSON.parse(JSON.stringify(await exportTransfer(h.db.orm)));
    expect(document.format).toBe('recipe-book/4');
    expect(Object.keys(document.files).sort()).toEqual(a.files.map((f) => f.file).sort());

    const report = await importTransfer(target.orm, document);
    expect(report.count).toEqual({ added: 1, renumbered: 0, skipped: 0, refused: 0 });
    const [moved] = await readAllRecipes(target.orm);
    expect(moved?.photos).toEqual(created.json().photos);
    const from = createDatabasePhotoStore(h.db.orm);
    const to = createDatabasePhotoStore(target.orm);
    for (const { file } of a.files) {
      const [there, here] = [await from.get(file), await to.get(file)];
      expect(Buffer.from(here?.bytes ?? []).equals(Buffer.from(there?.bytes ?? [])), file).toBe(true);
    }

    // Importing the same file again adds nothing.
    expect((await importTransfer(target.orm, document)).count.skipped).toBe(1);
  });

  it('a recipe whose photo files are missing or damaged is refused, with the file named', async () => {
    const document = JSON.parse(JSON.stringify(await exportTransfer(h.db.orm)));
    const recipe = { ...document.recipes[0], name: 'Annan kaka' };
    const { file } = recipe.photos[0].files[0];
    const damaged = await importTransfer(target.orm, {
      ...document,
      recipes: [recipe],
      files: { ...document.files, [file]: Buffer.from('inte en bild').toString('base64') },
    });
    expect(damaged.outcomes).toEqual([
      expect.objectContaining({
        kind: 'refused',
        problem: `photos.0.files.0: the bytes of ${file} do not match its name (damaged)`,
      }),
    ]);
    const { [file]: _gone, ...withoutIt } = document.files as Record<string, string>;
    const absent = await importTransfer(target.orm, { ...document, recipes: [recipe], files: withoutIt });
    expect(absent.outcomes).toEqual([
      expect.objectContaining({ kind: 'refused', problem: `photos.0.files.0: ${file} is not in the file's "files"` }),
    ]);
  });
});
