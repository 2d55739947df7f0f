import { createServer, type Server } from 'node:http';
import type { Page } from '@playwright/test';
import { EDITOR } from './support/auth.ts';
import { expect, expectAccessible, test } from './support/fixtures.ts';
import { smallPicture } from './support/photo-files.ts';
import { uniqueName } from './support/recipes.ts';
import { keyboardDragReady } from './support/keyboard-drag.ts';

// Issue 25 in Chromium: an editor gives a recipe categories, times, a source, two ingredient sections and an
// ingredient that does not scale, and saves it; a visitor narrows the list by a category (from the address and
// from a chip, with Back and Forward), reads the grouped ingredients and scales the recipe, the "don't scale"
// ingredient staying as written; 'Importera recept' fills the new fields and the page's photo. axe runs on
// every new screen state.

const listLinks = (page: Page) => page.getByRole('list', { name: 'Recept' }).getByRole('link');
const chip = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Kategorier' }).getByRole('button', { name, exact: true });

async function addIngredient(page: Page, name: string, quantity: string, unit: string, doNotScale = false) {
  await page.getByRole('button', { name: 'Lägg till ingrediens' }).click();
  const dialog = page.getByRole('dialog', { name: 'Lägg till ingrediens' });
  await dialog.getByLabel('Ingrediens', { exact: true }).fill(name);
  await dialog.getByLabel('Mängd').fill(quantity);
  await dialog.getByLabel('Enhet').selectOption({ label: unit });
  if (doNotScale) await dialog.getByLabel('Skala inte med portionerna').check();
  await dialog.getByRole('button', { name: 'Lägg till' }).click();
  await expect(dialog).toBeHidden();
}

async function addHeading(page: Page, heading: string, check?: () => Promise<void>) {
  await page.getByRole('button', { name: 'Lägg till rubrik' }).click();
  const dialog = page.getByRole('dialog', { name: 'Lägg till rubrik' });
  await dialog.getByLabel('Rubrik').fill(heading);
  await check?.();
  await dialog.getByRole('button', { name: 'Lägg till' }).click();
  await expect(dialog).toBeHidden();
}

