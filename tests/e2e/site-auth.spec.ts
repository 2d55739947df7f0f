import { test, expect, expectAccessible } from './support/fixtures.ts';
import { EDITOR, PROVIDER_TIMEOUT, signIn, VISITOR } from './support/auth.ts';
import { uniqueName } from './support/recipes.ts';

// Signed-in navigation and permissions for a visitor and an editor, the menu and logout.
const permission = (page: import('@playwright/test').Page, name: string) =>
  page.getByRole('row', { name: new RegExp(`^${name}`) }).getByRole('cell');

test(
  'besokare sees no editor buttons and the profile says Nej',
  { tag: '@provider' },
  async ({ page, recipes, sessions }) => {
    test.slow(); // three pages, axe on the profile (now with 'Spara för offline'), then the provider's account page
    const recipe = await recipes.create({ name: uniqueName('Besök') });
    await sessions.open(page, VISITOR);
    await expect(page.getByRole('button', { name: 'Logga in' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Nytt recept' })).toHaveCount(0);
    await page.goto(`/${recipe.id}`);
    await expect(page.getByRole('heading', { level: 1, name: recipe.name })).toBeVisible();
    await expect(page.getByRole('button', { name: VISITOR.username })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Redigera' })).toHaveCount(0);

    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'Profil' })).toBeVisible();
    await expect(page.getByText(VISITOR.username, { exact: true }).last()).toBeVisible();
    await expect(permission(page, 'Se recept')).toHaveText('Ja');
    await expect(permission(page, 'Skapa och redigera')).toHaveText('Nej');
    await expect(page.getByRole('button', { name: 'Redigera' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Tillbaka' })).toHaveAttribute('href', '/');
    await expectAccessible(page);
    // 'Redigera' hands over to the identity provider's account page.
    await page.getByRole('button', { name: 'Redigera' }).click();
    await expect(page).toHaveURL(/\/realms\/[^/]+\/account/, { timeout: PROVIDER_TIMEOUT });
  },
);

test(
  'redaktor sees Nytt recept and Redigera, and the profile says Ja',
  { tag: '@provider' },
  async ({ page, recipes, sessions }) => {
    const recipe = await recipes.create({ name: uniqueName('Redaktör') });
    await sessions.open(page, EDITOR);
    await expect(page.getByRole('link', { name: 'Nytt recept' })).toHaveAttribute('href', '/new-recipe');
    await expectAccessible(page);
    await page.goto(`/${recipe.id}`);
    await expect(page.getByRole('link', { name: 'Redigera' })).toHaveAttribute('href', `/${recipe.id}/edit`);
    await expectAccessible(page);
    await page.goto('/profile');
    await expect(permission(page, 'Skapa och redigera')).toHaveText('Ja');
  },
);

test(
  'the user menu works by keyboard, is 112-280 px wide, and Logga ut signs out',
  { tag: '@provider' },
  async ({ page }) => {
    await signIn(page, VISITOR);
    const button = page.getByRole('button', { name: VISITOR.username });
    await button.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Profil' })).toBeFocused();
    const box = await menu.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(112);
    expect(box?.width).toBeLessThanOrEqual(280);
    await expectAccessible(page);
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitem', { name: 'Logga ut' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitem', { name: 'Profil' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await expect(button).toBeFocused();

    await page.keyboard.press('Space');
    await expect(page.getByRole('menuitem', { name: 'Profil' })).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Logga in' })).toBeVisible({ timeout: PROVIDER_TIMEOUT }); // the sign-in check answered
    // Signed out for real: a reload does not bring the session back.
    await page.reload();
    await expect(page.getByRole('button', { name: 'Logga in' })).toBeVisible({ timeout: PROVIDER_TIMEOUT }); // the sign-in check answered
    await expect(page.getByRole('button', { name: VISITOR.username })).toHaveCount(0);
  },
);

test('Profil in the menu opens the profile page', { tag: '@provider' }, async ({ page, sessions }) => {
  await sessions.open(page, EDITOR);
  await page.getByRole('button', { name: EDITOR.username }).click();
  await page.getByRole('menuitem', { name: 'Profil' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: 'Profil' })).toBeVisible();
});

test(
  'Logga in returns to the page it started from; Skapa konto opens registration',
  { tag: '@provider' },
  async ({ page, recipes }) => {
    const recipe = await recipes.create({ name: uniqueName('Tillbaka hit') });
    await signIn(page, EDITOR, `/${recipe.id}`);
    await expect(page).toHaveURL(new RegExp(`/${recipe.id}$`));
    await expect(page.getByRole('link', { name: 'Redigera' })).toBeVisible();

    const visitor = await page.context().browser()?.newContext();
    const fresh = await visitor?.newPage();
    if (!visitor || !fresh) throw new Error('no second browser context');
    await fresh.goto(`/${recipe.id}`);
    await fresh.getByRole('button', { name: 'Skapa konto' }).click();
    await expect(fresh).toHaveURL(
      /\/realms\/[^/]+\/(protocol\/openid-connect\/registrations|login-actions\/registration)/,
      { timeout: PROVIDER_TIMEOUT },
    );
    await visitor.close();
  },
);

test(
  "the sign-in check starts once the page's islands have hydrated, and still signs the editor in",
  { tag: '@provider' },
  async ({ page, recipes, sessions }) => {
    const recipe = await recipes.create({ name: uniqueName('Kontroll') });
    await sessions.open(page, EDITOR);
    // The search-bar island hydrates 1.5 s late; the check must wait for it.
    await page.route(/\/_astro\/search-bar\.[^/]+\.js$/, async (route) => {
      await new Promise((done) => setTimeout(done, 1500));
      await route.continue();
    });
    await page.goto(`/${recipe.id}`);
    await expect(page.getByRole('heading', { level: 1, name: recipe.name })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Redigera' })).toBeVisible();
    // The check's first frame (the silent check's authorize request; a provider on another site first gets the
    // third-party-cookie page) was requested after the slow island arrived.
    const islandArrived = () =>
      page.evaluate(() => performance.getEntriesByType('resource').some((e) => /\/_astro\/search-bar\./.test(e.name)));
    await expect.poll(islandArrived).toBe(true);
    const timing = await page.evaluate(() => {
      const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const island = entries.find((e) => /\/_astro\/search-bar\./.test(e.name));
      const frames = entries.filter((e) =>
        /\/3p-cookies\/step1\.html|\/protocol\/openid-connect\/auth\?.*prompt=none/.test(e.name),
      );
      return { island: island?.responseEnd ?? NaN, frames: frames.map((e) => e.startTime) };
    });
    expect(timing.island).toBeGreaterThan(1400);
    expect(timing.frames.length).toBeGreaterThan(0);
    expect(Math.min(...timing.frames)).toBeGreaterThan(timing.island);
  },
);
