// The /{id} shell with its stylesheets written into it: on a throttled phone the one render-blocking stylesheet
// cost a round trip after the HTML before the server's first screen could be drawn (issue 54 point 5). Done once, at
// start-up, on the shell as built (dist/recipe.html); the page's CSP allows each inlined block by its hash, so
// style-src stays without 'unsafe-inline'. A static host serves the shell as built, with its <link>.
// docs/decisions/040-site-recipe-head-on-the-server.md
import { existsSync, readFileSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import { sha256Source } from './csp.ts';

/** What the build links: `<link rel="stylesheet" href="/_astro/….css">`, attributes in either order. */
const STYLESHEET = /<link\s+(?=[^>]*\brel="stylesheet")(?=[^>]*\bhref="(\/_astro\/[\w.-]+\.css)")[^>]*>/gi;
// A stylesheet that names a file relative to itself would name another one from the page's address; and one whose
// text could end the <style> element early is not written into HTML. Both stay linked.
const RELATIVE_URL = /url\(\s*(?!['"]?(?:\/|data:|https?:|#))/i;
const ENDS_STYLE = /<\/style/i;

export type InlinedShell = { html: string; styleHashes: string[]; inlined: string[] };

/** `html` with every site stylesheet that can be inlined as a `<style>` block, and the CSP sources of those blocks. */
export function inlineStylesheets(html: string, siteDir: string): InlinedShell {
  const root = resolve(siteDir);
  const styleHashes: string[] = [];
  const inlined: string[] = [];
  const out = html.replace(STYLESHEET, (link, href: string) => {
    const file = resolve(root, `.${href}`);
    if (!file.startsWith(root + sep) || !existsSync(file)) return link;
    const css = readFileSync(file, 'utf8');
    if (RELATIVE_URL.test(css) || ENDS_STYLE.test(css)) return link;
    styleHashes.push(sha256Source(css));
    inlined.push(href);
    return `<style>${css}</style>`;
  });
  return { html: out, styleHashes, inlined };
}
