// Issue 52, item 1: HISTORY_MAX_VERSIONS holds at every save, not only after the hourly sweep (1,500 saves of one
// recipe had kept 1,501 versions). Saves through the API on both databases with a limit of 3, the versions counted
// after each; and a photo only pruned versions named is still released, by the next sweep, with its files.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Recipe } from '../../../src/lib/recipe-schema.ts';
import { sweepStep } from '../../../server/db/repositories/recipe-trash-repository.ts';
import { createApiHarness, type ApiHarness } from '../../support/api-app.ts';
import { DATABASE_KINDS } from '../../support/database.ts';
import { bearer, postRecipe, recipeBody } from '../../support/recipes.ts';
import { editorToken } from '../../support/tokens.ts';
import { cameraJpeg } from '../photos/photo-fixtures.ts';

const LIMIT = 3;

describe.each(DATABASE_KINDS)('the history limit at each save (%s)', (kind) => {
  let h: ApiHarness;
  let token: string;
  beforeAll(async () => {
    // A generous deadline: what is measured is the count, and a loaded machine's first PGlite write can take seconds.
    h = await createApiHarness(kind, { HISTORY_MAX_VERSIONS: String(LIMIT), DB_REQUEST_TIMEOUT_MS: '20000' });
    token = await editorToken(h.keys, 'redaktor');
  });
  afterAll(() => h?.close());

  const versions = async (id: number) => {
    const result = await h.db.orm.execute(
      sql`SELECT version FROM recipe_versions WHERE recipe_id = ${id} ORDER BY version DESC`,
    );
    return (result as unknown as { rows: { version: number }[] }).rows.map((r) => r.version);
  };
  const save = async (id: number, body: object) => {
    const response = await h.app.inject({
      method: 'PUT',
      url: `/api/recipes/${id}`,
      headers: bearer(token),
      payload: body,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Recipe;
  };

  it('never holds more than HISTORY_MAX_VERSIONS versions, the newest kept', async () => {
    const made = await postRecipe(h.app, token, recipeBody({ name: 'Sparad ofta' }));
    for (let n = 1; n <= 12; n++) {
      const saved = await save(made.id, recipeBody({ name: 'Sparad ofta', servings: (n % 10) + 1 }));
      const kept = await versions(made.id);
      expect(kept.length, `after save ${n}`).toBeLessThanOrEqual(LIMIT);
      expect(kept[0]).toBe(saved.version);
    }
    expect(await versions(made.id)).toEqual([13, 12, 11]);
  });

  it('a photo only pruned versions named is released by the next sweep', async () => {
    const upload = await h.app.inject({
      method: 'POST',
      url: '/api/photos',
      headers: { 'content-type': 'image/jpeg', ...bearer(token) },
      payload: await cameraJpeg(),
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const photo = upload.json() as { id: string; files: { file: string }[] };
    const made = await postRecipe(
      h.app,
      token,
      recipeBody({ name: 'Fotokaka', photos: [{ id: photo.id, alt: 'Kakan' }] }),
    );
    for (let n = 1; n <= LIMIT + 1; n++) await save(made.id, recipeBody({ name: 'Fotokaka', servings: n, photos: [] }));
    expect(await versions(made.id)).toEqual([5, 4, 3]); // version 1, the last with the photo, pruned at the save
    const swept = await sweepStep(h.db.orm, { trashDays: 30, history: h.config.keeping.history }, new Date());
    expect(swept.files).toEqual(expect.arrayContaining(photo.files.map((f) => f.file)));
    const left = await h.db.orm.execute(sql`SELECT count(*)::int AS n FROM photos WHERE id = ${photo.id}`);
    expect((left as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
  });
});
