import sharp from 'sharp';
import type { APIRequestContext, Page, Route } from '@playwright/test';
import { test, expect, expectAccessible, type TokenSource } from './support/fixtures.ts';
import { PROVIDER_TIMEOUT, runtimeConfig } from './support/auth.ts';
import type { NewRecipe, RecipeApi } from './support/recipes.ts';
import type { Photo, PhotoRef } from '../../src/lib/photo-schema.ts';

// What visitors see of a recipe's photos (issue 23): the recipe page's main photo and gallery, the list's
// thumbnails, print. The photos are real JPEGs uploaded through the API as the editor, as the editor's form does.

/** A 2000×1500 JPEG with some structure (a gradient under noise), so every encoder has real work. */
async function jpeg(seed: number): Promise<Buffer> {
  const noise = await sharp({
    create: {
      width: 2000,
      height: 1500,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 30 },
    },
  })
    .png()
    .toBuffer();
  return sharp({
    create: { width: 2000, height: 1500, channels: 3, background: { r: 200, g: 120 + seed * 40, b: 40 } },
  })
    .composite([{ input: noise, blend: 'overlay' }])
    .blur(2)
    .jpeg({ quality: 85 })
    .toBuffer();
}

async function upload(request: APIRequestContext, baseURL: string, token: TokenSource, seed: number): Promise<Photo> {
  const api = new URL((await runtimeConfig(request, baseURL)).API_URL, baseURL).href.replace(/\/+$/, '');
  const res = await request.post(`${api}/photos`, {
    headers: { Authorization: `Bearer ${await token.get()}`, 'Content-Type': 'image/jpeg', Accept: 'application/json' },
    data: await jpeg(seed),
  });
  expect(res.ok(), `upload answered ${res.status()}: ${await res.text()}`).toBe(true);
  return (await res.json()) as Photo;
}

/** Holds every photo file's request until `release()`: the page as it is before its photos arrive. */
async function holdPhotos(page: Page) {
  const held: Route[] = [];
  let open = false;
  await page.route(/\/photos\/[0-9a-f]{64}\.(avif|webp|jpg)$/, (route) => (open ? route.fallback() : held.push(route)));
  return {
    release: async () => {
      open = true;
      await Promise.all(held.map((r) => r.fallback()));
    },
  };
}

/**
 * The layout shifts since `since` (performance.now() in the page), summed: any shift is one too many here. The
 * page's own arrival (the spinner giving way to the recipe) is before, and no concern of the photos.
 */
