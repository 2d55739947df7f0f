// The corpus of real recipe pages (tests/fixtures/import-corpus, docs/import-corpus.md) is what bench:import-pages
// measures the import with: every page has its expected answer and a named source, every file is named in SOURCES,
// and each page is stripped as strip-page.ts strips it. No figure about how well the pages are read: that is the
// bench's to print.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIELDS, stripPage } from '../../fixtures/import-corpus/strip-page.ts';

const ROOT = new URL('../../fixtures/import-corpus/', import.meta.url).pathname;
const SOURCES = readFileSync(join(ROOT, 'SOURCES'), 'utf8');
const entries = SOURCES.split('\n')
  .filter((line) => line.trim() !== '' && !line.startsWith('#'))
  .map((line) => {
    const [path = '', url = '', tags = ''] = line.split('\t');
    return { path, url, tags };
  });
const files = readdirSync(ROOT, { recursive: true, encoding: 'utf8' })
  .map((file) => relative(ROOT, join(ROOT, file)))
  .filter((file) => /\.(html|json)$/u.test(file));

describe('the import corpus', () => {
  it('names its origin, commit and license, and carries the license text', () => {
    expect(SOURCES).toMatch(/hhursev\/recipe-scrapers at commit[\s#]+[0-9a-f]{40}/u);
    expect(SOURCES).toContain('MIT License');
    expect(readFileSync(join(ROOT, 'LICENSE'), 'utf8')).toContain('Permission is hereby granted, free of charge');
  });

  it('has about 120 pages from many sites, Swedish ones among them', () => {
    expect(entries.length).toBeGreaterThanOrEqual(100);
    expect(new Set(entries.map((e) => e.path.split('/')[0])).size).toBeGreaterThanOrEqual(90);
    expect(entries.filter((e) => e.tags.includes('swedish')).length).toBeGreaterThanOrEqual(10);
    expect(new Set(entries.map((e) => e.path)).size).toBe(entries.length);
  });

  it('names every page with its web address and holds each page with its expected answer', () => {
    for (const { path, url, tags } of entries) {
      // The page's address, or its host where recipe-scrapers' answer names only that.
      expect(url, path).toMatch(/^(?:https?:\/\/[^\s/]+|[a-z0-9.-]+\.[a-z]+$)/u);
      expect(tags, path).not.toBe('');
      expect(files, path).toContain(`${path}.html`);
      expect(files, path).toContain(`${path}.json`);
    }
  });

  it('has no file that SOURCES does not name', () => {
    const named = new Set(entries.flatMap(({ path }) => [`${path}.html`, `${path}.json`]));
    expect(files.filter((file) => !named.has(file))).toEqual([]);
  });

  it("keeps in each answer the fields the bench compares, the page's address among them", () => {
    for (const { path, url } of entries) {
      const answer = JSON.parse(readFileSync(join(ROOT, `${path}.json`), 'utf8')) as Record<string, unknown>;
      expect(typeof answer.title, path).toBe('string');
      expect(answer.ingredients, path).toSatisfy((v) => Array.isArray(v) || typeof v === 'string');
      expect(answer.canonical_url, path).toBe(url);
      expect(
        Object.keys(answer).every((key) => (FIELDS as readonly string[]).includes(key)),
        path,
      ).toBe(true);
    }
  });

  it('holds each page as stripped: stripping it again changes nothing', () => {
    for (const { path } of entries) {
      const html = readFileSync(join(ROOT, `${path}.html`), 'utf8');
      expect(stripPage(html), path).toBe(html);
    }
  });
});

describe('stripPage', () => {
  it('drops what no reader uses and keeps the rest as it was', () => {
    const page =
      '<html><head><script>var a = "<b>";</script><script type="application/ld+json">{"@type":"Recipe"}</script>' +
      '<style>p { color: red }</style><!-- ad --></head><body><p style="color: red" class="step">Vispa</p>' +
      '<svg><svg><path d="M0"/></svg></svg><noscript><img src="a.jpg"></noscript><span itemprop="name">Kaka</span></body></html>';
    expect(stripPage(page)).toBe(
      '<html><head><script type="application/ld+json">{"@type":"Recipe"}</script></head>' +
        '<body><p class="step">Vispa</p><span itemprop="name">Kaka</span></body></html>',
    );
  });
});
