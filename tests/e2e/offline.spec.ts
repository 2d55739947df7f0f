import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM, CHROMIUM_ARGS } from '../../scripts/chromium.ts';
import { EDITOR, PROVIDER_TIMEOUT, VISITOR } from './support/auth.ts';
import { expect, expectAccessible, Sessions, test } from './support/fixtures.ts';
import { setOffline } from './support/offline.ts';
import { uniqueName } from './support/recipes.ts';

// Issue 42: the book offline in Chromium (the network cut with Playwright's offline mode). What a visitor opened
// (the list, a recipe) reads from the service worker's cache, search, categories and filters too, servings and
// cook mode work, and a calm banner says so; a recipe the server answers 404 for leaves the copy; 'Spara för offline'
// keeps a recipe never opened; signing out clears the copy;
// a new build's worker takes over at the next visit with one reload. The rest of the suite blocks the worker
// (playwright.config.ts): its specs stub the API with page.route, which a worker would answer past.
test.use({ serviceWorkers: 'allow' });

const recipeList = (page: Page) => page.getByRole('list', { name: 'Recept' }).getByRole('link');
const banner = (page: Page) => page.getByText('Receptboken är offline.');

/** Waits until the service worker answers this page's requests (it takes over on the first visit). */
async function controlled(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
}

test('offline: the list, a recipe opened before, search, categories, servings, cook mode and the banner', async ({
  page,
  context,
  recipes,
}) => {
  test.slow(); // nine page loads, the offline ones waiting on the sign-in check to give up
  const tag = uniqueName('Offline');
  const category = uniqueName('Kök');
  const pie = await recipes.create({
    name: `${tag} Äppelpaj`,
    servings: 4,
    categories: [category],
    instructions: 'Skala äpplena.\nGrädda.',
    ingredients: [
      { name: 'Äpplen', quantity: { value: 4, unit: 'PIECES' } },
      { name: 'Socker', quantity: { value: 2, unit: 'DECILITER' } },
    ],
  });
  const soup = await recipes.create({ name: `${tag} Ärtsoppa`, categories: [category] });

  // Online: the list of this test's recipes, then one of them.
  await page.goto(`/?search=${encodeURIComponent(tag)}`);
  await expect(recipeList(page)).toHaveText([pie.name, soup.name]);
  await controlled(page);
  // Again, now through the worker, which keeps what it fetches (a new visit: a reload would show what the history
  // entry kept, with no request).
  await page.goto('/');
  await page.goto(`/?search=${encodeURIComponent(tag)}`);
  await expect(recipeList(page)).toHaveText([pie.name, soup.name]);
  await page.goto(`/${pie.id}`);
  await expect(page.getByRole('heading', { level: 1, name: pie.name })).toBeVisible();
  await expect(banner(page)).toHaveCount(0);

  await setOffline(context, true);
  await page.goto(`/?search=${encodeURIComponent(tag)}`);
  await expect(recipeList(page)).toHaveText([pie.name, soup.name]);
  await expect(banner(page)).toBeVisible();
  await expect(page.getByRole('status').filter({ has: banner(page) })).toContainText('Det du ser hämtades senast');
  await expectAccessible(page);

  // Search by name and a category, answered from what is stored (the category: recipes read in full only).
  await page.getByRole('searchbox', { name: 'Sök recept' }).fill(`${tag} ärt`);
  await expect(recipeList(page)).toHaveText([soup.name]);
  await page.goto(`/?category=${encodeURIComponent(category)}`);
  await expect(recipeList(page)).toHaveText([pie.name]);
  // The list's filters (issue 40), typed offline and answered from the recipes read in full: the pie was opened,
  // the soup only listed, so a filter the soup would pass still finds only what can be judged.
  await page.goto(`/?search=${encodeURIComponent(tag)}`);
  await expect(recipeList(page)).toHaveText([pie.name, soup.name]);
  // Behind the 'Filter' control since issue 54 (the recipes first on a phone).
  await page.getByRole('button', { name: /^Filter/ }).click();
  const ingredients = page.getByRole('searchbox', { name: 'Med' });
  const words = page.getByRole('searchbox', { name: 'Ord i receptet' });
  await ingredients.fill('äpplena socker');
  await expect(recipeList(page)).toHaveText([pie.name]);
  await expect(page.getByText('1 recept matchar.')).toBeVisible();
  await ingredients.fill('');
  await words.fill('skala');
  await expect(recipeList(page)).toHaveText([pie.name]);
  await ingredients.fill('ärtor');
  await expect(page.getByText('Inga recept matchar').first()).toBeVisible();
  await expect(recipeList(page)).toHaveCount(0);

  // The recipe opened before: servings and cook mode.
  await page.goto(`/${pie.id}`);
  await expect(page.getByRole('heading', { level: 1, name: pie.name })).toBeVisible();
  await page.getByRole('combobox', { name: 'Portioner' }).selectOption('2');
  const items = page.getByRole('region', { name: 'Ingredienser' }).getByRole('listitem');
  await expect(items).toHaveText(['2Äpplen', '1 dlSocker']);
  await page.getByRole('button', { name: 'Matlagningsläge' }).click();
  await expect(page.getByRole('region', { name: 'Instruktioner' }).getByRole('checkbox')).toHaveCount(2);
  await expect(banner(page)).toBeVisible();

  // Back online: the banner goes by itself, and the page reads the network again.
  await setOffline(context, false);
  await expect(banner(page)).toHaveCount(0);
});

