import { test, expect } from './support/fixtures.ts';
import { uniqueName } from './support/recipes.ts';

// Issue 24: the server writes the recipe into /{id}'s head for link previews and crawlers; the page in a browser
// still hydrates and behaves as before, with one Recipe JSON-LD block (the island's replaces the server's).
test('the first HTML carries the recipe; the page hydrates, rescales and keeps one JSON-LD block', async ({
  page,
  request,
  recipes,
}) => {
  const recipe = await recipes.create({
    name: uniqueName('Delad länk'),
    servings: 4,
    instructions: 'Vispa smeten.\nStek.',
    ingredients: [{ name: 'Mjölk', quantity: { value: 6, unit: 'DECILITER' } }],
  });
  // As a link preview reads it: no JavaScript.
  const first = await request.get(`/${recipe.id}`);
  expect(first.status()).toBe(200);
  const html = await first.text();
  expect(html).toContain(`<title>${recipe.name} – recipes-frontend</title>`);
  expect(html).toContain(`<meta property="og:title" content="${recipe.name}">`);
  expect(html).toContain('<script type="application/ld+json" id="recipe-jsonld">');

  await page.goto(`/${recipe.id}`);
  await expect(page.getByRole('heading', { level: 1, name: recipe.name })).toBeVisible();
  await expect(page).toHaveTitle(`${recipe.name} – recipes-frontend`);
  const blocks = page.locator('script[type="application/ld+json"]');
  await expect(blocks).toHaveCount(1);
  const read = async () => JSON.parse((await blocks.textContent()) ?? '{}') as Record<string, unknown>;
  expect(await read()).toMatchObject({ name: recipe.name, recipeIngredient: ['6 dl Mjölk'] });

  await page.getByRole('combobox', { name: 'Portioner' }).selectOption('2');
  const items = page.getByRole('region', { name: 'Ingredienser' }).getByRole('listitem');
  await expect(items).toHaveText(['3 dlMjölk']);
  await expect.poll(async () => (await read()).recipeIngredient).toEqual(['3 dl Mjölk']);
  await expect(blocks).toHaveCount(1);
});
