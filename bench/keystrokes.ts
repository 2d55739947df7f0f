import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM, CHROMIUM_ARGS } from '../scripts/chromium.ts';
import { runSeed } from './child.ts';
import { settle } from './net.ts';
import { machineLoad } from './report.ts';
import { startProduct, treeMemory } from './site-servers.ts';

const QUERY = 'köttbullar nr 1234';
/**
 * Typed into "Med" (issue 40), each from an empty field: two ingredients, the second in its definite form. Three of
 * them, so that the p95 of 33 keys is not simply the slowest key.
 */
const INGREDIENT_QUERIES = ['kanel äggen', 'potatis grädden', 'smör mjölk'];

/**
 * Types QUERY into the list's search bar one key at a time in Debian's Chromium, once the page has
 * started, and times each keystroke until the list shows only matching names (or says nothing
 * matches): the person's wait.
 * Returns the per-keystroke times in ms.
 */
export async function keystrokeTimes(url: string): Promise<number[]> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: CHROMIUM_ARGS,
  });
  try {
    const page = await browser.newPage();
    await page.goto(url);
    await page.getByRole('list', { name: 'Recept' }).getByRole('link').first().waitFor({ timeout: 600_000 });
    // Typing starts once the page has finished starting: the sign-in check (it runs after the islands
    // hydrate) has answered. Keys typed while its frames load wait for them too; that is start-up, not search.
    await page.getByRole('button', { name: 'Logga in' }).waitFor({ timeout: 60_000 });
    const search = page.getByRole('searchbox', { name: 'Sök recept' });
    await search.focus();
    // Playwright compiles its injected script on the first waitForFunction in a page (about 15 ms
    // here): paid once before the first key, so no key's time includes the measuring tool's set-up.
    await page.waitForFunction(() => true, null, { polling: 'raf' });
    const times: number[] = [];
    for (let i = 0; i < QUERY.length; i++) {
      const typed = QUERY.slice(0, i + 1)
        .trim()
        .toLocaleLowerCase('sv');
      const started = performance.now();
      await page.keyboard.type(QUERY[i] ?? '');
      await page.waitForFunction(
        (q) => {
          const links = [...document.querySelectorAll('ul[aria-label="Recept"] a')];
          if (links.length === 0) return /Inga recept matchar/.test(document.body.innerText);
          return links.every((a) => (a.textContent ?? '').toLocaleLowerCase('sv').includes(q));
        },
        typed,
        { polling: 'raf', timeout: 60_000 },
      );
      times.push(performance.now() - started);
    }
    return times;
  } finally {
    await browser.close();
  }
}

/**
 * Types each of INGREDIENT_QUERIES into the list's "Med" field one key at a time (issue 40) and times each keystroke until
 * the list shows the server's answer for the text typed so far (its rows, in its order, are on the page). Returns
 * the per-keystroke times in ms; `answers` gets, per request, the time from sending it to its last byte (the
 * server's part and the network's, as the browser timed it), so the rest is the page's own.
 */
export async function filterKeystrokeTimes(url: string, answers: number[] = []): Promise<number[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    await page.goto(url);
    await page.getByRole('list', { name: 'Recept' }).getByRole('link').first().waitFor({ timeout: 600_000 });
    await page.getByRole('button', { name: 'Logga in' }).waitFor({ timeout: 60_000 });
    const field = page.getByRole('searchbox', { name: 'Med' });
    await page.waitForFunction(() => true, null, { polling: 'raf' });
    const times: number[] = [];
    for (const text of INGREDIENT_QUERIES) {
      // From an empty field and the whole list again (not timed).
      if ((await field.inputValue()) !== '') {
        const whole = page.waitForResponse(
          (r) => r.url().includes('/recipes/names?') && !new URL(r.url()).searchParams.has('ingredients'),
        );
        await field.fill('');
        await whole;
        await page.waitForTimeout(500);
      }
      await field.focus();
      times.push(...(await typeTimed(page, text, answers)));
    }
    return times;
  } finally {
    await browser.close();
  }
}

