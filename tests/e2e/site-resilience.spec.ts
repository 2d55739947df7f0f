import { test, expect, expectAccessible } from './support/fixtures.ts';

// The site when its runtime config or identity provider misbehaves: it still works signed out,
// never flashes the wrong navigation, and a protected page says access validation failed.
test('while the session check runs, neither navigation set shows', async ({ page }) => {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/config.json', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/');
  await expect(page.getByRole('banner')).toBeVisible();
  await page.waitForTimeout(500);
  await expect(page.getByRole('button', { name: 'Logga in' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Skapa konto' })).toHaveCount(0);
  release();
  await expect(page.getByRole('button', { name: 'Logga in' })).toBeVisible();
});

test('without a runtime config the list still loads and the visitor is signed out', async ({ page, recipes }) => {
  const recipe = await recipes.create({ name: 'Utan konfiguration' });
  await page.route('**/config.json', (route) => route.abort());
  await page.goto('/');
  await expect(page.getByRole('link', { name: recipe.name }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Logga in' })).toBeVisible();
});

test('a protected page reports a failed access check', async ({ page }) => {
  await page.route('**/config.json', (route) => route.abort());
  await page.goto('/profile');
  await expect(page.getByRole('alert')).toHaveText('An error happened during access validation');
  await expectAccessible(page);
});
