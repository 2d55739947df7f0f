// `npm run budget [site folder]` (after `astro build`; the folder defaults to dist): the JavaScript each visitor
// page loads, gzip-compressed. Two sums per page (docs/decisions/065-budget-for-code-loaded-on-demand.md):
// - at page start: the page's scripts and islands, everything they import statically, and every dynamic import
//   that is not an on-demand entry below (a dynamic import nobody listed is counted as if loaded at start);
// - on demand: each entry of ON_DEMAND (a module the page imports with import() only when the visitor asks, such
//   as cook mode), with what it alone brings, against its own budget.
// Exits 1 when a sum is over its budget, or a listed entry is not in the page's build (the list is out of date).
// Prints figures; it is not a test with a time limit.
import { existsSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { dirname, join, posix, resolve } from 'node:path';

const SITE = resolve(process.argv[2] ?? 'dist');
const BUDGET = 100 * 1024;
const PAGES = ['index.html', 'recipe.html'];

/** Modules loaded only when the visitor asks, by page: the bundler's chunk name (before its hash) and a budget. */
const ON_DEMAND: Readonly<Record<string, ReadonlyArray<{ name: string; chunk: RegExp; budget: number }>>> = {
  'recipe.html': [
    { name: 'cook mode', chunk: /\/cook-view\.[\w-]+\.js$/, budget: 30 * 1024 },
    { name: 'measures', chunk: /\/measures-view\.[\w-]+\.js$/, budget: 10 * 1024 },
    // Only for a recipe at other servings than the server's head block says (or with no such block).
    { name: 'JSON-LD', chunk: /\/recipe-jsonld\.[\w-]+\.js$/, budget: 5 * 1024 },
  ],
};

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

/**
 * Every module reachable from the entries through static and dynamic imports, but for the modules `stop` names
 * (the on-demand entries, which are reported in `stopped`) and those already in `known` (counted elsewhere).
 */
function closure(
  entries: string[],
  stop: (url: string) => boolean = () => false,
  known: ReadonlyMap<string, number> = new Map(),
): { sizes: Map<string, number>; stopped: Set<string> } {
  const sizes = new Map<string, number>();
  const stopped = new Set<string>();
  const queue = [...entries];
  while (queue.length) {
    const url = queue.pop() as string;
    if (sizes.has(url) || known.has(url)) continue;
    const file = join(SITE, url);
    if (!existsSync(file)) throw new Error(`${url} is referenced but missing from ${SITE}`);
    const code = readFileSync(file, 'utf8');
    sizes.set(url, gz(code));
    // Quotes of every kind: the bundler writes dynamic imports with backticks.
    const imports =
      /(?:import|export)\s*(?:[\w*{}\s,$]*from\s*)?["'`]([^"'`]+\.m?js)["'`]|import\(\s*["'`]([^"'`]+\.m?js)["'`]/g;
    for (const m of code.matchAll(imports)) {
      const spec = m[1] ?? m[2];
      if (!spec) continue;
      const target = spec.startsWith('/') ? spec : posix.join(dirname(url), spec);
      // Only a dynamic import can wait for the visitor; a static import of a listed chunk still loads at start.
      if (m[2] !== undefined && stop(target)) stopped.add(target);
      else queue.push(target);
    }
  }
  return { sizes, stopped };
}

function printRows(modules: Map<string, number>) {
  for (const [url, size] of [...modules].sort((a, b) => b[1] - a[1])) console.log(`  ${kb(size).padStart(9)}  ${url}`);
}

const sum = (modules: Map<string, number>) => [...modules.values()].reduce((a, b) => a + b, 0);

let over = false;
for (const page of PAGES) {
  const path = join(SITE, page);
  if (!existsSync(path)) {
    console.error(`${path} is missing: run npm run build first`);
    process.exit(1);
  }
  const html = readFileSync(path, 'utf8');
  const onDemand = ON_DEMAND[page] ?? [];
  const listed = (url: string) => onDemand.some((d) => d.chunk.test(url));
  const start = closure(entryScripts(html), listed);
  const inline = inlineScripts(html).reduce((total, s) => total + gz(s), 0);
  const total = sum(start.sizes) + inline;
  const ok = total <= BUDGET;
  over ||= !ok;
  console.log(`\n${page}: ${kb(total)} (${total} B) gzip at page start of ${kb(BUDGET)} ${ok ? 'ok' : 'OVER BUDGET'}`);
  printRows(start.sizes);
  console.log(`  ${kb(inline).padStart(9)}  (inline scripts)`);
  for (const { name, chunk, budget } of onDemand) {
    const entries = [...start.stopped].filter((url) => chunk.test(url));
    if (entries.length === 0) {
      console.error(
        `\n${page}: no dynamic import of ${name}'s chunk (${chunk}): update ON_DEMAND in scripts/budget.ts`,
      );
      over = true;
      continue;
    }
    // What the chunk brings beyond the page's start: modules shared with the start are counted there, once.
    const own = closure(entries, () => false, start.sizes).sizes;
    const size = sum(own);
    const fits = size <= budget;
    over ||= !fits;
    console.log(`\n${page}, on demand, ${name}: ${kb(size)} gzip of ${kb(budget)} ${fits ? 'ok' : 'OVER BUDGET'}`);
    printRows(own);
  }
}
process.exit(over ? 1 : 0);
