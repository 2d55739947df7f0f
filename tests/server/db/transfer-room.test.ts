import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { importTransfer } from '../../../server/db/transfer/transfer-import.ts';
import {
  MAX_IMPORTED_NUMBER,
  TRANSFER_FORMAT,
  type ExportedRecipe,
} from '../../../server/db/transfer/transfer-format.ts';
import { MAX_DATABASE_INTEGER } from '../../../src/lib/limits.ts';
import { createApiHarness, type ApiHarness } from '../../support/api-app.ts';
import { DATABASE_KINDS } from '../../support/database.ts';
import { bearer, recipeBody } from '../../support/recipes.ts';
import { editorToken } from '../../support/tokens.ts';

// No input of db:import may turn later requests into 500s (issue 20, item 7): an id or a version at the top of
// PostgreSQL's integer range, or a zone offset PostgreSQL refuses, is refused by the import's own check.

const exported = (overrides: Partial<ExportedRecipe>): ExportedRecipe => ({
  id: 1,
  name: 'Pannkakor',
  author: 'redaktor',
  instructions: 'Stek.',
  servings: 4,
  ingredients: [{ name: 'Mjölk' }],
  version: 1,
  createdAt: '2024-05-01T10:00:00Z',
  updatedAt: '2024-05-01T10:00:00Z',
  ...overrides,
});
const file = (recipes: unknown[]) => ({ format: TRANSFER_FORMAT, exportedAt: '2024-06-01T00:00:00.000Z', recipes });

describe.each(DATABASE_KINDS)('an import leaves room for later writes (%s)', (kind) => {
  let h: ApiHarness;
  beforeEach(async () => {
    h = await createApiHarness(kind);
  });
  afterEach(() => h.close());

  it('refuses ids and versions that leave no room and zones PostgreSQL refuses; a create and a save afterwards succeed', async () => {
    const report = await importTransfer(
      h.db.orm,
      file([
        exported({ id: MAX_DATABASE_INTEGER, name: 'Högsta id' }),
        exported({ id: 2, name: 'Högsta version', version: MAX_DATABASE_INTEGER }),
        exported({ id: 3, name: 'Zon', createdAt: '2024-05-01T10:00:00+18:00' }),
        exported({ id: 4, name: 'Zon 16', updatedAt: '2024-05-01T10:00:00-16:00' }),
        exported({
          id: MAX_IMPORTED_NUMBER,
          name: 'Högt men rymligt',
          version: MAX_IMPORTED_NUMBER,
          createdAt: '2024-05-01T10:00:00+15:59',
        }),
      ]),
    );
    expect(report.outcomes).toEqual([
      {
        index: 0,
        name: 'Högsta id',
        kind: 'refused',
        problem: `id: Must be at most ${MAX_IMPORTED_NUMBER}, so that new recipes still get ids`,
      },
      {
        index: 1,
        name: 'Högsta version',
        kind: 'refused',
        problem: `version: Must be at most ${MAX_IMPORTED_NUMBER}, so that the recipe can still be saved`,
      },
      {
        index: 2,
        name: 'Zon',
        kind: 'refused',
        problem: 'createdAt: The time-zone offset must be from -15:59 to +15:59',
      },
      {
        index: 3,
        name: 'Zon 16',
        kind: 'refused',
        problem: 'updatedAt: The time-zone offset must be from -15:59 to +15:59',
      },
      { index: 4, name: 'Högt men rymligt', kind: 'added', id: MAX_IMPORTED_NUMBER },
    ]);

    const token = await editorToken(h.keys);
    const created = await h.app.inject({
      method: 'POST',
      url: '/api/recipes',
      headers: bearer(token),
      payload: recipeBody(),
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().id).toBe(MAX_IMPORTED_NUMBER + 1);
    const saved = await h.app.inject({
      method: 'PUT',
      url: `/api/recipes/${MAX_IMPORTED_NUMBER}`,
      headers: bearer(token),
      payload: { ...recipeBody({ name: 'Sparad' }), version: MAX_IMPORTED_NUMBER },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ name: 'Sparad', version: MAX_IMPORTED_NUMBER + 1 });
  });
});