test('a recipe the server answers 404 for (moved to the trash) leaves the offline copy', async ({
  page,
  context,
  recipes,
}) => {
  test.slow(); // the offline page's sign-in check giving up
  const tag = uniqueName('Slängt');
  const kept = await recipes.create({ name: `${tag} Kvar` });
  const gone = await recipes.create({ name: `${tag} Borta` });
  await page.goto('/');
  await controlled(page);
  // Through the worker: the list of both, and the recipe soon trashed opened (its page and its read kept).
  await page.goto(`/?search=${encodeURIComponent(tag)}`);
  await expect(recipeList(page)).toHaveText([gone.name, kept.name]);
  await page.goto(`/${gone.id}`);
  await expect(page.getByRole('heading', { level: 1, name: gone.name })).toBeVisible();

  // Moved to the trash from another device; this phone opens it online and the server says 404.
  await recipes.trash(gone.id);
  await page.goto(`/${gone.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Receptet hittades inte' })).toBeVisible();
  const stored = await page.evaluate(async () => {
    const names = await caches.keys();
    const entries = await Promise.all(names.map(async (n) => (await (await caches.open(n)).keys()).map((r) => r.url)));
    return entries.flat().map((url) => new URL(url).pathname);
  });
  expect(stored.filter((path) => path === `/${gone.id}` || path.endsWith(`/recipes/${gone.id}`))).toEqual([]);

  // Offline: the list no longer has it, and its page has nothing of it to show.
  await setOffline(context, true);
  await page.goto(`/?search=${encodeURIComponent(tag)}`);
  await expect(recipeList(page)).toHaveText([kept.name]);
  await page.goto(`/${gone.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Receptet kunde inte hämtas' })).toBeVisible({
    timeout: PROVIDER_TIMEOUT,
  });
  await expect(page.getByRole('heading', { level: 1, name: gone.name })).toHaveCount(0);
  await setOffline(context, false);
});

test("'Spara för offline' keeps a recipe never opened; signing out clears the copy", async ({
  page,
  context,
  recipes,
  browser,
  baseURL,
}) => {
  // A sign-in of its own: signing out ends its session, not the one the worker's other tests share.
  const sessions = new Sessions(browser, String(baseURL));
  test.slow(); // signing in, the whole book read, and each offline page's sign-in check giving up
  const tag = uniqueName('Sparat');
  const bread = await recipes.create({ name: `${tag} Limpa`, categories: [tag] });

  await sessions.open(page, EDITOR, '/profile');
  await controlled(page);
  await expect(page.getByText(/Högst 50 MB sparas/)).toBeVisible();
  await page.getByRole('button', { name: 'Spara för offline' }).click();
  await expect(page.getByText(/^Klart: \d+ recept är sparade \(.* MB av 50 MB\)\.$/)).toBeVisible({
    timeout: 30_000,
  });

  await setOffline(context, true);
  await page.goto(`/${bread.id}`);
  await expect(page.getByRole('heading', { level: 1, name: bread.name })).toBeVisible({ timeout: PROVIDER_TIMEOUT });
  await page.goto(`/?category=${encodeURIComponent(tag)}`);
  await expect(recipeList(page)).toHaveText([bread.name]);

  await setOffline(context, false);
  await page.goto('/profile');
  await page.getByRole('button', { name: EDITOR.username }).click();
  await page.getByRole('menuitem', { name: 'Logga ut' }).click();
  await expect(page.getByRole('button', { name: 'Logga in' })).toBeVisible({ timeout: PROVIDER_TIMEOUT });
  // Nothing of what was read signed in stays (the list the signed-out start page has read since may).
  const kept = await page.evaluate(async () => {
    const names = await caches.keys();
    const entries = await Promise.all(names.map(async (n) => (await (await caches.open(n)).keys()).map((r) => r.url)));
    return entries.flat();
  });
  expect(kept.filter((url) => url.endsWith(`/${bread.id}`) || url.includes('category='))).toEqual([]);
  expect(kept.some((url) => url.includes('/offline-recipe.html'))).toBe(true); // the site's own files stay
});

