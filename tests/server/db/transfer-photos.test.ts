import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportTransfer, readAllRecipes } from '../../../server/db/transfer/transfer-export.ts';
import { importTransfer } from '../../../server/db/transfer/transfer-import.ts';
import { eq } from 'drizzle-orm';
import { listVersions, readVersion } from '../../../server/db/repositories/recipe-history-repository.ts';
import { listTrash, restoreFromTrash } from '../../../server/db/repositories/recipe-trash-repository.ts';
import { photos } from '../../../server/db/schema/photo-tables.ts';
import type { Database } from '../../../server/db/index.ts';
import { createDatabasePhotoStore } from '../../../server/photos/database-store.ts';
import type { Photo } from '../../../src/lib/photo-schema.ts';
import { createApiHarness, type ApiHarness } from '../../support/api-app.ts';
import { closeTestDatabase, createTestDatabase } from '../../support/database.ts';
import { addRecipe, bearer, recipeBody } from '../../support/recipes.ts';
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

  it('with the trash and the history (issue 41): versions, the trash and photos only a version names move too', async () => {
    const token = await editorToken(h.keys, 'redaktor');
    const send = async (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, version?: number) => {
      const response = await h.app.inject({
        method,
        url: `/api${url}`,
        headers: { ...bearer(token), ...(version ? { 'if-match': `"${version}"` } : {}) },
        ...(payload ? { payload } : {}),
      });
      expect(response.statusCode, response.body).toBeLessThan(300);
      return response.body ? (response.json() as { id: number; version: number }) : undefined;
    };
    const photo = (
      await h.app.inject({
        method: 'POST',
        url: '/api/photos',
        headers: { ...bearer(token), 'content-type': 'image/jpeg' },
        payload: camera,
      })
    ).json() as Photo;
    // Kept: version 1 shows the photo, version 2 has none (so the photo is kept for the history only).
    const kept = await send('POST', '/recipes', recipeBody({ name: 'Historisk kaka', photos: [{ id: photo.id }] }));
    await send('PUT', `/recipes/${kept?.id}`, recipeBody({ name: 'Historisk kaka, ny', photos: [] }), kept?.version);
    // Trashed after an edit: versions 1 and 2, in the trash at version 2.
    const gone = await send('POST', '/recipes', recipeBody({ name: 'Slängd kaka' }));
    const edited = await send('PUT', `/recipes/${gone?.id}`, recipeBody({ name: 'Slängd kaka, ny' }), gone?.version);
    await send('DELETE', `/recipes/${gone?.id}`, undefined, edited?.version);

    const plain = await exportTransfer(h.db.orm);
    expect(plain.format).toBe('recipe-book/4');
    expect(Object.keys(plain)).toEqual(['format', 'exportedAt', 'recipes', 'files']);
    const document = JSON.parse(
      JSON.stringify(await exportTransfer(h.db.orm, new Date(), undefined, { withTrashAndHistory: true })),
    );
    expect(document.format).toBe('recipe-book/5');
    expect(Object.keys(document)).toEqual([
      'format',
      'exportedAt',
      'recipes',
      'trash',
      'history',
      'keptPhotos',
      'files',
    ]);
    expect(document.trash).toEqual([expect.objectContaining({ id: gone?.id, name: 'Slängd kaka, ny', version: 2 })]);
    expect(document.keptPhotos).toEqual([expect.objectContaining({ id: photo.id, keptFor: kept?.id })]);
    for (const { file } of photo.files) expect(document.files).toHaveProperty(file);

    const report = await importTransfer(target.orm, document);
    expect(report.keeping).toEqual({
      trash: { added: 1, renumbered: 0, skipped: 0, refused: 0 },
      versions: { added: 4, skipped: 0, refused: 0 },
      keptPhotos: 1,
      notes: [],
      problems: [],
    });
    const landedId = (name: string) => report.outcomes.find((o) => o.name === name && 'id' in o) as { id: number };
    const keptHere = landedId('Historisk kaka, ny').id;
    const [first] = (await listVersions(target.orm, keptHere)).slice(-1);
    expect(first?.version).toBe(1);
    expect((await readVersion(target.orm, keptHere, 1))?.recipe.photos?.[0]?.id).toBe(photo.id);
    const [row] = await target.orm.select().from(photos).where(eq(photos.id, photo.id));
    expect(row).toMatchObject({ recipeId: null, keptFor: keptHere });
    expect((await listTrash(target.orm, 30)).map((t) => t.name)).toContain('Slängd kaka, ny');

    // Once only: the same file again adds nothing; then the trashed recipe comes back as it was deleted.
    const again = await importTransfer(target.orm, document);
    expect(again.keeping).toMatchObject({
      trash: { added: 0, skipped: 1 },
      versions: { added: 0, skipped: 4 },
      keptPhotos: 0,
    });
    const restored = await restoreFromTrash(target.orm, gone?.id as number, 'redaktor');
    expect(restored).toMatchObject({ kind: 'restored', recipe: { name: 'Slängd kaka, ny', version: 3 } });
    // A new recipe never takes an id the trash held.
    const next = await addRecipe(target.orm, recipeBody({ name: 'Efter flytten' }) as never, 'redaktor');
    expect(next.id).toBeGreaterThan(gone?.id as number);
  });
});
