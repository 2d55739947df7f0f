import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/index.ts';
import { buildApp } from '../../../server/app.ts';
import { testConfig } from '../../support/api-app.ts';
import { closeTestDatabase, createTestDatabase } from '../../support/database.ts';
import { createTestKeys } from '../../support/tokens.ts';

// With the site mounted beside the API (as npm start does), an unknown API route of any method answers the
// API's JSON 404, not the site's HTML page.
let app: FastifyInstance;
let db: Database;
const dir = mkdtempSync(join(tmpdir(), 'site-404-'));

beforeAll(async () => {
  for (const name of ['index', 'recipe', 'recipe-edit', '404'])
    writeFileSync(join(dir, `${name}.html`), `<!doctype html><h1>${name}</h1>`);
  const config = testConfig({ SITE_DIR: dir, SERVE_SITE: 'true' });
  db = await createTestDatabase('pglite');
  const keys = await createTestKeys();
  app = await buildApp(config, { db, logger: false, jwks: keys.jwks });
});
afterAll(async () => {
  await app?.close();
  await closeTestDatabase(db);
  rmSync(dir, { recursive: true, force: true });
});

describe('unknown routes', () => {
  it('answer JSON 404 under the API base for GET as for other methods, and the HTML 404 page elsewhere', async () => {
    for (const method of ['GET', 'DELETE', 'POST'] as const) {
      const res = await app.inject({ method, url: '/api/no-such-thing?x=1' });
      expect(res.statusCode, method).toBe(404);
      expect(res.headers['content-type'], method).toMatch(/^application\/json/);
      expect(res.json(), method).toMatchObject({
        status: 404,
        message: `No such API route: ${method} /api/no-such-thing`,
      });
    }
    const page = await app.inject({ method: 'GET', url: '/no-such-thing' });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('<h1>404</h1>');
    expect((await app.inject({ method: 'GET', url: '/api/recipes' })).statusCode).toBe(200);
  });
});
