// `npm run budget` (after `astro build`): the JavaScript each visitor page loads, gzip-compressed,
// following every static and dynamic import from the page's scripts and islands. Exits 1 when a
// page is over its budget. Prints figures; it is not a test with a time limit.
import { existsSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { dirname, join, posix, resolve } from 'node:path';

const SITE = resolve(process.argv[2] ?? 'dist');
const BUDGET = 100 * 1024;
const PAGES = ['index.html', 'recipe.html'];

const gz = (text: string | Buffer) => gzipSync(text, { level: 9 }).length;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

/** Site paths (/_astro/x.js) the page itself asks for: script tags and island attributes. */
function entryScripts(html: string): string[] {
  const found = new Set<string>();
  const attr = /(?:<script[^>]*\ssrc|component-url|renderer-url|before-hydration-url)="([^"]+\.m?js)"/g;
  for (const m of html.matchAll(attr)) if (m[1]) found.add(m[1]);
  return [...found];
}

function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? '');
}

/** Every module reachable from the entries, through static and dynamic imports. */
function closure(entries: string[]): Map<string, number> {
  const sizes = new Map<string, number>();
  const queue = [...entries];
  while (queue.length) {
    const url = queue.pop() as string;
    if (sizes.has(url)) continue;
    const file = join(SITE, url);
    if (!existsSync(file)) throw new Error(`${url} is referenced but missing from ${SITE}`);
    const code = readFileSync(file, 'utf8');
    sizes.set(url, gz(code));
    // Quotes of every kind: the bundler writes dynamic imports with backticks.
    const imports =
      /(?:import|export)\s*(?:[\w*{}\s,$]*from\s*)?["'`]([^"'`]+\.m?js)["'`]|import\(\s*["'`]([^"'`]+\.m?js)["'`]/g;
    for (const m of code.matchAll(imports)) {
      const spec = m[1] ?? m[2];
      if (spec) queue.push(spec.startsWith('/') ? spec : posix.join(dirname(url), spec));
    }
  }
  return sizes;
}

let over = false;
for (const page of PAGES) {
  const path = join(SITE, page);
  if (!existsSync(path)) {
    console.error(`${path} is missing: run npm run build first`);
    process.exit(1);
  }
  const html = readFileSync(path, 'utf8');
  const modules = closure(entryScripts(html));
  const inline = inlineScripts(html).reduce((sum, s) => sum + gz(s), 0);
  const total = [...modules.values()].reduce((a, b) => a + b, 0) + inline;
  const ok = total <= BUDGET;
  over ||= !ok;
  console.log(`\n${page}: ${kb(total)} gzip of ${kb(BUDGET)} ${ok ? 'ok' : 'OVER BUDGET'}`);
  const rows = [...modules].sort((a, b) => b[1] - a[1]);
  for (const [url, size] of rows) console.log(`  ${kb(size).padStart(9)}  ${url}`);
  console.log(`  ${kb(inline).padStart(9)}  (inline scripts)`);
}
process.exit(over ? 1 : 0);
