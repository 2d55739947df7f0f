import type { Page } from '@playwright/test';
import { EDITOR } from './support/auth.ts';
import { expect, expectAccessible, islandCardShown, test } from './support/fixtures.ts';
import { uniqueName } from './support/recipes.ts';

// Issue 37 in Chromium: an ingredient's note ('siktat'). An editor writes it in the ingredient dialog's 'Anteckning'
// (its rules said at the field), sees it on the row, saves; the recipe page shows it after the name in a quieter
// style at other servings, in cook mode, on paper, on a phone and in the JSON-LD; it survives an edit. An imported
// draft's notes reach the create form's rows.

const recipePage = (page: Page) => page.getByRole('region', { name: 'Ingredienser' });

async function addIngredient(page: Page, fields: { name: string; quantity?: string; unit?: string; note?: string }) {
  await page.getByRole('button', { name: 'Lägg till ingrediens' }).click();
  const dialog = page.getByRole('dialog', { name: 'Lägg till ingrediens' });
  await dialog.getByLabel('Ingrediens', { exact: true }).fill(fields.name);
  if (fields.quantity) await dialog.getByLabel('Mängd').fill(fields.quantity);
  if (fields.unit) await dialog.getByLabel('Enhet').selectOption({ label: fields.unit });
  if (fields.note) await dialog.getByLabel('Anteckning').fill(fields.note);
  await dialog.getByRole('button', { name: 'Lägg till' }).click();
  await expect(dialog).toBeHidden();
}