async function layoutShiftSince(page: Page, since: number): Promise<string[]> {
  return page.evaluate(
    (from) =>
      new Promise<string[]>((done) => {
        type Shift = PerformanceEntry & { value: number; sources: { node?: Node | null }[] };
        const describe = (e: Shift) =>
          `${e.value.toFixed(4)} at ${Math.round(e.startTime)} ms: ${e.sources
            .map((s) => (s.node instanceof Element ? `${s.node.tagName.toLowerCase()}.${s.node.className}` : '?'))
            .join(', ')}`;
        new PerformanceObserver((list) => {
          done((list.getEntries() as Shift[]).filter((e) => e.startTime >= from).map(describe));
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => done([]), 500); // no entries at all: the observer is never called
      }),
    since,
  );
}

// Each upload is a real one: decoded, resized and encoded to AVIF, WebP and JPEG in the server's worker.
test.describe.configure({ timeout: 120_000 });

const tag = () => Math.random().toString(36).slice(2, 7);

type Setup = { request: APIRequestContext; baseURL?: string; editorToken: TokenSource; recipes: RecipeApi };

/** A recipe named `name` (made unique) with one uploaded photo per alt, in that order, the photos seeded from `seed`. */
async function recipeWithPhotos(
  { request, baseURL, editorToken, recipes }: Setup,
  name: string,
  alts: string[],
  seed: number,
) {
  const uploaded = await Promise.all(alts.map((_, i) => upload(request, String(baseURL), editorToken, seed + i)));
  const photos: PhotoRef[] = uploaded.map((p, i) => ({ id: p.id, alt: alts[i] ?? '' }));
  return recipes.create({ name: `${name} ${tag()}`, photos } as NewRecipe);
}

test('the recipe page shows the main photo at its final size before it loads, then in AVIF, and the gallery', async ({
  page,
  recipes,
  request,
  baseURL,
  editorToken,
}) => {
  const setup = { request, baseURL, editorToken, recipes };
  const recipe = await recipeWithPhotos(setup, 'Fotopannkakor', ['Pannkakor staplade på ett fat', ''], 0);

  const photosHeld = await holdPhotos(page);
  await page.goto(`/${recipe.id}`, { waitUntil: 'domcontentloaded' }); // the held photo holds `load`
  // The island's card, which took the server's first screen's place (the next test is about that one): measured
  // while the two were swapped, the photo had no box (CI, session 11).
  await expect(page.getByRole('combobox', { name: 'Portioner' })).toBeVisible();
  await expect(page.locator('#recipe-first-screen')).toHaveCount(0);
  const photo = page.getByRole('img', { name: 'Pannkakor staplade på ett fat' });
  await expect(photo).toBeVisible();
  await expect(photo).toHaveAttribute('fetchpriority', 'high');
  await expect(photo).toHaveAttribute('loading', 'eager');
  // Nothing of the photo has arrived, yet its box has the photo's 4:3 shape at the card's width.
  expect(await photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(0);
  const before = await photo.boundingBox();
  const card = await page.locator('article.recipe').boundingBox();
  expect(before?.width).toBeGreaterThan((card?.width ?? 0) - 60);
  // 4:3 at that width, or 70 % of the window's height when that is less (the photo is then cropped, not squeezed).
  const tallest = 0.7 * (await page.evaluate(() => window.innerHeight));
  expect(before?.height).toBeCloseTo(Math.min(((before?.width ?? 0) * 3) / 4, tallest), 0);
  // The blurred ThumbHash lies under it meanwhile.
  const placeholder = page.locator('.photo-main .photo-placeholder');
  await expect(placeholder).toHaveAttribute('src', /^data:image\/png;base64,/);
  await expect(placeholder).toHaveAttribute('alt', '');
  // The main photo was asked for from the head script, before the island rendered it.
  await expect(page.locator('link[rel="preload"][as="image"][type="image/avif"]')).toHaveCount(1);

  // The header settles first: its buttons change once the sign-in check answers (a shift of its own, late on a
  // loaded machine), which is not the photos'.
  await expect(page.getByRole('button', { name: 'Logga in' })).toBeVisible({ timeout: PROVIDER_TIMEOUT }); // the sign-in check answered
  const released = await page.evaluate(() => performance.now());
  await photosHeld.release();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  expect(await photo.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\/photos\/[0-9a-f]{64}\.avif$/);
  expect(await photo.boundingBox()).toEqual(before);
  await expect(placeholder).toHaveCount(0);
  expect(await layoutShiftSince(page, released)).toEqual([]);

  // The second photo: in the gallery, lazy, with the recipe's name for an empty alt.
  const gallery = page.locator('.photo-gallery').getByRole('img', { name: recipe.name });
  await expect(gallery).toHaveCount(1);
  await expect(gallery).toHaveAttribute('loading', 'lazy');
  await expectAccessible(page);
});

test("the server's page shows the name and the main photo at their final place before the recipe is read", async ({
  page,
  recipes,
  request,
  baseURL,
  editorToken,
}) => {
  const recipe = await recipeWithPhotos(
    { request, baseURL, editorToken, recipes },
    'Fotovåfflor',
    ['Våfflor med sylt'],
    5,
  );
  // The recipe's read is held (the head script starts it, src/pages/recipe.astro), and the photo's files too.
  const held: Route[] = [];
  let open = false;
  await page.route(new RegExp(`/recipes/${recipe.id}(\\?[^/]*)?$`), (route) =>
    open ? route.fallback() : held.push(route),
  );
  const photosHeld = await holdPhotos(page);
  await page.goto(`/${recipe.id}`, { waitUntil: 'domcontentloaded' }); // the held photo holds `load`

  // From the server's page alone (server/site/recipe-first-screen.ts): the name, and the photo's box at its 4:3
  // shape with the ThumbHash in it; no spinner above them.
  const photo = page.getByRole('img', { name: 'Våfflor med sylt' });
  const heading = page.getByRole('heading', { level: 1, name: recipe.name });
  await expect(photo).toBeVisible();
  await expect(heading).toBeVisible();
  await expect(page.locator('#recipe-first-screen')).toHaveAttribute('aria-busy', 'true');
  await expect(page.getByRole('status').filter({ hasText: 'Laddar receptet…' })).toBeHidden();
  expect(held.length).toBeGreaterThan(0);
  await expect(page.locator('.photo-main .photo-placeholder')).toHaveAttribute('src', /^data:image\/png;base64,/);
  const before = await photo.boundingBox();
  const headingBefore = await heading.boundingBox();
  const tallest = 0.7 * (await page.evaluate(() => window.innerHeight));
  expect(before?.height).toBeCloseTo(Math.min(((before?.width ?? 0) * 3) / 4, tallest), 0);
  // One preload of the photo: the server's, which the head script then leaves alone.
  await expect(page.locator('link[rel="preload"][as="image"]')).toHaveCount(1);

  await expect(page.getByRole('button', { name: 'Logga in' })).toBeVisible({ timeout: PROVIDER_TIMEOUT }); // the header settled
  await photosHeld.release();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const released = await page.evaluate(() => performance.now());
  open = true;
  await Promise.all(held.map((r) => r.fallback()));
  // The island's card in the first screen's place: the rest of the recipe came in under the name, nothing moved,
  // one card, one photo, one name.
  await expect(page.getByRole('combobox', { name: 'Portioner' })).toBeVisible();
  await expect(page.locator('#recipe-first-screen')).toHaveCount(0);
  await expect(page.locator('.photo-main')).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  expect(await photo.boundingBox()).toEqual(before);
  expect(await heading.boundingBox()).toEqual(headingBefore);
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  expect(await layoutShiftSince(page, released)).toEqual([]);
  // The preload was the <img>'s own file: one photo fetched, once.
  const fetched = await page.evaluate(() =>
    performance.getEntriesByType('resource').flatMap((e) => (/\/photos\/[0-9a-f]{64}\./.test(e.name) ? [e.name] : [])),
  );
  expect(fetched).toEqual([await photo.evaluate((img: HTMLImageElement) => img.currentSrc)]);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the recipe page still shows its name, author and photos', async ({
    page,
    recipes,
    request,
    baseURL,
    editorToken,
  }) => {
    const setup = { request, baseURL, editorToken, recipes };
    const recipe = await recipeWithPhotos(setup, 'Utan skript', ['Kanelbullar på plåt', ''], 6);
    await page.goto(`/${recipe.id}`);
    await expect(page.getByRole('heading', { level: 1, name: recipe.name })).toBeVisible();
    await expect(page.locator('.author')).toHaveText(/^Författare: \S+/);
    const photo = page.getByRole('img', { name: 'Kanelbullar på plåt' });
    await expect(photo).toBeVisible();
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await photo.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\/photos\/[0-9a-f]{64}\.avif$/);
    // The second photo in the gallery, named by the recipe (its alt is empty).
    await expect(page.locator('.photo-gallery').getByRole('img', { name: recipe.name })).toHaveCount(1);
  });
});

