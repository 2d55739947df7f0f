import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './support/fixtures.ts';

// Issue 40: "Med …", "Högst 15 / 30 / 60 min" and words anywhere beside the name search, on a 390 px phone and by
// keyboard: each filter, their combination with each other, the name search and a category, the address (shared
// link, Back), the number of matches said, and an empty result offering each filter to remove. Every recipe here
// carries this run's own word in an ingredient, so the shared database's other recipes never match.

test.use({ viewport: { width: 390, height: 844 } });

const listNames = (page: Page) => page.getByRole('list', { name: 'Recept' }).getByRole('link');
const status = (page: Page) => page.getByRole('status').filter({ hasText: /recept matchar/ });
const param = (page: Page, name: string) => new URL(page.url()).searchParams.get(name);

test('ingredients, time and words anywhere narrow the list, together and with the search, kept in the address', async ({
  page,
  recipes,
}) => {
  const own = `q${Math.random().toString(36).slice(2, 8)}`;
  const spice = { name: `Kryddblandning ${own}` };
  await recipes.create({
    name: `Äggröra ${own}`,
    ingredients: [{ name: 'Ägg' }, { name: 'Gräslök' }, spice],
    totalTime: 10,
  });
  await recipes.create({
    name: `Kycklinggryta ${own}`,
    ingredients: [{ name: 'Kycklingfilé' }, { name: 'Kokosmjölk' }, spice],
    instructions: 'Bryn kycklingen och häll på kokosmjölken.',
    totalTime: 45,
    categories: [`Middag ${own}`],
  });
  await recipes.create({
    name: `Sockerkaka ${own}`,
    ingredients: [{ name: 'Ägg' }, { name: 'Socker' }, spice],
    instructions: 'Smaksätt med kardemumma.',
  });

  await page.goto('/');
  await expect(listNames(page).first()).toBeVisible();

  // "Med": typed with the keyboard, Swedish forms welcome ("äggen" finds "Ägg").
  const ingredients = page.getByRole('searchbox', { name: 'Med' });
  await ingredients.focus();
  await page.keyboard.type(`äggen ${own}`);
  await expect(listNames(page)).toHaveText([`Sockerkaka ${own}`, `Äggröra ${own}`]);
  await expect(status(page)).toHaveText('2 recept matchar');
  expect(param(page, 'ingredients')).toBe(`äggen ${own}`);

  // "Högst 15 min", reached and pressed by keyboard: a recipe without a time is left out, and the page says so.
  const quick = page.getByRole('button', { name: 'Högst 15 min' });
  await quick.focus();
  await page.keyboard.press('Enter');
  await expect(quick).toHaveAttribute('aria-pressed', 'true');
  await expect(listNames(page)).toHaveText([`Äggröra ${own}`]);
  await expect(status(page)).toHaveText('1 recept matchar Recept utan angiven tid visas inte.');
  expect(param(page, 'maxMinutes')).toBe('15');
  await expectAccessible(page);

  // Back undoes the time chosen; the ingredients stay.
  await page.goBack();
  await expect(listNames(page)).toHaveText([`Sockerkaka ${own}`, `Äggröra ${own}`]);
  await expect(page.getByRole('button', { name: 'Alla tider' })).toHaveAttribute('aria-pressed', 'true');

  // Words anywhere (here in the instructions), with the ingredients.
  await page.getByRole('searchbox', { name: 'Ord i receptet' }).fill('kardemumma');
  await expect(listNames(page)).toHaveText([`Sockerkaka ${own}`]);

  // Nothing passes them all: the page names each filter, and removing one brings the recipe back.
  await page.getByRole('button', { name: 'Högst 30 min' }).click();
  await expect(listNames(page)).toHaveCount(0);
  await expect(page.getByText('Inga recept matchar alla filter. Ta bort ett av dem:')).toBeVisible();
  await expect(status(page)).toHaveText('0 recept matchar Recept utan angiven tid visas inte.');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Ta bort ”Högst 30 min”' }).click();
  await expect(listNames(page)).toHaveText([`Sockerkaka ${own}`]);

  // A shared link shows the same list with the same filters filled in; the name search and a category combine.
  await page.goto(`/?ingredients=${encodeURIComponent(own)}&words=kokosmj%C3%B6lken`);
  await expect(page.getByRole('searchbox', { name: 'Ord i receptet' })).toHaveValue('kokosmjölken');
  await expect(listNames(page)).toHaveText([`Kycklinggryta ${own}`]);
  await page.goto(`/?ingredients=${encodeURIComponent(own)}`);
  await expect(listNames(page)).toHaveCount(3);
  await page.getByRole('searchbox', { name: 'Sök recept' }).fill('kaka');
  await expect(listNames(page)).toHaveText([`Sockerkaka ${own}`]);
  await page.goto(`/?ingredients=${encodeURIComponent(own)}&category=${encodeURIComponent(`Middag ${own}`)}`);
  await expect(listNames(page)).toHaveText([`Kycklinggryta ${own}`]);
  // Leaving the category (its chip unpressed) keeps the filters in the address.
  const chip = page.getByRole('list', { name: 'Kategorier' }).getByRole('button', { name: `Middag ${own}` });
  await chip.click();
  await expect(listNames(page)).toHaveCount(3);
  expect(param(page, 'category')).toBeNull();
  expect(param(page, 'ingredients')).toBe(own);
});
