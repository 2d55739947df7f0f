import type { Page } from '@playwright/test';
import { test, expect } from './support/fixtures.ts';
import { uniqueName, type RecipeApi } from './support/recipes.ts';

// Back, Forward and reload return to the same recipes at the same place in the list, with the search text
// typed live (which is not in the address), although the list keeps only a window of pages in the DOM.
const collator = new Intl.Collator('sv');
const listLinks = (page: Page) => page.getByRole('list', { name: 'Recept' }).getByRole('link');

/** The names of the list's links that are at least partly in the viewport, top to bottom. */
const visibleNames = (page: Page) =>
  listLinks(page).evaluateAll((links) =>
    links
      .filter((a) => {
        const box = a.getBoundingClientRect();
        return box.bottom > 0 && box.top < window.innerHeight;
      })
      .map((a) => a.textContent?.trim() ?? ''),
  );

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

/** The list's links and the scroll offset, once they stay the same for a moment (no page loading). */
async function settled(page: Page): Promise<{ names: string[]; y: number; count: number }> {
  let last = '';
  let state = { names: [] as string[], y: 0, count: 0 };
  await expect
    .poll(
      async () => {
        state = { names: await visibleNames(page), y: await scrollY(page), count: await listLinks(page).count() };
        const now = JSON.stringify(state);
        const same = now === last;
        last = now;
        return same;
      },
      { intervals: [300] },
    )
    .toBe(true);
  return state;
}

/** 26 × `batches` recipes named '<tag> a000'…, all sorting after everything else ('Ö'). */
async function makeMany(recipes: RecipeApi, tag: string, batches: number): Promise<string[]> {
  const made: string[] = [];
  for (let start = 0; start < batches * 26; start += 26) {
    const names = Array.from(
      { length: 26 },
      (_, i) => `${tag} ${String.fromCharCode(97 + i)}${String(start + i).padStart(3, '0')}`,
    );
    await Promise.all(names.map((name) => recipes.create({ name })));
    made.push(...names);
  }
  return made.toSorted(collator.compare);
}

/** Scrolls the list down until `name` is on screen, then a little further (a place between two links). */
async function scrollTo(page: Page, name: string): Promise<void> {
  await expect(async () => {
    await listLinks(page).last().scrollIntoViewIfNeeded();
    await expect(page.getByRole('link', { name, exact: true })).toBeAttached({ timeout: 500 });
  }).toPass();
  await page.getByRole('link', { name, exact: true }).scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 37);
}

async function expectSamePlace(page: Page, before: { names: string[]; y: number }, query: string) {
  await expect(page.getByRole('searchbox', { name: 'Sök recept' })).toHaveValue(query);
  await expect.poll(() => visibleNames(page)).toEqual(before.names);
  expect(Math.abs((await scrollY(page)) - before.y)).toBeLessThanOrEqual(1);
  // It stays there: nothing loads it away once restored.
  const after = await settled(page);
  expect(after.names).toEqual(before.names);
  expect(Math.abs(after.y - before.y)).toBeLessThanOrEqual(1);
}

test('Back and reload return to the same recipes at the same place, with the search text typed live', async ({
  page,
  recipes,
}) => {
  test.setTimeout(180_000);
  const tag = uniqueName('Öplats').replace(' ', '');
  // 260 recipes: six pages of 50, more than the four the list keeps, so it has dropped pages above.
  const made = await makeMany(recipes, tag, 10);
  const target = made[230] ?? '';

  await page.goto('/');
  await expect(listLinks(page).first()).toBeVisible();
  // Typed, not submitted: the text is not in the address.
  await page.getByRole('searchbox', { name: 'Sök recept' }).fill(tag);
  await expect(listLinks(page).first()).toHaveText(made[0] ?? '');
  await scrollTo(page, target);
  const before = await settled(page);
  expect(before.y).toBeGreaterThan(2000);
  expect(before.names).toContain(target);
  // The first pages were dropped on the way down: this is a window, not the whole list.
  await expect(page.getByRole('link', { name: made[0], exact: true })).toHaveCount(0);
  expect(new URL(page.url()).search).toBe('');

  const requests: string[] = [];
  page.on('request', (r) => r.url().includes('/recipes/names') && requests.push(r.url()));
  await page.getByRole('link', { name: target, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: target })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL('/');
  await expectSamePlace(page, before, tag);

  await page.reload();
  await expectSamePlace(page, before, tag);
  // Restored from the history entry as it was: no page of names was asked for again.
  expect(requests).toEqual([]);

  // Forward to the recipe and back once more.
  await page.goForward();
  await expect(page.getByRole('heading', { level: 1, name: target })).toBeVisible();
  await page.goBack();
  await expectSamePlace(page, before, tag);

  // The restored window pages on as before: up to the pages dropped on the way down…
  await expect(async () => {
    await listLinks(page).first().scrollIntoViewIfNeeded();
    await expect(listLinks(page).first()).toHaveText(made[0] ?? '', { timeout: 500 });
  }).toPass();
  // …and a fresh visit to / (a new history entry) starts at the top with an empty search.
  await page.goto('/');
  await expect(page.getByRole('searchbox', { name: 'Sök recept' })).toHaveValue('');
  await expect(listLinks(page).first()).toBeVisible();
  expect(await scrollY(page)).toBe(0);
});

test('Back returns to the place in a submitted search (?search=) and in the whole list', async ({ page, recipes }) => {
  test.setTimeout(120_000);
  const tag = uniqueName('Ösök').replace(' ', '');
  const made = await makeMany(recipes, tag, 4);
  const target = made[90] ?? '';

  await page.goto(`/?search=${encodeURIComponent(tag)}`);
  await expect(listLinks(page).first()).toHaveText(made[0] ?? '');
  await scrollTo(page, target);
  const before = await settled(page);
  expect(before.y).toBeGreaterThan(1000);
  await page.getByRole('link', { name: target, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: target })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(`/?search=${encodeURIComponent(tag)}`);
  await expectSamePlace(page, before, tag);

  // The whole list: two pages down, whatever the other recipes are.
  await page.goto('/');
  await expect(listLinks(page).first()).toBeVisible();
  await expect(async () => {
    await listLinks(page).last().scrollIntoViewIfNeeded();
    expect(await listLinks(page).count()).toBeGreaterThanOrEqual(100);
  }).toPass();
  const whole = await settled(page);
  const open = whole.names[Math.floor(whole.names.length / 2)] ?? '';
  await page.getByRole('link', { name: open, exact: true }).first().click();
  await page.waitForURL((url) => url.pathname !== '/');
  await page.goBack();
  await expectSamePlace(page, whole, '');
});
