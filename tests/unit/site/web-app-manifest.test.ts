// The web app manifest (issue 42, item 2): what Chrome and Safari need to offer to install the book, checked on the
// file the build copies to dist/, with the icons' real sizes read from the PNGs.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';

const PUBLIC = join(import.meta.dirname, '..', '..', '..', 'public');
type Icon = { src: string; sizes: string; type: string; purpose?: string };
const manifest = JSON.parse(readFileSync(join(PUBLIC, 'manifest.webmanifest'), 'utf8')) as {
  name: string;
  short_name: string;
  lang: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: Icon[];
};

describe('public/manifest.webmanifest', () => {
  it('names the book in Swedish and opens it standalone at /', () => {
    expect(manifest.name).toBe('Receptboken');
    expect(manifest.short_name.length).toBeGreaterThan(0);
    expect(manifest.short_name.length).toBeLessThanOrEqual(12); // a home screen shows about 12 characters
    expect(manifest.lang).toBe('sv');
    expect(manifest.start_url).toBe('/');
    expect(manifest.scope).toBe('/');
    expect(manifest.display).toBe('standalone');
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
  });

  it('has PNG icons of 192 and 512 px and a maskable one, each the size it says', async () => {
    const pngs = manifest.icons.filter((i) => i.type === 'image/png');
    for (const icon of pngs) {
      const file = join(PUBLIC, icon.src);
      expect(existsSync(file), icon.src).toBe(true);
      const { width, height, format } = await sharp(file).metadata();
      expect(format).toBe('png');
      expect(`${width}x${height}`).toBe(icon.sizes);
    }
    const sizes = (purpose: string) => pngs.filter((i) => (i.purpose ?? 'any') === purpose).map((i) => i.sizes);
    expect(sizes('any')).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(sizes('maskable')).toContain('512x512');
  });

  it('every page links it, with the theme colour and the iOS icon', () => {
    const layout = readFileSync(join(import.meta.dirname, '..', '..', '..', 'src', 'layouts', 'Layout.astro'), 'utf8');
    expect(layout).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
    expect(layout).toContain(`<meta name="theme-color" content="${manifest.theme_color}" />`);
    const touch = /<link rel="apple-touch-icon" href="([^"]+)"/.exec(layout)?.[1];
    expect(touch && existsSync(join(PUBLIC, touch))).toBe(true);
  });
});
