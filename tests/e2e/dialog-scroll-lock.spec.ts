import type { Locator, Page } from '@playwright/test';
import { EDITOR } from './support/auth.ts';
import { expect, expectAccessible, test } from './support/fixtures.ts';
import { uniqueName } from './support/recipes.ts';

// Every dialog of the editor opens within the site's Content-Security-Policy (the fixture fails the test on any
// violation) and stays modal: the page behind does not scroll, is hidden from assistive technology and keeps
// focus out; axe finds nothing with the dialog open, in light and in dark. Closed, the page scrolls again.
// A short window makes the editor pages taller than the viewport.
test.use({ viewport: { width: 1000, height: 420 } });

const overflow = (page: Page) => page.evaluate(() => getComputedStyle(document.body).overflow);
const scrollY = (page: Page) => page.evaluate(() => window.scrollY);
const styleElements = (page: Page) => page.evaluate(() => document.querySelectorAll('style').length);

/** Wheels over the page's left edge (the backdrop while a dialog is open) and says whether the page moved. */
async function wheelMoves(page: Page): Promise<boolean> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.mouse.move(5, 300);
  await page.mouse.wheel(0, 400);
  // mouse.wheel does not wait for the scroll; give it time to happen before saying it did not.
  return expect
    .poll(() => scrollY(page), { timeout: 1_500 })
    .toBeGreaterThan(0)
    .then(
      () => true,
      () => false,
    );
}

async function checkModal(page: Page, open: () => Promise<Locator>, close: (dialog: Locator) => Promise<void>) {
  const styles = await styleElements(page);
  expect(await wheelMoves(page), 'the page scrolls before the dialog opens').toBe(true);
  expect(await overflow(page)).toBe('visible');

  const dialog = await open();
  await expect(dialog).toBeVisible();
  expect(await overflow(page)).toBe('hidden');
  expect(await wheelMoves(page), 'the page behind an open dialog stays still').toBe(false);
  expect(await styleElements(page), 'no <style> element added (the policy would refuse it)').toBe(styles);
  // Still modal: the page's heading is hidden from the accessibility tree and focus stays in the dialog.
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(0);
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  }
  await expectAccessible(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectAccessible(page);
  await page.emulateMedia({ colorScheme: 'light' });

  await close(dialog);
  await expect(dialog).toBeHidden();
  expect(await overflow(page)).toBe('visible');
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  expect(await wheelMoves(page), 'the page scrolls again once the dialog is closed').toBe(true);
}

const cancel = (dialog: Locator) => dialog.getByRole('button', { name: 'Avbryt' }).click();

test('the ingredient dialog and the import dialog lock the page behind and keep the policy', async ({
  page,
  sessions,
}) => {
  await sessions.open(page, EDITOR, '/new-recipe');
  await expect(page.getByRole('heading', { level: 1, name: 'Nytt recept' })).toBeVisible();
  await checkModal(
    page,
    async () => {
      await page.getByRole('button', { name: 'Lägg till ingrediens' }).click();
      return page.getByRole('dialog', { name: 'Lägg till ingrediens' });
    },
    cancel,
  );
  await checkModal(
    page,
    async () => {
      await page.getByRole('button', { name: 'Importera recept' }).click();
      return page.getByRole('dialog', { name: 'Importera recept' });
    },
    cancel,
  );
});

test('the delete dialog and the edit-ingredient dialog lock the page behind and keep the policy', async ({
  page,
  recipes,
  sessions,
}) => {
  const recipe = await recipes.create({
    name: uniqueName('Rullad'),
    instructions: 'Vispa.\nGrädda.',
    ingredients: [{ name: 'Mjöl', quantity: { value: 2, unit: 'DECILITER' } }, { name: 'Ägg' }],
  });
  await sessions.open(page, EDITOR, `/${recipe.id}/edit`);
  await expect(page.getByLabel('Namn')).toHaveValue(recipe.name);
  await checkModal(
    page,
    async () => {
      await page.getByRole('button', { name: 'Ta bort recept' }).click();
      return page.getByRole('alertdialog', { name: 'Ta bort recept' });
    },
    cancel,
  );
  await checkModal(
    page,
    async () => {
      await page.getByRole('button', { name: 'Mjöl 2 dl', exact: true }).click();
      return page.getByRole('dialog', { name: 'Redigera ingrediens' });
    },
    cancel,
  );
  // Both closed without a change: the recipe is still there.
  await expect(page.getByRole('button', { name: 'Ta bort recept' })).toBeVisible();
});
