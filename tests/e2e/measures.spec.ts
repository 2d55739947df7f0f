import type { Page } from '@playwright/test';
import { test, expect, expectAccessible, islandCardShown } from './support/fixtures.ts';
import { uniqueName } from './support/recipes.ts';

// Issue 57, items 4 and 5 (docs/densities.md): 'Mått och vikt' on the recipe page, loaded only when asked for
// (decision 065): 'Visa mängder' as written, by weight or by volume, and 'Skala efter det du har'.

const INGREDIENTS = [
  { name: 'Köttfärs', quantity: { value: 500, unit: 'GRAM' } },
  { name: 'Vetemjöl', quantity: { value: 3, unit: 'DECILITER' } },
  { name: 'Smör', quantity: { value: 100, unit: 'GRAM' } },
  { name: 'Ägg', quantity: { value: 2, unit: 'PIECES' } },
  { name: 'Mjölk', quantity: { value: 5, unit: 'DECILITER' } },
  { name: 'Ägg', note: 'till pensling', quantity: { value: 1, unit: 'PIECES' }, doNotScale: true },
];
const WRITTEN = ['500 gKöttfärs', '3 dlVetemjöl', '100 gSmör', '2Ägg', '5 dlMjölk', '1Ägg, till pensling'];

async function open(page: Page, recipes: { create(r: unknown): Promise<{ id: number }> }): Promise<string[]> {
  const recipe = await recipes.create({
    name: uniqueName('Köttbullar'),
    servings: 4,
    instructions: 'Blanda allt.\nStek 10 minuter.',
    ingredients: INGREDIENTS,
  });
  const asked: string[] = [];
  page.on('request', (r) => asked.push(r.url()));
  await page.goto(`/${recipe.id}`);
  await islandCardShown(page);
  return asked;
}

const items = (page: Page) => page.getByRole('region', { name: 'Ingredienser' }).getByRole('listitem');
const measuresButton = (page: Page) => page.getByRole('button', { name: 'Mått och vikt' });

test('the measures code comes only on the press; weights and volumes, and back as written', async ({
  page,
  recipes,
}) => {
  const asked = await open(page, recipes);
  await expect(items(page)).toHaveText(WRITTEN);
  expect(asked.filter((u) => /measures-view/.test(u))).toEqual([]);
  // At its own servings the island's JSON-LD is the server's head block's text: its code is not fetched either.
  await expect(page.locator('article script[type="application/ld+json"]')).toHaveCount(1);
  expect(asked.filter((u) => /recipe-jsonld\./.test(u))).toEqual([]);
  await expect(measuresButton(page)).toHaveAttribute('aria-expanded', 'false');

  await measuresButton(page).click();
  await expect(measuresButton(page)).toHaveAttribute('aria-expanded', 'true');
  const views = page.getByRole('group', { name: 'Visa mängder' });
  await views.getByRole('radio', { name: 'Vikt (g)' }).check();
  await expect(items(page)).toHaveText([
    '500 gKöttfärs',
    'ca 180 gVetemjöl',
    '100 gSmör',
    '2Ägg',
    '5 dlMjölk',
    '1Ägg, till pensling',
  ]);
  expect(asked.some((u) => /measures-view/.test(u))).toBe(true);
  await expect(views).toContainText('omräknad');
  await expectAccessible(page);

  await views.getByRole('radio', { name: 'Mått (dl)' }).check();
  await expect(items(page).nth(2)).toHaveText('ca 1,1 dlSmör');
  await expect(items(page).nth(1)).toHaveText('3 dlVetemjöl');
  await views.getByRole('radio', { name: 'Som i receptet' }).check();
  await expect(items(page)).toHaveText(WRITTEN);

  // Closing the panel goes back to as written; a reload keeps nothing.
  await views.getByRole('radio', { name: 'Vikt (g)' }).check();
  await measuresButton(page).click();
  await expect(items(page)).toHaveText(WRITTEN);
  await page.reload();
  await islandCardShown(page);
  await expect(items(page)).toHaveText(WRITTEN);
});

