import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config.ts';
import type { Database } from '../../../server/db/index.ts';
import sitePlugin from '../../../server/site/index.ts';

// A miniature built site: the plugin only cares about file names and inline blocks.
const INLINE_SCRIPT = 'window.hydrated=1;';
const page = (body: string) =>
  `<!doctype html><html><head><style>x{display:contents}</style></head><body>${body}<script>${INLINE_SCRIPT}</script><script type="module" src="/_astro/a.js"></script></body></html>`;

let dir: string;
let app: FastifyInstance;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'site-'));
  for (const name of ['index', 'recipe', 'recipe-edit', 'profile', 'new-recipe', '404']) {
    writeFileSync(join(dir, `${name}.html`), page(`<h1>${name}</h1>`));
  }
  mkdirSync(join(dir, '_astro'));
  writeFileSync(join(dir, '_astro', 'a.js'), 'export {}');
  writeFileSync(join(dir, 'favicon.svg'), '<svg/>');
  mkdirSync(join(dir, '.git'));
  writeFileSync(join(dir, '.git', 'config'), '[remote "origin"]');
  writeFileSync(join(dir, '.env'), 'SECRET=1');
  writeFileSync(join(dir, 'silent-check-sso.html'), '<script src="/silent-check-sso.js"></script>');
  const config = loadConfig({ SITE_DIR: dir, PORT: '4321', KEYCLOAK_URL: 'https://sso.example.com' });
  app = Fastify();
  // Only /{id}, /sitemap.xml and /robots.txt read the database (tests/server/site/recipe-page.test.ts): none here.
  await app.register(sitePlugin, { config, db: {} as Database });
});

afterAll(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (url: string) => app.inject({ method: 'GET', url });

describe('site plugin', () => {
  it('publishes the runtime config', async () => {
    const res = await get('/config.json');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      KEYCLOAK_URL: 'https://sso.example.com',
      KEYCLOAK_REALM: 'recipes',
      KEYCLOAK_CLIENT_ID: 'recipes-frontend',
      API_URL: '/api',
    });
  });

  it.each([
    ['/', 'index'],
    ['/42/edit', 'recipe-edit'],
    ['/profile', 'profile'],
    ['/new-recipe', 'new-recipe'],
  ])('%s answers 200 with the %s page', async (url, name) => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<h1>${name}</h1>`);
    expect(res.headers['cache-control']).toBe('no-cache');
    // The plugin's own, not only helmet's: the same values `npm run build` writes for static hosts.
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it.each([
    '/abc',
    '/0',
    '/-1',
    '/1.5',
    '/12/edit/x',
    '/abc/edit',
    '/0/edit',
    '/nope/deeper',
    '/recipe',
    '/recipes',
    '/index',
    '/recipe.html',
    '/.env',
    '/_astro',
  ])('%s is a 404 with the 404 page', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<h1>404</h1>');
    expect(res.headers['content-type']).toMatch(/^text\/html/);
  });

  it('sends a CSP without unsafe-inline that allows exactly the hashed inline blocks and the IdP', async () => {
    const csp = String((await get('/')).headers['content-security-policy']);
    const hash = createHash('sha256').update(INLINE_SCRIPT).digest('base64');
    expect(csp).toContain(`script-src 'self' 'sha256-${hash}'`);
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("connect-src 'self' https://sso.example.com");
    expect(csp).toContain("frame-src 'self' https://sso.example.com");
    expect(String((await get('/nowhere')).headers['content-security-policy'])).toBe(csp);
  });

  it('caches hashed assets for a year and serves other files', async () => {
    const asset = await get('/_astro/a.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['content-security-policy']).toBeUndefined();
    expect((await get('/favicon.svg')).statusCode).toBe(200);
    expect((await get('/silent-check-sso.html')).statusCode).toBe(200);
  });

  it('never serves dotfiles from the site folder', async () => {
    for (const url of ['/.git/config', '/.env']) {
      const res = await get(url);
      expect(res.statusCode, url).not.toBe(200);
      expect(res.body, url).not.toContain('SECRET');
      expect(res.body, url).not.toContain('remote');
    }
  });
});