test('on paper the main photo is small and the gallery is left out', async ({
  page,
  recipes,
  request,
  baseURL,
  editorToken,
}) => {
  const recipe = await recipeWithPhotos(
    { request, baseURL, editorToken, recipes },
    'Fotoplättar',
    ['Plättar', 'Sylt'],
    2,
  );
  await page.goto(`/${recipe.id}`);
  // The island's card, not the server's first screen (which has a 'Portioner' of its own, disabled).
  await expect(page.locator('#recipe-first-screen')).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Portioner' })).toBeAttached();
  await expect(page.getByRole('img', { name: 'Sylt' })).toBeAttached();
  await page.emulateMedia({ media: 'print' });
  const photo = page.getByRole('img', { name: 'Plättar' });
  await expect(photo).toBeVisible();
  const box = await photo.boundingBox();
  expect(box?.width).toBeLessThanOrEqual(6 * 37.8 + 1); // 6 cm
  await expect(page.getByRole('img', { name: 'Sylt' })).toBeHidden();
});

test('the list shows a lazy thumbnail beside a name, and rows keep one height with or without a photo', async ({
  page,
  recipes,
  request,
  baseURL,
  editorToken,
}) => {
  const photo = await upload(request, String(baseURL), editorToken, 4);
  const t = tag();
  const withPhoto = await recipes.create({ name: `${t} Blåbärspaj`, photos: [{ id: photo.id, alt: '' }] } as NewRecipe);
  const without = await recipes.create({ name: `${t} Citronpaj` });

  await page.goto(`/?search=${t}`);
  const links = page.getByRole('list', { name: 'Recept' }).getByRole('link');
  await expect(links).toHaveText([withPhoto.name, without.name]);
  const thumb = links.first().locator('img');
  await expect(thumb).toHaveAttribute('loading', 'lazy');
  await expect(thumb).toHaveAttribute('decoding', 'async');
  await expect(thumb).toHaveAttribute('width', '40');
  await expect(thumb).toHaveAttribute('alt', ''); // the name beside it says it
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  expect(await thumb.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\/photos\/[0-9a-f]{64}\.avif$/);
  await expect(links.nth(1).locator('img')).toHaveCount(0);
  const [a, b] = [await links.first().boundingBox(), await links.nth(1).boundingBox()];
  expect(a?.height).toBe(b?.height);
  expect((await links.first().locator('.thumb').boundingBox())?.width).toBe(40);
  await expectAccessible(page);
});
