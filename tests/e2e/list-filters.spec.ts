import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './support/fixtures.ts';
import { PROVIDER_TIMEOUT } from './support/auth.ts';

// Issue 40: "Med …", "Högst 15 / 30 / 60 min" and words anywhere beside the name search, on a 390 px phone and by
// keyboard: each filter, their combination with each other, the name search and a category, the address (shared
// link, Back), the number of matches said, and an empty result offering each filter to remove. Every recipe here
// carries this run's own word in an ingredient, so the shared database's other recipes never match.
// Issue 54: the filters wait behind the 'Filter' control (opened here first), the count is a sentence of its own,
// an empty result offers exactly what can be removed (the category too), and the search box's text is in the address.

test.use({ viewport: { width: 390, height: 844 } });
// Each test makes recipes, loads the list several times and runs axe: slow on a machine busy with other suites.
test.beforeEach(() => test.slow());
/** The list's first answer, waited for as long as a slow machine takes to hydrate the page. */
const arrived = (page: Page) => expect(listNames(page).first()).toBeVisible({ timeout: PROVIDER_TIMEOUT });

const listNames = (page: Page) => page.getByRole('list', { name: 'Recept' }).getByRole('link');
const status = (page: Page) => page.getByRole('status').filter({ hasText: /recept matchar/ });
const param = (page: Page, name: string) => new URL(page.url()).searchParams.get(name);
const filterToggle = (page: Page) => page.getByRole('button', { name: /^Filter/ });
/** Opens the filter panel (closed on every arrival: the recipes first). */
async function openFilters(page: Page) {
  await filterToggle(page).click();
  await expect(filterToggle(page)).toHaveAttribute('aria-expanded', 'true');
}
/** Closes it as a reader does when done, and checks that focus went back to the control. */
async function closeFilters(page: Page) {
  await page.getByRole('button', { name: 'Visa recepten' }).click();
  await expect(filterToggle(page)).toHaveAttribute('aria-expanded', 'false');
  await expect(filterToggle(page)).toBeFocused();
}

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
  await arrived(page);
  await openFilters(page);

  // "Med": typed with the keyboard, Swedish forms welcome ("äggen" finds "Ägg").
  const ingredients = page.getByRole('searchbox', { name: 'Med' });
  await ingredients.focus();
  await page.keyboard.type(`äggen ${own}`);
  await expect(listNames(page)).toHaveText([`Sockerkaka ${own}`, `Äggröra ${own}`]);
  await expect(status(page)).toHaveText('2 recept matchar.');
  expect(param(page, 'ingredients')).toBe(`äggen ${own}`);
  await expect(filterToggle(page)).toHaveAccessibleName('Filter (1 aktivt)');

  // "Högst 15 min", reached and pressed by keyboard: a recipe without a time is left out, and the page says so.
  const quick = page.getByRole('button', { name: 'Högst 15 min' });
  await quick.focus();
  await page.keyboard.press('Enter');
  await expect(quick).toHaveAttribute('aria-pressed', 'true');
  await expect(listNames(page)).toHaveText([`Äggröra ${own}`]);
  await expect(status(page)).toHaveText('1 recept matchar. Recept utan angiven tid visas inte.');
  await expect(filterToggle(page)).toHaveAccessibleName('Filter (2 aktiva)');
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
  await expect(status(page)).toHaveText('0 recept matchar. Recept utan angiven tid visas inte.');
  await closeFilters(page);
  await expect(page.getByText('Inga recept matchar alla filter. Ta bort ett av dem:')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Ta bort/ })).toHaveText([
    `Ta bort ”Med äggen ${own}”`,
    'Ta bort ”Högst 30 min”',
    'Ta bort ”Ord i receptet: kardemumma”',
  ]);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Ta bort ”Högst 30 min”' }).click();
  await expect(listNames(page)).toHaveText([`Sockerkaka ${own}`]);

  // A shared link shows the same list with the same filters filled in; the name search and a category combine.
  await page.goto(`/?ingredients=${encodeURIComponent(own)}&words=kokosmj%C3%B6lken`);
  await expect(filterToggle(page)).toHaveAccessibleName('Filter (2 aktiva)');
  await openFilters(page);
  await expect(page.getByRole('searchbox', { name: 'Ord i receptet' })).toHaveValue('kokosmjölken');
  await expect(listNames(page)).toHaveText([`Kycklinggryta ${own}`]);
  await page.goto(`/?ingredients=${encodeURIComponent(own)}`);
  await expect(listNames(page)).toHaveCount(3);
  await page.getByRole('searchbox', { name: 'Sök recept' }).fill('kaka');
  await expect(listNames(page)).toHaveText([`Sockerkaka ${own}`]);
  expect(param(page, 'search')).toBe('kaka');
  await page.goto(`/?ingredients=${encodeURIComponent(own)}&category=${encodeURIComponent(`Middag ${own}`)}`);
  await expect(listNames(page)).toHaveText([`Kycklinggryta ${own}`]);
  // Leaving the category (its chip unpressed) keeps the filters in the address.
  const chip = page.getByRole('list', { name: 'Kategorier' }).getByRole('button', { name: `Middag ${own}` });
  await chip.click();
  await expect(listNames(page)).toHaveCount(3);
  expect(param(page, 'category')).toBeNull();
  expect(param(page, 'ingredients')).toBe(own);
});

