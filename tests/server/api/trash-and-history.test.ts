// Issue 41 through the API on both databases: DELETE moves a recipe to the trash (nobody reading sees it), the trash
// lists, restores under the same id and erases; every save is a version that can be read and restored; photos a
// version names stay until no version does; the sweep erases after TRASH_DAYS and prunes histories (a fake clock:
// the sweep is given "now"). Editors only: a visitor gets 403, no token 401.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Recipe } from '../../../src/lib/recipe-schema.ts';
import { sweepStep } from '../../../server/db/repositories/recipe-trash-repository.ts';
import { createApiHarness, type ApiHarness } from '../../support/api-app.ts';
import { DATABASE_KINDS } from '../../support/database.ts';
import { cameraJpeg } from '../photos/photo-fixtures.ts';
import { bearer, postRecipe, recipeBody } from '../../support/recipes.ts';
import { editorToken, visitorToken } from '../../support/tokens.ts';
import { useTwoApiProcesses } from '../../support/two-api-processes.ts';

type Trash = { recipes: { id: number; name: string; deletedBy: string; deletedAt: string; erasedAfter: string }[] };
type Versions = { versions: { version: number; savedAt: string; savedBy: string | null }[] };
const DAY = 86_400_000;

describe.each(DATABASE_KINDS)('trash and history (%s)', (kind) => {
  let h: ApiHarness;
  let token: string;
  let other: string;
  beforeAll(async () => {
    h = await createApiHarness(kind, { HISTORY_MAX_VERSIONS: '3' });
    token = await editorToken(h.keys, 'redaktor');
    other = await editorToken(h.keys, 'kock');
  });
  afterAll(() => h?.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, as = token, payload?: object, headers = {}) =>
    h.app.inject({
      method,
      url: `/api${url}`,
      headers: { ...bearer(as), ...headers },
      ...(payload ? { payload } : {}),
    });
  const ok = async <T>(method: 'GET' | 'POST' | 'PUT', url: string, as = token, payload?: object): Promise<T> => {
    const response = await call(method, url, as, payload);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as T;
  };
  const trash = () => ok<Trash>('GET', '/trash');
  const names = async (search: string) =>
    (await ok<{ recipes: { id: number }[] }>('GET', `/recipes/names?search=${encodeURIComponent(search)}`)).recipes;

  it('DELETE moves a recipe to the trash: nobody reading sees it; restoring brings it back as it was', async () => {
    const made = await postRecipe(
      h.app,
      token,
      recipeBody({ name: 'Mormors sockerkaka', categories: ['Fika'], prepTime: 15, totalTime: 60 }),
    );
    expect((await call('DELETE', `/recipes/${made.id}`, other, undefined, { 'if-match': '"1"' })).statusCode).toBe(204);
    expect((await h.app.inject({ method: 'GET', url: `/api/recipes/${made.id}` })).statusCode).toBe(404);
    expect(await names('Mormors sockerkaka')).toEqual([]);
    const fika = (await ok<{ categories: { name: string; count: number }[] }>('GET', '/categories')).categories;
    expect(fika.find((c) => c.name === 'Fika')).toBeUndefined();
    const listed = (await trash()).recipes.find((r) => r.id === made.id);
    expect(listed).toMatchObject({ name: 'Mormors sockerkaka', deletedBy: 'kock' });
    expect(Date.parse(listed!.erasedAfter) - Date.parse(listed!.deletedAt)).toBe(30 * DAY);
    // Deleting again: it is not a recipe any more.
    expect((await call('DELETE', `/recipes/${made.id}`)).statusCode).toBe(404);

    const back = await ok<Recipe>('POST', `/trash/${made.id}/restore`);
    expect(back).toMatchObject({ id: made.id, name: made.name, author: made.author, createdAt: made.createdAt });
    expect(back).toMatchObject({ categories: ['Fika'], prepTime: 15, totalTime: 60, version: 2 });
    expect(back.ingredients).toEqual(made.ingredients);
    expect(await ok<Recipe>('GET', `/recipes/${made.id}`)).toEqual(back);
    expect((await names('Mormors sockerkaka')).map((r) => r.id)).toEqual([made.id]);
    // A second restore (a retry) answers the recipe as it is; the trash no longer lists it.
    expect(await ok<Recipe>('POST', `/trash/${made.id}/restore`)).toEqual(back);
    expect((await trash()).recipes.some((r) => r.id === made.id)).toBe(false);
    const versions = (await ok<Versions>('GET', `/recipes/${made.id}/versions`)).versions;
    expect(versions.map((v) => [v.version, v.savedBy])).toEqual([
      [2, 'redaktor'],
      [1, 'redaktor'],
    ]);
  });

  it('erasing from the trash is for good; a recipe not in the trash is 404', async () => {
    const made = await postRecipe(h.app, token, recipeBody({ name: 'Glömd gryta' }));
    expect((await call('DELETE', `/recipes/${made.id}`)).statusCode).toBe(204);
    expect((await call('DELETE', `/trash/${made.id}`)).statusCode).toBe(204);
    expect((await call('DELETE', `/trash/${made.id}`)).statusCode).toBe(404);
    expect((await call('POST', `/trash/${made.id}/restore`)).statusCode).toBe(404);
    expect((await call('GET', `/recipes/${made.id}/versions`)).statusCode).toBe(404);
  });

  it('every save is a version; one can be read and restored as a new version, If-Match as PUT', async () => {
    const made = await postRecipe(h.app, token, recipeBody({ name: 'Köttbullar' }));
    const edited = await ok<Recipe>(
      'PUT',
      `/recipes/${made.id}`,
      other,
      recipeBody({ name: 'Köttbullar', servings: 6 }),
    );
    expect(edited.version).toBe(2);
    const list = (await ok<Versions>('GET', `/recipes/${made.id}/versions`)).versions;
    expect(list.map((v) => [v.version, v.savedBy])).toEqual([
      [2, 'kock'],
      [1, 'redaktor'],
    ]);
    const first = await ok<{ version: number; recipe: Recipe }>('GET', `/recipes/${made.id}/versions/1`);
    expect(first.recipe).toEqual(made);
    expect((await call('GET', `/recipes/${made.id}/versions/9`)).statusCode).toBe(404);
    expect((await call('GET', `/recipes/${made.id}/versions/x`)).statusCode).toBe(400);

    const stale = await call('POST', `/recipes/${made.id}/versions/1/restore`, token, undefined, { 'if-match': '"1"' });
    expect(stale.statusCode).toBe(409);
    const restore = await call('POST', `/recipes/${made.id}/versions/1/restore`, token, undefined, {
      'if-match': '"2"',
    });
    expect(restore.statusCode, restore.body).toBe(200);
    expect(restore.headers.etag).toBe('"3"');
    expect(restore.json()).toMatchObject({ version: 3, servings: 4, name: 'Köttbullar' });
    // The same restore again (a retry without If-Match) saves nothing new.
    expect((await ok<Recipe>('POST', `/recipes/${made.id}/versions/1/restore`)).version).toBe(3);
    expect((await ok<Versions>('GET', `/recipes/${made.id}/versions`)).versions.map((v) => v.version)).toEqual([
      3, 2, 1,
    ]);
  });

  it('a visitor never sees the trash or a history: 403, and 401 without a token', async () => {
    const made = await postRecipe(h.app, token, recipeBody({ name: 'Hemlig soppa' }));
    const visitor = await visitorToken(h.keys);
    for (const [method, url] of [
      ['GET', '/trash'],
      ['POST', `/trash/${made.id}/restore`],
      ['DELETE', `/trash/${made.id}`],
      ['GET', `/recipes/${made.id}/versions`],
      ['GET', `/recipes/${made.id}/versions/1`],
      ['POST', `/recipes/${made.id}/versions/1/restore`],
    ] as const) {
      expect((await call(method, url, visitor)).statusCode, `${method} ${url}`).toBe(403);
      expect((await h.app.inject({ method, url: `/api${url}` })).statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('photos stay while a version names them; the sweep erases old trash and prunes histories (a fake clock)', async () => {
    const picture = await cameraJpeg();
    const upload = await h.app.inject({
      method: 'POST',
      url: '/api/photos',
      headers: { 'content-type': 'image/jpeg', ...bearer(token) },
      payload: picture,
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const photo = upload.json() as { id: string; files: { file: string }[] };
    const file = (name: string) => h.app.inject({ method: 'GET', url: `/api/photos/${name}` });
    const made = await postRecipe(
      h.app,
      token,
      recipeBody({ name: 'Fotopaj', photos: [{ id: photo.id, alt: 'Pajen' }] }),
    );
    // The photo taken out: the recipe no longer has it, version 1 still does, so its files stay.
    await ok<Recipe>('PUT', `/recipes/${made.id}`, token, recipeBody({ name: 'Fotopaj', photos: [] }));
    expect((await file(photo.files[0]!.file)).statusCode).toBe(200);
    // Restoring version 1 brings the photo back (it was kept for this recipe's history).
    const back = await ok<Recipe>('POST', `/recipes/${made.id}/versions/1/restore`);
    expect(back.photos?.map((p) => [p.id, p.alt])).toEqual([[photo.id, 'Pajen']]);
    await ok<Recipe>('PUT', `/recipes/${made.id}`, token, recipeBody({ name: 'Fotopaj', photos: [] }));
    await ok<Recipe>('PUT', `/recipes/${made.id}`, token, recipeBody({ name: 'Fotopaj', servings: 2, photos: [] }));
    await ok<Recipe>('PUT', `/recipes/${made.id}`, token, recipeBody({ name: 'Fotopaj', servings: 3, photos: [] }));
    // Six versions, at most three kept: the sweep prunes 1-3, and with them the last version naming the photo.
    const swept = await sweepStep(h.db.orm, { trashDays: 30, history: { versions: 3, days: 365 } }, new Date());
    expect(swept.pruned).toBeGreaterThanOrEqual(1);
    expect((await ok<Versions>('GET', `/recipes/${made.id}/versions`)).versions.map((v) => v.version)).toEqual([
      6, 5, 4,
    ]);
    expect(swept.files).toEqual(expect.arrayContaining(photo.files.map((f) => f.file)));

    // The trash after TRASH_DAYS: erased by the sweep, with its history.
    const old = await postRecipe(h.app, token, recipeBody({ name: 'Gammal kaka' }));
    expect((await call('DELETE', `/recipes/${old.id}`)).statusCode).toBe(204);
    const soon = await sweepStep(
      h.db.orm,
      { trashDays: 30, history: { versions: 3, days: 365 } },
      new Date(Date.now() + 29 * DAY),
    );
    expect(soon.erased).toBe(0);
    const later = await sweepStep(
      h.db.orm,
      { trashDays: 30, history: { versions: 3, days: 365 } },
      new Date(Date.now() + 31 * DAY),
    );
    expect(later.erased).toBeGreaterThanOrEqual(1);
    expect((await trash()).recipes.some((r) => r.id === old.id)).toBe(false);
    const left = await h.db.orm.execute(
      sql`SELECT count(*)::int AS n FROM recipe_versions WHERE recipe_id = ${old.id}`,
    );
    expect((left as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);

    // A year on (HISTORY_MAX_DAYS 365): only each recipe's newest version stays.
    const yearOn = await sweepStep(
      h.db.orm,
      { trashDays: 30, history: { versions: 3, days: 365 } },
      new Date(Date.now() + 400 * DAY),
    );
    expect(yearOn.pruned).toBeGreaterThanOrEqual(1);
    expect((await ok<Versions>('GET', `/recipes/${made.id}/versions`)).versions.map((v) => v.version)).toEqual([6]);
  });
});

describe('TRASH_DAYS=0 (pglite): DELETE erases at once', () => {
  let h: ApiHarness;
  beforeAll(async () => {
    h = await createApiHarness('pglite', { TRASH_DAYS: '0' });
  });
  afterAll(() => h?.close());

  it('nothing goes to the trash, and the history goes with the recipe', async () => {
    const token = await editorToken(h.keys);
    const made = await postRecipe(h.app, token, recipeBody({ name: 'Snabbsoppa' }));
    const del = await h.app.inject({ method: 'DELETE', url: `/api/recipes/${made.id}`, headers: bearer(token) });
    expect(del.statusCode).toBe(204);
    const listed = await h.app.inject({ method: 'GET', url: '/api/trash', headers: bearer(token) });
    expect(listed.json()).toMatchObject({ recipes: [] });
    const versions = await h.app.inject({
      method: 'GET',
      url: `/api/recipes/${made.id}/versions`,
      headers: bearer(token),
    });
    expect(versions.statusCode).toBe(404);
  });
});

describe('trash and history across two API processes on one PostgreSQL', () => {
  const processes = useTwoApiProcesses();

  it('a delete on one is in the trash of the other; a save on one is in the history of the other', async () => {
    const { one, two, token } = processes();
    const as = (app: typeof one, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
      app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });
    const made = await postRecipe(one, token, recipeBody({ name: 'Delad kaka' }));
    expect((await as(two, 'PUT', `/recipes/${made.id}`, recipeBody({ name: 'Delad kaka, ny' }))).statusCode).toBe(200);
    const versions = await as(one, 'GET', `/recipes/${made.id}/versions`);
    expect((versions.json() as Versions).versions.map((v) => v.version)).toEqual([2, 1]);

    expect((await as(one, 'DELETE', `/recipes/${made.id}`)).statusCode).toBe(204);
    expect(((await as(two, 'GET', '/trash')).json() as Trash).recipes.map((r) => r.id)).toContain(made.id);
    const restored = await as(two, 'POST', `/trash/${made.id}/restore`);
    expect(restored.json()).toMatchObject({ id: made.id, name: 'Delad kaka, ny', version: 3 });
    expect((await as(one, 'GET', `/recipes/${made.id}`)).statusCode).toBe(200);
  });
});