test('an editor adds a note in the dialog; the recipe page shows it at any servings, and it survives an edit', async ({
  page,
  recipes,
  sessions,
}) => {
  test.slow(); // the form, the recipe page in four states, the edit, three axe runs
  const name = uniqueName('Notbullar');
  await sessions.open(page, EDITOR, '/new-recipe');
  await page.getByLabel('Namn').fill(name);

  // The field's rules, said at the field: at most 100 characters, only the allowed ones; the dialog stays open.
  await page.getByRole('button', { name: 'Lägg till ingrediens' }).click();
  const dialog = page.getByRole('dialog', { name: 'Lägg till ingrediens' });
  const note = dialog.getByLabel('Anteckning');
  await dialog.getByLabel('Ingrediens', { exact: true }).fill('vetemjöl');
  await note.fill('x'.repeat(101));
  await expect(dialog.getByText('Max 100 characters')).toBeVisible();
  await expect(note).toHaveAttribute('aria-invalid', 'true');
  await note.fill('Philadelphia®');
  await expect(dialog.getByText('Ett eller flera ogiltliga tecken')).toBeVisible();
  await dialog.getByRole('button', { name: 'Lägg till' }).click();
  await expect(dialog).toBeVisible();
  await note.fill('siktat');
  await expect(dialog.getByText('Ett eller flera ogiltliga tecken')).toHaveCount(0);
  await dialog.getByLabel('Mängd').fill('6');
  await dialog.getByLabel('Enhet').selectOption({ label: 'dl' });
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Lägg till' }).click();
  await expect(dialog).toBeHidden();
  // A note is optional; one that is markup stays text.
  await addIngredient(page, { name: 'smör', quantity: '100', unit: 'g', note: '<b>rumsvarmt</b>' });
  await addIngredient(page, { name: 'salt', quantity: '1', unit: 'krm' });

  const rows = page.getByRole('region', { name: 'Ingredienser' });
  await expect(rows.getByRole('button', { name: /^vetemjöl/ })).toHaveAccessibleName('vetemjöl, siktat 6 dl');
  await expect(rows.getByRole('button', { name: /^smör/ })).toHaveAccessibleName('smör, <b>rumsvarmt</b> 100 g');
  await expect(rows.getByRole('button', { name: /^salt/ })).toHaveAccessibleName('salt 1 krm');
  await page.getByRole('button', { name: 'Spara nytt recept' }).click();
  await page.waitForURL(/\/\d+$/);
  const id = Number(new URL(page.url()).pathname.slice(1));
  recipes.adopt(id);
  const [stored] = await recipes.search(name);
  expect(stored?.ingredients).toEqual([
    { name: 'vetemjöl', quantity: { value: 6, unit: 'DECILITER' }, note: 'siktat' },
    { name: 'smör', quantity: { value: 100, unit: 'GRAM' }, note: '<b>rumsvarmt</b>' },
    { name: 'salt', quantity: { value: 1, unit: 'PINCH' } },
  ]);

  // The recipe page: the note after the name, quieter than it (another colour), never as markup.
  const items = recipePage(page).getByRole('listitem');
  await expect(items).toHaveText(['6 dlvetemjöl, siktat', '100 gsmör, <b>rumsvarmt</b>', '1 krmsalt']);
  await expect(recipePage(page).locator('b')).toHaveCount(0);
  // Both colours read in one evaluation, asked again until the row is in the document: the island puts its card in
  // the server's card's place, and a row resolved just before that is detached (every computed colour '').
  await expect
    .poll(() =>
      items.first().evaluate((row) => {
        const colour = (selector: string) => {
          const e = row.querySelector(selector);
          return e && e.isConnected ? getComputedStyle(e).color : '';
        };
        const [name, note] = [colour('.ingredient-name'), colour('.ingredient-note')];
        return name === '' || note === '' ? 'not drawn' : name === note ? `the same colour, ${name}` : 'different';
      }),
    )
    .toBe('different');
  await expectAccessible(page);
  const jsonLd = async () =>
    JSON.parse((await page.locator('article script[type="application/ld+json"]').textContent()) ?? '{}') as {
      recipeIngredient: string[];
    };
  expect((await jsonLd()).recipeIngredient).toEqual([
    '6 dl vetemjöl, siktat',
    '100 g smör, <b>rumsvarmt</b>',
    '1 krm salt',
  ]);

  // Other servings: the amounts change, the notes do not.
  await page.getByLabel('Portioner').selectOption('8');
  await expect(items).toHaveText(['1,2 lvetemjöl, siktat', '200 gsmör, <b>rumsvarmt</b>', '2 krmsalt']);
  await expect.poll(async () => (await jsonLd()).recipeIngredient[0]).toBe('1,2 l vetemjöl, siktat');
  // Cook mode: the note is part of the ingredient's tick.
  await page.getByRole('button', { name: 'Matlagningsläge' }).click();
  await expect(recipePage(page).getByRole('checkbox', { name: /vetemjöl, siktat$/ })).toBeVisible();
  await page.getByRole('button', { name: 'Matlagningsläge' }).click();
  // On paper, the note is printed after the name.
  await page.emulateMedia({ media: 'print' });
  await expect(items.first()).toHaveText('1,2 lvetemjöl, siktat');
  await expect(items.first().locator('.ingredient-note')).toBeVisible();
  await page.emulateMedia({ media: 'screen' });

  // Edited: the row and the dialog show the note; a changed note is saved, a cleared one is gone.
  await page.goto(`/${id}/edit`);
  const flour = rows.getByRole('button', { name: /^vetemjöl/ });
  await expect(flour).toHaveAccessibleName('vetemjöl, siktat 6 dl');
  await flour.click();
  const edit = page.getByRole('dialog', { name: 'Redigera ingrediens' });
  await expect(edit.getByLabel('Anteckning')).toHaveValue('siktat');
  await edit.getByLabel('Anteckning').fill('grovt, osiktat');
  await edit.getByRole('button', { name: 'Redigera' }).click();
  await expect(edit).toBeHidden();
  await rows.getByRole('button', { name: /^smör/ }).click();
  await edit.getByLabel('Anteckning').fill('');
  await edit.getByRole('button', { name: 'Redigera' }).click();
  await expect(edit).toBeHidden();
  await page.getByRole('button', { name: 'Spara', exact: true }).click();
  await page.waitForURL(new RegExp(`/${id}$`));
  await expect(items).toHaveText(['6 dlvetemjöl, grovt, osiktat', '100 gsmör', '1 krmsalt']);
  const [edited] = await recipes.search(name);
  expect(edited?.ingredients[1]).toEqual({ name: 'smör', quantity: { value: 100, unit: 'GRAM' } });
});

