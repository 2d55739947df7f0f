import type { Page } from '@playwright/test';
import { EDITOR } from './support/auth.ts';
import { axeViolations, expect, test } from './support/fixtures.ts';
import { uniqueName } from './support/recipes.ts';

// axe finds nothing on any screen, signed out and as the editor, in light and in dark: the list, search
// results, a recipe, cook mode, the 404 page, and for the editor the new-recipe and edit forms and the profile.
// The dialogs open are checked in dialog-scroll-lock.spec.ts. Every screen is checked before the test fails,
// so one run reports them all.
async function axeFindings(page: Page, screen: string): Promise<string[]> {
  const found: string[] = [];
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    for (const violation of await axeViolations(page)) found.push(`${screen} (${colorScheme}): ${violation}`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  return found;
}

for (const role of ['signed out', 'editor'] as const) {
  test(`axe finds nothing on any screen, ${role}`, async ({ page, recipes, sessions }) => {
    test.slow(); // a dozen axe runs
    const recipe = await recipes.create({
      name: uniqueName('Tillgänglig'),
      servings: 2,
      instructions: 'Skala potatisen.\nKoka i 20 minuter.',
      ingredients: [{ name: 'Potatis', quantity: { value: 1, unit: 'KILOGRAM' } }, { name: 'Salt' }],
    });
    const findings: string[] = [];
    const check = async (screen: string) => findings.push(...(await axeFindings(page, screen)));

    if (role === 'editor') await sessions.open(page, EDITOR, '/');
    else await page.goto('/');
    await expect(page.getByRole('link', { name: recipe.name })).toBeVisible();
    await check('list');

    await page.goto(`/?search=${encodeURIComponent(recipe.name)}`);
    await expect(page.getByRole('link', { name: recipe.name })).toBeVisible();
    await check('search results');

    await page.goto(`/${recipe.id}`);
    await expect(page.getByRole('heading', { level: 1, name: recipe.name })).toBeVisible();
    await check('recipe');
    await page.getByRole('button', { name: 'Matlagningsläge' }).click();
    await expect(page.getByRole('checkbox')).toHaveCount(4);
    await check('cook mode');

    await page.goto('/nowhere');
    await expect(page.getByRole('heading', { name: '404 Not found' })).toBeVisible();
    await check('404');

    if (role === 'editor') {
      await page.goto('/new-recipe');
      await expect(page.getByRole('button', { name: 'Spara nytt recept' })).toBeVisible();
      await check('new recipe');

      await page.goto(`/${recipe.id}/edit`);
      await expect(page.getByLabel('Namn')).toHaveValue(recipe.name);
      await check('edit');

      await page.goto('/profile');
      await expect(page.getByRole('heading', { name: 'Profil' })).toBeVisible();
      await check('profile');
    }

    expect(findings).toEqual([]);
  });
}
