import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiHarness, type ApiHarness } from '../../support/api-app.ts';
import { DATABASE_KINDS } from '../../support/database.ts';
import { useTwoApiProcesses } from '../../support/two-api-processes.ts';
import { editorToken } from '../../support/tokens.ts';
import { bearer, recipeBody } from '../../support/recipes.ts';
import type { FastifyInstance } from 'fastify';

// POST /recipes with an Idempotency-Key: a retry (after a timeout, a double click) returns the first
// answer instead of creating a second recipe.
const post = (app: FastifyInstance, token: string, key: string | undefined, body = recipeBody()) =>
  app.inject({
    method: 'POST',
    url: '/api/recipes',
    headers: { ...bearer(token), ...(key ? { 'idempotency-key': key } : {}) },
    payload: body,
  });

async function count(app: FastifyInstance, name: string): Promise<number> {
  return (
    (await app.inject({ method: 'GET', url: `/api/recipes?search=${encodeURIComponent(name)}` })).json() as unknown[]
  ).length;
}

describe.each(DATABASE_KINDS)('Idempotency-Key (%s)', (kind) => {
  let h: ApiHarness;
  let token: string;
  beforeAll(async () => {
    h = await createApiHarness(kind);
    token = await editorToken(h.keys);
  });
  afterAll(() => h?.close());

  it('a sequential retry with the same key and body returns the first answer: one recipe', async () => {
    const body = recipeBody({ name: 'Omförsök i följd' });
    const first = await post(h.app, token, 'key-sequential-1', body);
    expect(first.statusCode).toBe(201);
    for (let i = 0; i < 3; i++) {
      const again = await post(h.app, token, 'key-sequential-1', { ...body });
      expect(again.statusCode).toBe(201);
      expect(again.json()).toEqual(first.json());
      expect(again.headers.location).toBe(first.headers.location);
      expect(again.headers.etag).toBe(first.headers.etag);
    }
    expect(await count(h.app, 'Omförsök i följd')).toBe(1);
  });

  it('concurrent retries with one key make one recipe, and every answer names it', async () => {
    const body = recipeBody({ name: 'Omförsök samtidigt' });
    const answers = await Promise.all(Array.from({ length: 8 }, () => post(h.app, token, 'key-concurrent-1', body)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(201));
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
    expect(await count(h.app, 'Omförsök samtidigt')).toBe(1);
  });

  it('the same key with a different body is refused (422) and stores nothing', async () => {
    expect((await post(h.app, token, 'key-reused-1', recipeBody({ name: 'Första' }))).statusCode).toBe(201);
    const reused = await post(h.app, token, 'key-reused-1', recipeBody({ name: 'Andra' }));
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toMatchObject({
      status: 422,
      fields: { 'idempotency-key': 'Already used with another body' },
    });
    expect(await count(h.app, 'Andra')).toBe(0);
  });

  it('keys are per user: another editor using the same key gets a recipe of their own', async () => {
    const other = await editorToken(h.keys, 'annan-redaktor');
    const a = await post(h.app, token, 'key-shared-1', recipeBody({ name: 'Per användare' }));
    const b = await post(h.app, other, 'key-shared-1', recipeBody({ name: 'Per användare' }));
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json().id).not.toBe(b.json().id);
    expect(b.json().author).toBe('annan-redaktor');
  });

  it('without a key every POST creates a recipe; a bad key is a 400', async () => {
    const body = recipeBody({ name: 'Utan nyckel' });
    await post(h.app, token, undefined, body);
    await post(h.app, token, undefined, body);
    expect(await count(h.app, 'Utan nyckel')).toBe(2);
    const bad = await post(h.app, token, 'ä'.repeat(3), body);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('idempotency-key');
    expect((await post(h.app, token, 'x'.repeat(256), body)).statusCode).toBe(400);
  });
});

describe('Idempotency-Key across two API processes on one PostgreSQL', () => {
  const processes = useTwoApiProcesses();

  it('the same POST raced on both makes one recipe', async () => {
    const { one: appOne, two: appTwo, token } = processes();
    for (let round = 0; round < 5; round++) {
      const body = recipeBody({ name: `Två processer ${round}` });
      const answers = await Promise.all(
        [appOne, appTwo, appOne, appTwo].map((app) => post(app, token, `cross-${round}`, body)),
      );
      expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201]);
      expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
      expect(await count(appOne, `Två processer ${round}`)).toBe(1);
    }
  });
});
