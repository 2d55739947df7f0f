import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_FILE_NAME, photoErrorMessages, type Photo } from '../../../src/lib/photo-schema.ts';
import { deleteUnsavedUploads, unreferencedFiles } from '../../../server/db/repositories/photo-repository.ts';
import { createApiHarness, type ApiHarness } from '../../support/api-app.ts';
import { DATABASE_KINDS } from '../../support/database.ts';
import { bearer, recipeBody } from '../../support/recipes.ts';
import { freshS3Bucket } from '../../support/s3proxy.ts';
import { editorToken, signToken } from '../../support/tokens.ts';
import { cameraJpeg, html, pngBomb, SECRET, svg } from '../photos/photo-fixtures.ts';

// Photos through the API on a real database: upload (editor only, refusals with their kinds), the files served for
// good, photos saved with a recipe (only the caller's own uploads), reordered, kept, removed, and their files gone.
// The same tests with the files in the database (PGlite, PostgreSQL) and in an S3 bucket (S3Proxy).
const SETUPS = [...DATABASE_KINDS.map((kind) => [kind, 'database'] as const), ['pglite', 's3'] as const];

const s3Settings = async (): Promise<Record<string, string>> => {
  const s3 = await freshS3Bucket();
  return {
    PHOTO_STORAGE: 's3',
    S3_ENDPOINT: s3.endpoint as string,
    S3_BUCKET: s3.bucket,
    S3_REGION: s3.region,
    S3_ACCESS_KEY_ID: s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
  };
};