/** Types `text` into the focused "Med" field key by key; the time of each key until the list shows its answer. */
async function typeTimed(page: Page, text: string, answers: number[]): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const typed = text.slice(0, i + 1).trim();
    // A space adds no word: the list asks nothing new, and the key is answered at once.
    const answered =
      text[i] === ' '
        ? undefined
        : page.waitForResponse(
            (r) => r.url().includes('/recipes/names?') && new URL(r.url()).searchParams.get('ingredients') === typed,
            { timeout: 60_000 },
          );
    const started = performance.now();
    await page.keyboard.type(text[i] ?? '');
    if (answered) {
      const response = await answered;
      const shown = ((await response.json()) as { recipes: { id: number }[] }).recipes.map((r) => r.id);
      const timing = response.request().timing();
      answers.push(timing.responseEnd - timing.requestStart);
      // Until the list shows that answer: its rows in its order (React draws the pages in a transition, in
      // slices, so a frame after the response is not yet the list), or the empty result's words.
      await page.waitForFunction(
        (ids) => {
          const rows = [...document.querySelectorAll<HTMLElement>('ul[aria-label="Recept"] a[data-recipe-id]')];
          if (ids.length === 0) return rows.length === 0 && /Inga recept matchar/.test(document.body.innerText);
          return ids.every((id, i) => rows[i]?.dataset.recipeId === String(id));
        },
        shown,
        { polling: 'raf', timeout: 60_000 },
      );
    }
    times.push(performance.now() - started);
  }
  return times;
}

export function p95(xs: number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)] ?? NaN;
}

/** Both keystroke benches against the list at `url`, each line printed. */
async function measureBoth(url: string, prefix = ''): Promise<void> {
  for (const [label, measure] of [
    ['search bar', keystrokeTimes],
    ['"Med" (ingredients)', filterKeystrokeTimes],
  ] as const) {
    const answers: number[] = [];
    const ms = await measure(url, answers);
    const served =
      answers.length === 0
        ? ''
        : `; the answers alone (request sent to last byte): p95 ${p95(answers).toFixed(0)} ms (each: ${answers.map((t) => t.toFixed(0)).join(' ')})`;
    process.stdout.write(
      `${prefix}${label}: keystroke p95 ${p95(ms).toFixed(0)} ms, max ${Math.max(...ms).toFixed(0)} ms (each: ${ms.map((t) => t.toFixed(0)).join(' ')})${served}\n`,
    );
  }
}

/**
 * Seeds each size into one fresh PGlite folder (the API bench's bulk seeding), starts the product as `npm start`
 * runs it (dist/ from `npm run build`), and measures both keystroke benches and the server's memory at rest, after
 * start and after the typing (the filters' answers then remembered, server/api/read-models/find-cache.ts).
 */
async function measureSizes(sizes: number[]): Promise<void> {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-keys-data-'));
  const rest = () => new Promise((done) => setTimeout(done, 5_000));
  try {
    let seeded = 0;
    for (const size of sizes) {
      const seed = await runSeed({ mode: 'seed', dataDir, from: seeded, to: size });
      seeded = size;
      process.stdout.write(
        `== ${size.toLocaleString('en')} recipes (seeded in ${seed.seconds.toFixed(0)} s; load ${machineLoad()})\n`,
      );
      const product = await startProduct(root, dataDir);
      try {
        // The name index is built at start-up: the first list read waits for it. The start-up's other work (the
        // full list's cache: seconds at 100,000 recipes) ran into the typing after a fixed 5 s rest: each figure
        // starts from an idle server, as bench:api's do.
        await fetch(`${product.url}/api/recipes/names?limit=1`);
        await settle(`${product.url}/api/recipes/names?limit=1`, product.pid);
        await rest();
        const idle = treeMemory(product.pid);
        await measureBoth(`${product.url}/`, `${size}: `);
        await rest();
        const after = treeMemory(product.pid);
        process.stdout.write(
          `${size}: server RSS at rest (npm and node) ${idle.rssMb.toFixed(0)} MB after start, ${after.rssMb.toFixed(0)} MB after the typing, peak ${after.peakMb.toFixed(0)} MB\n`,
        );
      } finally {
        await product.stop();
      }
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// npx tsx bench/keystrokes.ts URL: both keystroke benches against a running site (the list at URL).
// npx tsx bench/keystrokes.ts --sizes 500,100000: the same on the product started here at each size, with its memory.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { values, positionals } = parseArgs({ options: { sizes: { type: 'string' } }, allowPositionals: true });
  if (values.sizes)
    await measureSizes(
      values.sizes
        .split(',')
        .map(Number)
        .sort((a, b) => a - b),
    );
  else await measureBoth(positionals[0] ?? 'http://localhost:3000/');
}
