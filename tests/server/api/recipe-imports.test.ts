// POST /api/recipe-imports through the real API plugin: bodies, auth, and the SSRF guard against a page
// server on 127.0.0.2 (Linux routes all of 127/8 to loopback), which only IMPORT_ALLOWED_ADDRESSES lets in.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { Writable } from 'node:stream';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app.ts';
import { recipeFromJsonLd, withPageAddress } from '../../../server/drafts/recipe-draft.ts';
import { recipeFromHtml } from '../../../server/import/page-draft.ts';
import { closeTestDatabase, createTestDatabase } from '../../support/database.ts';
import { createApiHarness, testConfig, type ApiHarness } from '../../support/api-app.ts';
import { createTestKeys, editorToken, visitorToken } from '../../support/tokens.ts';
import { cameraJpeg } from '../photos/photo-fixtures.ts';

const fixture = (name: string) => readFileSync(new URL(`../../fixtures/import-api/${name}`, import.meta.url), 'utf8');
const RECIPE = fixture('recipe.html');
const NO_RECIPE = fixture('no-recipe.html');
const JSON_LD = fixture('recipe.jsonld');
const MAX_BYTES = 64 * 1024;
// The same recipe with categories, times and a publisher (issue 25).
const ORGANISED = RECIPE.replace(
  '"@type": "Recipe",',
  `"@type": "Recipe", "recipeCategory": "Efterrätt", "recipeCuisine": ["Svensk"], "keywords": "choklad, kaka, efterrätt",
    "prepTime": "PT15M", "totalTime": "PT45M", "publisher": { "@type": "Organization", "name": "Kladdkaksbloggen" },`,
);

// A page whose Recipe names three images: a small one, a large one (by the sizes it gives) and one on an address
// the guard refuses; the route must fetch the large one only.
const pictures = { small: Buffer.alloc(0), large: Buffer.alloc(0) };
const withImage = (port: number) =>
  RECIPE.replace(
    '"@type": "Recipe",',
    `"@type": "Recipe", "image": [
      { "@type": "ImageObject", "url": "/small.jpg", "width": 200, "height": 150 },
      { "@type": "ImageObject", "url": "/large.jpg", "width": 1200, "height": 800 },
      { "@type": "ImageObject", "url": "http://127.0.0.1:${port}/large.jpg" }],`,
  );