test('an empty result offers exactly the filters set, the chosen category among them', async ({ page, recipes }) => {
  const own = `q${Math.random().toString(36).slice(2, 8)}`;
  const category = `Soppor ${own}`;
  await recipes.create({
    name: `Ärtsoppa ${own}`,
    ingredients: [{ name: 'Ärtor' }, { name: `Timjan ${own}` }],
    totalTime: 90,
    categories: [category],
  });

  // One filter: no "ett av dem", and the one button that helps.
  await page.goto(`/?ingredients=${encodeURIComponent(`ost ${own}`)}`);
  await expect(page.getByText('Inga recept matchar filtret.', { exact: true })).toBeVisible({
    timeout: PROVIDER_TIMEOUT,
  });
  await expect(page.getByText(/ett av dem/)).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Ta bort/ })).toHaveText([`Ta bort ”Med ost ${own}”`]);
  await expectAccessible(page);

  // Two filters and the category: all three offered; removing the category keeps the filters, and the address says so.
  const thyme = encodeURIComponent(`timjan ${own}`);
  await page.goto(`/?category=${encodeURIComponent(category)}&maxMinutes=30&ingredients=${thyme}`);
  await expect(page.getByText('Inga recept matchar alla filter. Ta bort ett av dem:')).toBeVisible();
  const offered = page.getByRole('button', { name: /^Ta bort/ });
  await expect(offered).toHaveText([
    `Ta bort ”Med timjan ${own}”`,
    'Ta bort ”Högst 30 min”',
    `Ta bort kategorin ”${category}”`,
  ]);
  await expectAccessible(page);
  await page.getByRole('button', { name: `Ta bort kategorin ”${category}”` }).click();
  await expect(offered).toHaveText([`Ta bort ”Med timjan ${own}”`, 'Ta bort ”Högst 30 min”']);
  expect(param(page, 'category')).toBeNull();
  expect(param(page, 'maxMinutes')).toBe('30');
  // Back brings the category again; removing the time instead shows the soup.
  await page.goBack();
  await expect(offered).toHaveCount(3);
  await page.getByRole('button', { name: 'Ta bort ”Högst 30 min”' }).click();
  await expect(listNames(page)).toHaveText([`Ärtsoppa ${own}`]);
  expect(param(page, 'category')).toBe(category);
});

test("the search box's text is in the address as it is typed, replacing the entry, and Back restores the box", async ({
  page,
  recipes,
}) => {
  const own = `q${Math.random().toString(36).slice(2, 8)}`;
  await recipes.create({ name: `${own} mjuk kaka`, totalTime: 20 });
  await recipes.create({ name: `${own} mjuk kringla`, totalTime: 20 });
  await recipes.create({ name: `${own} hård kaka`, totalTime: 20 });

  await page.goto('/');
  await arrived(page);
  const before = await page.evaluate(() => history.length);
  const box = page.getByRole('searchbox', { name: 'Sök recept' });
  await box.focus();
  await page.keyboard.type(`${own} mjuk kaka`, { delay: 20 });
  // Each keystroke replaced the entry: no new one to go Back through.
  expect(param(page, 'search')).toBe(`${own} mjuk kaka`);
  expect(await page.evaluate(() => history.length)).toBe(before);
  await expect(listNames(page)).toHaveText([`${own} mjuk kaka`]);

  // A shared address shows what the sender sees.
  await page.goto(page.url());
  await expect(box).toHaveValue(`${own} mjuk kaka`);
  await expect(listNames(page)).toHaveText([`${own} mjuk kaka`]);

  // A time chosen is a new entry; text typed after it is that entry's; Back gives the box the first entry's text.
  await box.fill(`${own} mjuk`);
  await expect(listNames(page)).toHaveText([`${own} mjuk kaka`, `${own} mjuk kringla`]);
  await openFilters(page);
  await page.getByRole('button', { name: 'Högst 30 min' }).click();
  await closeFilters(page);
  await box.fill(`${own} mjuk kringla`);
  await expect(listNames(page)).toHaveText([`${own} mjuk kringla`]);
  expect(param(page, 'search')).toBe(`${own} mjuk kringla`);
  await page.goBack();
  await expect(box).toHaveValue(`${own} mjuk`);
  await expect(listNames(page)).toHaveText([`${own} mjuk kaka`, `${own} mjuk kringla`]);
  await page.goForward();
  await expect(box).toHaveValue(`${own} mjuk kringla`);
  await expect(listNames(page)).toHaveText([`${own} mjuk kringla`]);

  // The specification's behaviours stay: submitting goes to /?search=, an empty search to /.
  await box.fill('kaka');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/\?search=kaka(&|$)/);
  await box.fill('');
  await page.getByRole('button', { name: 'Sök', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/' && !url.searchParams.has('search'));
});
