import { chromium } from '@playwright/test';
import { CHROMIUM, CHROMIUM_ARGS } from '../scripts/chromium.ts';

const QUERY = 'köttbullar nr 1234';
/** Typed into "Med" (issue 40): two ingredients, the second in its definite form. */
const INGREDIENT_QUERY = 'kanel äggen';

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
 * Types INGREDIENT_QUERY into the list's "Med" field one key at a time (issue 40) and times each keystroke until
 * the list has shown the server's answer for the text typed so far (its response arrived and a frame was painted
 * after it). Returns the per-keystroke times in ms.
 */
export async function filterKeystrokeTimes(url: string): Promise<number[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    await page.goto(url);
    await page.getByRole('list', { name: 'Recept' }).getByRole('link').first().waitFor({ timeout: 600_000 });
    await page.getByRole('button', { name: 'Logga in' }).waitFor({ timeout: 60_000 });
    await page.getByRole('searchbox', { name: 'Med' }).focus();
    await page.waitForFunction(() => true, null, { polling: 'raf' });
    const times: number[] = [];
    for (let i = 0; i < INGREDIENT_QUERY.length; i++) {
      const typed = INGREDIENT_QUERY.slice(0, i + 1).trim();
      const answered = page.waitForResponse(
        (r) => r.url().includes('/recipes/names?') && new URL(r.url()).searchParams.get('ingredients') === typed,
        { timeout: 60_000 },
      );
      const started = performance.now();
      await page.keyboard.type(INGREDIENT_QUERY[i] ?? '');
      // A space adds no word: the list asks nothing new, and the key is answered at once.
      if (INGREDIENT_QUERY[i] !== ' ') {
        await (await answered).finished();
        await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      }
      times.push(performance.now() - started);
    }
    return times;
  } finally {
    await browser.close();
  }
}

export function p95(xs: number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)] ?? NaN;
}

// npx tsx bench/keystrokes.ts URL: both keystroke benches against a running site (the list at URL).
if (import.meta.url === `file://${process.argv[1]}`) {
  const url = process.argv[2] ?? 'http://localhost:3000/';
  for (const [label, measure] of [
    ['search bar', keystrokeTimes],
    ['"Med" (ingredients)', filterKeystrokeTimes],
  ] as const) {
    const ms = await measure(url);
    process.stdout.write(
      `${label}: keystroke p95 ${p95(ms).toFixed(0)} ms, max ${Math.max(...ms).toFixed(0)} ms (each: ${ms.map((t) => t.toFixed(0)).join(' ')})\n`,
    );
  }
}
