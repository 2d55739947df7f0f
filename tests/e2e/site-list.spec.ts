import { test, expect, expectAccessible } from './support/fixtures.ts';
import { PROVIDER_TIMEOUT } from './support/auth.ts';
import { uniqueName } from './support/recipes.ts';

// The recipe list: Swedish order, live filter, the ?search= deep link and clearing it.
const collator = new Intl.Collator('sv');
const listLinks = (page: import('@playwright/test').Page) =>
  page.getByRole('list', { name: 'Recept' }).getByRole('link');

/** Every name the list shows while scrolling to its end (pages load as the end comes near). */
async function scrollThrough(page: import('@playwright/test').Page): Promise<string[]> {
  const seen: string[] = [];
  for (let stable = 0; stable < 3;) {
    const names = await listLinks(page).allInnerTexts();
    const fresh = names.slice(Math.max(0, names.indexOf(seen.at(-1) ?? '\u0000') + 1));
    if (seen.length === 0 || names.includes(seen.at(-1) ?? '')) seen.push(...fresh);
    stable = fresh.length === 0 ? stable + 1 : 0;
    await listLinks(page).last().scrollIntoViewIfNeeded();
    await page.waitForTimeout(150);
  }
  return seen;
}

test('lists every recipe sorted by name in Swedish order, each a link to its page', async ({ page, recipes }) => {
  const tag = uniqueName('Sortering').replace(' ', '');
  const made = await Promise.all(
    ['Ärtsoppa', 'Zucchinipaj', 'äppelkaka', 'Apelsinsallad'].map((n) => recipes.create({ name: `${tag} ${n}` })),
  );
  await page.goto('/');
  await expect(listLinks(page).first()).toBeVisible();
  const names = await scrollThrough(page);
  expect(names).toEqual([...names].sort(collator.compare));
  const ours = names.filter((n) => n.startsWith(tag));
  expect(ours).toEqual([`${tag} Apelsinsallad`, `${tag} Zucchinipaj`, `${tag} äppelkaka`, `${tag} Ärtsoppa`]);
  const first = made.find((r) => r.name.endsWith('Apelsinsallad'));
  await expect(page.getByRole('link', { name: `${tag} Apelsinsallad` })).toHaveAttribute('href', `/${first?.id}`);
  await expect(page).toHaveTitle('recipes-frontend');
  await expectAccessible(page);
});

test('filters on every keystroke, case-insensitively', async ({ page, recipes }) => {
  const tag = uniqueName('Filter').replace(' ', '');
  await recipes.create({ name: `${tag} Kanelbullar` });
  await recipes.create({ name: `${tag} Köttbullar` });
  await recipes.create({ name: `${tag} Ostkaka` });
  await page.goto('/');
  await expect(listLinks(page).first()).toBeVisible();
  const search = page.getByRole('searchbox', { name: 'Sök recept' });
  const entries = await page.evaluate(() => history.length);
  await search.pressSequentially(tag.toUpperCase());
  await expect(listLinks(page)).toHaveCount(3);
  await search.pressSequentially(' K');
  await expect(listLinks(page)).toHaveText([`${tag} Kanelbullar`, `${tag} Köttbullar`]);
  await search.pressSequentially('Ö');
  await expect(listLinks(page)).toHaveText([`${tag} Köttbullar`]);
  // Filtering live does not navigate: the text typed is in the address (issue 54), in the same history entry.
  expect(new URL(page.url()).searchParams.get('search')).toBe(`${tag.toUpperCase()} KÖ`);
  expect(await page.evaluate(() => history.length)).toBe(entries);
  await search.pressSequentially('x');
  await expect(listLinks(page)).toHaveCount(0);
  await expect(page.getByText(/Inga recept matchar/)).toBeVisible();
  await expectAccessible(page);
});

