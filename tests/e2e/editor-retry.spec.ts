import { EDITOR } from './support/auth.ts';
import { expect, test } from './support/fixtures.ts';
import { uniqueName } from './support/recipes.ts';

// A save whose answer never reaches the browser (a dropped connection, a timeout) did reach the server.
// Saving again sends the same Idempotency-Key, so the server answers with the recipe it already made.
test('a save whose answer was lost, saved again, makes one recipe', async ({ page, recipes, sessions }) => {
  const name = uniqueName('Omförsök');
  const keys: string[] = [];
  await page.route('**/recipes', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    keys.push((await route.request().headerValue('idempotency-key')) ?? '');
    if (keys.length > 1) return route.fallback();
    await route.fetch(); // the first attempt reaches the API and is stored ...
    await route.abort('connectionreset'); // ... but its answer is lost on the way back
  });

  await sessions.open(page, EDITOR, '/new-recipe');
  await page.getByLabel('Namn').fill(name);
  await page.getByRole('button', { name: 'Spara nytt recept' }).click();
  await expect(page.getByRole('alert')).toHaveText('Something bad happened; please try again later.');
  expect(await recipes.search(name)).toHaveLength(1);

  await page.getByRole('button', { name: 'Spara nytt recept' }).click();
  await page.waitForURL(/\/\d+$/);
  const found = await recipes.search(name);
  for (const r of found) recipes.adopt(r.id);
  expect(found).toHaveLength(1);
  expect(new URL(page.url()).pathname).toBe(`/${found[0]!.id}`);
  expect(keys).toHaveLength(2);
  expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
  expect(keys[1]).toBe(keys[0]);
});

test('changed content after a failed save gets a new key: a new recipe, not the old answer', async ({
  page,
  recipes,
  sessions,
}) => {
  const first = uniqueName('Första');
  const keys: string[] = [];
  await page.route('**/recipes', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    keys.push((await route.request().headerValue('idempotency-key')) ?? '');
    if (keys.length > 1) return route.fallback();
    await route.abort('connectionreset'); // never reaches the API
  });
  await sessions.open(page, EDITOR, '/new-recipe');
  await page.getByLabel('Namn').fill(first);
  await page.getByRole('button', { name: 'Spara nytt recept' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  const second = `${first} ändrad`;
  await page.getByLabel('Namn').fill(second);
  await page.getByRole('button', { name: 'Spara nytt recept' }).click();
  await page.waitForURL(/\/\d+$/);
  const found = await recipes.search(first);
  for (const r of found) recipes.adopt(r.id);
  expect(found.map((r) => r.name)).toEqual([second]);
  expect(keys[1]).not.toBe(keys[0]);
});

test('a save answered 503 (the database is away) shows the generic message and keeps everything typed', async ({
  page,
  recipes,
  sessions,
}) => {
  const name = uniqueName('Databasen borta');
  let refused = 0;
  await page.route('**/recipes', async (route) => {
    if (route.request().method() !== 'POST' || refused > 0) return route.fallback();
    refused++;
    await route.fulfill({
      status: 503,
      headers: { 'content-type': 'application/json', 'retry-after': '5' },
      body: JSON.stringify({
        status: 503,
        error: 'Service Unavailable',
        message: 'The database cannot be reached right now; nothing was changed. Try again shortly.',
      }),
    });
  });
  await sessions.open(page, EDITOR, '/new-recipe');
  await page.getByLabel('Namn').fill(name);
  await page.getByLabel('Instruktioner').fill('Koka.');
  await page.getByRole('button', { name: 'Spara nytt recept' }).click();
  await expect(page.getByRole('alert')).toHaveText('Something bad happened; please try again later.');
  await expect(page.getByLabel('Namn')).toHaveValue(name);
  await expect(page.getByLabel('Instruktioner')).toHaveValue('Koka.');
  await page.getByRole('button', { name: 'Spara nytt recept' }).click();
  await page.waitForURL(/\/\d+$/);
  const found = await recipes.search(name);
  for (const r of found) recipes.adopt(r.id);
  expect(found).toHaveLength(1);
});