describe.each(SETUPS)('photos (%s, files in %s)', (kind, storage) => {
  let h: ApiHarness;
  let token: string;
  let camera: Buffer;
  let bomb: Buffer;
  beforeAll(async () => {
    // The pictures first: a photo worker blocks libvips' other loaders for the whole process (photo-fixtures.ts).
    [camera, bomb] = await Promise.all([cameraJpeg(), Promise.resolve(pngBomb())]);
    const where = storage === 's3' ? await s3Settings() : {};
    h = await createApiHarness(kind, { PHOTO_MAX_BYTES: String(400 * 1024), ...where });
    token = await editorToken(h.keys, 'redaktor');
  });
  afterAll(() => h?.close());

  const upload = (body: Buffer | string, headers: Record<string, string> = bearer(token)) =>
    h.app.inject({
      method: 'POST',
      url: '/api/photos',
      headers: { 'content-type': 'image/jpeg', ...headers },
      payload: body,
    });
  const uploaded = async (body: Buffer = camera, as = token): Promise<Photo> => {
    const response = await upload(body, bearer(as));
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };
  const file = (name: string) => h.app.inject({ method: 'GET', url: `/api/photos/${name}` });
  const create = (payload: object, as = token) =>
    h.app.inject({ method: 'POST', url: '/api/recipes', headers: bearer(as), payload });
  const put = (id: number, payload: object, as = token) =>
    h.app.inject({ method: 'PUT', url: `/api/recipes/${id}`, headers: bearer(as), payload });
  const eventually = async (check: () => Promise<boolean>) => {
    for (let i = 0; i < 100 && !(await check()); i++) await new Promise((r) => setTimeout(r, 20));
    expect(await check()).toBe(true);
  };

  it('an upload is re-encoded, oriented and stripped of its metadata; its files are served for good', async () => {
    const photo = await uploaded();
    expect(photo).toMatchObject({ alt: '', width: 400, height: 600 }); // EXIF orientation 6 applied
    expect(photo.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(photo.placeholder.length).toBeGreaterThan(10);
    const uses = photo.files.map((f) => `${f.use}/${f.format}`);
    for (const use of ['original/jpeg', 'square/avif', 'square/webp', 'width/avif', 'width/webp', 'jpeg/jpeg'])
      expect(uses).toContain(use);
    expect(photo.files.filter((f) => f.use === 'crop').map((f) => f.width / f.height)).toEqual([16 / 9, 4 / 3, 1]);

    for (const f of photo.files) {
      expect(f.file).toMatch(PHOTO_FILE_NAME);
      const response = await file(f.file);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe(`image/${f.format}`);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['content-security-policy']).toContain("default-src 'none'");
      const meta = await sharp(response.rawPayload).metadata();
      expect([meta.width, meta.height]).toEqual([f.width, f.height]);
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(response.rawPayload.includes(Buffer.from(SECRET))).toBe(false);
    }
    const jpeg = photo.files.find((f) => f.use === 'original') as Photo['files'][number];
    const again = await h.app.inject({
      method: 'GET',
      url: `/api/photos/${jpeg.file}`,
      headers: { 'if-none-match': `"${jpeg.file.slice(0, 64)}"` },
    });
    expect(again.statusCode).toBe(304);
    // A file asked for under another type's extension, or a name that is no file, is not there.
    expect((await file(jpeg.file.replace('.jpg', '.webp'))).statusCode).toBe(404);
    expect((await file('0'.repeat(64) + '.jpg')).statusCode).toBe(404);
    expect((await file('../../etc/passwd')).statusCode).toBe(404);
  });

  it('refuses what is not a usable picture, with the kind the form shows a sentence for', async () => {
    const refused = async (body: Buffer | string, status: number, kind: keyof typeof photoErrorMessages) => {
      const response = await upload(body);
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json()).toMatchObject({ status, photoError: kind });
    };
    await refused(svg, 415, 'not-a-picture');
    await refused(html, 415, 'not-a-picture');
    await refused(Buffer.concat([camera.subarray(0, 2000)]), 422, 'unreadable');
    await refused(bomb, 422, 'too-large-pixels');
    await refused(Buffer.alloc(500 * 1024, 1), 413, 'too-large-bytes');
    expect((await upload(Buffer.alloc(500 * 1024, 1))).json().limitBytes).toBe(400 * 1024);
    await refused('', 415, 'not-a-picture');
  });

  it('only an editor uploads', async () => {
    expect((await upload(camera, {})).statusCode).toBe(401);
    const reader = await signToken(h.keys, { username: 'läsare', realmRoles: [] });
    expect((await upload(camera, bearer(reader))).statusCode).toBe(403);
  });

  it('a recipe is saved with its photos in order; the list shows the main one; PUT keeps, reorders and removes them', async () => {
    // Pictures of their own: files another upload lists (the same picture) would rightly stay.
    const a = await uploaded(await sharp(camera).rotate(90).jpeg().toBuffer());
    const b = await uploaded(await sharp(camera).rotate(180).jpeg().toBuffer());
    const response = await create(
      recipeBody({ name: 'Fotokaka', photos: [{ id: a.id, alt: 'Kakan skuren' }, { id: b.id }] }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const recipe = response.json();
    expect(recipe.photos).toEqual([{ ...a, alt: 'Kakan skuren' }, b]);
    const read = (await h.app.inject({ method: 'GET', url: `/api/recipes/${recipe.id}` })).json();
    expect(read.photos).toEqual(recipe.photos);

    const names = (
      await h.app.inject({ method: 'GET', url: `/api/recipes/names?search=${encodeURIComponent('Fotokaka')}` })
    ).json();
    expect(names.recipes[0].thumbnail).toEqual({
      placeholder: a.placeholder,
      files: a.files.filter((f) => f.use === 'square'),
    });

    // Without `photos` a PUT (a section 7 client) keeps them; reordered with a new text, the order is the body's.
    const kept = (await put(recipe.id, { ...recipeBody({ name: 'Fotokaka' }), version: 1 })).json();
    expect(kept.photos).toEqual(recipe.photos);
    const reordered = (
      await put(recipe.id, {
        ...recipeBody({ name: 'Fotokaka', photos: [{ id: b.id, alt: 'Från ovan' }, { id: a.id }] }),
      })
    ).json();
    expect(reordered.photos.map((p: Photo) => [p.id, p.alt])).toEqual([
      [b.id, 'Från ovan'],
      [a.id, ''],
    ]);

    // [] removes them from the recipe; their files stay while the recipe's history names them (issue 41), and go
    // from the store once nothing does (the recipe erased from the trash).
    const gone = (await put(recipe.id, recipeBody({ name: 'Fotokaka', photos: [] }))).json();
    expect(gone).not.toHaveProperty('photos');
    expect((await file(a.files[0]?.file as string)).statusCode).toBe(200);
    const del = await h.app.inject({ method: 'DELETE', url: `/api/recipes/${recipe.id}`, headers: bearer(token) });
    expect(del.statusCode).toBe(204);
    const erase = await h.app.inject({ method: 'DELETE', url: `/api/trash/${recipe.id}`, headers: bearer(token) });
    expect(erase.statusCode).toBe(204);
    await eventually(async () => (await file(a.files[0]?.file as string)).statusCode === 404);
  });

  it("a body may not name someone else's unsaved upload, another recipe's photo, or an id that is no upload", async () => {
    const other = await editorToken(h.keys, 'någon-annan');
    const theirs = await uploaded(camera, other);
    const refused = await create(recipeBody({ photos: [{ id: theirs.id }] }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({ 'photos.0.id': 'Not a photo id from this API' });

    const mine = await uploaded();
    const first = (await create(recipeBody({ photos: [{ id: mine.id }] }))).json();
    const second = await create(recipeBody({ photos: [{ id: mine.id }] }));
    expect(second.statusCode).toBe(400);
    expect((await create(recipeBody({ photos: [{ id: 'A'.repeat(22) }] }))).statusCode).toBe(400);
    // Nothing was changed by the refusals: the photo is still the first recipe's.
    const read = (await h.app.inject({ method: 'GET', url: `/api/recipes/${first.id}` })).json();
    expect(read.photos.map((p: Photo) => p.id)).toEqual([mine.id]);

    const tooMany = await create(recipeBody({ photos: Array.from({ length: 9 }, () => ({ id: mine.id })) }));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().fields).toEqual({ photos: 'Max 8 photos' });
    const twice = await create(recipeBody({ photos: [{ id: mine.id }, { id: mine.id }] }));
    expect(twice.statusCode).toBe(400);
    expect(twice.json().fields).toEqual({ 'photos.1.id': 'A photo can be in a recipe once' });
  });

  it('a deleted recipe keeps its photos in the trash; erasing it removes them and their files', async () => {
    const photo = await uploaded(await sharp(camera).negate().jpeg().toBuffer());
    const recipe = (await create(recipeBody({ photos: [{ id: photo.id }] }))).json();
    const response = await h.app.inject({ method: 'DELETE', url: `/api/recipes/${recipe.id}`, headers: bearer(token) });
    expect(response.statusCode).toBe(204);
    for (const f of photo.files) expect((await file(f.file)).statusCode).toBe(200);
    const erase = await h.app.inject({ method: 'DELETE', url: `/api/trash/${recipe.id}`, headers: bearer(token) });
    expect(erase.statusCode).toBe(204);
    for (const f of photo.files) await eventually(async () => (await file(f.file)).statusCode === 404);
  });

  it('uploads never saved with a recipe are swept after a day; files another photo lists stay', async () => {
    const old = await uploaded(await sharp(camera).flop().jpeg().toBuffer());
    const fresh = await uploaded(await sharp(camera).flop().jpeg().toBuffer()); // the same picture: the same files
    await h.db.orm.execute(sql`UPDATE photos SET uploaded_at = now() - interval '2 days' WHERE id = ${old.id}`);
    const files = await deleteUnsavedUploads(h.db.orm, 24 * 3600 * 1000);
    expect(files).toEqual(old.files.map((f) => f.file));
    expect(await unreferencedFiles(h.db.orm, files)).toEqual([]); // `fresh` lists the same files
    expect(fresh.files).toEqual(old.files);
  });
});

// The cap on an editor's uploads that no recipe is saved with yet (issue 35): by count and by the bytes stored.
describe('unsaved uploads (pglite)', () => {
  let picture: Buffer;
  beforeAll(async () => {
    picture = await cameraJpeg();
  });
  const harness = async (env: Record<string, string>) => {
    const h = await createApiHarness('pglite', env);
    return { h, token: await editorToken(h.keys, 'redaktor'), other: await editorToken(h.keys, 'kock') };
  };
  const upload = (h: ApiHarness, as: string) =>
    h.app.inject({
      method: 'POST',
      url: '/api/photos',
      headers: { 'content-type': 'image/jpeg', ...bearer(as) },
      payload: picture,
    });
  const full = (response: Awaited<ReturnType<typeof upload>>) => {
    expect(response.statusCode, response.body).toBe(429);
    expect(response.json()).toMatchObject({ status: 429, photoError: 'too-many-unsaved' });
    expect(photoErrorMessages['too-many-unsaved']).toMatch(/Spara receptet/);
  };

  it('at most PHOTO_UNSAVED_MAX_COUNT per editor; saving a recipe with them makes room', async () => {
    const { h, token, other } = await harness({ PHOTO_UNSAVED_MAX_COUNT: '2' });
    try {
      const first = await upload(h, token);
      const second = await upload(h, token);
      expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
      full(await upload(h, token));
      expect((await upload(h, other)).statusCode).toBe(201); // another editor has an allowance of their own
      const saved = await h.app.inject({
        method: 'POST',
        url: '/api/recipes',
        headers: bearer(token),
        payload: { ...recipeBody(), photos: [first, second].map((r) => ({ id: r.json<Photo>().id, alt: '' })) },
      });
      expect(saved.statusCode, saved.body).toBe(201);
      expect((await upload(h, token)).statusCode).toBe(201);
    } finally {
      await h.close();
    }
  }, 120_000);

  it('at most PHOTO_UNSAVED_MAX_BYTES of their files per editor', async () => {
    const { h, token } = await harness({ PHOTO_UNSAVED_MAX_BYTES: String(100 * 1024) });
    try {
      const first = await upload(h, token);
      expect(first.statusCode, first.body).toBe(201);
      const rows = await h.db.orm.execute(sql`SELECT stored_bytes::int AS bytes FROM photos`);
      expect((rows as unknown as { rows: { bytes: number }[] }).rows[0]!.bytes).toBeGreaterThan(100 * 1024);
      full(await upload(h, token));
    } finally {
      await h.close();
    }
  }, 120_000);
});
