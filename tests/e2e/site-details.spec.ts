import type { Route } from '@playwright/test';
import { test, expect, expectAccessible } from './support/fixtures.ts';
import { uniqueName } from './support/recipes.ts';

// Recipe details: scaling by servings, Swedish quantities, instructions, missing recipes, XSS.
test('shows a recipe and rescales it when Portioner changes', async ({ page, recipes }) => {
  const recipe = await recipes.create({
    name: uniqueName('Pannkakor'),
    servings: 4,
    instructions: 'Vispa smeten.\nLåt vila.\nStek.',
    ingredients: [
      { name: 'Mjölk', quantity: { value: 6, unit: 'DECILITER' } },
      { name: 'Salt', quantity: { value: 1, unit: 'TEASPOON' } },
      { name: 'Ägg', quantity: { value: 3, unit: 'PIECES' } },
      { name: 'Smör till stekning' },
    ],
  });
  await page.goto(`/${recipe.id}`);
  await expect(page.getByRole('heading', { level: 1, name: recipe.name })).toBeVisible();
  await expect(page).toHaveTitle(`${recipe.name} – recipes-frontend`);
  await expect(page.getByText('Författare: redaktor')).toBeVisible();
  const servings = page.getByRole('combobox', { name: 'Portioner' });
  await expect(servings).toHaveValue('4');
  await expect(servings.locator('option')).toHaveText(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
  const items = page.getByRole('region', { name: 'Ingredienser' }).getByRole('listitem');
  await expect(items).toHaveText(['6 dlMjölk', '1 tskSalt', '3Ägg', 'Smör till stekning']);
  const instructions = page.getByRole('region', { name: 'Instruktioner' });
  // Numbered on the page as in cook mode (issue 39).
  await expect(instructions.getByRole('listitem')).toHaveText(['1. Vispa smeten.', '2. Låt vila.', '3. Stek.']);
  await expect(page.getByRole('link', { name: 'Tillbaka' })).toHaveAttribute('href', '/');
  await expect(page.getByRole('link', { name: 'Redigera' })).toHaveCount(0);
  await expectAccessible(page);

  await servings.selectOption('2');
  // An egg is not split: 1,5 eggs are shown as 2 (docs/quantities.md).
  await expect(items).toHaveText(['3 dlMjölk', '½ tskSalt', '2Ägg', 'Smör till stekning']);
  await servings.selectOption('1');
  await expect(items).toHaveText(['1 ½ dlMjölk', '¼ tskSalt', '1Ägg', 'Smör till stekning']);
  await expect(servings).toHaveValue('1');
});

test('offers the recipe’s own servings above 10 and hides empty sections', async ({ page, recipes }) => {
  const recipe = await recipes.create({ name: uniqueName('Kalas'), servings: 24 });
  await page.goto(`/${recipe.id}`);
  const servings = page.getByRole('combobox', { name: 'Portioner' });
  await expect(servings).toHaveValue('24');
  await expect(servings.locator('option')).toHaveCount(11);
  await servings.selectOption('5');
  await expect(servings).toHaveValue('5');
  await expect(servings.locator('option')).toHaveCount(11);
  await servings.selectOption('24');
  await expect(servings).toHaveValue('24');
  await expect(page.getByRole('heading', { name: 'Ingredienser' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Instruktioner' })).toHaveCount(0);
});

test('an unknown recipe id says so and logs Recipe not found', async ({ page }) => {
  const logs: string[] = [];
  page.on('console', (m) => logs.push(m.text()));
  const res = await page.goto('/999999999');
  // The server says there is no such recipe (no soft 404 for crawlers, issue 24); the page behaves as before.
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Receptet hittades inte' })).toBeVisible();
  expect(logs.some((l) => l.includes('Recipe not found'))).toBe(true);
  await expectAccessible(page);
});

test('the search bar on the details page searches the list instead of filtering', async ({ page, recipes }) => {
  const recipe = await recipes.create({ name: uniqueName('Sökbar') });
  await page.goto(`/${recipe.id}`);
  const search = page.getByRole('searchbox', { name: 'Sök recept' });
  await search.fill('sill');
  await expect(page).toHaveURL(`/${recipe.id}`);
  await search.press('Enter');
  await expect(page).toHaveURL('/?search=sill');
});

test('before the page has hydrated, submitting the search still goes to the list', async ({ page, recipes }) => {
  const recipe = await recipes.create({ name: uniqueName('Tidigsök') });
  // Hold back the details island's script: the prerendered form is all there is.
  await page.route(/\/_astro\/recipe-details\.[^/]+\.js$/, () => undefined);
  await page.goto(`/${recipe.id}`, { waitUntil: 'domcontentloaded' });
  const search = page.getByRole('searchbox', { name: 'Sök recept' });
  await search.fill('sill');
  await search.press('Enter');
  await expect.poll(() => new URL(page.url()).pathname).toBe('/');
  expect(new URL(page.url()).searchParams.get('search')).toBe('sill');
});

test('a recipe named like markup shows as text and runs nothing', async ({ page, recipes }) => {
  const name = '<img src=x onerror=alert(1)>';
  const recipe = await recipes.create({ name, instructions: '<script>alert(2)</script>' });
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await page.goto(`/?search=${encodeURIComponent('<img src=x')}`);
  await expect(page.getByRole('link', { name })).toHaveAttribute('href', `/${recipe.id}`);
  await page.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page.getByText('<script>alert(2)</script>')).toBeVisible();
  await expect(page.locator('main img')).toHaveCount(0);
  expect(dialogs).toEqual([]);
});

test('starts fetching the recipe before its island loads, within the page CSP, and uses that answer', async ({
  page,
  recipes,
}) => {
  const recipe = await recipes.create({ name: uniqueName('Tidigt'), servings: 2, ingredients: [{ name: 'Mjöl' }] });
  const violations: string[] = [];
  page.on('console', (m) => /Content Security Policy/i.test(m.text()) && violations.push(m.text()));
  // Hold back the details island's script: the recipe request must go out without it.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/_astro\/recipe-details\.[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  const recipeRequests: string[] = [];
  page.on('request', (r) => new URL(r.url()).pathname === `/api/recipes/${recipe.id}` && recipeRequests.push(r.url()));
  const early = page.waitForRequest((r) => new URL(r.url()).pathname === `/api/recipes/${recipe.id}`);
  await page.goto(`/${recipe.id}`, { waitUntil: 'domcontentloaded' });
  await early;
  release();
  await expect(page.getByRole('heading', { level: 1, name: recipe.name })).toBeVisible();
  // The island took the answer already under way instead of asking again.
  expect(recipeRequests).toHaveLength(1);
  expect(violations).toEqual([]);
});

test('carries the recipe shown as schema.org Recipe JSON-LD, at the chosen servings', async ({ page, recipes }) => {
  const recipe = await recipes.create({
    name: uniqueName('Kladdkaka'),
    servings: 8,
    instructions: 'Smält smöret.\nBaka 15 minuter.',
    ingredients: [{ name: 'Smör', quantity: { value: 100, unit: 'GRAM' } }, { name: 'Salt' }],
  });
  await page.goto(`/${recipe.id}`);
  const block = page.locator('script[type="application/ld+json"]');
  const read = async () => JSON.parse((await block.textContent()) ?? '{}') as Record<string, unknown>;
  await expect.poll(async () => (await read()).name).toBe(recipe.name);
  expect(await read()).toMatchObject({
    '@context': 'https://schema.org',
    '@type': 'Recipe',
    author: { '@type': 'Person', name: 'redaktor' },
    recipeYield: '8 portioner',
    recipeIngredient: ['100 g Smör', 'Salt'],
    recipeInstructions: [
      { '@type': 'HowToStep', text: 'Smält smöret.' },
      { '@type': 'HowToStep', text: 'Baka 15 minuter.' },
    ],
    url: new URL(`/${recipe.id}`, page.url()).href,
  });
  await page.getByRole('combobox', { name: 'Portioner' }).selectOption('4');
  await expect.poll(async () => (await read()).recipeIngredient).toEqual(['50 g Smör', 'Salt']);
});

test('prints the recipe at the chosen servings without navigation, search or buttons', async ({ page, recipes }) => {
  const recipe = await recipes.create({
    name: uniqueName('Utskrift'),
    servings: 4,
    instructions: 'Koka.',
    ingredients: [{ name: 'Vatten', quantity: { value: 1, unit: 'LITER' } }],
  });
  await page.goto(`/${recipe.id}`);
  await page.getByRole('combobox', { name: 'Portioner' }).selectOption('2');
  // Half a litre: under 10 dl a volume is shown in dl (docs/quantities.md).
  await expect(page.getByRole('region', { name: 'Ingredienser' }).getByRole('listitem')).toHaveText(['5 dlVatten']);
  await expect(page.getByText('2 portioner')).toBeHidden();
  await page.emulateMedia({ media: 'print' });
  for (const hidden of [
    page.getByRole('banner'),
    page.getByRole('contentinfo'),
    page.getByRole('search'),
    page.getByRole('link', { name: 'Tillbaka' }),
    page.getByRole('combobox', { name: 'Portioner' }),
  ]) {
    await expect(hidden).toBeHidden();
  }
  await expect(page.getByRole('heading', { level: 1, name: recipe.name })).toBeVisible();
  await expect(page.getByText('2 portioner')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Ingredienser' }).getByRole('listitem')).toHaveText(['5 dlVatten']);
  await expect(page.getByRole('region', { name: 'Instruktioner' })).toBeVisible();
  expect(await page.locator('ul.ingredients').evaluate((e) => getComputedStyle(e).breakInside)).toBe('avoid');
  // The ingredients come before the instructions on paper too.
  const top = (name: string) => page.getByRole('region', { name }).evaluate((e) => e.getBoundingClientRect().top);
  expect(await top('Ingredienser')).toBeLessThan(await top('Instruktioner'));
});

test('cook mode keeps the screen awake and lets the cook tick off ingredients and steps', async ({ page, recipes }) => {
  // A stand-in for the Screen Wake Lock API that records what the page asks of it.
  await page.addInitScript(() => {
    const calls: string[] = [];
    (window as unknown as { wakeCalls: string[] }).wakeCalls = calls;
    Object.defineProperty(navigator, 'wakeLock', {
      value: {
        request: async (type: string) => (
          calls.push(`request ${type}`),
          { release: async () => void calls.push('release') }
        ),
      },
    });
  });
  const recipe = await recipes.create({
    name: uniqueName('Matlagning'),
    servings: 2,
    instructions: 'Skala potatisen.\nKoka i 20 minuter.',
    ingredients: [{ name: 'Potatis', quantity: { value: 1, unit: 'KILOGRAM' } }, { name: 'Salt' }],
  });
  await page.goto(`/${recipe.id}`);
  const button = page.getByRole('button', { name: 'Matlagningsläge' });
  await expect(button).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByRole('checkbox')).toHaveCount(0);
  await button.click();
  await expect(button).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('Skärmen hålls tänd')).toBeVisible();
  const potatoes = page.getByRole('checkbox', { name: '1 kg Potatis' });
  const firstStep = page.getByRole('checkbox', { name: 'Skala potatisen.' });
  await expect(page.getByRole('checkbox')).toHaveCount(4);
  await potatoes.check();
  await firstStep.check();
  await expect(potatoes).toBeChecked();
  await expect(firstStep).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Koka i 20 minuter.' })).not.toBeChecked();
  await expectAccessible(page);
  await button.click();
  await expect(page.getByRole('checkbox')).toHaveCount(0);
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { wakeCalls: string[] }).wakeCalls))
    .toEqual(['request screen', 'release']);
});

