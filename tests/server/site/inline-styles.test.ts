// The /{id} shell's stylesheets written into it (server/site/inline-styles.ts, issue 54 point 5): only the site's
// own files, and never one that would name another file from the page's address or end its <style> early.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256Source } from '../../../server/site/csp.ts';
import { inlineStylesheets } from '../../../server/site/inline-styles.ts';

let dir: string;
const FILES: Record<string, string> = {
  'Layout.a1.css':
    '.card{padding:1rem}.logo{background:url(/_astro/logo.b2.svg)}.x{background:url("data:image/png;base64,AA")}',
  'page.c3.css': 'main{display:grid}',
  'relative.d4.css': '.icon{background:url(icon.e5.svg)}',
  'ends.f6.css': '.a::after{content:"</style><script>alert(1)</script>"}',
};

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'inline-styles-'));
  mkdirSync(join(dir, '_astro'));
  for (const [name, css] of Object.entries(FILES)) writeFileSync(join(dir, '_astro', name), css);
  writeFileSync(join(dir, 'outside.css'), 'body{color:red}');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const link = (name: string, attrs = 'rel="stylesheet"') => `<link ${attrs} href="/_astro/${name}">`;

describe('inlineStylesheets', () => {
  it('replaces each linked stylesheet of the site by its text, in place, and names the hash of each', () => {
    const html = `<head><title>t</title>${link('Layout.a1.css')}<style>.own{}</style>${link('page.c3.css', 'href="/_astro/page.c3.css" rel="stylesheet"').replace(' href="/_astro/page.c3.css">', '>')}</head>`;
    const out = inlineStylesheets(html, dir);
    expect(out.html).toBe(
      `<head><title>t</title><style>${FILES['Layout.a1.css']}</style><style>.own{}</style><style>${FILES['page.c3.css']}</style></head>`,
    );
    expect(out.styleHashes).toEqual([
      sha256Source(FILES['Layout.a1.css'] ?? ''),
      sha256Source(FILES['page.c3.css'] ?? ''),
    ]);
    expect(out.inlined).toEqual(['/_astro/Layout.a1.css', '/_astro/page.c3.css']);
  });

  it('keeps the link of a stylesheet with a relative url(), one that could end the <style>, or one not in /_astro/', () => {
    const html = [
      link('relative.d4.css'),
      link('ends.f6.css'),
      link('missing.g7.css'),
      '<link rel="stylesheet" href="/outside.css">',
      '<link rel="stylesheet" href="https://cdn.example/x.css">',
      '<link rel="preload" href="/_astro/page.c3.css" as="style">',
    ].join('');
    const out = inlineStylesheets(html, dir);
    expect(out.html).toBe(html);
    expect(out.styleHashes).toEqual([]);
  });
});
