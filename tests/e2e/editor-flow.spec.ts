import type { Locator, Page } from '@playwright/test';
import { EDITOR, runtimeConfig } from './support/auth.ts';
import { expect, expectAccessible, test } from './support/fixtures.ts';
import { uniqueName } from './support/recipes.ts';
import { keyboardDragReady } from './support/keyboard-drag.ts';

// The editor's whole journey as redaktor: create with four ingredients (one without unit),
// reorder by mouse and keyboard, edit one, remove one, save, check the details page (order and
// scaling), edit, delete. axe runs on both pages and with every dialog open.

async function addIngredient(page: Page, name: string, quantity: string, unit: string) {
  await page.getByRole('button', { name: 'Lägg till ingrediens' }).click();
  const dialog = page.getByRole('dialog', { name: 'Lägg till ingrediens' });
  await dialog.getByLabel('Ingrediens', { exact: true }).fill(name);
  await dialog.getByLabel('Mängd').fill(quantity);
  await dialog.getByLabel('Enhet').selectOption({ label: unit });
  await dialog.getByRole('button', { name: 'Lägg till' }).click();
  await expect(dialog).toBeHidden();
}

/** Ingredient names in list order, read from the drag handles ('Flytta X'). */
function order(page: Page): Promise<string[]> {
  return page
    .getByRole('button', { name: /^Flytta / })
    .evaluateAll((els) => els.map((e) => (e.getAttribute('aria-label') ?? '').replace(/^Flytta /, '')));
}

async function dragWithMouse(page: Page, from: Locator, to: Locator) {
  const a = await from.boundingBox();
  const b = await to.boundingBox();
  if (!a || !b) throw new Error('rows not visible');
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  // Several small moves: the pointer sensor waits for 5 px of travel, then follows the pointer.
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2 - 10, { steps: 5 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2 - 5, { steps: 15 });
  await page.mouse.up();
}

