import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app.ts';
import type { Database } from '../../../server/db/index.ts';
import { insertUpload } from '../../../server/db/repositories/photo-repository.ts';
import { updateRecipe } from '../../../server/db/repositories/recipe-repository.ts';
import sitePlugin from '../../../server/site/index.ts';
import { MAIN_SIZES, pictureSources } from '../../../src/features/photos/photo-sources.ts';
import type { PhotoFile } from '../../../src/lib/photo-schema.ts';
import type { Recipe } from '../../../src/lib/recipe-schema.ts';
import { testConfig } from '../../support/api-app.ts';
import { closeTestDatabase, createTestDatabase } from '../../support/database.ts';
import { addRecipe } from '../../support/recipes.ts';

// /{id} as a client that runs no JavaScript reads it (a link preview, a crawler), /robots.txt and the sitemap, on
// the whole app (helmet, API, site) over a miniature dist/ whose recipe shell has the layout's title, description
// an inline script, its stylesheet, and the place of the first screen (src/layouts/Layout.astro, src/pages/recipe.astro).
const STYLESHEET = '/_astro/Layout.T3st-Ab1.css';
const CSS = '.card{padding:1rem}h1{font-size:2rem}\n';
const SHELL =
  '<!doctype html><html lang="sv"><head><meta charset="utf-8"><meta name="description" content="Recept att bläddra bland, söka i och laga.">' +
  `<title>recipes-frontend</title><script>window.__early={};</script><link rel="stylesheet" href="${STYLESHEET}"></head><body><main><p>skal</p><!--recipe-first-screen--></main><footer class="site-footer" id="site-footer"></footer></body></html>`;
const ORIGIN = 'https://recept.example.se';

let dir: string;
let db: Database;
let app: FastifyInstance;
let withPhoto: Recipe;
let hostile: Recipe;

const file = (use: PhotoFile['use'], format: PhotoFile['format'], width: number, height: number): PhotoFile => ({
  use,
  format,
  width,
  height,
  file: `${String(width).padStart(4, '0')}${use}${'a'.repeat(60 - use.length)}.${format === 'jpeg' ? 'jpg' : format}`,
});

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'site-links-'));
  for (const name of ['index', 'recipe-edit', '404'])
    writeFileSync(join(dir, `${name}.html`), `<!doctype html>${name}`);
  writeFileSync(join(dir, 'recipe.html'), SHELL);
  mkdirSync(join(dir, '_astro'));
  writeFileSync(join(dir, STYLESHEET), CSS);
  db = await createTestDatabase('pglite');
  app = await buildApp(testConfig({ SITE_DIR: dir, SERVE_SITE: 'true', PUBLIC_URL: ORIGIN }), { db, logger: false });
  await insertUpload(db.orm, {
    id: 'AAAAAAAAAAAAAAAAAAAAAA',
    width: 2400,
    height: 1600,
    placeholder: 'HBkSHYSIeHiPiHh8eJd4eTN0EEQG',
    files: [
      file('width', 'avif', 1600, 1067),
      file('width', 'avif', 800, 533),
      file('width', 'webp', 800, 533),
      file('jpeg', 'jpeg', 1200, 800),
      file('crop', 'jpeg', 1200, 675),
    ],
    uploadedBy: 'redaktor',
  });
  withPhoto = await addRecipe(
    db.orm,
    {
      name: 'Pannkakor',
      instructions: `Vispa ihop mjöl och mjölk.\n\n${'Stek tunna pannkakor i smör. '.repeat(10)}`,
      servings: 4,
      ingredients: [{ name: 'Vetemjöl', quantity: { value: 2.5, unit: 'DECILITER' } }, { name: 'Salt' }],
      photos: [{ id: 'AAAAAAAAAAAAAAAAAAAAAA', alt: 'Pannkakor på ett fat' }],
    },
    'redaktor',
  );
  // The repository stores what it is given: the API's character rule is not what keeps the page safe.
  hostile = await addRecipe(
    db.orm,
    {
      name: `"><script>alert(1)</script>&amp;'`,
      instructions: '</script><img src=x onerror=alert(2)> & "citat"',
      servings: 2,
      ingredients: [],
    },
    'redaktor',
  );
});

