import type { Page } from '@playwright/test';
import { EDITOR, VISITOR } from './support/auth.ts';
import { expect, expectAccessible, test } from './support/fixtures.ts';
import { smallPicture } from './support/photo-files.ts';
import { uniqueName, type RecipeApi } from './support/recipes.ts';
import { paprikaExport, schemaOrgFile, type SampleRecipe } from '../fixtures/apps/make-exports.ts';

// 'Flytta in recept' (/move-in, issue 38) against the real server: an editor reaches it from the menu, chooses a
// Paprika export (made here by the formats' generator, with names of this run only), sees what it holds, imports
// it with the progress bar running to the end, and opens the imported recipes from the result; the same file again
// is all here, and a file that is not an export gets the server's sentence. axe checks every state.

type Upload = { name: string; mimeType: string; buffer: Buffer };

function sample(name: string, photos: Buffer[] = []): SampleRecipe {
  return {
    name,
    servings: '4 portioner',
    ingredients: [{ heading: 'Degen', lines: ['5 dl vetemjöl', '2 dl mjölk', '1 krm salt'] }],
    steps: ['Blanda allt till en slät smet.', 'Grädda i 225 grader i 20 minuter.'],
    categories: ['Flytta in'],
    notes: 'Gott med lingon.',
    rating: 4,
    photos,
  };
}

async function chooseFile(page: Page, file: Upload): Promise<void> {
  // From the keyboard: the button opens the system's file chooser.
  const button = page.getByRole('button', { name: /^Välj (en annan )?fil$/ });
  await button.focus();
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Enter');
  await (await chooser).setFiles(file);
}

/** The preview's figure for `term` ('Recept', 'Finns redan', …). */
const fact = (page: Page, term: string) =>
  page
    .locator('dl > div')
    .filter({ has: page.getByRole('term').getByText(term, { exact: true }) })
    .getByRole('definition');

/** Records every value the progress bar shows (and the count beside it) from now on. */
async function recordProgress(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { progressSeen: string[] }).progressSeen = seen;
    const look = () => {
      const bar = document.querySelector('progress');
      const count = document.querySelector('.move-in-count');
      if (bar) seen.push(`${bar.getAttribute('value')}/${bar.getAttribute('max')} ${count?.textContent ?? ''}`);
    };
    new MutationObserver(look).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    });
  });
}
const progressSeen = (page: Page) =>
  page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen);

/** The ids of the recipes the result links to, adopted so the test's clean-up removes them. */
async function adoptLinked(page: Page, recipes: RecipeApi, region: string): Promise<Map<string, string>> {
  const links = page.getByRole('region', { name: region }).getByRole('link');
  const found = new Map<string, string>();
  for (const link of await links.all()) {
    const href = (await link.getAttribute('href')) ?? '';
    expect(href).toMatch(/^\/\d+$/);
    recipes.adopt(Number(href.slice(1)));
    found.set((await link.textContent()) ?? '', href);
  }
  return found;
}

