import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { EDITOR } from './support/auth.ts';
import { expect, test } from './support/fixtures.ts';
import { uniqueName } from './support/recipes.ts';

// Issue 37: pages that carry their recipe as microdata or as a recipe plugin's card, pasted into 'Importera
// recept'. The form shows the page's ingredient groups as headings ('Rubrik …'), as the editor keeps them.
const fixture = (file: string) => readFileSync(new URL(`../fixtures/recipe-pages/${file}`, import.meta.url), 'utf8');

async function paste(page: Page, html: string) {
  await page.getByRole('button', { name: 'Importera recept' }).click();
  const dialog = page.getByRole('dialog', { name: 'Importera recept' });
  await dialog.getByLabel('Adress eller HTML').fill(html);
  await dialog.getByRole('button', { name: 'Importera' }).click();
  await expect(dialog).toBeHidden();
}

const rowNames = (page: Page) =>
  page
    .getByRole('button', { name: /^Flytta / })
    .evaluateAll((els) => els.map((e) => (e.getAttribute('aria-label') ?? '').slice('Flytta '.length)));

test('a Swedish microdata page: name, steps and the ingredient groups as headings; it saves as it is', async ({
  page,
  recipes,
  sessions,
}) => {
  const name = uniqueName('Waldorfsallad');
  const html = fixture('microdata-festligare-sections.html').replaceAll('Waldorfsallad med äppelbröd', name);
  await sessions.open(page, EDITOR, '/new-recipe');
  await paste(page, html);

  await expect(page.getByLabel('Namn')).toHaveValue(name);
  await expect(page.getByLabel('Instruktioner')).toHaveValue(/^Dressing\nBlanda dressingen i en skål\./);
  await expect(page.getByRole('heading', { name: 'Rubrik Waldorfsallad' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Rubrik Senapsdressing' })).toBeVisible();
  expect(await rowNames(page)).toEqual([
    'Rubrik Waldorfsallad',
    expect.stringMatching(/romansallad/),
    expect.stringMatching(/vindruvor/),
    expect.stringMatching(/citronjuice/),
    'Rubrik Senapsdressing',
    expect.stringMatching(/olivolja/),
    expect.stringMatching(/grovkornig senap/),
  ]);

  await page.getByRole('button', { name: 'Spara nytt recept' }).click();
  await page.waitForURL(/\/\d+$/);
  recipes.adopt(Number(new URL(page.url()).pathname.slice(1)));
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Senapsdressing' })).toBeVisible();
});

test("a WP Recipe Maker page: the card's groups over the JSON-LD's lines, entities decoded", async ({
  page,
  sessions,
}) => {
  await sessions.open(page, EDITOR, '/new-recipe');
  await paste(page, fixture('wprm-groups-jsonld.html'));

  await expect(page.getByLabel('Namn')).toHaveValue('Peanut Noodles with Tempeh & Veggies');
  for (const heading of ['Marinated Tempeh', 'Noodles & Veggies', 'To serve'])
    await expect(page.getByRole('heading', { name: `Rubrik ${heading}` })).toBeVisible();
  expect((await rowNames(page)).filter((n) => n.startsWith('Rubrik '))).toEqual([
    'Rubrik Marinated Tempeh',
    'Rubrik Noodles & Veggies',
    'Rubrik To serve',
  ]);
});
