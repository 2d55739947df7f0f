import { test, expect, expectAccessible } from './support/fixtures.ts';
import { EDITOR, fillLoginForm, PROVIDER_TIMEOUT, VISITOR } from './support/auth.ts';

// Routing: the 404 page with its status, ids that are not positive integers, the login guard.
for (const path of ['/abc', '/finns/inte', '/0', '/abc/edit']) {
  test(`${path} shows 404 Not found with status 404`, async ({ page }) => {
    const res = await page.goto(path);
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: '404 Not found' })).toBeVisible();
    await expect(page).toHaveTitle('recipes-frontend');
  });
}

test('the 404 page is accessible in light and dark', async ({ page }) => {
  await page.goto('/nowhere');
  await expectAccessible(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Tillbaka' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('every page has the header, logo link and footer source link', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Recept' })).toHaveAttribute('href', '/');
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Källkod' })).toHaveAttribute(
    'href',
    /^https?:\/\//,
  );
});

test(
  '/new-recipe is protected too: a visitor goes to login and comes back to the form',
  { tag: '@provider' },
  async ({ page }) => {
    await page.goto('/new-recipe');
    await expect(page.locator('#username')).toBeVisible({ timeout: PROVIDER_TIMEOUT });
    await fillLoginForm(page, EDITOR);
    await expect(page).toHaveURL(/\/new-recipe$/, { timeout: PROVIDER_TIMEOUT });
    await expect(page.getByRole('button', { name: 'Spara nytt recept' })).toBeVisible();
  },
);

test(
  'a protected route sends a visitor to login and back to the requested page',
  { tag: '@provider' },
  async ({ page }) => {
    await page.goto('/profile');
    await expect(page.locator('#username')).toBeVisible({ timeout: PROVIDER_TIMEOUT });
    await fillLoginForm(page, VISITOR);
    await expect(page).toHaveURL(/\/profile$/, { timeout: PROVIDER_TIMEOUT });
    await expect(page.getByRole('heading', { name: 'Profil' })).toBeVisible();
    await expect(page.getByRole('button', { name: VISITOR.username })).toBeVisible();
  },
);
