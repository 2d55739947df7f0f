import { createServer, type Server } from 'node:http';
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { EDITOR } from './support/auth.ts';
import { expect, expectAccessible, test } from './support/fixtures.ts';
import { uniqueName } from './support/recipes.ts';

// 'Importera recept' on /new-recipe against the real server: a page served here on 127.0.0.2 (the server
// runs with IMPORT_ALLOWED_ADDRESSES=127.0.0.2, see playwright.config.ts), pasted HTML, a recipe pasted as plain
// text, and a page without a recipe. The form is filled, nothing is saved until 'Spara nytt recept'.
const TEMPLATE = readFileSync(new URL('../fixtures/import-api/recipe.html', import.meta.url), 'utf8');
const NO_RECIPE = readFileSync(new URL('../fixtures/import-api/no-recipe.html', import.meta.url), 'utf8');
const pageNamed = (name: string) => TEMPLATE.replaceAll('Kladdkaka', name);

let server: Server;
let origin = '';

test.beforeAll(async () => {
  server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    if (url.pathname === '/missing.jpg' || url.pathname === '/gone') return void response.writeHead(404).end();
    // A page whose server answers 404 late: the editor pastes other text meanwhile.
    if (url.pathname === '/slow-gone') return void setTimeout(() => response.writeHead(404).end(), 2000);
    const html = url.pathname === '/recipe' ? pageNamed(url.searchParams.get('name') ?? 'Kladdkaka') : NO_RECIPE;
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.2', resolve));
  const address = server.address();
  origin = `http://127.0.0.2:${typeof address === 'object' && address ? address.port : 0}`;
});
test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function importFrom(page: Page, source: string) {
  await page.getByRole('button', { name: 'Importera recept' }).click();
  const dialog = page.getByRole('dialog', { name: 'Importera recept' });
  await dialog.getByLabel('Adress eller HTML').fill(source);
  await dialog.getByRole('button', { name: 'Importera' }).click();
  return dialog;
}

const ingredientNames = (page: Page) =>
  page
    .getByRole('button', { name: /^Flytta / })
    .evaluateAll((els) => els.map((e) => (e.getAttribute('aria-label') ?? '').slice('Flytta '.length)));

test('imports a recipe page by its address, fills the form, and saves only on Spara', async ({
  page,
  recipes,
  sessions,
}) => {
  const name = uniqueName('Kladdkaka');
  await sessions.open(page, EDITOR, '/new-recipe');
  await page.getByRole('button', { name: 'Importera recept' }).click();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Avbryt' }).click();

  const dialog = await importFrom(page, `${origin}/recipe?name=${encodeURIComponent(name)}`);
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel('Namn')).toHaveValue(name);
  await expect(page.getByLabel('Portioner')).toHaveValue('8');
  await expect(page.getByLabel('Instruktioner')).toHaveValue(/Sätt ugnen på 175 grader\.\nSmält smöret/);
  const ingredients = await ingredientNames(page);
  expect(ingredients).toHaveLength(3);
  expect(ingredients.join(' ')).toMatch(/ägg.*strösocker.*smör/);
  expect(await recipes.search(name), 'nothing saved by the import').toEqual([]);

  await page.getByRole('button', { name: 'Spara nytt recept' }).click();
  await page.waitForURL(/\/\d+$/);
  recipes.adopt(Number(new URL(page.url()).pathname.slice(1)));
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Ingredienser' }).getByRole('listitem')).toHaveCount(3);
  await expect(page.getByText('Smält smöret och rör ner resten.')).toBeVisible();
});