test('an editor adds categories, times, a source, two sections and an ingredient that does not scale', async ({
  page,
  recipes,
  sessions,
}) => {
  test.slow(); // a long form, a refused and a successful save, two axe runs
  const name = uniqueName('Bullar');
  const [baking, party, known] = [uniqueName('Bakning'), uniqueName('Fest'), uniqueName('Långkok')];
  await recipes.create({ name: uniqueName('Gryta'), categories: [known] });
  await sessions.open(page, EDITOR, '/new-recipe');
  await page.getByLabel('Namn').fill(name);

  // Categories: Enter and a comma add one; the same one in other letter case is not added twice.
  const categories = page.getByLabel('Kategorier', { exact: true });
  await categories.fill(baking);
  await categories.press('Enter');
  await categories.pressSequentially(`${party},`);
  await categories.fill(baking.toUpperCase());
  await categories.press('Enter');
  // One already in use is suggested, and added in its spelling whatever the letter case typed.
  await expect(page.locator(`datalist option[value="${known}"]`)).toHaveCount(1);
  await categories.fill(known.toLowerCase());
  await categories.press('Enter');
  const chosen = page.getByRole('list', { name: 'Valda kategorier' }).getByRole('listitem');
  await expect(chosen).toHaveText([baking, party, known]);
  await expect(categories).toHaveValue('');
  await page.getByRole('button', { name: `Ta bort kategorin ${party}` }).click();
  await page.getByRole('button', { name: `Ta bort kategorin ${known}` }).click();
  await expect(chosen).toHaveText([baking]);
  await expect(categories).toBeFocused();
  // Pasted in one go: what can be a category is added, what cannot stays in the field with its message.
  const tooLong = 'Långkok'.repeat(5);
  await categories.fill(`${party}, ${tooLong}, `);
  await expect(chosen).toHaveText([baking, party]);
  await expect(categories).toHaveValue(tooLong);
  await expect(page.getByText('Max 34 characters')).toBeVisible();
  await categories.fill('');
  await page.getByRole('button', { name: `Ta bort kategorin ${party}` }).click();
  await expect(chosen).toHaveText([baking]);

  // Times in minutes, and a source; a time that is not whole minutes is said at its field.
  const prep = page.getByLabel('Förberedelser');
  await expect(prep).toHaveAttribute('inputmode', 'numeric');
  await prep.fill('4,5');
  await expect(page.getByText('Must be a whole number of minutes')).toBeVisible();
  await expect(prep).toHaveAttribute('aria-describedby', /.+/);
  await prep.fill('45');
  await expect(page.getByText('Must be a whole number of minutes')).toHaveCount(0);
  await page.getByLabel('Total tid').fill('75');
  await page.getByLabel('Webbadress').fill('https://example.com/bullar');
  await page.getByLabel('Titel eller upphov').fill('Mormors kokbok');

  // Two sections: a heading, its ingredients (salt does not scale), a second heading with nothing under it yet.
  await addHeading(page, 'Till degen', () => expectAccessible(page));
  await addIngredient(page, 'Vetemjöl', '6', 'dl');
  await addIngredient(page, 'Salt', '1', 'krm', true);
  await addHeading(page, 'Till pensling');
  const rows = page.getByRole('region', { name: 'Ingredienser' });
  await expect(rows.getByRole('heading', { name: 'Rubrik Till degen' })).toBeVisible();
  await expect(rows.getByRole('button', { name: /^Salt/ })).toContainText('skalas inte');

  // Saving with a heading that has nothing under it says so and keeps everything.
  await page.getByRole('button', { name: 'Spara nytt recept' }).click();
  await expect(page.locator('#editor-ingredients-error')).toHaveText(
    'Rubriken ”Till pensling” behöver minst en ingrediens under sig.',
  );
  await expect(rows.getByText('Rubriken behöver minst en ingrediens under sig')).toBeVisible();
  await expect(page).toHaveURL(/\/new-recipe$/);

  // The heading moves by keyboard like an ingredient, announced as a heading (here: moved, then put back).
  await page.getByRole('button', { name: 'Flytta Rubrik Till pensling' }).focus();
  await page.keyboard.press('Space');
  await expect(page.getByText('Lyfte Rubrik Till pensling, plats 4 av 4.')).toBeAttached();
  await keyboardDragReady(page);
  await page.keyboard.press('ArrowUp');
  await expect(page.getByText('Rubrik Till pensling flyttad till plats 3 av 4.')).toBeAttached();
  await page.keyboard.press('Escape');
  await expect(page.getByText('Flytten avbröts. Rubrik Till pensling ligger kvar på plats 4 av 4.')).toBeAttached();

  // A heading opens its own dialog: renamed, or removed.
  await addHeading(page, 'Extra');
  await rows.getByRole('button', { name: 'Rubrik Extra', exact: true }).click();
  const edit = page.getByRole('dialog', { name: 'Redigera rubrik' });
  await expect(edit.getByLabel('Rubrik')).toHaveValue('Extra');
  await edit.getByRole('button', { name: 'Ta bort' }).click();
  await expect(edit).toBeHidden();
  await rows.getByRole('button', { name: 'Rubrik Till pensling', exact: true }).click();
  await edit.getByLabel('Rubrik').fill('Till penslingen');
  await edit.getByRole('button', { name: 'Redigera' }).click();
  await expect(edit).toBeHidden();
  await expect(rows.getByRole('heading')).toHaveText(['Ingredienser', 'Rubrik Till degen', 'Rubrik Till penslingen']);

  await addIngredient(page, 'Ägg', '1', 'st', true);
  await expect(page.locator('#editor-ingredients-error')).toHaveCount(0);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Spara nytt recept' }).click();
  await page.waitForURL(/\/\d+$/);
  const id = Number(new URL(page.url()).pathname.slice(1));
  recipes.adopt(id);

  const [stored] = await recipes.search(name);
  expect(stored).toMatchObject({
    categories: [baking],
    prepTime: 45,
    totalTime: 75,
    source: { url: 'https://example.com/bullar', name: 'Mormors kokbok' },
    ingredients: [
      { heading: 'Till degen', name: 'Vetemjöl', quantity: { value: 6, unit: 'DECILITER' } },
      { name: 'Salt', quantity: { value: 1, unit: 'PINCH' }, doNotScale: true },
      { heading: 'Till penslingen', name: 'Ägg', quantity: { value: 1, unit: 'PIECES' }, doNotScale: true },
    ],
  });

  // Opened again, the form shows it all as saved.
  await page.goto(`/${id}/edit`);
  await expect(page.getByLabel('Namn')).toHaveValue(name);
  await expect(chosen).toHaveText([baking]);
  await expect(page.getByLabel('Total tid')).toHaveValue('75');
  await expect(rows.getByRole('heading')).toHaveText(['Ingredienser', 'Rubrik Till degen', 'Rubrik Till penslingen']);
});

