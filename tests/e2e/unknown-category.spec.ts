import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { uniqueName } from './support/recipes.ts';

// Issue 35: ?category= with a name no category has (a mistyped or old link) shows no chip of that text, pressed or
// not, and the list says that no category has that name; a category in use, written in another letter case, is
// its own chip pressed, spelled as the list spells it.

// Exact (and so letter-case) names: 'BAKNING X' is not the chip 'Bakning x'.
const chip = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Kategorier' }).getByRole('button', { name, exact: true });

test('an unknown category in the address has no chip, and the list says there is no such category', async ({
  page,
  recipes,
}) => {
  const baking = uniqueName('Bakning');
  await recipes.create({ name: uniqueName('Bullar'), servings: 4, categories: [baking] });

  const unknown = uniqueName('Finns inte');
  await page.goto(`/?category=${encodeURIComponent(unknown)}`);
  await expect(page.getByText(`Det finns ingen kategori som heter ”${unknown}”.`)).toBeVisible();
  await expect(chip(page, unknown)).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Kategorier' }).locator('[aria-pressed="true"]')).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Recept' })).toHaveCount(0);
  // The way back to every recipe.
  await page.getByRole('link', { name: 'Visa alla recept' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByText(/Det finns ingen kategori/)).toHaveCount(0);

  // A category in use, in other letters: its own chip, pressed; no chip of the address's spelling.
  await page.goto(`/?category=${encodeURIComponent(baking.toUpperCase())}`);
  await expect(chip(page, baking)).toHaveAttribute('aria-pressed', 'true');
  await expect(chip(page, baking.toUpperCase())).toHaveCount(0);
  await expect(page.getByText(/Det finns ingen kategori/)).toHaveCount(0);
});
