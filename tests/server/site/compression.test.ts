import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app.ts';
import type { Database } from '../../../server/db/index.ts';
import { precompress } from '../../../scripts/precompress.ts';
import { closeTestDatabase, createTestDatabase } from '../../support/database.ts';
import { testConfig } from '../../support/api-app.ts';

// The whole app (security, API, site) on a miniature dist/ compressed the way `astro build` does it.
const big = (word: string) => Array.from({ length: 400 }, (_, i) => `${word} ${i}`).join(' ');
let dir: string;
let db: Database;
let app: FastifyInstance;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'site-compressed-'));
  for (const name of ['index', 'recipe', 'recipe-edit', '404'])
    writeFileSync(join(dir, `${name}.html`), `<!doctype html><p>${big(name)}</p>`);
  mkdirSync(join(dir, '_astro'));
  writeFileSync(join(dir, '_astro', 'client.js'), `export const x = ${JSON.stringify(big('kod'))};`);
  precompress(dir);
  db = await createTestDatabase('pglite');
  app = await buildApp(testConfig({ SITE_DIR: dir, SERVE_SITE: 'true' }), { db, logger: false });
});

afterAll(async () => {
  await app?.close();
  await closeTestDatabase(db);
  rmSync(dir, { recursive: true, force: true });
});

const get = (url: string, encoding: string) =>
  app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });

describe('compression', () => {
  it.each([
    ['/', 'index.html'],
    ['/42', 'recipe.html'],
    ['/_astro/client.js', '_astro/client.js'],
  ])('%s is sent as the file compressed at build time (brotli, else gzip)', async (url, file) => {
    // Byte-equal to the build's quality-11 file: per-request compression (quality 4) would differ.
    const br = await get(url, 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload).toEqual(readFileSync(join(dir, `${file}.br`)));
    const gz = await get(url, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload).toEqual(readFileSync(join(dir, `${file}.gz`)));
    const plain = await get(url, 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload).toEqual(readFileSync(join(dir, file)));
  });

  it('compresses dynamic text: the OpenAPI document and JSON answers', async () => {
    const doc = await get('/api/openapi.json', 'br');
    expect(doc.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(doc.rawPayload).toString('utf8')).openapi).toMatch(/^3\./);
    const list = await get('/api/recipes?search=x', 'gzip');
    // Short answers are not worth compressing (threshold 1 KB); they come back as they are.
    expect(['gzip', undefined]).toContain(list.headers['content-encoding']);
    const body = list.headers['content-encoding'] ? gunzipSync(list.rawPayload) : list.rawPayload;
    expect(JSON.parse(body.toString('utf8'))).toEqual([]);
  });
});