test('a visitor narrows the list by category, reads the sections and scales all but what must not', async ({
  page,
  recipes,
}) => {
  test.slow(); // three recipes, the list in four states, the recipe page, three axe runs
  const token = uniqueName('Organiserat').split(' ')[1] ?? '';
  const [buns, cake] = [uniqueName('Bakning'), uniqueName('Kakor')];
  const bun = await recipes.create({
    name: `Vetebullar ${token}`,
    servings: 4,
    categories: [buns],
    prepTime: 45,
    totalTime: 75,
    source: { url: 'https://example.com/vetebullar', name: 'Mormors kokbok' },
    ingredients: [
      { heading: 'Till degen', name: 'Vetemjöl', quantity: { value: 6, unit: 'DECILITER' } },
      { name: 'Jäst', quantity: { value: 25, unit: 'GRAM' } },
      { heading: 'Till pensling', name: 'Ägg', quantity: { value: 1, unit: 'PIECES' }, doNotScale: true },
    ],
  });
  const other = await recipes.create({ name: `Kladdkaka ${token}`, categories: [cake, buns.toUpperCase()] });
  await recipes.create({ name: `Ärtsoppa ${token}` });

  // From the address: only the category's recipes, its chip pressed.
  await page.goto(`/?category=${encodeURIComponent(buns)}`);
  await expect(chip(page, buns)).toHaveAttribute('aria-pressed', 'true');
  await expect(chip(page, cake)).toHaveAttribute('aria-pressed', 'false');
  await expect(listLinks(page).filter({ hasText: token })).toHaveText([other.name, bun.name]);
  // The live search works within the category.
  await page.getByRole('searchbox', { name: 'Sök recept' }).fill(`Vetebullar ${token}`);
  await expect(listLinks(page)).toHaveText([bun.name]);
  await page.getByRole('searchbox', { name: 'Sök recept' }).fill(`Ärtsoppa ${token}`);
  await expect(page.getByText(`Inga recept matchar ”Ärtsoppa ${token}”.`)).toBeVisible();
  await page.getByRole('searchbox', { name: 'Sök recept' }).fill('');
  await expect(listLinks(page).filter({ hasText: token })).toHaveText([other.name, bun.name]);
  await expectAccessible(page);

  // From a chip: another category, in the address; Back and Forward between them.
  await chip(page, cake).click();
  await expect(page).toHaveURL(`/?category=${encodeURIComponent(cake)}`);
  await expect(chip(page, cake)).toHaveAttribute('aria-pressed', 'true');
  await expect(chip(page, buns)).toHaveAttribute('aria-pressed', 'false');
  await expect(listLinks(page)).toHaveText([other.name]);
  await page.goBack();
  await expect(page).toHaveURL(`/?category=${encodeURIComponent(buns)}`);
  await expect(chip(page, buns)).toHaveAttribute('aria-pressed', 'true');
  await expect(listLinks(page).filter({ hasText: token })).toHaveText([other.name, bun.name]);
  await page.goForward();
  await expect(chip(page, cake)).toHaveAttribute('aria-pressed', 'true');
  await expect(listLinks(page)).toHaveText([other.name]);
  // A recipe opened from the narrowed list, and Back: the same narrowed list.
  await listLinks(page).first().click();
  await expect(page.getByRole('heading', { level: 1, name: other.name })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(`/?category=${encodeURIComponent(cake)}`);
  await expect(chip(page, cake)).toHaveAttribute('aria-pressed', 'true');
  await expect(listLinks(page)).toHaveText([other.name]);
  // Pressed again, the chip lets go: the whole list.
  await chip(page, cake).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('list', { name: 'Kategorier' }).getByRole('button', { pressed: true })).toHaveCount(0);
  // The whole list again (searched, so that other tests' recipes cannot push these off its first page), then a chip
  // pressed while a search is typed: the address shares both, as the list shows them.
  await page.getByRole('searchbox', { name: 'Sök recept' }).fill(token);
  await expect(listLinks(page)).toHaveCount(3);
  await chip(page, cake).click();
  await expect(page).toHaveURL(`/?search=${encodeURIComponent(token)}&category=${encodeURIComponent(cake)}`);
  await expect(listLinks(page)).toHaveText([other.name]);

  // The recipe page: categories as links, times, the source, the ingredients under their headings.
  await page.goto(`/${bun.id}`);
  await expect(page.getByRole('heading', { level: 1, name: bun.name })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Kategorier' }).getByRole('link', { name: buns })).toHaveAttribute(
    'href',
    `/?category=${encodeURIComponent(buns)}`,
  );
  await expect(page.locator('.recipe-facts')).toContainText('Förberedelser 45 min');
  await expect(page.locator('.recipe-facts')).toContainText('Total tid 1 tim 15 min');
  const source = page.getByRole('link', { name: 'Mormors kokbok' });
  await expect(source).toHaveAttribute('href', 'https://example.com/vetebullar');
  await expect(source).toHaveAttribute('rel', 'nofollow noopener');
  const ingredients = page.getByRole('region', { name: 'Ingredienser' });
  await expect(ingredients.getByRole('heading', { level: 3 })).toHaveText(['Till degen', 'Till pensling']);
  await expect(ingredients.getByRole('listitem')).toHaveText(['6 dlVetemjöl', '25 gJäst', '1Ägg']);
  await expectAccessible(page);

  // Twice the servings: the dough doubles (12 dl reads 1,2 l, docs/quantities.md), the egg for brushing stays one.
  await page.getByLabel('Portioner').selectOption('8');
  await expect(ingredients.getByRole('listitem')).toHaveText(['1,2 lVetemjöl', '50 gJäst', '1Ägg']);
  await expect(ingredients.getByRole('heading', { level: 3 })).toHaveText(['Till degen', 'Till pensling']);
  // On paper too, the headings above their ingredients.
  await page.emulateMedia({ media: 'print' });
  await expect(ingredients.getByRole('heading', { level: 3 })).toHaveText(['Till degen', 'Till pensling']);
  await expect(ingredients.getByRole('listitem')).toHaveCount(3);
  await page.emulateMedia({ media: 'screen' });
  // Cook mode keeps the sections.
  await page.getByRole('button', { name: 'Matlagningsläge' }).click();
  await expect(ingredients.getByRole('heading', { level: 3 })).toHaveText(['Till degen', 'Till pensling']);
  await expect(ingredients.getByRole('checkbox')).toHaveCount(3);

  // A category link leads to the narrowed list.
  await page.getByRole('link', { name: buns }).click();
  await expect(page).toHaveURL(`/?category=${encodeURIComponent(buns)}`);
  await expect(chip(page, buns)).toHaveAttribute('aria-pressed', 'true');
});

