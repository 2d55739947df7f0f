// What the Node server hands out of dist/ (issue 29, item 7), through the whole app on a miniature built site
// with the files the build writes for static hosts (server/site/headers.ts) and public/'s _redirects and favicon.
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app.ts';
import type { Database } from '../../../server/db/index.ts';
import { writeHostingHeaders } from '../../../server/site/headers.ts';
import { closeTestDatabase, createTestDatabase } from '../../support/database.ts';
import { testConfig } from '../../support/api-app.ts';

const PUBLIC = new URL('../../../public/', import.meta.url);
const SVG_POLICY = "default-src 'none'; style-src 'unsafe-inline'";
let dir: string;
let db: Database;
let plain: FastifyInstance;
let secure: FastifyInstance;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'site-served-'));
  for (const name of ['index', 'recipe', 'recipe-edit', '404', 'profile']) {
    writeFileSync(join(dir, `${name}.html`), `<!doctype html><title>${name}</title><script>/* ${name} */</script>`);
  }
  mkdirSync(join(dir, '_astro'));
  writeFileSync(join(dir, '_astro', 'client.abc123.js'), 'export {};');
  writeFileSync(join(dir, '_astro', 'icon.abc123.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  for (const name of ['_redirects', 'favicon.svg']) copyFileSync(new URL(name, PUBLIC), join(dir, name));
  const site = { SITE_DIR: dir, SERVE_SITE: 'true' };
  writeHostingHeaders(dir, testConfig(site));
  db = await createTestDatabase('pglite');
  plain = await buildApp(testConfig({ ...site, PUBLIC_URL: 'http://localhost:8080' }), { db, logger: false });
  secure = await buildApp(testConfig({ ...site, PUBLIC_URL: 'https://recipes.example.test' }), { db, logger: false });
});

afterAll(async () => {
  await plain?.close();
  await secure?.close();
  await closeTestDatabase(db);
  rmSync(dir, { recursive: true, force: true });
});

const get = (url: string, app = plain) => app.inject({ method: 'GET', url });

describe('hosting configuration is not site content', () => {
  it.each([
    '/_headers',
    '/_redirects',
    '/nginx-headers/page.conf',
    '/nginx-headers/asset.conf',
    '/nginx-headers/',
    '/nginx-headers',
    '/%5Fheaders',
    '/nginx%2Dheaders/page.conf',
    '//_headers',
    '/./_redirects',
    '/_astro/../_headers',
  ])('%s answers 404 with the 404 page', async (url) => {
    for (const method of ['GET', 'HEAD'] as const) {
      const res = await plain.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      if (method === 'GET') expect(res.body).toContain('<title>404</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it("still serves the site's own files and pages", async () => {
    expect((await get('/favicon.svg')).statusCode).toBe(200);
    expect((await get('/profile')).statusCode).toBe(200);
    expect((await get('/_astro/client.abc123.js')).statusCode).toBe(200);
  });
});

describe('error answers are never cacheable for long', () => {
  it.each(['/_astro/%00', '/%00', '/_astro/%E0%A4%A', '/_astro/nope.js', '/_astro/.hidden', '/.env', '/nope/deeper'])(
    '%s: an error with no-store or no-cache, never max-age or immutable',
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(['no-store', 'no-cache']).toContain(res.headers['cache-control']);
    },
  );

  it('a hashed asset that exists stays immutable', async () => {
    expect((await get('/_astro/client.abc123.js')).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
  });
});

describe('Strict-Transport-Security only when PUBLIC_URL is https', () => {
  it.each(['/', '/config.json', '/favicon.svg', '/api/health', '/nope'])('%s', async (url) => {
    expect((await get(url, plain)).headers['strict-transport-security']).toBeUndefined();
    expect((await get(url, secure)).headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });
});

describe('SVG is a document: it gets a policy of its own', () => {
  it.each([
    ['/favicon.svg', 'no-cache'],
    ['/_astro/icon.abc123.svg', 'public, max-age=31536000, immutable'],
  ])('%s', async (url, cacheControl) => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['content-security-policy']).toBe(SVG_POLICY);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe(cacheControl);
  });

  it("pages keep the site's policy", async () => {
    expect((await get('/')).headers['content-security-policy']).toMatch(
      /^default-src 'self'; script-src 'self' 'sha256-/,
    );
  });
});
