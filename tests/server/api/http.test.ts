import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiHarness, TEST_SITE_ORIGIN, type ApiHarness } from '../../support/api-app.ts';
import { DATABASE_KINDS } from '../../support/database.ts';
import { editorToken, visitorToken } from '../../support/tokens.ts';
import { bearer, postRecipe, recipeBody } from '../../support/recipes.ts';
import { photoLike } from '../photos/photo-fixtures.ts';

describe.each(DATABASE_KINDS)('HTTP behaviour (%s)', (kind) => {
  let h: ApiHarness;
  beforeAll(async () => {
    h = await createApiHarness(kind, { WRITE_RATE_LIMIT: '5' });
  });
  afterAll(() => h?.close());

  it('answers a CORS preflight from an allowed origin for Authorization, Content-Type, If-Match, X-XSRF-TOKEN and X-File-Name', async () => {
    const response = await h.app.inject({
      method: 'OPTIONS',
      url: '/api/recipes/1',
      headers: {
        origin: TEST_SITE_ORIGIN,
        'access-control-request-method': 'PUT',
        'access-control-request-headers': 'authorization,content-type,if-match,x-xsrf-token,x-file-name',
      },
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe(TEST_SITE_ORIGIN);
    expect(String(response.headers['access-control-allow-methods'])).toContain('PUT');
    const allowed = String(response.headers['access-control-allow-headers']).toLowerCase();
    for (const header of ['authorization', 'content-type', 'if-match', 'x-xsrf-token', 'x-file-name'])
      expect(allowed).toContain(header);
  });

  it('gives no CORS grant to other origins', async () => {
    const response = await h.app.inject({
      method: 'GET',
      url: '/api/recipes',
      headers: { origin: 'http://evil.test' },
    });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    const ok = await h.app.inject({ method: 'GET', url: '/api/recipes', headers: { origin: TEST_SITE_ORIGIN } });
    expect(ok.headers['access-control-allow-origin']).toBe(TEST_SITE_ORIGIN);
  });

  it("sends Content-Security-Policy default-src 'none' on API responses, errors included", async () => {
    for (const url of ['/api/recipes', '/api/units', '/api/recipes/999999', '/api/nope']) {
      const response = await h.app.inject({ method: 'GET', url });
      expect(response.headers['content-security-policy'], url).toBe("default-src 'none'; frame-ancestors 'none'");
    }
  });

  it('unknown API routes: 404 in the error shape', async () => {
    const response = await h.app.inject({ method: 'GET', url: '/api/nope?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ status: 404, error: 'Not Found', message: 'No such API route: GET /api/nope' });
  });

  it('serves an OpenAPI 3.1 document generated from the route schemas', async () => {
    const response = await h.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/units', '/health', '/recipes', '/recipes/{id}']));
    expect(Object.keys(doc.paths['/recipes/{id}'])).toEqual(expect.arrayContaining(['get', 'put', 'delete']));
    const body = doc.paths['/recipes'].post.requestBody.content['application/json'].schema;
    expect(body.properties.name.maxLength).toBe(64);
    expect(body.properties.servings).toMatchObject({ minimum: 1, maximum: 100 });
  });

  it('serves a readable reference page with local assets', async () => {
    const page = await h.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).not.toMatch(/https?:\/\/(cdn|unpkg)/);
    expect(page.headers['content-security-policy']).not.toBe("default-src 'none'; frame-ancestors 'none'");
    const asset = page.body.match(/src="\.\/(static\/[^"]+\.js)"/)?.[1];
    expect(asset).toBeDefined();
    expect((await h.app.inject({ method: 'GET', url: `/api/docs/${asset}` })).statusCode).toBe(200);
  });

  it('health: 200 with the database state', async () => {
    const response = await h.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: { kind, state: 'up' } });
  });

  it('limits writes per minute per IP (429 in the error shape); reads stay unlimited', async () => {
    const token = await editorToken(h.keys);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const response = await h.app.inject({
        method: 'POST',
        url: '/api/recipes',
        headers: bearer(token),
        payload: recipeBody(),
        remoteAddress: '10.0.0.9',
      });
      statuses.push(response.statusCode);
      if (response.statusCode === 429)
        expect(response.json()).toMatchObject({ status: 429, error: 'Too Many Requests' });
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429]);
    const other = await h.app.inject({
      method: 'POST',
      url: '/api/recipes',
      headers: bearer(token),
      payload: recipeBody(),
      remoteAddress: '10.0.0.10',
    });
    expect(other.statusCode).toBe(201);
    for (let i = 0; i < 20; i++) {
      expect((await h.app.inject({ method: 'GET', url: '/api/recipes', remoteAddress: '10.0.0.9' })).statusCode).toBe(
        200,
      );
    }
  });

  it('counts every write attempt before authentication: anonymous, bad-token and non-editor floods get 429 too', async () => {
    const visitor = await visitorToken(h.keys);
    const attempts = [
      { method: 'POST' as const, url: '/api/recipes', headers: {} },
      { method: 'PUT' as const, url: '/api/recipes/1', headers: bearer('not-a-token') },
      { method: 'DELETE' as const, url: '/api/recipes/1', headers: bearer(visitor) },
      { method: 'POST' as const, url: '/api/recipes', headers: bearer(visitor) },
      { method: 'POST' as const, url: '/api/recipes', headers: {} },
      { method: 'DELETE' as const, url: '/api/recipes/1', headers: {} },
      { method: 'PUT' as const, url: '/api/recipes/1', headers: bearer(visitor) },
    ];
    const statuses: number[] = [];
    for (const { method, url, headers } of attempts) {
      statuses.push(
        (await h.app.inject({ method, url, headers, payload: recipeBody(), remoteAddress: '10.0.0.11' })).statusCode,
      );
    }
    expect(statuses).toEqual([401, 401, 403, 403, 401, 429, 429]);
    const editor = await editorToken(h.keys);
    expect(
      (
        await h.app.inject({
          method: 'POST',
          url: '/api/recipes',
          headers: bearer(editor),
          payload: recipeBody(),
          remoteAddress: '10.0.0.11',
        })
      ).statusCode,
    ).toBe(429);
  });
});