/** The pages the tests import, on 127.0.0.2; `port` is filled in once it listens. */
function pageServer(): { server: Server; base: () => string; seen: Record<string, string | string[] | undefined>[] } {
  let port = 0;
  const seen: Record<string, string | string[] | undefined>[] = [];
  const server = createServer((request, response) => {
    seen.push(request.headers);
    const html = (text: string) => response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(text);
    switch (request.url) {
      case '/recipe':
        return html(RECIPE);
      case '/organised':
        return html(ORGANISED);
      case '/no-recipe':
        return html(NO_RECIPE);
      case '/recipe.jsonld':
        return response.writeHead(200, { 'content-type': 'application/ld+json' }).end(JSON_LD);
      case '/latin1': {
        const page = RECIPE.replace('charset="utf-8"', 'charset="iso-8859-1"').replaceAll('Kladdkaka', 'Ärtsoppa');
        return response.writeHead(200, { 'content-type': 'text/html' }).end(Buffer.from(page, 'latin1'));
      }
      case '/with-image':
        return html(withImage(port));
      case '/with-missing-image':
        return html(RECIPE.replace('"@type": "Recipe",', '"@type": "Recipe", "image": "/missing.jpg",'));
      case '/small.jpg':
        return response.writeHead(200, { 'content-type': 'image/jpeg' }).end(pictures.small);
      case '/large.jpg':
        return response.writeHead(200, { 'content-type': 'image/jpeg' }).end(pictures.large);
      case '/not-a-picture.jpg':
        return response.writeHead(200, { 'content-type': 'image/jpeg' }).end('<html>hej</html>');
      case '/moved':
        return response.writeHead(302, { location: '/recipe' }).end();
      case '/to-loopback':
        return response.writeHead(302, { location: `http://127.0.0.1:${port}/recipe` }).end();
      case '/loop':
        return response.writeHead(302, { location: '/loop' }).end();
      case '/missing':
        return response.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Finns inte</h1>');
      case '/text':
        return response.writeHead(200, { 'content-type': 'text/plain' }).end(RECIPE);
      case '/big':
        return html(RECIPE + ' '.repeat(MAX_BYTES));
      case '/big-streamed': {
        // No Content-Length: the limit must hold while reading.
        response.writeHead(200, { 'content-type': 'text/html' });
        response.write(RECIPE);
        return response.end('x'.repeat(MAX_BYTES));
      }
      case '/slow': {
        response.writeHead(200, { 'content-type': 'text/html' });
        response.write('<!doctype html>');
        const timer = setTimeout(() => response.end(RECIPE), 3000);
        response.on('close', () => clearTimeout(timer));
        return;
      }
      default:
        return response.writeHead(404).end();
    }
  });
  server.listen(0, '127.0.0.2', () => {
    const address = server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  return { server, base: () => `http://127.0.0.2:${port}`, seen };
}

/**
 * A page of exactly `bytes` in UTF-8 as big commercial recipe sites make them: inline scripts of app state (JSON
 * with quotes and non-ASCII text) and repeated markup, with the page's JSON-LD Recipe at the very end.
 */
function bigPage(bytes: number): string {
  const state = JSON.stringify({
    teasers: Array.from({ length: 40 }, (_, i) => ({ id: i, title: `Köttbullar "${i}"` })),
  });
  const chunk = `<script>window.__STATE__ = ${state};</script>\n${'<div class="card"><a href="/recept/x"><img src="/a.jpg" alt="Bild"><span>Kanelbullar</span></a></div>\n'.repeat(30)}`;
  const [head, tail] = RECIPE.split('<script type="application/ld+json">') as [string, string];
  const fixed = Buffer.byteLength(head) + Buffer.byteLength(tail) + '<script type="application/ld+json">'.length;
  let padding = chunk.repeat(Math.floor((bytes - fixed) / Buffer.byteLength(chunk)));
  padding += ' '.repeat(bytes - fixed - Buffer.byteLength(padding));
  return `${head}${padding}<script type="application/ld+json">${tail}`;
}

async function post(h: ApiHarness, payload: unknown, token?: string) {
  return h.app.inject({
    method: 'POST',
    url: '/api/recipe-imports',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: JSON.stringify(payload),
  });
}

describe('POST /recipe-imports, private targets allowed for 127.0.0.2 only', () => {
  let h: ApiHarness;
  let token: string;
  const pages = pageServer();
  const url = (path: string) => `${pages.base()}${path}`;

  beforeAll(async () => {
    h = await createApiHarness('pglite', {
      IMPORT_ALLOWED_ADDRESSES: '127.0.0.2',
      // One deadline for a page and its picture (issue 35): room for both on a loaded machine.
      IMPORT_TIMEOUT_MS: '1500',
      IMPORT_MAX_BYTES: String(MAX_BYTES),
      // Starting the first reading worker can take seconds on a loaded machine; the reading limit is tested below.
      IMPORT_READ_TIMEOUT_MS: '30000',
    });
    token = await editorToken(h.keys);
    await new Promise((resolve) =>
      pages.server.listening ? resolve(undefined) : pages.server.once('listening', resolve),
    );
  });
  afterAll(async () => {
    pages.server.closeAllConnections();
    pages.server.close();
    await h?.close();
  });

  it('reads the Recipe of a fetched page, saving nothing', async () => {
    const res = await post(h, { url: url('/recipe') }, token);
    expect(res.statusCode).toBe(200);
    const draft = res.json();
    expect(draft).toEqual(withPageAddress(recipeFromHtml(RECIPE) as never, url('/recipe')));
    expect(draft).toMatchObject({ name: 'Kladdkaka', servings: 8, source: { url: url('/recipe'), name: '127.0.0.2' } });
    expect(draft.ingredients).toHaveLength(3);
    expect(draft.instructions).toContain('Sätt ugnen på 175 grader.');
    expect(draft).not.toHaveProperty('id');
    expect(pages.seen.at(-1)).toMatchObject({
      'user-agent': 'Receptboken/1.0 (recipe import; +http://localhost:8080)',
      accept: 'text/html, application/ld+json',
    });
    const list = await h.app.inject({ method: 'GET', url: '/api/recipes' });
    expect(list.json()).toEqual([]);
  });

  it("brings the page's largest image as the draft's photo (an upload of the editor's), through the same guard", async () => {
    [pictures.small, pictures.large] = await Promise.all([
      sharp(await cameraJpeg())
        .resize(200)
        .jpeg()
        .toBuffer(),
      cameraJpeg(),
    ]);
    expect(RECIPE).toContain('"@type": "Recipe",');
    const res = await post(h, { url: url('/with-image') }, token);
    expect(res.statusCode, res.body).toBe(200);
    const draft = res.json();
    expect(draft).not.toHaveProperty('imageUrl');
    expect(draft.photos).toHaveLength(1);
    expect(draft.photos[0]).toMatchObject({ alt: '', width: 400, height: 600 }); // the large one, oriented
    expect(pages.seen.at(-1)).toMatchObject({ accept: 'image/avif, image/webp, image/jpeg, image/png' });
    // Saved with the recipe, it is the recipe's photo.
    const saved = await h.app.inject({
      method: 'POST',
      url: '/api/recipes',
      headers: { authorization: `Bearer ${token}` },
      payload: { name: draft.name, servings: 8, photos: [{ id: draft.photos[0].id }] },
    });
    expect(saved.json().photos[0].id).toBe(draft.photos[0].id);

    // An image that is not a picture leaves the draft without a photo; the recipe is still read.
    const html = withImage(0).replace(/"image": \[[^\]]*\],/s, `"image": "${url('/not-a-picture.jpg')}",`);
    const pasted = await post(h, { html }, token);
    expect(pasted.statusCode).toBe(200);
    expect(pasted.json()).not.toHaveProperty('photos');
    expect(pasted.json().name).toBe('Kladdkaka');
    // An image on an address the guard refuses is never fetched.
    const metadata = withImage(0).replace(/"image": \[[^\]]*\],/s, '"image": "http://169.254.169.254/latest.jpg",');
    const guarded = await post(h, { html: metadata }, token);
    expect(guarded.statusCode).toBe(200);
    expect(guarded.json()).not.toHaveProperty('photos');
  });

  it("says in the draft's notices when the page's picture could not be fetched, naming no host (issue 37)", async () => {
    const image = (address: string) => withImage(0).replace(/"image": \[[^\]]*\],/s, `"image": "${address}",`);
    for (const address of [
      url('/missing.jpg'), // 404
      url('/not-a-picture.jpg'), // not a picture
      'http://169.254.169.254/latest.jpg', // refused by the guard
      '/relative.jpg', // on a pasted page: relative to nothing
    ]) {
      const res = await post(h, { html: image(address) }, token);
      expect(res.statusCode, address).toBe(200);
      expect(res.json(), address).toMatchObject({ name: 'Kladdkaka', notices: ['Sidans bild kunde inte hämtas.'] });
      expect(res.json(), address).not.toHaveProperty('photos');
    }
    // A fetched page's picture the same way; a page without a picture, or whose picture came, has no notices.
    const fetchedPage = await post(h, { url: url('/with-missing-image') }, token);
    expect(fetchedPage.json().notices).toEqual(['Sidans bild kunde inte hämtas.']);
    expect((await post(h, { url: url('/recipe') }, token)).json()).not.toHaveProperty('notices');
    expect((await post(h, { url: url('/with-image') }, token)).json()).not.toHaveProperty('notices');
  });

  it('reads a JSON-LD document, and follows a redirect', async () => {
    const jsonLd = await post(h, { url: url('/recipe.jsonld') }, token);
    expect(jsonLd.statusCode).toBe(200);
    expect(jsonLd.json()).toEqual(
      withPageAddress(recipeFromJsonLd(JSON.parse(JSON_LD)) as never, url('/recipe.jsonld')),
    );
    const upper = await post(h, { url: url('/recipe').replace('http://', 'HTTP://') }, token);
    expect(upper.statusCode).toBe(200);
    const moved = await post(h, { url: url('/moved') }, token);
    expect(moved.statusCode).toBe(200);
    expect(moved.json().name).toBe('Kladdkaka');
    // The source is the page's address after the redirect.
    expect(moved.json().source.url).toBe(url('/recipe'));
  });

  it("fills categories, times and the source from the page's Recipe and address (issue 25)", async () => {
    const res = await post(h, { url: url('/organised') }, token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Kladdkaka',
      categories: ['Efterrätt', 'Svensk', 'choklad', 'kaka'],
      prepTime: 15,
      totalTime: 45,
      source: { url: url('/organised'), name: 'Kladdkaksbloggen' },
    });
    // What the draft holds is a valid recipe body: saved as it is, it stores every field.
    const { servings: _servings, ...draft } = res.json();
    const saved = await h.app.inject({
      method: 'POST',
      url: '/api/recipes',
      headers: { authorization: `Bearer ${token}` },
      payload: { ...draft, servings: 8 },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json()).toMatchObject({ categories: draft.categories, prepTime: 15, source: draft.source });
    // A pasted page has no address: only what its JSON-LD names.
    const pasted = await post(h, { html: ORGANISED }, token);
    expect(pasted.json().source).toEqual({ name: 'Kladdkaksbloggen' });
  });

  it('reads a page in the charset it declares', async () => {
    const res = await post(h, { url: url('/latin1') }, token);
    expect(res.statusCode).toBe(200);
    expect(res.json().name).toBe('Ärtsoppa');
    expect(res.json().instructions).toContain('Smält smöret');
  });

  it('reads pasted HTML', async () => {
    const res = await post(h, { html: RECIPE }, token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(recipeFromHtml(RECIPE));
  });

  it('reads a recipe pasted as plain text into the same draft (issue 37)', async () => {
    const text = [
      'Kladdkaka',
      '8 portioner',
      '',
      'Ingredienser',
      '• 100 g smör',
      '• 2 dl strösocker',
      '',
      'Gör så här',
      '1. Sätt ugnen på 175 grader.',
      '2. Smält smöret.',
    ].join('\r\n');
    const res = await post(h, { text }, token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      name: 'Kladdkaka',
      servings: 8,
      ingredients: [
        { name: 'smör', quantity: { value: 100, unit: 'GRAM' } },
        { name: 'strösocker', quantity: { value: 2, unit: 'DECILITER' } },
      ],
      instructions: 'Sätt ugnen på 175 grader.\nSmält smöret.',
    });
    const empty = await post(h, { text: ' \n ' }, token);
    expect(empty.statusCode).toBe(422);
    expect(empty.json().message).toBe('The text holds no recipe');
  });

  it('answers 422 for a page without a recipe, fetched or pasted', async () => {
    for (const payload of [{ url: url('/no-recipe') }, { html: NO_RECIPE }, { html: 'bara text' }]) {
      const res = await post(h, payload, token);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({
        status: 422,
        // Not "no schema.org Recipe": a page without structured data is read from its text too (issue 55).
        message:
          'The page holds no recipe to import: none in its structured data (schema.org JSON-LD or microdata), and no ' +
          'title with an ingredient list and steps in its text',
      });
    }
  });

  it('refuses a body with both fields, neither, another field or a non-http address (400)', async () => {
    const exactlyOne = { body: 'Send exactly one of url, html and text' };
    const notHttp = { url: 'Must be an http or https address of at most 2000 characters' };
    const cases: [unknown, Record<string, string>][] = [
      [{ url: url('/recipe'), html: RECIPE }, exactlyOne],
      [{ html: RECIPE, text: 'Kladdkaka' }, exactlyOne],
      [{ text: '' }, { text: 'Must not be empty' }],
      [{}, exactlyOne],
      [{ page: 'x' }, exactlyOne],
      [{ url: 'ftp://example.com/recipe' }, notHttp],
      [{ url: 'file:///etc/passwd' }, notHttp],
      [{ url: `https://example.com/${'a'.repeat(2000)}` }, notHttp],
      [{ url: 'https://exa mple.com/' }, notHttp],
      [{ html: '' }, { html: 'Must not be empty' }],
    ];
    for (const [payload, fields] of cases) {
      const res = await post(h, payload, token);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().fields, JSON.stringify(payload)).toEqual(fields);
    }
  });

  it.each(['http://[::1', 'http://%zz/', 'http://a:b:c/', 'http://exa_mple..com:99999/', 'http://[fe80::1%25lo]/'])(
    'refuses the malformed address %s with a field message (400, not 500)',
    async (target) => {
      const res = await post(h, { url: target }, token);
      expect(res.statusCode).toBe(400);
      // `fields` is what makes the site say 'Adressen går inte att läsa' rather than 'inte tillåten'.
      expect(res.json()).toEqual({
        status: 400,
        error: 'Bad Request',
        message: 'The address is not a valid URL',
        fields: { url: 'Not a valid address' },
      });
    },
  );

  it('needs a token (401) and the editor role (403)', async () => {
    expect((await post(h, { html: RECIPE })).statusCode).toBe(401);
    const visitor = await post(h, { html: RECIPE }, await visitorToken(h.keys));
    expect(visitor.statusCode).toBe(403);
  });

  it('refuses a redirect to an address that is not allowed, and too many redirects', async () => {
    const res = await post(h, { url: url('/to-loopback') }, token);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The address is not allowed');
    const loop = await post(h, { url: url('/loop') }, token);
    expect(loop.statusCode).toBe(502);
    expect(loop.json().message).toBe('The page redirected more than 5 times');
  });

  it('says what went wrong when the page cannot be had (502, 504)', async () => {
    const expectations: [string, number, string | RegExp][] = [
      ['/missing', 502, 'The page could not be fetched: its server answered 404'],
      ['/text', 502, 'The page is not HTML or JSON-LD (Content-Type: text/plain)'],
      ['/big', 502, `The page is larger than ${MAX_BYTES} bytes`],
      ['/big-streamed', 502, `The page is larger than ${MAX_BYTES} bytes`],
      ['/slow', 504, 'The page did not answer within 1.5 s'],
    ];
    for (const [path, status, message] of expectations) {
      const res = await post(h, { url: url(path) }, token);
      expect(res.statusCode, path).toBe(status);
      expect(res.json().message, path).toMatch(message);
    }
  });

  it('names the limit in MB for a fetched page beyond IMPORT_MAX_BYTES, and for a pasted page or text (413)', async () => {
    for (const path of ['/big', '/big-streamed']) {
      const res = await post(h, { url: url(path) }, token);
      expect(res.json().fields, path).toEqual({ url: 'Larger than 0.06 MB' });
      // The limit as a number too (issue 53): the site says it in Swedish without reading the English text.
      expect(res.json().limitBytes, path).toBe(MAX_BYTES);
    }
    // Exactly the limit in UTF-8 is read (two bytes a letter: 'ö'); a byte more is refused, its field named.
    const filler = (bytes: number) => `<!-- ${'ö'.repeat(Math.floor(bytes / 2))}${'x'.repeat(bytes % 2)} -->`;
    const atLimit = RECIPE + filler(MAX_BYTES - Buffer.byteLength(RECIPE) - 9);
    expect(Buffer.byteLength(atLimit)).toBe(MAX_BYTES);
    expect((await post(h, { html: atLimit }, token)).statusCode).toBe(200);
    const over = await post(h, { html: `${atLimit} ` }, token);
    expect(over.statusCode).toBe(413);
    expect(over.json()).toMatchObject({
      message: 'The pasted page is larger than 0.06 MB',
      fields: { html: 'Larger than 0.06 MB' },
      limitBytes: MAX_BYTES,
    });
    const text = await post(h, { text: `Kladdkaka\n${'1 dl socker\n'.repeat(MAX_BYTES / 10)}` }, token);
    expect(text.statusCode).toBe(413);
    expect(text.json()).toMatchObject({ fields: { text: 'Larger than 0.06 MB' }, limitBytes: MAX_BYTES });
    // JSON's escapes do not count: a page of quotes and line breaks up to the limit is read.
    const quoted = RECIPE + `<!-- ${'"\n'.repeat((MAX_BYTES - Buffer.byteLength(RECIPE) - 9) / 2)} -->`;
    expect(Buffer.byteLength(quoted)).toBeLessThanOrEqual(MAX_BYTES);
    expect(JSON.stringify({ html: quoted }).length).toBeGreaterThan(MAX_BYTES * 1.5);
    expect((await post(h, { html: quoted }, token)).statusCode).toBe(200);
  });

  it('says when nothing listens or the name does not exist (502), naming neither (issue 35)', async () => {
    // One message for both: which names exist and which ports are open is for the log (see below), not the editor.
    for (const target of ['http://127.0.0.2:1/', 'http://recipes.invalid/']) {
      const res = await post(h, { url: target }, token);
      expect(res.statusCode, target).toBe(502);
      expect(res.json().message, target).toBe('The page could not be fetched: its server could not be reached');
    }
  });
});