test('scaling by what is at hand: the factor and servings, errors tied to the field, Portioner ends it', async ({
  page,
  recipes,
}) => {
  await open(page, recipes);
  await measuresButton(page).click();
  const form = page.getByRole('group', { name: 'Skala efter det du har' });
  const field = form.getByRole('textbox', { name: 'Det du har' });
  await form.getByRole('combobox', { name: 'Ingrediens' }).selectOption({ label: 'Köttfärs (500 g)' });

  // Errors in Swedish, tied to the field, focus on it.
  await field.fill('3 dl');
  await form.getByRole('button', { name: 'Skala' }).click();
  const error = page.getByText('Receptet anger ”Köttfärs” i vikt: skriv mängden i g, hg eller kg.');
  await expect(error).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  const errorId = await error.getAttribute('id');
  expect(errorId).toBeTruthy();
  expect((await field.getAttribute('aria-describedby'))?.split(' ')).toContain(errorId);
  await expect(field).toBeFocused();
  await expectAccessible(page);
  await field.fill('abc');
  await form.getByRole('button', { name: 'Skala' }).click();
  await expect(page.getByRole('alert')).not.toHaveText('');
  await expect(page.getByRole('alert')).not.toContainText('i vikt');

  await field.fill('300 g');
  await form.getByRole('button', { name: 'Skala' }).click();
  await expect(page.getByText('Receptet gånger 0,6: ≈ 2 ½ portioner.')).toBeVisible();
  await expect(items(page)).toHaveText([
    '300 gKöttfärs',
    '1,8 dlVetemjöl',
    '60 gSmör',
    '1Ägg',
    '3 dlMjölk',
    '1Ägg, till pensling',
  ]);
  await expect(page.getByRole('combobox', { name: 'Portioner' })).toHaveValue('4');
  await expectAccessible(page);

  // Scaled and by weight together; cook mode shows the same amounts.
  await page.getByRole('group', { name: 'Visa mängder' }).getByRole('radio', { name: 'Vikt (g)' }).check();
  await expect(items(page).nth(1)).toHaveText('ca 110 gVetemjöl');
  await page.getByRole('button', { name: 'Matlagningsläge' }).click();
  await expect(items(page).nth(0)).toHaveText('300 gKöttfärs');
  await expect(items(page).nth(1)).toHaveText('ca 110 gVetemjöl');
  await page.getByRole('button', { name: 'Matlagningsläge' }).click();

  await form.getByRole('button', { name: 'Återställ' }).click();
  await expect(items(page).nth(0)).toHaveText('500 gKöttfärs');

  // Another number of servings ends a scaling: the list is at the new servings, the field empty; the view chosen
  // (weights) stays.
  await form.getByRole('combobox', { name: 'Ingrediens' }).selectOption({ label: 'Vetemjöl (3 dl)' });
  await field.fill('360 g');
  await form.getByRole('button', { name: 'Skala' }).click();
  await expect(page.getByText('Receptet gånger 2: 8 portioner.')).toBeVisible();
  await page.getByRole('combobox', { name: 'Portioner' }).selectOption('2');
  await expect(items(page).nth(0)).toHaveText('250 gKöttfärs');
  await expect(page.getByRole('textbox', { name: 'Det du har' })).toHaveValue('');
  await expect(
    page.getByRole('group', { name: 'Visa mängder' }).getByRole('radio', { name: 'Vikt (g)' }),
  ).toBeChecked();
  await expect(items(page).nth(1)).toHaveText('ca 90 gVetemjöl');
});

for (const width of [390, 1280]) {
  test(`at ${width} px the panel is accessible, and paper shows neither control`, async ({ page, recipes }) => {
    await page.setViewportSize({ width, height: 900 });
    await open(page, recipes);
    await measuresButton(page).click();
    await expect(page.getByRole('group', { name: 'Visa mängder' })).toBeVisible();
    await expectAccessible(page);
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('group', { name: 'Visa mängder' })).toBeHidden();
    await expect(page.getByRole('group', { name: 'Skala efter det du har' })).toBeHidden();
    await expect(measuresButton(page)).toBeHidden();
  });
}

test('a recipe with nothing to weigh, measure or scale by says so when the panel opens', async ({ page, recipes }) => {
  const recipe = await recipes.create({
    name: uniqueName('Smaksättning'),
    servings: 2,
    instructions: 'Smaka av.',
    ingredients: [{ name: 'Salt' }, { name: 'Peppar', note: 'nymalen' }],
  });
  await page.goto(`/${recipe.id}`);
  await islandCardShown(page);
  await measuresButton(page).click();
  await expect(
    page.getByText('Receptet har inga mängder som kan räknas om till vikt eller mått, eller skalas efter det du har.'),
  ).toBeVisible();
  await expectAccessible(page);
});

test(
  'the panel’s code that does not come is said in its place, and Försök igen fetches it',
  { tag: '@whole-browser' },
  async ({ page, recipes }) => {
    // Offline before the service worker kept it, or a new version of the site has replaced the chunk.
    let blocked = true;
    const asked: string[] = [];
    await page.route(/\/measures-view\.[\w-]+\.js(\?again=\d+)?$/, (route) => {
      asked.push(route.request().url());
      return blocked ? route.abort('internetdisconnected') : route.continue();
    });
    await open(page, recipes);
    await measuresButton(page).click();
    const failed = page.getByRole('alert').filter({ hasText: 'Verktygen kunde inte laddas.' });
    await expect(failed).toHaveText('Verktygen kunde inte laddas. Kontrollera anslutningen och försök igen.');
    await expect(items(page)).toHaveText(WRITTEN);
    await expectAccessible(page);
    const retry = page.getByRole('button', { name: 'Försök igen' });
    const before = asked.length;
    await retry.click();
    await expect.poll(() => asked.length).toBeGreaterThan(before);
    await expect(failed).toBeVisible();

    // Closed and opened again, the panel asks again by itself.
    await measuresButton(page).click();
    await expect(failed).toHaveCount(0);
    const closed = asked.length;
    await measuresButton(page).click();
    await expect.poll(() => asked.length).toBeGreaterThan(closed);
    await expect(failed).toBeVisible();

    // Let through, it comes.
    blocked = false;
    await retry.click();
    await expect(page.getByRole('group', { name: 'Visa mängder' })).toBeVisible();
    await expect(failed).toHaveCount(0);
    await page.getByRole('group', { name: 'Visa mängder' }).getByRole('radio', { name: 'Vikt (g)' }).check();
    await expect(items(page).nth(1)).toHaveText('ca 180 gVetemjöl');
  },
);
