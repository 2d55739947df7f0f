import { EDITOR, runtimeConfig, VISITOR } from './support/auth.ts';
import { expect, test } from './support/fixtures.ts';
import { uniqueName } from './support/recipes.ts';

// Saving when someone else saved first (409), saving without the editor role (403) and leaving a
// form with unsaved changes.

test('two editors: the second save gets the conflict message and keeps its text', async ({
  browser,
  recipes,
  sessions,
}) => {
  const original = await recipes.create({ name: uniqueName('Gryta'), instructions: 'Koka i en timme.' });
  const [a, b] = [await browser.newContext(), await browser.newContext()];
  try {
    const pageA = await a.newPage();
    const pageB = await b.newPage();
    await sessions.open(pageA, EDITOR);
    await sessions.open(pageB, EDITOR);
    await pageA.goto(`/${original.id}/edit`);
    await pageB.goto(`/${original.id}/edit`);
    await expect(pageA.getByLabel('Namn')).toHaveValue(original.name);
    await expect(pageB.getByLabel('Namn')).toHaveValue(original.name);

    const nameA = `${original.name} A`;
    await pageA.getByLabel('Namn').fill(nameA);
    await pageA.getByRole('button', { name: 'Spara', exact: true }).click();
    await pageA.waitForURL(`/${original.id}`);
    await expect(pageA.getByRole('heading', { level: 1, name: nameA })).toBeVisible();

    const textB = 'Koka i två timmar, rör ibland.';
    await pageB.getByLabel('Instruktioner').fill(textB);
    await pageB.getByRole('button', { name: 'Spara', exact: true }).click();
    await expect(pageB.getByText('Receptet har ändrats av någon annan sedan du öppnade det.')).toBeVisible();
    await expect(pageB).toHaveURL(`/${original.id}/edit`);
    // B's text is still there until B chooses.
    await expect(pageB.getByLabel('Instruktioner')).toHaveValue(textB);
    await expect(pageB.getByLabel('Namn')).toHaveValue(original.name);

    await pageB.getByRole('button', { name: 'Hämta senaste versionen' }).click();
    await expect(pageB.getByLabel('Namn')).toHaveValue(nameA);
    await expect(pageB.getByLabel('Instruktioner')).toHaveValue(original.instructions);
    await expect(pageB.getByText('Receptet har ändrats av någon annan sedan du öppnade det.')).toHaveCount(0);

    // With the latest version loaded, B's change goes through on top of A's.
    await pageB.getByLabel('Instruktioner').fill(textB);
    await pageB.getByRole('button', { name: 'Spara', exact: true }).click();
    await pageB.waitForURL(`/${original.id}`);
    await expect(pageB.getByRole('heading', { level: 1, name: nameA })).toBeVisible();
    await expect(pageB.getByText(textB)).toBeVisible();
  } finally {
    await a.close();
    await b.close();
  }
});

test(
  'besokare gets the 403 message, keeps the input and nothing is stored',
  { tag: '@provider' },
  async ({ page, baseURL, sessions }) => {
    const name = uniqueName('Besökarsoppa');
    await sessions.open(page, VISITOR, '/new-recipe');
    await page.getByLabel('Namn').fill(name);
    await page.getByRole('button', { name: 'Spara nytt recept' }).click();
    await expect(page.getByText('You lack the privileges required to perform this action')).toBeVisible();
    await expect(page).toHaveURL(/\/new-recipe$/);
    await expect(page.getByLabel('Namn')).toHaveValue(name);
    await expect(page.getByRole('button', { name: 'Spara nytt recept' })).toBeVisible(); // spinner gone

    const api = new URL((await runtimeConfig(page.request, String(baseURL))).API_URL, String(baseURL)).href.replace(
      /\/+$/,
      '',
    );
    const found = await page.request.get(`${api}/recipes?search=${encodeURIComponent(name)}`);
    expect(found.ok()).toBe(true);
    expect(await found.json()).toEqual([]);
  },
);

test('leaving with unsaved changes asks first; saying no keeps the input', async ({ page, sessions }) => {
  await sessions.open(page, EDITOR, '/new-recipe');
  // Nothing typed: leaving does not ask.
  let asked = 0;
  page.on('dialog', (d) => {
    asked += 1;
    expect(d.type()).toBe('confirm');
    expect(d.message()).toBe('Du har ändringar som inte är sparade. Vill du lämna sidan ändå?');
    void (asked === 1 ? d.dismiss() : d.accept());
  });
  await page.getByLabel('Namn').fill('Halvfärdig kaka');
  await page.getByRole('link', { name: 'Tillbaka' }).click();
  await expect(page).toHaveURL(/\/new-recipe$/);
  await expect(page.getByLabel('Namn')).toHaveValue('Halvfärdig kaka');
  await page.getByRole('link', { name: 'Tillbaka' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  expect(asked).toBe(2);
});

test('closing the tab with unsaved changes triggers beforeunload', async ({ page, sessions }) => {
  await sessions.open(page, EDITOR, '/new-recipe');
  await page.getByLabel('Namn').fill('Osparad');
  const prompt = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const dialog = await prompt;
  expect(dialog.type()).toBe('beforeunload');
  await dialog.accept();
});

test(
  'besokare: a refused delete shows the 403 message inside the dialog and keeps the recipe',
  { tag: '@provider' },
  async ({ page, recipes, baseURL, sessions }) => {
    const recipe = await recipes.create({ name: uniqueName('Skyddad paj') });
    await sessions.open(page, VISITOR);
    await page.goto(`/${recipe.id}/edit`);
    await expect(page.getByLabel('Namn')).toHaveValue(recipe.name);
    await page.getByRole('button', { name: 'Ta bort recept' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Ta bort recept' });
    await dialog.getByRole('button', { name: 'Ta bort' }).click();
    await expect(dialog.getByText('You lack the privileges required to perform this action')).toBeVisible();
    await expect(page).toHaveURL(`/${recipe.id}/edit`);

    const api = new URL((await runtimeConfig(page.request, String(baseURL))).API_URL, String(baseURL)).href.replace(
      /\/+$/,
      '',
    );
    expect((await page.request.get(`${api}/recipes/${recipe.id}`)).status()).toBe(200);
  },
);