afterAll(async () => {
  await app?.close();
  await closeTestDatabase(db);
  rmSync(dir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

/** The head's <meta> elements as name/property → content, entities decoded. */
function metas(html: string): Record<string, string> {
  const decode = (t: string) =>
    t
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  const found: Record<string, string> = {};
  for (const [, key = '', content = ''] of html.matchAll(/<meta (?:name|property)="([^"]+)" content="([^"]*)">/g))
    found[key] = decode(content);
  return found;
}

const jsonLd = (html: string) =>
  JSON.parse(/<script type="application\/ld\+json" id="recipe-jsonld">([^<]*)<\/script>/.exec(html)?.[1] ?? 'null');

// Property names schema.org defines for each type used, inherited ones included (https://schema.org/Recipe:
// Recipe > HowTo > CreativeWork > Thing; https://schema.org/Person; https://schema.org/HowToStep: HowToStep >
// CreativeWork, ItemList, ListItem). Only the ones a recipe page could use are listed.
const THING = ['name', 'description', 'image', 'url', 'alternateName', 'identifier', 'sameAs', 'mainEntityOfPage'];
const CREATIVE_WORK = ['author', 'datePublished', 'dateModified', 'dateCreated', 'inLanguage', 'keywords', 'headline'];
const VOCABULARY: Record<string, string[]> = {
  Recipe: [
    ...THING,
    ...CREATIVE_WORK,
    ...['prepTime', 'performTime', 'totalTime', 'step', 'supply', 'tool', 'yield', 'estimatedCost'], // HowTo
    ...['cookTime', 'cookingMethod', 'nutrition', 'recipeCategory', 'recipeCuisine', 'recipeIngredient'],
    ...['recipeInstructions', 'recipeYield', 'suitableForDiet'],
  ],
  Person: [...THING, 'givenName', 'familyName', 'email'],
  HowToStep: [...THING, ...CREATIVE_WORK, 'text', 'itemListElement', 'position'],
};

/** Every object's properties, at any depth, are in its @type's vocabulary. */
function unknownProperties(value: unknown, path = '$'): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => unknownProperties(v, `${path}[${i}]`));
  if (!value || typeof value !== 'object') return [];
  const type = String((value as Record<string, unknown>)['@type']);
  const allowed = VOCABULARY[type];
  if (!allowed) return [`${path}: @type ${type}`];
  return Object.entries(value).flatMap(([key, v]) =>
    key.startsWith('@') ? [] : allowed.includes(key) ? unknownProperties(v, `${path}.${key}`) : [`${path}.${key}`],
  );
}

describe('/{id} for clients that run no JavaScript', () => {
  it('carries the recipe in the head: title, description, canonical, OpenGraph, Twitter, preload, JSON-LD', async () => {
    const res = await get(`/${withPhoto.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = res.body;
    const photo = (name: string) => `${ORIGIN}/api/photos/${name}`;
    const [jpeg, crop, avif800, avif1600] = ['1200jpeg', '1200crop', '0800width', '1600width'].map(
      (start) => withPhoto.photos?.[0]?.files.find((f) => f.file.startsWith(start))?.file ?? '',
    );
    const description = `Vispa ihop mjöl och mjölk. ${'Stek tunna pannkakor i smör. '.repeat(4)}Stek tunna…`;
    expect(description.length).toBeLessThanOrEqual(160);

    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('<title>Pannkakor – recipes-frontend</title>');
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/${withPhoto.id}">`);
    expect(metas(html)).toEqual({
      description,
      'og:type': 'article',
      'og:title': 'Pannkakor',
      'og:description': description,
      'og:url': `${ORIGIN}/${withPhoto.id}`,
      'og:locale': 'sv_SE',
      'og:image': photo(jpeg ?? ''),
      'og:image:type': 'image/jpeg',
      'og:image:width': '1200',
      'og:image:height': '800',
      'og:image:alt': 'Pannkakor på ett fat',
      'twitter:card': 'summary_large_image',
    });
    // The main photo's preload: the AVIF <source> the page's <picture> renders (photo.tsx: pictureSources under
    // /config.json's API_URL, MAIN_SIZES), character for character, so the browser fetches that file once.
    const preloads = [...html.matchAll(/<link rel="preload"[^>]*>/g)].map((m) => m[0]);
    expect(preloads).toEqual([
      `<link rel="preload" as="image" type="image/avif" fetchpriority="high" imagesrcset="/api/photos/${avif800} 800w, /api/photos/${avif1600} 1600w" imagesizes="${MAIN_SIZES}">`,
    ]);
    const pageApi = (JSON.parse((await get('/config.json')).body) as { API_URL: string }).API_URL.replace(/\/+$/, '');
    const [avifSource] = pictureSources(pageApi, withPhoto.photos?.[0]?.files ?? [], 'width');
    expect(preloads[0]).toContain(` imagesrcset="${avifSource?.srcSet}" imagesizes="${MAIN_SIZES}"`);
    expect(res.headers.link).toBeUndefined();
    // The rest of the shell as it was: its inline script (hashed by the CSP), its stylesheet written in, and body,
    // with the first screen in the marker's place: the card, the main photo (the preload's very srcset), the name,
    // the author and the rest.
    expect(html).toContain(
      `<script>window.__early={};</script><style>${CSS}</style></head><body><main><p>skal</p><article `,
    );
    expect(html).not.toContain('<!--recipe-first-screen-->');
    const card = /<article [^>]*>.*<\/article>/.exec(html)?.[0] ?? '';
    expect(card).toMatch(
      /^<article class="card recipe" id="recipe-first-screen" aria-busy="true"><div class="photo photo-main">/,
    );
    expect(card).toMatch(
      /<img class="photo-placeholder" src="data:image\/png;base64,[A-Za-z0-9+/=]+" alt="" width="2400" height="1600">/,
    );
    expect(card).toContain(`<source type="image/avif" srcset="${avifSource?.srcSet}" sizes="${MAIN_SIZES}">`);
    expect(card).toContain(
      `<img src="/api/photos/${jpeg}" alt="Pannkakor på ett fat" width="2400" height="1600" loading="eager" fetchpriority="high" decoding="auto">`,
    );
    expect(card).toContain('</picture></div><h1>Pannkakor</h1><p class="author">Författare: redaktor</p>');
    // Issue 54: the whole recipe, at its own servings, in the island's markup (tests/unit/site/site-first-screen.test.ts).
    expect(card).toContain('<select id="servings" class="select" disabled="">'); // until the island's
    expect(card).toContain('<option value="4" selected="">4</option>');
    expect(card).toContain(
      '<h2 id="ingredients-heading">Ingredienser</h2><ul class="ingredients"><li><span class="amount">2 ½ dl</span>',
    );
    expect(card).toMatch(
      /<span class="step-text">Stek tunna pannkakor i smör\.[^<]*<\/span><\/li><\/ol><\/section><\/article>$/,
    );
    expect(html).toContain('</article></main><footer class="site-footer" id="site-footer"></footer></body></html>');
    expect(html).not.toContain('photo-gallery'); // one photo: no gallery

    const data = jsonLd(html);
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Recipe',
      name: 'Pannkakor',
      description,
      url: `${ORIGIN}/${withPhoto.id}`,
      image: [photo(crop ?? ''), photo(jpeg ?? '')],
      author: { '@type': 'Person', name: 'redaktor' },
      datePublished: withPhoto.createdAt,
      recipeYield: '4 portioner',
      recipeIngredient: ['2 ½ dl Vetemjöl', 'Salt'],
      recipeInstructions: [
        { '@type': 'HowToStep', text: 'Vispa ihop mjöl och mjölk.' },
        { '@type': 'HowToStep', text: 'Stek tunna pannkakor i smör. '.repeat(10).trim() },
      ],
    });
    expect(unknownProperties(data)).toEqual([]);
  });

  it('keeps the Content-Security-Policy of every page, with its inline stylesheet allowed, and lets a CDN keep the page briefly', async () => {
    const [page, index] = await Promise.all([get(`/${withPhoto.id}`), get('/')]);
    // Only the recipe's own page carries the stylesheet inline: every other answer keeps the policy a static host
    // sends with the build (nginx-hosting.test.ts), and this one differs from it by that block's hash alone.
    const hash = `'sha256-${createHash('sha256').update(CSS).digest('base64')}'`;
    expect(index.headers['content-security-policy']).not.toContain(hash);
    expect(String(page.headers['content-security-policy']).replace(` ${hash}`, '')).toBe(
      index.headers['content-security-policy'],
    );
    expect(page.headers['cache-control']).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=600');
  });

  it('writes the stylesheet into the page (no round trip before the first frame), allowed by its hash, and draws nothing before the card', async () => {
    const page = await get(`/${withPhoto.id}`);
    expect(page.body).toContain(`<script>window.__early={};</script><style>${CSS}</style></head>`);
    expect(page.body).not.toContain(STYLESHEET);
    const hash = `'sha256-${createHash('sha256').update(CSS).digest('base64')}'`;
    const styleSrc = /style-src ([^;]*)/.exec(String(page.headers['content-security-policy']))?.[1] ?? '';
    expect(styleSrc.split(' ')).toContain(hash);
    expect(styleSrc).not.toContain('unsafe-inline');
    // Nothing is drawn before the card is parsed: one first frame with the whole recipe.
    const head = page.body.slice(0, page.body.indexOf('</head>'));
    expect(head).toContain('<link rel="expect" href="#site-footer" blocking="render">');
    expect(page.body).toContain('<article class="card recipe" id="recipe-first-screen"');
    // The shell as built, for a missing recipe, keeps its link (and has no card to wait for); the file is served.
    const missing = (await get('/999999')).body;
    expect(missing).toContain(`<link rel="stylesheet" href="${STYLESHEET}">`);
    expect(missing).not.toContain('rel="expect"');
    expect((await get(STYLESHEET)).body).toBe(CSS);
  });

  it('escapes a hostile name and instructions everywhere', async () => {
    const html = (await get(`/${hostile.id}`)).body;
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<img');
    expect(html.match(/<\/script>/g)).toHaveLength(2); // the JSON-LD's and the shell's own
    expect(html).toContain('<h1>&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&amp;amp;&#39;</h1>'); // the first screen
    expect(html).toContain(
      '<title>&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&amp;amp;&#39; – recipes-frontend</title>',
    );
    expect(metas(html)['og:title']).toBe(hostile.name);
    expect(metas(html)['description']).toBe(hostile.instructions);
    expect(metas(html)['twitter:card']).toBe('summary'); // no photo: no large picture
    expect(metas(html)['og:image']).toBeUndefined();
    expect((await get(`/${hostile.id}`)).headers.link).toBeUndefined();
    expect(jsonLd(html)).toMatchObject({ name: hostile.name, description: hostile.instructions });
  });

  it('answers 404 with the same shell for an id with no recipe', async () => {
    const res = await get('/999999');
    expect(res.statusCode).toBe(404);
    expect(res.body).toBe(SHELL);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('carries an ETag of the recipe and the build: 304 while it stands, a new head at once after an edit', async () => {
    const first = await get(`/${withPhoto.id}`);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(new RegExp(`^W/"${withPhoto.id}-${withPhoto.version}-\\w+-[\\w-]{12}"$`));
    const again = await get(`/${withPhoto.id}`, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);

    const { photos, ...rest } = withPhoto;
    const input = { ...rest, name: 'Tunnpannkakor', photos: photos?.map(({ id, alt }) => ({ id, alt })) };
    expect((await updateRecipe(db.orm, withPhoto.id, input, undefined, undefined, 'redaktor')).kind).toBe('updated');
    const changed = await get(`/${withPhoto.id}`, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(metas(changed.body)['og:title']).toBe('Tunnpannkakor');
  });
});

describe('/robots.txt and the sitemap', () => {
  let paged: FastifyInstance;
  beforeAll(async () => {
    // Two addresses per file, so that a handful of recipes fill several files.
    paged = Fastify();
    await paged.register(sitePlugin, {
      config: testConfig({ SITE_DIR: dir, PUBLIC_URL: ORIGIN }),
      db,
      sitemapLimit: 2,
    });
  });
  afterAll(() => paged?.close());

  it('robots.txt allows everything and names the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toBe(`User-agent: *\nAllow: /\n\nSitemap: ${ORIGIN}/sitemap.xml\n`);
  });

  it('is an index of files of at most the limit, each address with its last change; validators; 304', async () => {
    const third = await addRecipe(
      db.orm,
      { name: 'Kladdkaka', instructions: 'Baka.', servings: 8, ingredients: [] },
      'redaktor',
    );
    const recipes = [withPhoto, hostile, third].map((r) => r.id);
    const index = await paged.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(index.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect([...index.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])).toEqual([
      `${ORIGIN}/sitemap-1.xml`,
      `${ORIGIN}/sitemap-2.xml`,
    ]);
    expect(index.headers['last-modified']).toBe(new Date(third.updatedAt).toUTCString());

    const urls: string[] = [];
    for (const n of [1, 2]) {
      const res = await paged.inject({ method: 'GET', url: `/sitemap-${n}.xml` });
      expect(res.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
      for (const [, loc = '', lastmod] of res.body.matchAll(
        /<url><loc>([^<]+)<\/loc><lastmod>([^<]+)<\/lastmod><\/url>/g,
      )) {
        urls.push(loc);
        const id = Number(loc.slice(ORIGIN.length + 1));
        const updatedAt = (await get(`/${id}`)).body.match(/"dateModified":"([^"]+)"/)?.[1];
        expect(lastmod).toBe(updatedAt);
      }
    }
    expect(urls).toEqual(recipes.map((id) => `${ORIGIN}/${id}`));
    expect((await paged.inject({ method: 'GET', url: '/sitemap-3.xml' })).statusCode).toBe(404);

    const etag = String(index.headers.etag);
    const same = await paged.inject({ method: 'GET', url: '/sitemap.xml', headers: { 'if-none-match': etag } });
    expect(same.statusCode).toBe(304);
    // A change is in the next answer: the change feed says which recipes to read again.
    await addRecipe(db.orm, { name: 'Bullar', instructions: 'Baka.', servings: 8, ingredients: [] }, 'redaktor');
    const moved = await paged.inject({ method: 'GET', url: '/sitemap.xml', headers: { 'if-none-match': etag } });
    expect(moved.statusCode).toBe(200);
    expect(moved.body).toContain(`${ORIGIN}/sitemap-2.xml`);
    expect((await paged.inject({ method: 'GET', url: '/sitemap-2.xml' })).body.match(/<url>/g)).toHaveLength(2);
  });
});

describe('database away', () => {
  it('answers the shell with 503 and Retry-After; the sitemap too', async () => {
    await db.close();
    const page = await get(`/${withPhoto.id}`);
    expect(page.statusCode).toBe(503);
    expect(page.headers['retry-after']).toBe('5');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toBe(SHELL);
    const sitemap = await get('/sitemap.xml');
    expect(sitemap.statusCode).toBe(503);
    expect(sitemap.headers['retry-after']).toBe('5');
  });
});