// 'Importera recept' of a page with schema.org categories, times and an image (served here on 127.0.0.2, as in
// recipe-import.spec.ts): the form gets the categories, the times, the page's address as the source and the photo.
let server: Server;
let origin = '';
const picture = smallPicture('bullar.jpg');
const importPage = (name: string, image: string) => `<!doctype html>
<html lang="sv"><head><meta charset="utf-8"><title>${name}</title>
<script type="application/ld+json">
${JSON.stringify({
  '@context': 'https://schema.org',
  '@type': 'Recipe',
  name,
  image,
  recipeYield: '12',
  recipeCategory: 'Bakning',
  recipeCuisine: 'Svensk',
  prepTime: 'PT45M',
  totalTime: 'PT1H15M',
  recipeIngredient: ['6 dl vetemjöl', '25 g jäst'],
  recipeInstructions: [{ '@type': 'HowToStep', text: 'Baka.' }],
})}
</script></head><body><h1>${name}</h1></body></html>`;

test.beforeAll(async () => {
  const jpeg = (await picture).buffer;
  server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    if (url.pathname === '/bullar.jpg') return void response.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpeg);
    const html = importPage(url.searchParams.get('name') ?? 'Bullar', `${origin}/bullar.jpg`);
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.2', resolve));
  const address = server.address();
  origin = `http://127.0.0.2:${typeof address === 'object' && address ? address.port : 0}`;
});
test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function importFrom(page: Page, address: string) {
  await page.getByRole('button', { name: 'Importera recept' }).click();
  const dialog = page.getByRole('dialog', { name: 'Importera recept' });
  await dialog.getByLabel('Adress eller HTML').fill(address);
  await dialog.getByRole('button', { name: 'Importera' }).click();
  await expect(dialog).toBeHidden();
}

test('importing a page fills the categories, the times, the source and the photo', async ({ page, sessions }) => {
  const name = uniqueName('Bullar');
  const address = `${origin}/recept?name=${encodeURIComponent(name)}`;
  await sessions.open(page, EDITOR, '/new-recipe');
  await importFrom(page, address);
  await expect(page.getByLabel('Namn')).toHaveValue(name);
  await expect(page.getByRole('list', { name: 'Valda kategorier' }).getByRole('listitem')).toHaveText([
    'Bakning',
    'Svensk',
  ]);
  await expect(page.getByLabel('Förberedelser')).toHaveValue('45');
  await expect(page.getByLabel('Total tid')).toHaveValue('75');
  await expect(page.getByLabel('Webbadress')).toHaveValue(address);
  // The page's picture, uploaded by the import, is the form's main photo (issue 23).
  const preview = page.locator('.editor-photo img');
  await expect(preview).toHaveCount(1);
  await expect(preview).toHaveAttribute('src', /\/photos\/[0-9a-f]{64}\.(webp|avif|jpg)$/);
  await expect(preview).toHaveJSProperty('complete', true);
  expect(await preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(page.locator('.editor-photo').first()).toContainText('Huvudbild');
});