describe.each(DATABASE_KINDS)('when the database is gone (%s)', (kind) => {
  let h: ApiHarness;
  beforeAll(async () => {
    h = await createApiHarness(kind);
    await h.db.close();
  });
  afterAll(() => h?.close());

  it('health: 503 in the error shape', async () => {
    const response = await h.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      status: 503,
      error: 'Service Unavailable',
      message: 'The database cannot be reached',
      database: { kind, state: 'down' },
    });
    expect(response.headers['retry-after']).toBe('5');
  });

  it('reads and writes answer 503 with Retry-After in the error shape, leaking nothing', async () => {
    const token = await editorToken(h.keys);
    for (const [method, url] of [
      ['GET', '/api/recipes'],
      ['GET', '/api/recipes?search=a'],
      ['GET', '/api/recipes/1'],
      ['GET', '/api/recipes/names'],
      ['POST', '/api/recipes'],
      ['PUT', '/api/recipes/1'],
      ['DELETE', '/api/recipes/1'],
    ] as const) {
      const response = await h.app.inject({
        method,
        url,
        headers: bearer(token),
        ...(method === 'POST' || method === 'PUT' ? { payload: recipeBody() } : {}),
      });
      expect(response.statusCode, `${method} ${url}`).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.json()).toEqual({
        status: 503,
        error: 'Service Unavailable',
        message: 'The database cannot be reached right now; nothing was changed. Try again shortly.',
      });
    }
  });
});