describe('POST /recipe-imports with the default settings (nothing private allowed)', () => {
  let h: ApiHarness;
  let token: string;

  beforeAll(async () => {
    // Reading a page of 10 MB can outlast the default 5 s on a loaded machine; the reading limit is tested below.
    h = await createApiHarness('pglite', { IMPORT_READ_TIMEOUT_MS: '30000' });
    token = await editorToken(h.keys);
  });
  afterAll(() => h?.close());

  // The reason is the server log's (see below); the editor reads only that the address is not allowed.
  it.each([
    ['http://127.0.0.1/', '127.0.0.1 is a loopback address'],
    ['http://127.0.0.2:8080/recipe', '127.0.0.2 is a loopback address'],
    ['http://localhost/', 'localhost resolves to'],
    ['http://2130706433/', '127.0.0.1 is a loopback address'],
    ['http://0x7f.1/', '127.0.0.1 is a loopback address'],
    ['http://[::1]/', '::1 is a loopback address'],
    ['http://[::ffff:127.0.0.1]/', '127.0.0.1 is a loopback address'],
    ['http://[::ffff:10.0.0.1]/', '10.0.0.1 is a private address'],
    ['http://10.1.2.3/', '10.1.2.3 is a private address'],
    ['https://172.16.0.1/', '172.16.0.1 is a private address'],
    ['http://192.168.1.1/', '192.168.1.1 is a private address'],
    ['http://169.254.169.254/latest/meta-data/', '169.254.169.254 is a cloud metadata address'],
    ['http://100.100.100.200/', '100.100.100.200 is a cloud metadata address'],
    ['http://100.64.0.1/', '100.64.0.1 is a carrier-grade NAT address'],
    ['http://[fe80::1]/', 'fe80::1 is a link-local address'],
    ['http://[fd00:ec2::254]/', 'fd00:ec2::254 is a cloud metadata address'],
    ['http://[fc00::1]/', 'fc00::1 is a unique-local address'],
    ['http://0.0.0.0/', '0.0.0.0 is an unspecified address'],
    ['http://224.0.0.1/', '224.0.0.1 is a multicast address'],
    ['http://[::a9fe:a9fe]/', '169.254.169.254 is a cloud metadata address'],
    ['http://[::127.0.0.1]/', '127.0.0.1 is a loopback address'],
    ['http://[::10.0.0.1]/', '10.0.0.1 is a private address'],
  ])('refuses %s (400)', async (target) => {
    const res = await post(h, { url: target }, token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 400, error: 'Bad Request', message: 'The address is not allowed' });
  });

  it("takes pasted pages larger than the API's usual body limit, up to IMPORT_MAX_BYTES (10 MB)", async () => {
    expect(h.config.bodyLimit).toBeLessThan(1024 * 1024);
    expect(h.config.recipeImport.maxBytes).toBe(10 * 1024 * 1024);
    const big = RECIPE.replace('</body>', `<p>${'text '.repeat(200_000)}</p></body>`);
    const res = await post(h, { html: big }, token);
    expect(res.statusCode).toBe(200);
    expect(res.json().name).toBe('Kladdkaka');
  });

  it('reads a pasted page of 10 MB, mostly inline scripts with the recipe last; a byte more is refused, the limit named (413)', async () => {
    const tenMb = bigPage(h.config.recipeImport.maxBytes);
    expect(Buffer.byteLength(tenMb)).toBe(10 * 1024 * 1024);
    const res = await post(h, { html: tenMb }, token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().name).toBe('Kladdkaka');
    const over = await post(h, { html: `${tenMb}x` }, token);
    expect(over.statusCode).toBe(413);
    expect(over.json()).toMatchObject({ fields: { html: 'Larger than 10 MB' }, limitBytes: 10 * 1024 * 1024 });
  });
});