test('imports pasted HTML: a long line fits the form with its words in the note; a missing name is asked for', async ({
  page,
  recipes,
  sessions,
}) => {
  const name = uniqueName('Persiljekaka');
  // Over the 34 characters of a name: the draft keeps every word, the rest in the ingredient's note (decision 052).
  const line = '2 dl finhackad färsk bladpersilja från trädgården, gärna krusig';
  const html = pageNamed('').replace('"100 g smör"', `"${line}"`);
  await sessions.open(page, EDITOR, '/new-recipe');
  await expect(page.getByLabel('Portioner')).toHaveValue('4');
  const dialog = await importFrom(page, html);
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel('Namn')).toHaveValue('');
  const row = page.getByRole('button', { name: /^finhackad färsk bladpersilja/ });
  await expect(row).toContainText('trädgården, gärna krusig');
  await expect(row).not.toHaveAccessibleDescription(/Max/);

  // The page named no recipe: the form asks for a name, and saves once it has one.
  await page.getByRole('button', { name: 'Spara nytt recept' }).click();
  await expect(page).toHaveURL(/\/new-recipe/);
  await expect(page.getByText('Name is required')).toBeVisible();
  await page.getByLabel('Namn').fill(name);
  await page.getByRole('button', { name: 'Spara nytt recept' }).click();
  await page.waitForURL(/\/\d+$/);
  recipes.adopt(Number(new URL(page.url()).pathname.slice(1)));
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Ingredienser' })).toContainText('trädgården, gärna krusig');
});

test('a recipe with more ingredients than the API takes shows the limit under the list and saves nothing', async ({
  page,
  sessions,
}) => {
  const name = uniqueName('Långlista');
  const many = Array.from({ length: 101 }, (_, i) => `"${i + 1} g mjöl nummer ${i + 1}"`).join(', ');
  const html = pageNamed(name).replace('"2 ägg", "3 dl strösocker", "100 g smör"', many);
  const posts: string[] = [];
  page.on('request', (r) => r.method() === 'POST' && /\/recipes$/.test(r.url()) && posts.push(r.url()));
  await sessions.open(page, EDITOR, '/new-recipe');
  await expect(await importFrom(page, html)).toBeHidden();
  await expect(page.getByRole('button', { name: /^Flytta / })).toHaveCount(101);
  await page.getByRole('button', { name: 'Spara nytt recept' }).click();
  await expect(page.locator('#editor-ingredients-error')).toHaveText('Max 100 ingredients');
  await expect(page.getByRole('button', { name: 'Lägg till ingrediens' })).toHaveAccessibleDescription(
    'Max 100 ingredients',
  );
  await expect(page).toHaveURL(/\/new-recipe$/);
  expect(posts).toEqual([]);

  // One row fewer and the message goes.
  await page.getByRole('button', { name: /^mjöl nummer 101/ }).click();
  await page.getByRole('dialog', { name: 'Redigera ingrediens' }).getByRole('button', { name: 'Ta bort' }).click();
  await expect(page.locator('#editor-ingredients-error')).toHaveCount(0);
});