describe('client addresses behind a proxy and over IPv6', () => {
  let h: ApiHarness;
  let token: string;
  beforeAll(async () => {
    h = await createApiHarness('pglite', { WRITE_RATE_LIMIT: '2', TRUST_PROXY: 'true' });
    token = await editorToken(h.keys);
  });
  afterAll(() => h?.close());

  const post = (remoteAddress: string, forwardedFor?: string) =>
    h.app.inject({
      method: 'POST',
      url: '/api/recipes',
      headers: { ...bearer(token), ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
      payload: recipeBody(),
      remoteAddress,
    });

  it('TRUST_PROXY=true believes one hop: the leftmost X-Forwarded-For, which the client writes, chooses no key', async () => {
    // The proxy (10.0.0.1) appended the client's real address 203.0.113.7; the rest is the client's own text.
    const statuses = [];
    for (const spoofed of ['1.1.1.1', '2.2.2.2', '3.3.3.3'])
      statuses.push((await post('10.0.0.1', `${spoofed}, 203.0.113.7`)).statusCode);
    expect(statuses).toEqual([201, 201, 429]);
    // Another client behind the same proxy has an allowance of its own.
    expect((await post('10.0.0.1', '1.1.1.1, 203.0.113.8')).statusCode).toBe(201);
  });

  it('counts an IPv6 client by its /64: new addresses from one network share one allowance', async () => {
    const statuses = [];
    for (const address of [
      '2001:db8:7:7::1',
      '2001:db8:7:7::2',
      '2001:db8:7:7::abcd:1',
      '2001:db8:7:7:ffff:ffff:ffff:ffff',
    ]) {
      statuses.push((await post('10.0.0.1', address)).statusCode);
    }
    expect(statuses).toEqual([201, 201, 429, 429]);
    expect((await post('10.0.0.1', '2001:db8:7:8::1')).statusCode).toBe(201);
  });
});

describe('one write allowance for every kind of write', () => {
  let h: ApiHarness;
  beforeAll(async () => {
    h = await createApiHarness('pglite', { WRITE_RATE_LIMIT: '2' });
  });
  afterAll(() => h?.close());

  it('counts a web import like a save: an import and a save use up an allowance of two', async () => {
    const token = await editorToken(h.keys);
    const html = '<script type="application/ld+json">{"@type": "Recipe", "name": "Kladdkaka"}</script>';
    const imported = await h.app.inject({
      method: 'POST',
      url: '/api/recipe-imports',
      headers: bearer(token),
      payload: { html },
      remoteAddress: '198.51.100.9',
    });
    expect(imported.statusCode, imported.body).toBe(200);
    const save = () =>
      h.app.inject({
        method: 'POST',
        url: '/api/recipes',
        headers: bearer(token),
        payload: recipeBody(),
        remoteAddress: '198.51.100.9',
      });
    expect((await save()).statusCode).toBe(201);
    expect((await save()).statusCode).toBe(429);
  });
});

// RFC 9110 §15.4.5 / RFC 9111 §4.3.4: a 304 carries what the 200 would have said about caching (Cache-Control,
// ETag, Vary) and a cache merges its headers into the stored answer, so it must not carry the body's headers (a
// `content-type: application/json` merged into a stored photo breaks it) nor another Cross-Origin-Resource-Policy.
describe('a 304 has the headers of its 200, and no body headers, on every ETag route', () => {
  let h: ApiHarness;
  let dir: string;
  let routes: string[];
  const CACHING = ['cache-control', 'cross-origin-resource-policy', 'vary', 'etag'];
  const BODY = ['content-type', 'content-length', 'content-encoding'];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'http-304-'));
    for (const name of ['index', 'recipe', 'recipe-edit', '404', 'new-recipe'])
      writeFileSync(join(dir, `${name}.html`), `<!doctype html><title>${name}</title>`);
    writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    mkdirSync(join(dir, '_astro'));
    writeFileSync(join(dir, '_astro', 'app.abc123.js'), 'console.log(1);'.repeat(100));
    writeFileSync(join(dir, '_astro', 'app.abc123.js.gz'), gzipSync('console.log(1);'.repeat(100)));
    // A generous database deadline: the machine running the tests may be busy; this test is about headers.
    h = await createApiHarness('pglite', {
      SITE_DIR: dir,
      SERVE_SITE: 'true',
      PUBLIC_URL: 'https://recept.example',
      DB_REQUEST_TIMEOUT_MS: '60000',
    });
    const token = await editorToken(h.keys);
    const photo = await h.app.inject({
      method: 'POST',
      url: '/api/photos',
      headers: { ...bearer(token), 'content-type': 'image/jpeg' },
      payload: await photoLike(64, 48).jpeg().toBuffer(),
    });
    expect(photo.statusCode, photo.body).toBe(201);
    const files: { file: string }[] = photo.json().files;
    const recipe = await postRecipe(h.app, token, recipeBody({ categories: ['Bakning'] }));
    routes = [
      // The API: the list's own cache, a stamped read, a route with its own validator, the rest.
      '/api/recipes',
      '/api/recipes?search=pann',
      `/api/recipes/${recipe.id}`,
      `/api/recipes/${recipe.id}?servings=2`,
      '/api/recipes/names',
      '/api/categories',
      '/api/units',
      '/api/openapi.json',
      ...files.slice(0, 2).map((f) => `/api/photos/${f.file}`),
      // The site: a recipe's page, the sitemap, pages and files.
      `/${recipe.id}`,
      '/sitemap.xml',
      '/sitemap-1.xml',
      '/',
      '/new-recipe',
      '/favicon.svg',
      '/_astro/app.abc123.js',
    ];
  });
  afterAll(async () => {
    await h?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    ['gzip', { 'accept-encoding': 'gzip' }],
    ['no compression', {}],
  ])('%s', async (_, headers: Record<string, string>) => {
    for (const url of routes) {
      const ok = await h.app.inject({ method: 'GET', url, headers: { origin: TEST_SITE_ORIGIN, ...headers } });
      expect(ok.statusCode, url).toBe(200);
      const etag = ok.headers.etag;
      expect(etag, url).toBeTruthy();
      const again = await h.app.inject({
        method: 'GET',
        url,
        headers: { origin: TEST_SITE_ORIGIN, ...headers, 'if-none-match': String(etag) },
      });
      expect(again.statusCode, url).toBe(304);
      expect.soft(again.rawPayload.length, url).toBe(0);
      const pick = (r: typeof ok, names: string[]) => Object.fromEntries(names.map((n) => [n, r.headers[n]]));
      expect
        .soft(
          pick(again, CACHING),
          `${url} ${JSON.stringify([pick(again, [...CACHING, ...BODY]), pick(ok, [...CACHING, ...BODY])])}`,
        )
        .toEqual(pick(ok, CACHING));
      expect.soft(pick(again, BODY), url).toEqual({
        'content-type': undefined,
        'content-length': undefined,
        'content-encoding': undefined,
      });
    }
  });
});
