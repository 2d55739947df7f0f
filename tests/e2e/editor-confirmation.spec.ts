import type { Locator, Page } from '@playwright/test';
import { EDITOR } from './support/auth.ts';
import { test, expect, expectAccessible } from './support/fixtures.ts';
import { uniqueName } from './support/recipes.ts';

// After saving or deleting, the page the editor goes to confirms it in a polite live region
// ('Receptet sparades.', 'Receptet togs bort.' with 'Ångra'), once, for a few seconds.

/**
 * The live region holding `text`: a polite status, on screen, gone after a few seconds, and not shown again
 * on a reload. `loaded`: what the page shows once its island has hydrated and read its data.
 */
async function expectConfirmation(page: Page, text: string, loaded: Locator, goneWithin = 10_000) {
  const region = page.locator('[role="status"][aria-live="polite"]', { hasText: text });
  await expect(region).toBeVisible();
  await expect(region).toHaveText(text);
  await expectAccessible(page);
  await expect(region).toHaveCount(0, { timeout: goneWithin });
  // Read once: a reload does not say it again.
  await page.reload();
  await expect(loaded).toBeVisible();
  await expect(page.getByText(text)).toHaveCount(0);
}

test('saving a new recipe confirms it on the recipe page', async ({ page, recipes, sessions }) => {
  const name = uniqueName('Bekräftad');
  await sessions.open(page, EDITOR, '/new-recipe');
  await page.getByLabel('Namn').fill(name);
  await page.getByRole('button', { name: 'Spara nytt recept' }).click();
  await page.waitForURL(/\/[1-9][0-9]*$/);
  recipes.adopt(Number(new URL(page.url()).pathname.slice(1)));
  const heading = page.getByRole('heading', { level: 1, name });
  await expect(heading).toBeVisible();
  await expectConfirmation(page, 'Receptet sparades.', heading);
});

test('saving an edit confirms it on the recipe page', async ({ page, recipes, sessions }) => {
  const recipe = await recipes.create({ name: uniqueName('Ändras') });
  await sessions.open(page, EDITOR, `/${recipe.id}/edit`);
  await expect(page.getByLabel('Namn')).toHaveValue(recipe.name);
  await page.getByLabel('Namn').fill(`${recipe.name} ny`);
  await page.getByRole('button', { name: 'Spara', exact: true }).click();
  await page.waitForURL(`/${recipe.id}`);
  const heading = page.getByRole('heading', { level: 1, name: `${recipe.name} ny` });
  await expect(heading).toBeVisible();
  await expectConfirmation(page, 'Receptet sparades.', heading);
});

test('deleting confirms it on the list', async ({ page, recipes, sessions }) => {
  const recipe = await recipes.create({ name: uniqueName('Tas bort') });
  await sessions.open(page, EDITOR, `/${recipe.id}/edit`);
  await expect(page.getByLabel('Namn')).toHaveValue(recipe.name);
  await page.getByRole('button', { name: 'Ta bort recept' }).click();
  await page.getByRole('alertdialog', { name: 'Ta bort recept' }).getByRole('button', { name: 'Ta bort' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  const list = page.getByRole('list', { name: 'Recept' }).getByRole('link').first();
  await expect(page.getByRole('link', { name: recipe.name })).toHaveCount(0);
  await expectConfirmation(page, 'Receptet togs bort. Ångra', list, 16_000);
});

test("'Ångra' on the deleted message brings the recipe back from the trash and opens it", async ({
  page,
  recipes,
  sessions,
}) => {
  const recipe = await recipes.create({ name: uniqueName('Ångras') });
  await sessions.open(page, EDITOR, `/${recipe.id}/edit`);
  await expect(page.getByLabel('Namn')).toHaveValue(recipe.name);
  await page.getByRole('button', { name: 'Ta bort recept' }).click();
  await page.getByRole('alertdialog', { name: 'Ta bort recept' }).getByRole('button', { name: 'Ta bort' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.getByRole('list', { name: 'Recept' }).getByRole('link').first()).toBeVisible();
  // From the keyboard; the message does not go while the focus is on it (waited past its time).
  const undo = page.getByRole('status').getByRole('button', { name: 'Ångra' });
  await undo.focus();
  await page.waitForTimeout(13_000);
  await expect(undo).toBeVisible();
  await page.keyboard.press('Enter');
  await page.waitForURL(`/${recipe.id}`);
  await expect(page.getByRole('heading', { level: 1, name: recipe.name })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Receptet är tillbaka.' })).toBeVisible();
});

test('a failed save confirms nothing', async ({ page, recipes, sessions }) => {
  const recipe = await recipes.create({ name: uniqueName('Misslyckas') });
  await sessions.open(page, EDITOR, `/${recipe.id}/edit`);
  await expect(page.getByLabel('Namn')).toHaveValue(recipe.name);
  await page.route(new RegExp(`/recipes/${recipe.id}$`), (route) =>
    route.request().method() === 'PUT' ? route.fulfill({ status: 500, body: '{}' }) : route.continue(),
  );
  await page.getByLabel('Namn').fill(`${recipe.name} x`);
  await page.getByRole('button', { name: 'Spara', exact: true }).click();
  await expect(page.getByText('Something bad happened; please try again later.')).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('recipe-book:flash'))).toBeNull();
});