test('a keystroke narrows the names on screen at once, before the server answers', async ({ page, recipes }) => {
  const tag = uniqueName('Genast').replace(' ', '');
  // Sorted near the top ('0…'), so they are on the first page the list shows; not necessarily first: another
  // worker's test may have a recipe that sorts before them ('<img …>' did, and this failed once in that case).
  await recipes.create({ name: `0 ${tag} Pannkaka` });
  await recipes.create({ name: `0 ${tag} Plättar` });
  const pancake = listLinks(page).filter({ hasText: `0 ${tag} Pannkaka` });
  await page.goto('/');
  await expect(pancake).toHaveCount(1);
  // Searches answer only when the test says so: what shows meanwhile is the list's own narrowing.
  let answer: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (answer = resolve));
  await page.route('**/recipes/names?*search=*', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('searchbox', { name: 'Sök recept' }).pressSequentially(`${tag} pa`);
  await expect(listLinks(page)).toHaveText([`0 ${tag} Pannkaka`]);
  answer();
  await expect(listLinks(page)).toHaveText([`0 ${tag} Pannkaka`]);
  await page.getByRole('searchbox', { name: 'Sök recept' }).fill('');
  await expect(pancake).toHaveCount(1);
  await expect(listLinks(page).filter({ hasText: `0 ${tag} Plättar` })).toHaveCount(1);
});

test('submitting a search goes to /?search=, the deep link filters, an empty search clears it', async ({
  page,
  recipes,
}) => {
  const tag = uniqueName('Djuplank').replace(' ', '');
  await recipes.create({ name: `${tag} Rabarberpaj` });
  await recipes.create({ name: `${tag} Sillsallad` });
  await page.goto('/');
  const search = page.getByRole('searchbox', { name: 'Sök recept' });
  await search.fill(`${tag} rabarber`);
  await search.press('Enter');
  // Before the island hydrates, Enter submits the plain form (a space becomes '+'), after it the island
  // navigates ('%20'): the same query either way.
  await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBe(`${tag} rabarber`);
  expect(new URL(page.url()).pathname).toBe('/');
  await expect(listLinks(page)).toHaveText([`${tag} Rabarberpaj`]);

  await page.goto(`/?search=${encodeURIComponent(tag)}`);
  await expect(page.getByRole('searchbox', { name: 'Sök recept' })).toHaveValue(tag);
  await expect(listLinks(page)).toHaveCount(2);

  await page.getByRole('searchbox', { name: 'Sök recept' }).fill('');
  await page.getByRole('button', { name: 'Sök' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('searchbox', { name: 'Sök recept' })).toHaveValue('');
  // The whole list again: more than the two (waited for: the list shows once its first page and the chips are read).
  await expect(listLinks(page).nth(2)).toBeVisible();
});

/**
 * Opens the list with one island's script held back, types `text` into the prerendered search field, then
 * lets the script load: what was typed must survive hydration. Returns the field.
 */
async function typeBeforeHydration(page: import('@playwright/test').Page, island: RegExp, text: string) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(island, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  const search = page.getByRole('searchbox', { name: 'Sök recept' });
  await search.fill(text);
  release();
  return search;
}

test('text typed before the list has hydrated is kept and filters the list', async ({ page, recipes }) => {
  const tag = uniqueName('Tidig').replace(' ', '');
  await recipes.create({ name: `${tag} Kroppkakor` });
  // The prerendered field is typed into before React takes the list over.
  const search = await typeBeforeHydration(page, /\/_astro\/recipe-list\.[^/]+\.js$/, tag);
  await expect(listLinks(page)).toHaveText([`${tag} Kroppkakor`]);
  await expect(search).toHaveValue(tag);
});

test('text typed before the search bar has hydrated is kept and filters the list', async ({ page, recipes }) => {
  const tag = uniqueName('Tidigsök').replace(' ', '');
  await recipes.create({ name: `${tag} Palt` });
  // The search bar is its own island: with its script held back the list may be ready first.
  const search = await typeBeforeHydration(page, /\/_astro\/search-bar\.[^/]+\.js$/, tag);
  await expect(listLinks(page)).toHaveText([`${tag} Palt`]);
  await expect(search).toHaveValue(tag);
  await search.pressSequentially('x');
  await expect(page.getByText(/Inga recept matchar/)).toBeVisible();
});

test('a ?search= deep link asks the server once, for that query, not for the whole list first', async ({
  page,
  recipes,
}) => {
  const tag = uniqueName('Enfråga').replace(' ', '');
  await recipes.create({ name: `${tag} Kalops` });
  const asked: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.endsWith('/recipes/names')) asked.push(url.searchParams.get('search') ?? '');
  });
  await page.goto(`/?search=${encodeURIComponent(tag)}`);
  await expect(listLinks(page)).toHaveText([`${tag} Kalops`]);
  await expect(page.getByRole('heading', { level: 1, name: 'Recept' })).toBeVisible();
  expect(asked).toEqual([tag]);
});