test('cook mode says so when the browser cannot keep the screen awake', async ({ page, recipes }) => {
  await page.addInitScript(() => Object.defineProperty(navigator, 'wakeLock', { value: undefined }));
  const recipe = await recipes.create({ name: uniqueName('Utan vaklås'), instructions: 'Rör.' });
  await page.goto(`/${recipe.id}`);
  await page.getByRole('button', { name: 'Matlagningsläge' }).click();
  await expect(page.getByText('Skärmen kan inte hållas tänd i den här webbläsaren')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Rör.' })).toBeVisible();
});

// Issue 54: the recipe reads before its JavaScript. The server's first response carries the whole recipe (name,
// author, servings, ingredients under their sections, steps) in the island's markup; the island's card then takes
// its place with nothing moved and nothing drawn twice.
for (const size of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test.describe(`first screen at ${size.width} px`, () => {
    test.use({ viewport: size });

    const firstScreenRecipe = {
      servings: 6,
      instructions: 'Vispa smeten.\nStek tunna pannkakor.',
      ingredients: [
        { name: 'Mjölk', quantity: { value: 6, unit: 'DECILITER' as const } },
        { name: 'Vetemjöl', quantity: { value: 3, unit: 'DECILITER' as const }, heading: 'Smeten', note: 'siktat' },
        { name: 'Smör', heading: 'Till stekning' },
      ],
    };

    test('without JavaScript, the first response shows the whole recipe', async ({ browser, baseURL, recipes }) => {
      const recipe = await recipes.create({ name: uniqueName('Förstasida'), ...firstScreenRecipe });
      const context = await browser.newContext({ baseURL, viewport: size, javaScriptEnabled: false });
      try {
        const page = await context.newPage();
        await page.goto(`/${recipe.id}`);
        await expect(page.getByRole('heading', { level: 1, name: recipe.name })).toBeVisible();
        await expect(page.getByText('Författare: redaktor')).toBeVisible();
        await expect(page.getByRole('combobox', { name: 'Portioner' })).toHaveValue('6');
        const ingredients = page.getByRole('region', { name: 'Ingredienser' });
        await expect(ingredients.getByRole('listitem')).toHaveText(['6 dlMjölk', '3 dlVetemjöl, siktat', 'Smör']);
        await expect(ingredients.getByRole('heading', { level: 3 })).toHaveText(['Smeten', 'Till stekning']);
        await expect(ingredients.getByRole('listitem').first()).toBeInViewport();
        await expect(page.getByRole('region', { name: 'Instruktioner' }).getByRole('listitem')).toHaveText([
          '1. Vispa smeten.',
          '2. Stek tunna pannkakor.',
        ]);
        // axe needs JavaScript: the same card is checked with it below.
      } finally {
        await context.close();
      }
    });

    test('the island takes the card over without a shift, drawn once', async ({ page, recipes }) => {
      const recipe = await recipes.create({ name: uniqueName('Övertag'), ...firstScreenRecipe });
      // The island's read of the recipe is held: the page as the server's first response drew it.
      const held: Route[] = [];
      let open = false;
      await page.route(new RegExp(`/recipes/${recipe.id}(\\?[^/]*)?$`), (route) =>
        open ? route.fallback() : held.push(route),
      );
      await page.goto(`/${recipe.id}`);
      const first = page.getByRole('region', { name: 'Ingredienser' }).getByRole('listitem').first();
      await expect(page.locator('#recipe-first-screen')).toHaveAttribute('aria-busy', 'true');
      await expect(first).toHaveText('6 dlMjölk');
      await expect.poll(() => held.length).toBeGreaterThan(0);
      const before = await first.boundingBox();
      const released = await page.evaluate(() => performance.now());
      open = true;
      await Promise.all(held.map((r) => r.fallback()));
      await expect(page.locator('#recipe-first-screen')).toHaveCount(0);
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      await expect(page.getByRole('region', { name: 'Ingredienser' })).toHaveCount(1);
      expect(await first.boundingBox()).toEqual(before);
      const shifts = await page.evaluate(
        (from) =>
          new Promise<number[]>((done) => {
            new PerformanceObserver((list) => {
              done(
                (list.getEntries() as Array<PerformanceEntry & { value: number }>)
                  .filter((e) => e.startTime >= from)
                  .map((e) => e.value),
              );
            }).observe({ type: 'layout-shift', buffered: true });
            setTimeout(() => done([]), 500);
          }),
        released,
      );
      // Nothing a reader sees moves: a full run measured one shift of 0.0009 at 1280 px once (a few pixels of a small
      // element), far under what a person notices or the 0.05 issue 54 allows a list; more than 0.01 is a real move.
      expect(shifts.reduce((sum, value) => sum + value, 0)).toBeLessThan(0.01);
      // The island's controls work: other servings.
      await page.getByRole('combobox', { name: 'Portioner' }).selectOption('3');
      await expect(first).toHaveText('3 dlMjölk');
      await expectAccessible(page);
    });
  });
}

// Issue 54 point 5: on a throttled phone the stylesheet the page linked cost a round trip after the HTML before the
// first screen could be drawn. The server writes it into the page (server/site/inline-styles.ts), allowed by its hash.
test('the first screen waits for no request after the page: its styles are in it, within the page CSP', async ({
  page,
  recipes,
}) => {
  const recipe = await recipes.create({ name: uniqueName('Inline'), ingredients: [{ name: 'Mjöl' }] });
  const violations: string[] = [];
  page.on('console', (m) => /Content Security Policy/i.test(m.text()) && violations.push(m.text()));
  const stylesheets: string[] = [];
  page.on('request', (r) => r.resourceType() === 'stylesheet' && stylesheets.push(new URL(r.url()).pathname));
  await page.goto(`/${recipe.id}`, { waitUntil: 'load' });
  const blocking = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter(
        (e) => (e as PerformanceResourceTiming & { renderBlockingStatus?: string }).renderBlockingStatus === 'blocking',
      )
      .map((e) => e.name),
  );
  expect(blocking).toEqual([]);
  expect(stylesheets).toEqual([]);
  // The styles apply: the card has its border.
  const card = page.locator('article.recipe');
  await expect(card).toHaveCSS('border-top-style', 'solid');
  await expect(page.getByRole('heading', { level: 1, name: recipe.name })).toBeVisible();
  expect(violations).toEqual([]);
});
