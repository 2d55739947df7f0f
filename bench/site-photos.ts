// The photo part of `npm run bench:site` (issue 23): recipes with photos uploaded through the API as the editor
// (signed in through the real login form, as the site does), so the bench can put a recipe page with a main
// photo beside the same page without one, and measure the list's first screen with its thumbnails in Chromium.
import { chromium, type Browser } from '@playwright/test';
import sharp from 'sharp';
import { CHROMIUM, CHROMIUM_ARGS } from '../scripts/chromium.ts';
import { accessToken, EDITOR } from '../tests/e2e/support/auth.ts';

/** Lighthouse's image opportunities the recipe page is judged by. */
export const IMAGE_AUDITS = ['uses-responsive-images', 'modern-image-formats'];
/** The list's search that shows only the bench's photo recipes: more than one screen of them. */
export const PHOTO_SEARCH = 'Fotobänk';
const LIST_PHOTOS = 16;

/** The pair to compare, and `remove()`: the next size's seeding expects exactly its own recipes. */
export type PhotoRecipes = { withPhoto: number; without: number; remove(): Promise<void> };
export type FirstScreen = { transferBytes: number; thumbnails: number; largestThumbnailBytes: number };

/**
 * A 12-megapixel camera-like JPEG: soft colour fields, a few shapes and grain. Plain full-size noise (bench:photos)
 * is the encoders' worst case; this is closer to a plate of food, which is what the byte figures are about.
 */
async function cameraJpeg(seed: number): Promise<Buffer> {
  const [w, h] = [4000, 3000];
  const hue = (seed * 47) % 360;
  const shapes = Array.from({ length: 6 }, (_, i) => {
    const x = ((seed + 1) * (i + 3) * 613) % w;
    const y = ((seed + 2) * (i + 5) * 389) % h;
    return `<circle cx="${x}" cy="${y}" r="${300 + ((i * 97) % 500)}" fill="hsl(${(hue + i * 40) % 360} 60% ${40 + i * 6}%)"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue} 50% 70%)"/><stop offset="1" stop-color="hsl(${(hue + 90) % 360} 40% 30%)"/>
    </linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/>${shapes}</svg>`;
  // Grain a quarter of the size, enlarged: texture that survives the 800 px AVIF, as a real dish's does (its
  // 800 px AVIF comes to about 55 KB, in the range of real photos; fine full-size noise would all be lost).
  const grain = await sharp({
    create: {
      width: w / 4,
      height: h / 4,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .resize(w, h, { kernel: 'cubic' })
    .png()
    .toBuffer();
  return sharp(Buffer.from(svg))
    .blur(6)
    .composite([{ input: grain, blend: 'overlay' }])
    .jpeg({ quality: 90 })
    .toBuffer();
}

async function withBrowser<T>(work: (browser: Browser) => Promise<T>): Promise<T> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    return await work(browser);
  } finally {
    await browser.close();
  }
}

/**
 * LIST_PHOTOS recipes named PHOTO_SEARCH, each with its own photo, and one more recipe like the first without
 * its photo.
 */
export async function seedPhotoRecipes(siteUrl: string): Promise<PhotoRecipes> {
  // A new sign-in every two minutes: sixteen 12-megapixel photos on a busy machine outlast one access token.
  let token = { value: '', at: 0 };
  const headers = async () => {
    if (Date.now() - token.at > 120_000)
      token = { value: await withBrowser((browser) => accessToken(browser, siteUrl, EDITOR)), at: Date.now() };
    return { Authorization: `Bearer ${token.value}`, Accept: 'application/json' };
  };
  const api = `${siteUrl}/api`;
  const send = async (path: string, body: BodyInit, type: string) => {
    const res = await fetch(`${api}${path}`, {
      method: 'POST',
      headers: { ...(await headers()), 'Content-Type': type },
      body,
    });
    if (!res.ok) throw new Error(`POST ${path} answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as { id: string | number };
  };
  const recipe = (name: string, photoId?: string) =>
    JSON.stringify({
      name,
      servings: 4,
      instructions: 'Vispa ihop mjöl, mjölk och ägg.\nLåt smeten vila en halvtimme.\nStek tunna pannkakor i smör.',
      ingredients: [
        { name: 'Vetemjöl', quantity: { value: 2.5, unit: 'DECILITER' } },
        { name: 'Mjölk', quantity: { value: 6, unit: 'DECILITER' } },
        { name: 'Ägg', quantity: { value: 3, unit: 'PIECES' } },
      ],
      ...(photoId ? { photos: [{ id: photoId, alt: '' }] } : {}),
    });
  const ids: number[] = [];
  for (let i = 1; i <= LIST_PHOTOS; i++) {
    const photo = await send('/photos', new Uint8Array(await cameraJpeg(i)), 'image/jpeg');
    const name = `${PHOTO_SEARCH} ${String(i).padStart(2, '0')}`;
    ids.push(Number((await send('/recipes', recipe(name, String(photo.id)), 'application/json')).id));
  }
  const without = Number((await send('/recipes', recipe(`${PHOTO_SEARCH} utan bild`), 'application/json')).id);
  const remove = async () => {
    for (const id of [...ids, without])
      await fetch(`${api}/recipes/${id}`, { method: 'DELETE', headers: await headers() });
  };
  return { withPhoto: ids[0] ?? 0, without, remove };
}

/**
 * The list's first screen on a phone (Lighthouse's Moto G Power: 412×823 at 1.75x) with thumbnails: every byte
 * transferred until the network is idle, and the largest thumbnail file among them.
 */
export async function listFirstScreen(listUrl: string): Promise<FirstScreen> {
  return withBrowser(async (browser) => {
    const page = await browser.newPage({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75 });
    await page.goto(listUrl, { waitUntil: 'networkidle' });
    await page.getByRole('list', { name: 'Recept' }).waitFor();
    await page.waitForLoadState('networkidle');
    return page.evaluate(() => {
      const entries = [
        ...performance.getEntriesByType('navigation'),
        ...performance.getEntriesByType('resource'),
      ] as PerformanceResourceTiming[];
      const thumbnails = entries.filter((e) => /\/photos\/[0-9a-f]{64}\./.test(e.name));
      return {
        transferBytes: entries.reduce((sum, e) => sum + e.transferSize, 0),
        thumbnails: thumbnails.length,
        largestThumbnailBytes: Math.max(0, ...thumbnails.map((e) => e.encodedBodySize)),
      };
    });
  });
}