test('a visitor sees no Nytt recept button', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Logga in' })).toBeVisible({ timeout: PROVIDER_TIMEOUT }); // the sign-in check answered
  await expect(page.getByRole('button', { name: 'Skapa konto' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Nytt recept' })).toHaveCount(0);
});

test('a long list loads page by page while scrolling, keeps a bounded DOM and scrolls back to the start', async ({
  page,
  recipes,
}) => {
  test.setTimeout(180_000);
  // Ö sorts after z in Swedish: the 260 recipes come after everything other tests look for on the first page.
  const tag = uniqueName('Ölång').replace(' ', '');
  const made: string[] = [];
  for (let start = 0; start < 260; start += 26) {
    const names = Array.from(
      { length: 26 },
      (_, i) => `${tag} ${String.fromCharCode(97 + i)}${String(start + i).padStart(3, '0')}`,
    );
    await Promise.all(names.map((name) => recipes.create({ name })));
    made.push(...names);
  }
  await page.goto(`/?search=${encodeURIComponent(tag)}`);
  await expect(listLinks(page).first()).toHaveText(made.toSorted(collator.compare)[0] ?? '');
  // One page first, not all 260.
  expect(await listLinks(page).count()).toBeLessThan(260);
  const seen = await scrollThrough(page);
  expect(seen).toEqual(made.toSorted(collator.compare));
  // Never all 260 in the document at once.
  expect(await listLinks(page).count()).toBeLessThanOrEqual(200);
  // Back up: the pages dropped on the way down come back.
  await expect(async () => {
    await listLinks(page).first().scrollIntoViewIfNeeded();
    await expect(listLinks(page).first()).toHaveText(made.toSorted(collator.compare)[0] ?? '', { timeout: 500 });
  }).toPass();
});

test('the demo recipes show the book: category chips, and a tile with the initial where no photo is', async ({
  page,
}) => {
  test.slow(); // the list, an axe run, the recipe page
  await page.goto('/');
  // The demo recipes' categories, the most used first (other tests' categories are each used once or twice).
  const chips = page.getByRole('list', { name: 'Kategorier' });
  // The chips show with the list's first page (waited for as long as a slow machine takes to hydrate the page).
  await expect(chips.getByRole('button', { name: 'Husmanskost', exact: true })).toBeVisible({
    timeout: PROVIDER_TIMEOUT,
  });
  await expect(chips.getByRole('button', { name: 'Bakning', exact: true })).toBeVisible();

  await page.getByRole('searchbox', { name: 'Sök recept' }).fill('Kanelbullar');
  const row = page.getByRole('list', { name: 'Recept' }).getByRole('link', { name: 'Kanelbullar', exact: true });
  await expect(row).toBeVisible();
  // The tile is drawn, never an empty box: the initial on a colour of its own, the name still the link's only text.
  const tile = row.locator('.recipe-tile');
  const look = await tile.evaluate((el) => {
    const box = getComputedStyle(el);
    return {
      letter: getComputedStyle(el, '::before').content,
      background: box.backgroundColor,
      width: el.getBoundingClientRect().width,
    };
  });
  expect(look.letter).toBe('"K"');
  expect(look.background).not.toBe('rgb(243, 237, 228)'); // --surface-2, the empty square it was
  expect(look.background).not.toBe('rgba(0, 0, 0, 0)');
  expect(look.width).toBe(40);
  await expect(row).toHaveText('Kanelbullar');
  await expectAccessible(page);

  // Its page: times, the source, the ingredients under their headings, the egg that does not scale.
  await row.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Kanelbullar' })).toBeVisible();
  await expect(page.locator('.recipe-facts')).toContainText('Total tid 2 tim');
  await expect(page.locator('.recipe-facts')).toContainText('Mormors receptbok');
  const ingredients = page.getByRole('region', { name: 'Ingredienser' });
  await expect(ingredients.getByRole('heading', { level: 3 })).toHaveText([
    'Deg',
    'Fyllning',
    'Till pensling och garnering',
  ]);
  await expect(page.locator('.recipe img, .recipe picture')).toHaveCount(0);
});
