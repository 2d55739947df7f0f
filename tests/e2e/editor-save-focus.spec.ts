import type { Locator, Page } from '@playwright/test';
import { EDITOR } from './support/auth.ts';
import { expect, expectAccessible, test } from './support/fixtures.ts';
import { uniqueName } from './support/recipes.ts';

// Issue 39, point 1: a save the form refuses never fails silently. Focus goes to the first control in error,
// scrolled into view (in the ingredient list too: there it is the row's button, whose dialog fixes the row), and
// next to the save button a live region says how many need fixing, updated as they are fixed. Both editor pages,
// on a phone and on a desktop.

const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

const ORPHAN = 'Rubriken behöver minst en ingrediens under sig';

/** The live region next to the save button (present, empty, before anything is refused). */
const summary = (page: Page) => page.locator('.editor-actions [role="status"]');
const ingredientRows = (page: Page) => page.getByRole('region', { name: 'Ingredienser' });

async function addIngredient(page: Page, name: string) {
  await page.getByRole('button', { name: 'Lägg till ingrediens' }).click();
  const dialog = page.getByRole('dialog', { name: 'Lägg till ingrediens' });
  await dialog.getByLabel('Ingrediens', { exact: true }).fill(name);
  await dialog.getByRole('button', { name: 'Lägg till' }).click();
  await expect(dialog).toBeHidden();
}

async function addHeading(page: Page, heading: string) {
  await page.getByRole('button', { name: 'Lägg till rubrik' }).click();
  const dialog = page.getByRole('dialog', { name: 'Lägg till rubrik' });
  await dialog.getByLabel('Rubrik').fill(heading);
  await dialog.getByRole('button', { name: 'Lägg till' }).click();
  await expect(dialog).toBeHidden();
}

/**
 * `target` focused and on screen after the refused save; beside the save button (out of view by then on a phone,
 * the page having moved to the error) the summary says `count`, and the button points at it.
 */
async function expectRefused(page: Page, save: Locator, target: Locator, count: number) {
  await expect(target).toBeFocused();
  await expect(target).toBeInViewport();
  await expect(summary(page)).toHaveText(`${count} fält behöver rättas`);
  await expect(save).toHaveAccessibleDescription(`${count} fält behöver rättas`);
}

for (const size of SIZES) {
  test.describe(`${size.name} (${size.width} px)`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('Nytt recept: focus goes to the row in error, the count follows the fixes', async ({
      page,
      recipes,
      sessions,
    }) => {
      await sessions.open(page, EDITOR, '/new-recipe');
      const save = page.getByRole('button', { name: 'Spara nytt recept' });
      // The live region is there, empty, before it has anything to say: a region that appears with its text
      // is not reliably spoken.
      await expect(summary(page)).toHaveText('');
      await expect(summary(page)).toHaveAttribute('role', 'status');

      const name = uniqueName('Fokuskaka');
      await page.getByLabel('Namn').fill(name);
      await addIngredient(page, 'Vetemjöl');
      await addHeading(page, 'Till glasyr'); // nothing under it: the list refuses it
      await page.getByLabel('Instruktioner').fill('Tab\there'); // and a field further down
      await page.getByLabel('Namn').focus(); // the top of the page: the row is out of view on a phone
      await page.evaluate(() => window.scrollTo(0, 0));

      await save.click();
      const heading = ingredientRows(page).getByRole('button', { name: 'Rubrik Till glasyr', exact: true });
      await expectRefused(page, save, heading, 2);
      await expect(heading).toHaveAccessibleDescription(ORPHAN);
      await expect(ingredientRows(page).getByText(ORPHAN)).toBeInViewport();
      await expectAccessible(page);
      await expect(page).toHaveURL(/\/new-recipe$/);

      // Fixed one by one: the count follows, and goes once nothing is left.
      await page.getByLabel('Instruktioner').fill('Vispa glasyren.');
      await expect(summary(page)).toHaveText('1 fält behöver rättas');
      await addIngredient(page, 'Florsocker'); // added last: under the heading
      await expect(summary(page)).toHaveText('');
      await expect(save).not.toHaveAccessibleDescription(/fält/);

      // A field at the top, refused while the page is scrolled to the bottom.
      await page.getByLabel('Namn').fill('');
      await save.scrollIntoViewIfNeeded();
      await save.click();
      await expectRefused(page, save, page.getByLabel('Namn'), 1);
      await expectAccessible(page);

      await page.getByLabel('Namn').fill(name);
      await expect(summary(page)).toHaveText('');
      await save.click();
      await page.waitForURL(/\/\d+$/);
      recipes.adopt(Number(new URL(page.url()).pathname.slice(1)));
    });

    test('Redigera recept: the same, the first field first', async ({ page, recipes, sessions }) => {
      const recipe = await recipes.create({
        name: uniqueName('Fokuspaj'),
        instructions: 'Grädda.',
        ingredients: [{ name: 'Smör' }, { name: 'Mjöl' }],
      });
      await sessions.open(page, EDITOR, `/${recipe.id}/edit`);
      await expect(page.getByLabel('Namn')).toHaveValue(recipe.name);
      const save = page.getByRole('button', { name: 'Spara', exact: true });
      await expect(summary(page)).toHaveText('');

      await page.getByLabel('Namn').fill('');
      await page.getByLabel('Portioner').fill('0');
      await save.scrollIntoViewIfNeeded();
      await save.click();
      await expectRefused(page, save, page.getByLabel('Namn'), 2);
      await expect(page.getByLabel('Namn')).toHaveAccessibleDescription('Name is required');
      await expectAccessible(page);

      await page.getByLabel('Namn').fill(recipe.name);
      await expect(summary(page)).toHaveText('1 fält behöver rättas');
      await page.getByLabel('Portioner').fill('6');
      await expect(summary(page)).toHaveText('');

      // In the ingredient list: the heading row's button, and its dialog fixes it.
      await addHeading(page, 'Till servering');
      await page.evaluate(() => window.scrollTo(0, 0));
      await save.click();
      const heading = ingredientRows(page).getByRole('button', { name: 'Rubrik Till servering', exact: true });
      await expectRefused(page, save, heading, 1);
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Redigera rubrik' });
      await dialog.getByRole('button', { name: 'Ta bort' }).click();
      await expect(dialog).toBeHidden();
      await expect(summary(page)).toHaveText('');
    });
  });
}