describe('POST /recipe-imports: why an address is refused goes to the log, not to the editor', () => {
  it('names neither the resolved address nor the range in the answer, nor the host it could not reach, and logs them', async () => {
    const lines: string[] = [];
    const stream = new Writable({ write: (chunk, _enc, done) => (lines.push(chunk.toString()), done()) });
    const [db, keys] = await Promise.all([createTestDatabase('pglite'), createTestKeys()]);
    const config = testConfig({ IMPORT_ALLOWED_ADDRESSES: '127.0.0.2' });
    const app = await buildApp(config, { db, logger: { level: 'info', stream }, jwks: keys.jwks });
    const missing = createServer((_request, response) => response.writeHead(404).end());
    const missingPort = await new Promise<number>((resolve) =>
      missing.listen(0, '127.0.0.2', () => resolve((missing.address() as { port: number }).port)),
    );
    try {
      const headers = { 'content-type': 'application/json', authorization: `Bearer ${await editorToken(keys)}` };
      for (const target of ['http://localhost/', 'http://127.0.0.1/']) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/recipe-imports',
          headers,
          payload: JSON.stringify({ url: target }),
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe('The address is not allowed');
        expect(res.body).not.toMatch(/127\.0\.0\.1 is|::1|loopback|resolves/);
      }
      // Issue 35: a name that does not exist, a port where nothing listens, a page that is not there: the answer
      // names no host or address, the log keeps what happened.
      const failures: [string, string][] = [
        ['http://recipes.invalid/', 'recipes.invalid was not found (DNS)'],
        ['http://127.0.0.2:1/', '127.0.0.2:1 refused the connection'],
        [`http://127.0.0.2:${missingPort}/kladdkaka`, `127.0.0.2:${missingPort} answered 404`],
      ];
      for (const [target, detail] of failures) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/recipe-imports',
          headers,
          payload: JSON.stringify({ url: target }),
        });
        expect(res.statusCode, target).toBe(502);
        expect(res.json().message, target).toMatch(
          /^The page could not be fetched: its server (could not be reached|answered 404)$/,
        );
        expect(res.body, target).not.toMatch(/recipes|invalid|127\.0\.0\.2|:1\b|DNS|refused/);
        expect(lines.join(''), target).toContain(detail);
      }
      const log = lines.join('');
      expect(log).toContain('recipe import could not fetch the page');
      expect(log).toContain('recipe import refused an address');
      expect(log).toMatch(/localhost resolves to (127\.0\.0\.1|::1) is a loopback address/);
      expect(log).toContain('127.0.0.1 is a loopback address');
    } finally {
      missing.close();
      await app.close();
      await closeTestDatabase(db);
    }
  });
});