test(
  'create, reorder, edit, remove, save, scale, edit and delete a recipe',
  { tag: '@provider' },
  async ({ page, recipes, baseURL, sessions }) => {
    test.slow(); // one long journey through both pages, four axe runs and two sign-in round trips
    const name = uniqueName('Pannkakor');
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });

    await sessions.open(page, EDITOR, '/new-recipe');
    await expect(page.getByRole('heading', { level: 1, name: 'Nytt recept' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Tillbaka' })).toHaveAttribute('href', '/');
    await expect(page.getByRole('search')).toBeVisible();
    await expect(page.getByLabel('Namn')).toHaveValue('');
    await expect(page.getByLabel('Portioner')).toHaveValue('4');
    await expect(page.getByLabel('Instruktioner')).toHaveValue('');
    await expect(page.getByRole('heading', { name: 'Ingredienser' })).toBeVisible();
    await expectAccessible(page);

    await page.getByLabel('Namn').fill(name);
    await page.getByLabel('Instruktioner').fill('Vispa ihop allt.\nStek i smör.');

    // The add dialog: 'Ingen' first, then the ten unit labels from {api}/units.
    await page.getByRole('button', { name: 'Lägg till ingrediens' }).click();
    const addDialog = page.getByRole('dialog', { name: 'Lägg till ingrediens' });
    await expect(addDialog.getByLabel('Enhet').locator('option')).toHaveText([
      'Ingen',
      'l',
      'dl',
      'ml',
      'msk',
      'tsk',
      'krm',
      'g',
      'kg',
      'mg',
      'st',
    ]);
    await expect(addDialog.getByLabel('Ingrediens', { exact: true })).toBeFocused();
    await expectAccessible(page);
    await addDialog.getByRole('button', { name: 'Avbryt' }).click();
    await expect(addDialog).toBeHidden();
    // Focus returns to the button that opened the dialog.
    await expect(page.getByRole('button', { name: 'Lägg till ingrediens' })).toBeFocused();

    await addIngredient(page, 'Mjöl', '2,5', 'dl');
    await addIngredient(page, 'Ägg', '3', 'Ingen');
    await addIngredient(page, 'Mjölk', '1.5', 'dl');
    await addIngredient(page, 'Salt', '1', 'krm');
    expect(await order(page)).toEqual(['Mjöl', 'Ägg', 'Mjölk', 'Salt']);
    await expect(page.getByRole('button', { name: 'Ägg 3', exact: true })).toBeVisible();

    // Mouse: Mjölk to the top.
    await dragWithMouse(
      page,
      page.getByRole('button', { name: 'Flytta Mjölk' }),
      page.getByRole('button', { name: 'Flytta Mjöl', exact: true }),
    );
    await expect.poll(() => order(page)).toEqual(['Mjölk', 'Mjöl', 'Ägg', 'Salt']);

    // Keyboard: lift Ägg with Space, one step up, drop with Space; announced in Swedish.
    await page.getByRole('button', { name: 'Flytta Ägg' }).focus();
    await page.keyboard.press('Space');
    await expect(page.getByText('Lyfte Ägg, plats 3 av 4.')).toBeAttached();
    await keyboardDragReady(page);
    await page.keyboard.press('ArrowUp');
    // Drop only once dnd-kit has registered the move (it measures on the next frame).
    await expect(page.getByText('Ägg flyttad till plats 2 av 4.')).toBeAttached();
    await page.keyboard.press('Space');
    await expect(page.getByText('Ägg släppt på plats 2 av 4.')).toBeAttached();
    await expect.poll(() => order(page)).toEqual(['Mjölk', 'Ägg', 'Mjöl', 'Salt']);

    // Edit Mjöl in place: the dialog is prefilled with the amount as the page writes it.
    await page.getByRole('button', { name: 'Mjöl 2 ½ dl', exact: true }).click();
    const editDialog = page.getByRole('dialog', { name: 'Redigera ingrediens' });
    await expect(editDialog.getByLabel('Ingrediens', { exact: true })).toHaveValue('Mjöl');
    await expect(editDialog.getByLabel('Mängd')).toHaveValue('2 ½');
    await expect(editDialog.getByLabel('Enhet')).toHaveValue('dl');
    await expectAccessible(page);
    await editDialog.getByLabel('Mängd').fill('3');
    await editDialog.getByRole('button', { name: 'Redigera' }).click();
    await expect(editDialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Mjöl 3 dl', exact: true })).toBeFocused();
    expect(await order(page)).toEqual(['Mjölk', 'Ägg', 'Mjöl', 'Salt']);

    // Remove Salt.
    await page.getByRole('button', { name: 'Salt 1 krm', exact: true }).click();
    await editDialog.getByRole('button', { name: 'Ta bort' }).click();
    await expect(editDialog).toBeHidden();
    expect(await order(page)).toEqual(['Mjölk', 'Ägg', 'Mjöl']);

    await page.getByRole('button', { name: 'Spara nytt recept' }).click();
    await page.waitForURL(/\/\d+$/);
    const id = Number(new URL(page.url()).pathname.slice(1));
    try {
      expect(dialogs, 'no "unsaved changes" question after a successful save').toEqual([]);

      // Details: saved in the chosen order, labels shown, then scaled to 8 servings.
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      const items = page.getByRole('region', { name: 'Ingredienser' }).getByRole('listitem');
      await expect(items).toHaveCount(3);
      await expect(items.nth(0)).toHaveText(/1 ½ dl\s*Mjölk/);
      await expect(items.nth(1)).toHaveText(/3\s*Ägg/);
      await expect(items.nth(2)).toHaveText(/3 dl\s*Mjöl/);
      await page.getByLabel('Portioner').selectOption('8');
      await expect(items.nth(0)).toHaveText(/3 dl\s*Mjölk/);
      await expect(items.nth(1)).toHaveText(/6\s*Ägg/);
      await expect(items.nth(2)).toHaveText(/6 dl\s*Mjöl/);

      // Edit: the form is filled from the stored recipe.
      await page.getByRole('link', { name: 'Redigera' }).click();
      await page.waitForURL(`/${id}/edit`);
      await expect(page.getByRole('heading', { level: 1, name: 'Redigera recept' })).toBeVisible();
      await expect(page.getByLabel('Namn')).toHaveValue(name);
      await expect(page.getByLabel('Portioner')).toHaveValue('4');
      await expect(page.getByLabel('Instruktioner')).toHaveValue('Vispa ihop allt.\nStek i smör.');
      await expect(page.getByRole('link', { name: 'Tillbaka' })).toHaveAttribute('href', `/${id}`);
      expect(await order(page)).toEqual(['Mjölk', 'Ägg', 'Mjöl']);
      await expectAccessible(page);
      const renamed = `${name} ändrad`;
      await page.getByLabel('Namn').fill(renamed);
      await page.getByRole('button', { name: 'Spara', exact: true }).click();
      await page.waitForURL(`/${id}`);
      await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();

      // Delete through the dialog.
      await page.getByRole('link', { name: 'Redigera' }).click();
      await page.getByRole('button', { name: 'Ta bort recept' }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Ta bort recept' });
      await expect(confirm).toContainText(`Vill du ta bort ${renamed}?`);
      await expectAccessible(page);
      await confirm.getByRole('button', { name: 'Avbryt' }).click();
      await expect(confirm).toBeHidden();
      await page.getByRole('button', { name: 'Ta bort recept' }).click();
      await confirm.getByRole('button', { name: 'Ta bort' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      const api = new URL((await runtimeConfig(page.request, String(baseURL))).API_URL, String(baseURL)).href;
      const gone = await page.request.get(`${api.replace(/\/+$/, '')}/recipes/${id}`);
      expect(gone.status()).toBe(404);
      expect(dialogs).toEqual([]);
    } finally {
      await recipes.remove(id);
    }
  },
);

test('the ingredient dialog stays open on Escape and on a backdrop click', async ({ page, sessions }) => {
  await sessions.open(page, EDITOR, '/new-recipe');
  await page.getByRole('button', { name: 'Lägg till ingrediens' }).click();
  const dialog = page.getByRole('dialog', { name: 'Lägg till ingrediens' });
  await dialog.getByLabel('Ingrediens', { exact: true }).fill('Kanel');
  await page.keyboard.press('Escape');
  await page.mouse.click(5, 5);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Ingrediens', { exact: true })).toHaveValue('Kanel');
  const box = await dialog.boundingBox();
  expect(box?.width).toBe(640); // 40rem at 16 px
  // Focus stays inside: tabbing past the last button comes back to the first field.
  for (let i = 0; i < 6; i += 1) await page.keyboard.press('Tab');
  await expect(dialog.locator(':focus')).toHaveCount(1);
});

test('the edit page shows its heading and search bar before the recipe arrives, and the search goes to the list', async ({
  page,
  recipes,
  sessions,
}) => {
  const recipe = await recipes.create({ name: uniqueName('Sökfält') });
  // Hold the recipe back: the heading and the search bar are the page's own (static and a separate
  // island), not the editor's, so they are there and usable while the editor still loads.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(new RegExp(`/recipes/${recipe.id}$`), async (route) => {
    await held;
    await route.continue();
  });
  await sessions.open(page, EDITOR, `/${recipe.id}/edit`);
  await expect(page.getByRole('heading', { level: 1, name: 'Redigera recept' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Hämtar receptet…' })).toBeVisible();
  const search = page.getByRole('searchbox', { name: 'Sök recept' });
  await search.fill('sill');
  release();
  await expect(page.getByLabel('Namn')).toHaveValue(recipe.name);
  await expect(search).toHaveValue('sill');
  await search.press('Enter');
  await expect(page).toHaveURL('/?search=sill');
  await expect(search).toHaveValue('sill');
});
