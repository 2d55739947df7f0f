import type { Locator, Page } from '@playwright/test';
import { EDITOR } from './support/auth.ts';
import { expect, expectAccessible, test } from './support/fixtures.ts';

// Spec section 5, every message at its boundary, on the real page. A message shows only when the
// field is invalid and dirty or touched; an invalid submit marks everything and sends nothing.

const M = {
  required: 'Name is required',
  max64: 'Max 64 characters',
  chars: 'Ett eller flera ogiltliga tecken',
  max10000: 'Max 10000 characters',
  min1: 'Must be 1 or more',
  max100: 'Max 100',
  number: 'Must be a number',
  max34: 'Max 34 characters',
  max5: 'Max 5 characters',
};

/** The message tied to a field (aria-describedby), or '' when none shows. */
async function messageOf(field: Locator): Promise<string> {
  const id = await field.getAttribute('aria-describedby');
  if (!id) return '';
  return (await field.page().locator(`[id="${id}"]`).textContent()) ?? '';
}

async function expectMessage(field: Locator, value: string, message: string) {
  await field.fill(value);
  await expect.poll(() => messageOf(field), { message: `${JSON.stringify(value.slice(0, 20))}…` }).toBe(message);
}

async function recipeRequests(page: Page): Promise<string[]> {
  const seen: string[] = [];
  page.on('request', (r) => {
    if (r.method() !== 'GET' && /\/recipes/.test(r.url())) seen.push(`${r.method()} ${r.url()}`);
  });
  return seen;
}

// The create route is protected (a visitor cannot create anything), so validation runs signed in.
test.beforeEach(async ({ page, sessions }) => {
  await sessions.open(page, EDITOR, '/new-recipe');
  await expect(page.getByRole('heading', { name: 'Nytt recept' })).toBeVisible();
});

test('no message before a field is touched; an invalid submit shows them and sends nothing', async ({ page }) => {
  const sent = await recipeRequests(page);
  await expect(page.getByText(M.required)).toHaveCount(0);
  await page.getByLabel('Namn').focus();
  await page.getByLabel('Portioner').focus(); // leaving 'Namn' touches it
  await expect(page.getByText(M.required)).toHaveCount(1);

  await page.getByLabel('Portioner').fill('0');
  await page.getByRole('button', { name: 'Spara nytt recept' }).click();
  expect(await messageOf(page.getByLabel('Namn'))).toBe(M.required);
  expect(await messageOf(page.getByLabel('Portioner'))).toBe(M.min1);
  await expect(page.getByLabel('Namn')).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page);
  await page.waitForTimeout(300);
  expect(sent).toEqual([]);
  await expect(page).toHaveURL(/\/new-recipe$/);
});

test('recipe name, servings and instructions at their limits', async ({ page }) => {
  const name = page.getByLabel('Namn');
  await expectMessage(name, 'a'.repeat(64), '');
  await expectMessage(name, 'a'.repeat(65), M.max64);
  await expectMessage(name, 'Kaka ~', M.chars);
  await expectMessage(name, 'Åäö éè ½ "a" (1) – % & #2 / [x] {y} € $ @ ¨ < > | ^ ´ = _ — `', '');
  await expectMessage(name, '', M.required);

  const servings = page.getByLabel('Portioner');
  await expectMessage(servings, '1', '');
  await expectMessage(servings, '0', M.min1);
  await expectMessage(servings, '-3', M.min1);
  await expectMessage(servings, '100', '');
  await expectMessage(servings, '101', M.max100);
  await expectMessage(servings, 'fyra', M.number);
  await expectMessage(servings, '2.5', M.number);

  const instructions = page.getByLabel('Instruktioner');
  await expectMessage(instructions, 'x'.repeat(10000), '');
  await expectMessage(instructions, 'x'.repeat(10001), M.max10000);
  await expectMessage(instructions, "Rad ett\nBlanda: 1,5 dl; vispa! Klart? *Varm* 200° 'ok'.", '');
  await expectMessage(instructions, 'Tab\there', M.chars);
});

test('ingredient name and quantity at their limits; an invalid add does not proceed', async ({ page }) => {
  await page.getByRole('button', { name: 'Lägg till ingrediens' }).click();
  const dialog = page.getByRole('dialog', { name: 'Lägg till ingrediens' });
  await dialog.getByRole('button', { name: 'Lägg till' }).click();
  await expect(dialog).toBeVisible();
  const ingredient = dialog.getByLabel('Ingrediens', { exact: true });
  expect(await messageOf(ingredient)).toBe(M.required);
  await expectAccessible(page);

  await expectMessage(ingredient, 'b'.repeat(34), '');
  await expectMessage(ingredient, 'b'.repeat(35), M.max34);
  await expectMessage(ingredient, 'Salt + peppar', M.chars);
  await expectMessage(ingredient, '', M.required);

  const quantity = dialog.getByLabel('Mängd');
  await expectMessage(quantity, '12345', '');
  await expectMessage(quantity, '123456', M.max5);
  await expectMessage(quantity, 'en', M.number);
  await expectMessage(quantity, '1,5', '');
  await expectMessage(quantity, '1.5', '');
  await expectMessage(quantity, '1,', M.number);
  await expectMessage(quantity, '', '');

  await dialog.getByRole('button', { name: 'Lägg till' }).click();
  await expect(dialog).toBeVisible();
  await ingredient.fill('Vaniljsocker');
  await quantity.fill('0,5');
  await dialog.getByRole('button', { name: 'Lägg till' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Vaniljsocker ½', exact: true })).toBeVisible();
});