describe('POST /recipe-imports: a hostile page is read off the event loop, within a time limit', () => {
  let h: ApiHarness;
  let token: string;

  beforeAll(async () => {
    // 2 s rather than the default 5 s (which leaves a page of 10 MB room on a loaded machine): the test is shorter.
    // 2 MB of hostile blocks (the limit before issue 37) already hold each worker past its time limit; ten times as
    // many would measure how fast this machine parses JSON bodies, not whether reading is off the event loop.
    h = await createApiHarness('pglite', { IMPORT_READ_TIMEOUT_MS: '2000', IMPORT_MAX_BYTES: String(2 * 1024 * 1024) });
    token = await editorToken(h.keys);
  });
  afterAll(() => h?.close());

  // 1 MB of unclosed <b>: htmlparser2 spent 47 s on it, on the event loop, before pages were read in workers.
  const hostile = { html: '<b>'.repeat(333_000) };

  it('answers 422 within the limit while the server keeps answering, and reads the next page normally', async () => {
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const started = performance.now();
    const imports = Promise.all([1, 2].map(() => post(h, hostile, token)));
    const health: number[] = [];
    for (let i = 0; i < 5; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      health.push((await h.app.inject({ method: 'GET', url: '/api/health' })).statusCode);
    }
    const answers = await imports;
    const elapsed = performance.now() - started;
    delay.disable();
    for (const res of answers) {
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        status: 422,
        error: 'Unprocessable Entity',
        message: 'The page could not be read within 2 s: it is too large or too deeply nested to import',
        fields: { html: 'Too large or too deeply nested to read in time' },
      });
    }
    expect(health).toEqual([200, 200, 200, 200, 200]);
    // Generous bounds (a loaded CI machine): the old code blocked the event loop for tens of seconds. On one thread
    // the two pages are read one after the other, each stopped after its own 2 s.
    expect(delay.max / 1e6).toBeLessThan(1000);
    expect(elapsed).toBeLessThan(20_000);
    // The terminated workers are replaced: an ordinary page reads as before.
    const res = await post(h, { html: RECIPE }, token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(recipeFromHtml(RECIPE));
  });

  // Issue 29, item 6: `{` + `a:"b,` × 40,000 (240 KB as the pasted body, its quotes escaped) made jsonrepair run
  // 22 s on the event loop; 100 KB took 2.5 s.
  const repairBlock = `<script type="application/ld+json">{${'a:"b,'.repeat(40_000)}</script>`;
  const repairPage = (blocks: number) =>
    `<!doctype html><html><head>${repairBlock.repeat(blocks)}</head><body></body></html>`;
  /** As many blocks as a pasted page can hold: its JSON body (quotes escaped) within IMPORT_MAX_BYTES. */
  const mostBlocks = () => {
    let blocks = 1;
    while (JSON.stringify({ html: repairPage(blocks + 1) }).length <= h.config.recipeImport.maxBytes) blocks++;
    return blocks;
  };
  const TOO_COMPLEX = 'The page could not be read within 2 s: it is too large or too deeply nested to import';
  const NO_RECIPE_MESSAGE =
    'The page holds no recipe to import: none in its structured data (schema.org JSON-LD or microdata), and no ' +
    'title with an ingredient list and steps in its text';

  it.each([
    ['one block of 240 KB', () => 1],
    ['as many such blocks as IMPORT_MAX_BYTES holds', mostBlocks],
  ])(
    'answers 422 for JSON-LD that sends the JSON repair into quadratic time (%s), while /api/health keeps answering',
    async (_label, blocks) => {
      const page = repairPage(blocks());
      expect(JSON.stringify({ html: page }).length).toBeGreaterThan(240_000);
      const delay = monitorEventLoopDelay({ resolution: 10 });
      delay.enable();
      const started = performance.now();
      const imports = Promise.all([1, 2].map(() => post(h, { html: page }, token)));
      const health: number[] = [];
      const healthTimes: number[] = [];
      for (let i = 0; i < 10; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        const asked = performance.now();
        health.push((await h.app.inject({ method: 'GET', url: '/api/health' })).statusCode);
        healthTimes.push(performance.now() - asked);
      }
      const answers = await imports;
      const elapsed = performance.now() - started;
      delay.disable();
      for (const res of answers) {
        expect(res.statusCode).toBe(422);
        // One block may be repaired (and found to hold no recipe) within the limit on a fast machine; several cannot.
        expect([TOO_COMPLEX, NO_RECIPE_MESSAGE]).toContain(res.json().message);
        if (blocks() > 1) expect(res.json().message).toBe(TOO_COMPLEX);
      }
      expect(health).toEqual(Array(10).fill(200));
      // Generous bounds (a loaded 2-core CI machine): on the event loop the repair held it for seconds per block.
      expect(Math.max(...healthTimes)).toBeLessThan(1000);
      expect(delay.max / 1e6).toBeLessThan(1000);
      // On one thread the two pages are read one after the other, each with its own 2 s and a fresh thread's start.
      expect(elapsed).toBeLessThan(20_000);
    },
  );
});