test('a long note stays readable on a phone: it wraps inside the card', async ({ page, recipes }) => {
  const long = 'finhackad, gärna från egen trädgård, eller torkad om du inte har färsk; en näve räcker gott och väl';
  const recipe = await recipes.create({
    name: uniqueName('Persiljesås'),
    ingredients: [{ name: 'bladpersilja', quantity: { value: 1, unit: 'DECILITER' }, note: long }],
  });
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`/${recipe.id}`);
  await islandCardShown(page);
  const item = recipePage(page).getByRole('listitem');
  await expect(item).toHaveText(`1 dlbladpersilja, ${long}`);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const box = await item.locator('.ingredient-note').boundingBox();
  expect(box && box.x + box.width).toBeLessThanOrEqual(360);
  await expectAccessible(page);
});

test("an imported draft's notes come into the create form's rows, one past the rules said on its row", async ({
  page,
  recipes,
  sessions,
}) => {
  const name = uniqueName('Cheesecake');
  // The importer's own reading of pages is tested where it lives (server/import); here the draft it answers with
  // (notes with the page's US measures) is what the dialog hands to the form.
  const draft = {
    name,
    servings: 8,
    instructions: 'Blanda.\nGrädda.',
    ingredients: [
      { name: 'vetemjöl', quantity: { value: 2.4, unit: 'DECILITER' }, note: '1 cup' },
      { name: 'färskost', quantity: { value: 250, unit: 'GRAM' }, note: '8 oz', heading: 'Fyllning' },
      { name: 'vanilj', note: `en stång, ${'mycket '.repeat(14)}gärna`.trim() },
      { name: 'salt' },
    ],
  };
  await page.route('**/recipe-imports', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(draft) }),
  );
  await sessions.open(page, EDITOR, '/new-recipe');
  await page.getByRole('button', { name: 'Importera recept' }).click();
  const dialog = page.getByRole('dialog', { name: 'Importera recept' });
  await dialog.getByLabel('Adress eller HTML').fill('https://example.com/cheesecake');
  await dialog.getByRole('button', { name: 'Importera' }).click();
  await expect(dialog).toBeHidden();
  const rows = page.getByRole('region', { name: 'Ingredienser' });
  await expect(rows.getByRole('button', { name: /^vetemjöl/ })).toHaveAccessibleName('vetemjöl, 1 cup 2,4 dl');
  await expect(rows.getByRole('button', { name: /^färskost/ })).toHaveAccessibleName('färskost, 8 oz 250 g');
  await rows.getByRole('button', { name: /^färskost/ }).click();
  const edit = page.getByRole('dialog', { name: 'Redigera ingrediens' });
  await expect(edit.getByLabel('Anteckning')).toHaveValue('8 oz');
  await edit.getByRole('button', { name: 'Avbryt' }).click();
  // A note over 100 characters: said under its row; saving waits until it is fixed in the dialog.
  const vanilla = rows.getByRole('button', { name: /^vanilj/ });
  await expect(vanilla).toHaveAccessibleDescription('Max 100 characters');
  await page.getByRole('button', { name: 'Spara nytt recept' }).click();
  await expect(page).toHaveURL(/\/new-recipe$/);
  await vanilla.click();
  await expect(edit.getByLabel('Anteckning')).toHaveValue(draft.ingredients[2]?.note ?? '');
  await edit.getByLabel('Anteckning').fill('en stång');
  await edit.getByRole('button', { name: 'Redigera' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByText('Max 100 characters')).toHaveCount(0);

  await page.getByRole('button', { name: 'Spara nytt recept' }).click();
  await page.waitForURL(/\/\d+$/);
  recipes.adopt(Number(new URL(page.url()).pathname.slice(1)));
  const [stored] = await recipes.search(name);
  expect(stored?.ingredients).toEqual([
    ...draft.ingredients.slice(0, 2),
    { name: 'vanilj', note: 'en stång' },
    { name: 'salt' },
  ]);
  await expect(recipePage(page).getByRole('listitem')).toHaveText([
    '2,4 dlvetemjöl, 1 cup',
    '250 gfärskost, 8 oz',
    'vanilj, en stång',
    'salt',
  ]);
});
