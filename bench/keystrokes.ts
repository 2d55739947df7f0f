import { chromium } from '@playwright/test';
import { CHROMIUM, CHROMIUM_ARGS } from '../scripts/chromium.ts';

const QUERY = 'köttbullar nr 1234';

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

export function p95(xs: number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)] ?? NaN;
}
