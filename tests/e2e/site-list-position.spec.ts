import type { Page } from '@playwright/test';
import { test, expect } from './support/fixtures.ts';
import { uniqueName, type RecipeApi } from './support/recipes.ts';
import { Buffer } from 'node:buffer';

// Back, Forward and reload return to the same recipes at the same place in the list, with the search text
// typed live (which is not in the address), although the list keeps only a window of pages in the DOM.
// One test pages through recipes of its own in the real API; the other answers GET /recipes/names itself
// with 100,000 recipes, so that the window slides far down without filling the shared database (other
// files' tests read the whole list and expect it to fit in the list's window).
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

test('Back, Forward and reload return to the same recipes at the same place, with the search text typed live', async ({
  page,
  recipes,
}) => {
  test.setTimeout(120_000);
  const tag = uniqueName('Öplats').replace(' ', '');
  // 78 recipes: two pages of names, the second loaded by scrolling.
  const made = await makeMany(recipes, tag, 3);
  const target = made[70] ?? '';

  await page.goto('/');
  await expect(listLinks(page).first()).toBeVisible();
  // Typed, not submitted: the text goes into the address as it is typed, replacing the entry (issue 54).
  await page.getByRole('searchbox', { name: 'Sök recept' }).fill(tag);
  await expect(listLinks(page).first()).toHaveText(made[0] ?? '');
  await scrollTo(page, target);
  const before = await settled(page);
  expect(before.y).toBeGreaterThan(1000);
  expect(before.names).toContain(target);
  expect(new URL(page.url()).searchParams.get('search')).toBe(tag);

  const requests: string[] = [];
  page.on('request', (r) => r.url().includes('/recipes/names') && requests.push(r.url()));
  await page.getByRole('link', { name: target, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: target })).toBeVisible();
  await page.goBack();
  await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBe(tag);
  await expectSamePlace(page, before, tag);

  await page.reload();
  await expectSamePlace(page, before, tag);
  // Restored from the history entry as it was: no page of names was asked for again.
  expect(requests).toEqual([]);

  await page.goForward();
  await expect(page.getByRole('heading', { level: 1, name: target })).toBeVisible();
  await page.goBack();
  await expectSamePlace(page, before, tag);

  // The search goes on from the restored text: one more letter narrows it.
  await page.getByRole('searchbox', { name: 'Sök recept' }).press('End');
  await page.getByRole('searchbox', { name: 'Sök recept' }).pressSequentially(' c');
  await expect(listLinks(page)).toHaveText(made.filter((n) => n.startsWith(`${tag} c`)));

  // A fresh visit to / (a link: a new history entry) starts at the top with an empty search.
  await page.goto('/');
  await expect(page.getByRole('searchbox', { name: 'Sök recept' })).toHaveValue('');
  await expect(listLinks(page).first()).toBeVisible();
  expect(await scrollY(page)).toBe(0);
});

/** Answers GET /recipes/names (and the details of those recipes) with `total` recipes 'Recept 000000'… */
async function manyRecipes(page: Page, total: number): Promise<{ asked: () => number }> {
  const all = Array.from({ length: total }, (_, i) => ({
    id: 2_000_000 + i,
    name: `Recept ${String(i).padStart(6, '0')}`,
  }));
  const cursor = (r: { id: number }) => Buffer.from(String(r.id)).toString('base64url');
  const idOf = (text: string) => Number(Buffer.from(text, 'base64url').toString());
  let asked = 0;
  await page.route(/\/recipes\/names(\?.*)?$/, async (route) => {
    asked += 1;
    const url = new URL(route.request().url());
    const search = url.searchParams.get('search')?.toLowerCase();
    const limit = Number(url.searchParams.get('limit') ?? 50);
    const list = search ? all.filter((r) => r.name.toLowerCase().includes(search)) : all;
    const after = url.searchParams.get('after');
    const before = url.searchParams.get('before');
    let start = 0;
    if (after) start = list.findIndex((r) => r.id === idOf(after)) + 1;
    if (before) start = Math.max(0, list.findIndex((r) => r.id === idOf(before)) - limit);
    const end = before ? list.findIndex((r) => r.id === idOf(before)) : start + limit;
    const recipes = list.slice(start, Math.min(end, start + limit));
    const last = recipes.at(-1);
    const first = recipes[0];
    await route.fulfill({
      json: {
        recipes,
        next: last && start + recipes.length < list.length ? cursor(last) : null,
        previous: first && start > 0 ? cursor(first) : null,
      },
    });
  });
  await page.route(/\/recipes\/2[0-9]{6}$/, async (route) => {
    const id = Number(new URL(route.request().url()).pathname.split('/').at(-1));
    const name = all[id - 2_000_000]?.name ?? '';
    await route.fulfill({
      json: { id, name, author: 'redaktor', instructions: '', servings: 4, ingredients: [], version: 1 },
    });
  });
  return { asked: () => asked };
}

test('at 100,000 recipes Back and reload return to the same place, far past the pages the list dropped', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const api = await manyRecipes(page, 100_000);
  for (const [path, query, prefix] of [
    ['/', '', 'Recept 000'],
    [`/?search=${encodeURIComponent('recept 05')}`, 'recept 05', 'Recept 050'],
  ] as const) {
    await page.goto(path);
    await expect(listLinks(page).first()).toHaveText(`${prefix}000`);
    // Past four pages of 50: the window has slid, the first pages are no longer in the DOM.
    const target = `${prefix}260`;
    await scrollTo(page, target);
    const before = await settled(page);
    await expect(page.getByRole('link', { name: `${prefix}000`, exact: true })).toHaveCount(0);
    expect(before.count).toBeLessThanOrEqual(200);
    expect(before.names).toContain(target);

    const asked = api.asked();
    await page.getByRole('link', { name: target, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: target })).toBeVisible();
    await page.goBack();
    await expectSamePlace(page, before, query);
    await page.reload();
    await expectSamePlace(page, before, query);
    expect(api.asked()).toBe(asked);

    // Paging goes on from the restored window, both ways.
    await scrollTo(page, `${prefix}330`);
    await expect(async () => {
      await listLinks(page).first().scrollIntoViewIfNeeded();
      await expect(listLinks(page).first()).toHaveText(`${prefix}000`, { timeout: 500 });
    }).toPass();
  }
});