test('a page without a recipe, or an address that is not allowed, says so and keeps the text', async ({
  page,
  sessions,
}) => {
  await sessions.open(page, EDITOR, '/new-recipe');
  const dialog = await importFrom(page, `${origin}/om-oss`);
  await expect(dialog.getByRole('alert')).toHaveText('Sidan innehåller inget recept.');
  await expect(dialog.getByLabel('Adress eller HTML')).toHaveValue(`${origin}/om-oss`);
  await expectAccessible(page);

  const loopback = origin.replace('127.0.0.2', '127.0.0.1');
  await dialog.getByLabel('Adress eller HTML').fill(loopback);
  await dialog.getByRole('button', { name: 'Importera' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Adressen är inte tillåten.');

  // A page built to take the parser forever (1 MB of unclosed tags) is given up in time and said so in Swedish.
  await dialog.getByLabel('Adress eller HTML').fill('<b>'.repeat(333_000));
  await dialog.getByRole('button', { name: 'Importera' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'Sidan är för stor eller för invecklad för att läsas. Prova att klistra in en mindre del av den.',
    { timeout: 20_000 },
  );
  await dialog.getByRole('button', { name: 'Avbryt' }).click();
  await expect(page.getByLabel('Namn')).toHaveValue('');
});

test('imports a recipe pasted as plain text: name, servings, sections, ingredients and steps fill the form', async ({
  page,
  recipes,
  sessions,
}) => {
  const name = uniqueName('Mammas köttbullar');
  // As an e-mail has it: a greeting, a heading for the ingredients, a group, bullets, numbered steps, Windows line ends.
  const text = [
    'Hej!',
    '',
    name,
    '6 portioner',
    '',
    'Ingredienser',
    '• 500 g blandfärs',
    '• 1 dl ströbröd',
    '',
    'Gräddsås:',
    '• 3 dl grädde',
    '• 2 msk soja',
    '',
    'Gör så här',
    '1. Blanda färs och ströbröd.',
    '2. Rulla bollar och stek dem.',
  ].join('\r\n');
  await sessions.open(page, EDITOR, '/new-recipe');
  const dialog = await importFrom(page, text);
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel('Namn')).toHaveValue(name);
  await expect(page.getByLabel('Portioner')).toHaveValue('6');
  await expect(page.getByLabel('Instruktioner')).toHaveValue(
    'Hej!\nBlanda färs och ströbröd.\nRulla bollar och stek dem.',
  );
  const rows = page.getByRole('region', { name: 'Ingredienser' });
  await expect(rows.getByRole('heading', { name: 'Rubrik Gräddsås' })).toBeVisible();
  expect(await ingredientNames(page)).toEqual([
    expect.stringMatching(/^blandfärs/),
    expect.stringMatching(/^ströbröd/),
    'Rubrik Gräddsås',
    expect.stringMatching(/^grädde/),
    expect.stringMatching(/^soja/),
  ]);
  expect(await recipes.search(name), 'nothing saved by the import').toEqual([]);

  await page.getByRole('button', { name: 'Spara nytt recept' }).click();
  await page.waitForURL(/\/\d+$/);
  recipes.adopt(Number(new URL(page.url()).pathname.slice(1)));
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
});

test('an error about the text before goes once new text is pasted', async ({ page, sessions }) => {
  await sessions.open(page, EDITOR, '/new-recipe');
  const dialog = await importFrom(page, `${origin}/om-oss`);
  await expect(dialog.getByRole('alert')).toHaveText('Sidan innehåller inget recept.');
  await dialog.getByLabel('Adress eller HTML').fill('Gröt\n1 dl havregryn\n2 dl vatten\nKoka.');
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await expect(dialog.getByLabel('Adress eller HTML')).not.toHaveAttribute('aria-invalid');
  await dialog.getByRole('button', { name: 'Importera' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel('Namn')).toHaveValue('Gröt');
});

test("'Sidan kunde inte hämtas.' goes once new text is pasted, also when it comes after the new text", async ({
  page,
  sessions,
}) => {
  await sessions.open(page, EDITOR, '/new-recipe');
  const dialog = await importFrom(page, `${origin}/gone`);
  const field = dialog.getByLabel('Adress eller HTML');
  await expect(dialog.getByRole('alert')).toHaveText('Sidan kunde inte hämtas.');
  await field.fill(`${origin}/slow-gone`);
  await expect(dialog.getByRole('alert')).toHaveCount(0);

  // New text pasted while the address before it is still being fetched: that address's failure, answered later,
  // says nothing about the text now in the field.
  const answered = page.waitForResponse((r) => r.url().endsWith('/recipe-imports'));
  await dialog.getByRole('button', { name: 'Importera' }).click();
  await field.fill('Gröt\n1 dl havregryn\n2 dl vatten\nKoka.');
  expect((await answered).status()).toBe(502);
  await expect(dialog.getByRole('button', { name: 'Importera' })).toBeEnabled();
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await expect(field).not.toHaveAttribute('aria-invalid');
  await expect(field).toHaveValue('Gröt\n1 dl havregryn\n2 dl vatten\nKoka.');
  await dialog.getByRole('button', { name: 'Importera' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel('Namn')).toHaveValue('Gröt');
});

test("says beside the form when the page's picture could not be fetched", async ({ page, sessions }) => {
  const html = pageNamed(uniqueName('Bildlös')).replace(
    '"@type": "Recipe",',
    `"@type": "Recipe", "image": "${origin}/missing.jpg",`,
  );
  expect(html).toContain('/missing.jpg');
  await sessions.open(page, EDITOR, '/new-recipe');
  await expect(await importFrom(page, html)).toBeHidden();
  await expect(page.getByRole('status', { name: 'Om importen' })).toHaveText('Sidans bild kunde inte hämtas.');
  await expectAccessible(page);
});
