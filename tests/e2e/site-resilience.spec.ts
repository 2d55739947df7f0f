import { test, expect, expectAccessible } from './support/fixtures.ts';
import { PROVIDER_TIMEOUT } from './support/auth.ts';

// The site when its runtime config or identity provider misbehaves: it still works signed out,
// never flashes the wrong navigation, and a protected page says access validation failed.
test('while the session check runs, neither navigation set shows', { tag: '@provider' }, async ({ page }) => {
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
  await expect(page.getByRole('button', { name: 'Logga in' })).toBeVisible({ timeout: PROVIDER_TIMEOUT }); // the sign-in check answered
});

test('without a runtime config the list still loads and the visitor is signed out', async ({ page, recipes }) => {
  const recipe = await recipes.create({ name: 'Utan konfiguration' });
  await page.route('**/config.json', (route) => route.abort());
  await page.goto('/');
  await expect(page.getByRole('link', { name: recipe.name }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Logga in' })).toBeVisible({ timeout: PROVIDER_TIMEOUT }); // the sign-in check answered
});

test('a protected page reports a failed access check', async ({ page }) => {
  await page.route('**/config.json', (route) => route.abort());
  await page.goto('/profile');
  await expect(page.getByRole('alert')).toHaveText('An error happened during access validation');
  await expectAccessible(page);
});

// While the database is away the API answers 503 (Retry-After, the one error shape) within its limit.
const UNAVAILABLE = {
  status: 503,
  headers: { 'content-type': 'application/json', 'retry-after': '5' },
  body: JSON.stringify({
    status: 503,
    error: 'Service Unavailable',
    message: 'The database cannot be reached right now; nothing was changed. Try again shortly.',
  }),
};

test('while the API answers 503 the details page keeps its shell and says the recipe cannot be loaded now', async ({
  page,
  recipes,
}) => {
  const recipe = await recipes.create({ name: 'Under avbrott' });
  await page.route(`**/recipes/${recipe.id}*`, (route) => route.fulfill(UNAVAILABLE));
  const logged: string[] = [];
  page.on('console', (m) => m.type() === 'error' && logged.push(m.text()));
  await page.goto(`/${recipe.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Receptet kunde inte hämtas' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText('Receptet kunde inte hämtas just nu.');
  await expect(page.getByRole('banner')).toBeVisible();
  expect(logged.some((text) => text.includes('Recipe not found'))).toBe(true);
});

test('an API that never answers does not leave a spinner turning: the details page gives up', async ({
  page,
  recipes,
}) => {
  test.slow(); // waits out the site's 15 s request limit
  const recipe = await recipes.create({ name: 'Inget svar' });
  await page.route(`**/recipes/${recipe.id}*`, () => undefined); // held forever
  await page.goto(`/${recipe.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Receptet kunde inte hämtas' })).toBeVisible({
    timeout: 25_000,
  });
  await expect(page.getByRole('button', { name: 'Försök igen' })).toBeVisible();
});

test('while the API answers 503 the list screen keeps its shell and reports the failure in the console only', async ({
  page,
}) => {
  await page.route('**/recipes/names*', (route) => route.fulfill(UNAVAILABLE));
  const logged: string[] = [];
  page.on('console', (m) => m.type() === 'error' && logged.push(m.text()));
  await page.goto('/');
  await expect.poll(() => logged.some((text) => text.includes('Could not load the recipes'))).toBe(true);
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'Sök recept' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Recept' })).toHaveCount(0);
  await expect(page.getByText('Laddar recept…')).toHaveCount(0);
});