// Issue 54: a page the worker does not keep (here the trash, an editor's page) answers offline with the site's own
// offline page, not the browser's error page, linking to the list and the recipes kept; the header keeps the name.
for (const size of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test.describe(`${size.width} px`, () => {
    test.use({ viewport: size });

    test('offline, a page not kept shows the offline page; the header keeps the signed-in name', async ({
      page,
      context,
      recipes,
      sessions,
    }) => {
      test.slow(); // signing in, then pages offline
      const tag = uniqueName('Ej sparat');
      const kept = await recipes.create({ name: `${tag} Kanelbullar` });
      await sessions.open(page, VISITOR, '/');
      await controlled(page);
      await page.goto(`/${kept.id}`);
      await expect(page.getByRole('heading', { level: 1, name: kept.name })).toBeVisible();
      const account = page.getByRole('button', { name: VISITOR.username });
      await expect(account).toBeVisible({ timeout: PROVIDER_TIMEOUT });

      await setOffline(context, true);
      await page.goto('/trash');
      await expect(page.getByRole('heading', { level: 1, name: 'Sidan är inte sparad offline' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Till receptlistan' })).toHaveAttribute('href', '/');
      const saved = page.getByRole('list', { name: 'Sparade recept' });
      await expect(saved.getByRole('link', { name: kept.name })).toHaveAttribute('href', `/${kept.id}`);
      await expect(banner(page)).toBeVisible();
      // At once: no wait for the provider's check to time out.
      await expect(account).toBeVisible({ timeout: 5_000 });
      await expectAccessible(page);

      // The saved recipe opens from there, still offline, with the name in the header.
      await saved.getByRole('link', { name: kept.name }).click();
      await expect(page.getByRole('heading', { level: 1, name: kept.name })).toBeVisible();
      await expect(account).toBeVisible({ timeout: 5_000 });
      await setOffline(context, false);
    });
  });
}

test('Chromium finds the app installable', async ({ baseURL }) => {
  // A browser profile of its own: Chromium never offers to install from an incognito context (Playwright's usual).
  const profile = mkdtempSync(join(tmpdir(), 'offline-install-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    args: CHROMIUM_ARGS,
    baseURL,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/');
    await controlled(page);
    // Chromium's own check, which Lighthouse's installable-manifest audit read.
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: Array<{ errorId: string }>;
    };
    expect(installabilityErrors.map((e) => e.errorId)).toEqual([]);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

// A new build, as the server sees it: dist/sw.js (and its precompressed copies) with other bytes. The worker's own
// script is fetched by the browser, not by a page, so page or context routes cannot stand in for it.
const DIST = join(import.meta.dirname, '..', '..', 'dist');
function nextBuild(): () => void {
  const names = ['sw.js', 'sw.js.br', 'sw.js.gz'];
  const before = names.map((name) => readFileSync(join(DIST, name)));
  const text = `${before[0]!.toString('utf8')}\n// the next build\n`;
  writeFileSync(join(DIST, 'sw.js'), text);
  writeFileSync(join(DIST, 'sw.js.br'), brotliCompressSync(text));
  writeFileSync(join(DIST, 'sw.js.gz'), gzipSync(text));
  return () => names.forEach((name, i) => writeFileSync(join(DIST, name), before[i]!));
}

test('a new build takes over at the next visit, with one reload', async ({ page }) => {
  test.skip(!!process.env.E2E_BASE_URL, 'changes the files of the server this suite starts');
  await page.goto('/');
  await controlled(page);
  const restore = nextBuild();
  try {
    let loads = 0;
    page.on('load', () => (loads += 1));
    // The next visit: the browser finds the new worker, which waits; this reading page lets it take over and
    // reloads once, so it runs on the new build.
    await page.goto('/');
    await expect.poll(() => loads, { timeout: 20_000 }).toBe(2);
    await expect(page.getByRole('searchbox', { name: 'Sök recept' })).toBeVisible();
    const state = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      const script = await fetch('/sw.js', { cache: 'no-store' }).then((r) => r.text());
      return {
        waiting: registration?.waiting ?? null,
        controlled: navigator.serviceWorker.controller !== null,
        newBuild: script.includes('// the next build'),
      };
    });
    expect(state).toEqual({ waiting: null, controlled: true, newBuild: true });
    expect(loads).toBe(2);
  } finally {
    restore();
  }
});