test('an editor moves a Paprika export in from the menu: preview, progress, result links; the same file again is all here', async ({
  page,
  recipes,
  sessions,
}) => {
  test.slow(); // three imports with photos through the photo pipeline, and axe on each state
  const names = [uniqueName('Våfflor à la mormor'), uniqueName('Äppelkaka'), uniqueName('Ärtsoppa')];
  const [photo1, photo2] = await Promise.all([smallPicture('a.jpg'), smallPicture('b.jpg')]);
  const samples = [
    sample(names[0]!, [photo1.buffer, photo2.buffer]),
    sample(names[1]!, [photo1.buffer]),
    sample(names[2]!),
  ];
  const file = { name: 'Mina recept.paprikarecipes', mimeType: 'application/zip', buffer: paprikaExport(samples) };

  await sessions.open(page, EDITOR, '/');
  await page.getByRole('button', { name: EDITOR.username }).click();
  await page.getByRole('menuitem', { name: 'Flytta in recept' }).click();
  await expect(page).toHaveURL(/\/move-in$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Flytta in recept' })).toBeVisible();
  await expect(page.getByText(/Paprika, Mealie, Tandoor, Nextcloud Cookbook och RecipeSage/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Välj fil' })).toBeVisible();
  await expectAccessible(page);

  // The preview: nothing is saved yet.
  await chooseFile(page, file);
  await expect(page.getByRole('heading', { name: 'Det här finns i filen' })).toBeFocused({ timeout: 30_000 });
  await expect(page.getByText('Vald fil: Mina recept.paprikarecipes')).toBeVisible();
  await expect(fact(page, 'Format')).toHaveText('Paprika');
  await expect(fact(page, 'Recept')).toHaveText('3');
  await expect(fact(page, 'Med bilder')).toHaveText('2');
  await expect(fact(page, 'Finns redan')).toHaveText('0');
  await expect(fact(page, 'Kan inte läsas in')).toHaveText('0');
  const list = page.getByRole('region', { name: 'Recepten i filen' });
  for (const name of names) await expect(list.getByText(name, { exact: true })).toBeVisible();
  await expect(list.getByRole('listitem').filter({ hasText: names[0] }).first()).toContainText('2 bilder');
  expect(await recipes.search(names[0]!)).toEqual([]);
  await expectAccessible(page);

  // The import, from the keyboard: past the list (a scrolling region takes the focus) to the button.
  await page.keyboard.press('Tab');
  await expect(list).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Läs in 3 recept' })).toBeFocused();
  await recordProgress(page);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Resultat' })).toBeFocused({ timeout: 90_000 });
  // The bar ran from 0 to the end and stays full above the result.
  const seen = await progressSeen(page);
  expect(seen[0]).toBe('0/3 0 av 3');
  expect(seen.at(-1)).toBe('3/3 3 av 3');
  await expect(page.getByRole('progressbar', { name: 'Inläsningen är klar' })).toHaveAttribute('value', '3');
  await expect(page.getByRole('status').filter({ hasText: / av / })).toHaveText('3 av 3'); // said politely
  await expect(page.getByText('3 recept lästes in.')).toBeVisible();
  const imported = await adoptLinked(page, recipes, 'Inlästa recept');
  expect([...imported.keys()].sort()).toEqual([...names].sort());
  await expectAccessible(page);

  // The result's links open the recipes (the first with its photos).
  await page.getByRole('link', { name: names[0], exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: names[0] })).toBeVisible();
  await expect(page.locator('main img')).not.toHaveCount(0);
  for (const name of names.slice(1)) {
    await page.goto(imported.get(name)!);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  }

  // The same file again: everything is here already, nothing to import.
  await page.goto('/move-in');
  await chooseFile(page, file);
  await expect(page.getByRole('heading', { name: 'Det här finns i filen' })).toBeFocused({ timeout: 30_000 });
  await expect(fact(page, 'Finns redan')).toHaveText('3');
  await expect(page.getByText('Alla recept i filen finns redan i receptboken.')).toBeVisible();
  await expect(list.getByText('Finns redan i receptboken')).toHaveCount(3);
  await expect(page.getByRole('button', { name: /^Läs in/ })).toHaveCount(0);
  await expectAccessible(page);

  // The same recipes and one more: the one is imported, the three are skipped with the reason.
  const more = uniqueName('Pepparkakor');
  await chooseFile(page, { ...file, buffer: paprikaExport([...samples, sample(more)]) });
  await expect(fact(page, 'Recept')).toHaveText('4', { timeout: 30_000 });
  await expect(fact(page, 'Finns redan')).toHaveText('3');
  await page.getByRole('button', { name: 'Läs in 1 recept' }).click();
  await expect(page.getByRole('heading', { name: 'Resultat' })).toBeFocused({ timeout: 90_000 });
  await expect(page.getByText('1 recept lästes in. 3 recept lästes inte in.')).toBeVisible();
  expect([...(await adoptLinked(page, recipes, 'Inlästa recept')).keys()]).toEqual([more]);
  const skipped = page.getByRole('region', { name: 'Lästes inte in' }).getByRole('listitem');
  await expect(skipped).toHaveCount(3);
  for (const name of names) await expect(skipped.filter({ hasText: name })).toContainText('Finns redan i receptboken.');
  expect(await recipes.search(names[1]!)).toHaveLength(1); // no duplicates
  await expectAccessible(page);
});

test('at 390 px: a file that is no export gets the server’s sentence, keeps the choice, and the next file works', async ({
  page,
  sessions,
}) => {
  test.slow(); // the sign-in and the file's reading on a busy machine
  await page.setViewportSize({ width: 390, height: 844 });
  await sessions.open(page, EDITOR, '/move-in');
  await chooseFile(page, {
    name: 'inköpslista.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('Mjölk, ägg och smör.\n'),
  });
  const alert = page.getByRole('alert');
  await expect(alert).toBeVisible({ timeout: 30_000 });
  await expect(alert).not.toHaveText('');
  await expect(alert).not.toHaveText('Något gick fel. Försök igen om en stund.');
  await expect(page.getByText('Vald fil: inköpslista.txt')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Försök igen' })).toHaveCount(0); // the same file cannot do better
  await expect(page.getByRole('heading', { name: 'Det här finns i filen' })).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(page);

  const name = uniqueName('Rabarberpaj');
  await chooseFile(page, {
    name: 'recept.json',
    mimeType: 'application/json',
    buffer: schemaOrgFile([sample(name)]),
  });
  await expect(page.getByRole('heading', { name: 'Det här finns i filen' })).toBeFocused({ timeout: 30_000 });
  await expect(alert).toHaveCount(0);
  await expect(fact(page, 'Format')).toHaveText('schema.org Recipe (JSON-LD)');
  await expect(page.getByRole('button', { name: 'Läs in 1 recept' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(page);
});

test('a visitor has no Flytta in recept in the menu, and the screen says why a file cannot be read in', async ({
  page,
  sessions,
}) => {
  test.slow(); // the sign-in and the file's reading on a busy machine
  await sessions.open(page, VISITOR, '/');
  await page.getByRole('button', { name: VISITOR.username }).click();
  await expect(page.getByRole('menuitem', { name: 'Profil' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Flytta in recept' })).toHaveCount(0);

  await page.goto('/move-in');
  await chooseFile(page, {
    name: 'recept.json',
    mimeType: 'application/json',
    buffer: schemaOrgFile([sample('Bullar')]),
  });
  await expect(page.getByRole('alert')).toHaveText(
    'Ditt konto får inte lägga till recept. Be en administratör om redaktörsbehörighet.',
    { timeout: 30_000 },
  );
  await expectAccessible(page);
});

// Issue 54, item 2: the preview and then the result list the moved-in recipes worth a look ('Granska') with why, and
// the recipe itself comes tidied (the app's step numbers gone, its source in 'Källa' without the newsletter's tracking).
for (const width of [390, 1280]) {
  test(`at ${width} px: the preview and the result list the recipes to review with why; the recipe comes tidied`, async ({
    page,
    recipes,
    sessions,
  }) => {
    test.slow(); // an import through the real server on a busy machine, and axe
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    const chili = uniqueName('Ölchili');
    const plain = uniqueName('Pannkakor');
    const file = {
      name: 'Mina recept.paprikarecipes',
      mimeType: 'application/zip',
      buffer: paprikaExport([
        {
          ...sample(chili),
          ingredients: [{ lines: ['500 g nötfärs', '1 flaska öl', 'Type of fire: Direct'] }],
          steps: [
            '1. 1. Bryn färsen.',
            '2. 2. Häll i ölet och låt sjuda i 1 timme.',
            'Source',
            'https://chili.exempel.se/?utm_source=brev&email=anna%40exempel.se',
          ],
          prepMinutes: 2,
          totalMinutes: 2,
        },
        sample(plain),
      ]),
    };
    await sessions.open(page, EDITOR, '/move-in');
    await chooseFile(page, file);

    // The preview says it first, before anything is saved: the figure, and the reasons under the recipe.
    await expect(page.getByRole('heading', { name: 'Det här finns i filen' })).toBeVisible({ timeout: 30_000 });
    await expect(fact(page, 'Bör granskas')).toHaveText('1');
    await expect(page.getByText('1 recept bör granskas efter inläsningen.')).toBeVisible();
    const listed = page.getByRole('region', { name: 'Recepten i filen' }).getByRole('listitem');
    const chiliLine = listed.filter({ hasText: chili }).first();
    const toCheck = chiliLine.getByRole('list', { name: 'Granska' });
    await expect(toCheck).toContainText('Den totala tiden är 2 min, men stegen nämner minst 1 tim.');
    await expect(toCheck).toContainText('Rader som inte var ingredienser står nu först i instruktionerna.');
    await expect(listed.filter({ hasText: plain }).first().getByRole('list', { name: 'Granska' })).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Läs in 2 recept' }).click({ timeout: 30_000 });
    await expect(page.getByRole('heading', { name: 'Resultat' })).toBeFocused({ timeout: 90_000 });
    await expect(page.getByText('2 recept lästes in. 1 recept bör granskas.')).toBeVisible();
    const review = page.getByRole('region', { name: 'Granska' });
    await expect(review.getByRole('listitem').filter({ has: page.getByRole('link') })).toHaveCount(1);
    await expect(review.getByRole('link', { name: chili, exact: true })).toBeVisible();
    await expect(review).toContainText('Den totala tiden är 2 min, men stegen nämner minst 1 tim.');
    await expect(review).toContainText('Rader som inte var ingredienser står nu först i instruktionerna.');
    await expect(review.getByText(plain)).toHaveCount(0);
    await adoptLinked(page, recipes, 'Inlästa recept');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await expectAccessible(page);

    await review.getByRole('link', { name: chili, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: chili })).toBeVisible();
    await expect(page.getByText('Bryn färsen.', { exact: true })).toBeVisible();
    await expect(page.getByText(/^1\. Bryn/)).toHaveCount(0);
    await expect(page.locator('main')).not.toContainText('anna');
    await expect(page.locator('main a[href="https://chili.exempel.se/"]')).toHaveCount(1);
  });
}
