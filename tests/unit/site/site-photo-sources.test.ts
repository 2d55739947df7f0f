import { rgbaToThumbHash } from 'thumbhash';
import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { photoHtml } from '../../../server/site/recipe-first-screen.ts';
import RecipePhoto from '../../../src/features/photos/photo.tsx';
import {
  fallbackFile,
  GALLERY_SIZES,
  MAIN_SIZES,
  mainPhotoPreload,
  pictureSources,
  placeholderColour,
  placeholderUrl,
  squareFallback,
  srcset,
} from '../../../src/features/photos/photo-sources.ts';
import { photoUrl } from '../../../src/lib/photo-files.ts';
import type { Photo, PhotoFile } from '../../../src/lib/photo-schema.ts';

const file = (use: PhotoFile['use'], format: PhotoFile['format'], width: number, height: number): PhotoFile => ({
  use,
  format,
  width,
  height,
  file: `${use}-${width}.${format === 'jpeg' ? 'jpg' : format}`,
});
// A flat orange 8×6 picture's ThumbHash, as the server stores it (base64).
const orange = Buffer.from(rgbaToThumbHash(8, 6, Array.from({ length: 48 }, () => [255, 128, 0, 255]).flat())).toString(
  'base64',
);
// In the server's order: the 1600 px files before the 800 px ones, so sorting is visible.
const photo: Photo = {
  id: 'AAAAAAAAAAAAAAAAAAAAAA',
  alt: '',
  width: 2400,
  height: 1800,
  placeholder: orange,
  files: [
    file('original', 'jpeg', 2400, 1800),
    file('square', 'avif', 160, 160),
    file('square', 'webp', 160, 160),
    file('width', 'avif', 1600, 1200),
    file('width', 'webp', 1600, 1200),
    file('width', 'avif', 800, 600),
    file('width', 'webp', 800, 600),
    file('jpeg', 'jpeg', 1200, 900),
    file('crop', 'jpeg', 1200, 675),
  ],
};

describe('photo sources', () => {
  it("make a file's URL under the API's base, with or without its trailing slash", () => {
    for (const base of ['https://api.example.se/api', 'https://api.example.se/api/'])
      expect(photoUrl(base, 'a.avif')).toBe('https://api.example.se/api/photos/a.avif');
  });

  it('offers a use in one format narrowest first, as width descriptors of URLs under the API', () => {
    expect(srcset('https://api.example.se/api/', photo.files, 'width', 'avif')).toBe(
      'https://api.example.se/api/photos/width-800.avif 800w, https://api.example.se/api/photos/width-1600.avif 1600w',
    );
  });

  it('lists AVIF before WebP, and leaves out a format the photo lacks', () => {
    expect(pictureSources('/api', photo.files, 'width')).toEqual([
      { type: 'image/avif', srcSet: '/api/photos/width-800.avif 800w, /api/photos/width-1600.avif 1600w' },
      { type: 'image/webp', srcSet: '/api/photos/width-800.webp 800w, /api/photos/width-1600.webp 1600w' },
    ]);
    const small = [file('width', 'webp', 640, 480)];
    expect(pictureSources('/api', small, 'width')).toEqual([
      { type: 'image/webp', srcSet: '/api/photos/width-640.webp 640w' },
    ]);
  });

  it("preloads the main <picture>'s first source with its sizes: the file the <img> takes, and only that", () => {
    const [avif] = pictureSources('/api', photo.files, 'width');
    expect(mainPhotoPreload('/api', photo)).toEqual({
      type: 'image/avif',
      imageSrcset: avif?.srcSet,
      imageSizes: MAIN_SIZES,
    });
    expect(mainPhotoPreload('/api', { files: [file('width', 'webp', 640, 480)] })).toEqual({
      type: 'image/webp',
      imageSrcset: '/api/photos/width-640.webp 640w',
      imageSizes: MAIN_SIZES,
    });
    expect(mainPhotoPreload('/api', { files: [file('jpeg', 'jpeg', 1200, 900)] })).toBeUndefined();
  });

  it("is written by the server's first screen exactly as the page renders it, texts escaped", () => {
    // What React writes for the photo before it has loaded, and the server's string: the same but for self-closing
    // tags and React's camelCase attribute names (HTML's are case-insensitive).
    const react = (main: boolean, alt: string, sizes: string) =>
      renderToStaticMarkup(createElement(RecipePhoto, { photo, alt, sizes, apiBase: '/api', main }))
        .replace(/\/>/g, '>')
        .replace(/ (srcSet|fetchPriority)=/g, (_, name: string) => ` ${name.toLowerCase()}=`);
    const alt = 'Pannkakor "på fat" & <sylt>';
    expect(photoHtml(photo, alt, MAIN_SIZES, '/api', true).value).toBe(react(true, alt, MAIN_SIZES));
    expect(photoHtml(photo, 'Tre', GALLERY_SIZES, '/api', false).value).toBe(react(false, 'Tre', GALLERY_SIZES));
    expect(photoHtml(photo, alt, MAIN_SIZES, '/api', true).value).toContain(
      'alt="Pannkakor &quot;på fat&quot; &amp; &lt;sylt&gt;"',
    );
    // No placeholder for a ThumbHash that is not one, and no photo without a file to show (as on the page).
    const plain = { ...photo, placeholder: 'AAA' };
    expect(photoHtml(plain, 'x', MAIN_SIZES, '/api', true).value).toBe(
      react(true, 'x', MAIN_SIZES).replace(/<img class="photo-placeholder"[^>]*>/, ''),
    );
    expect(photoHtml({ ...photo, files: [file('width', 'avif', 800, 600)] }, 'x', MAIN_SIZES, '/api', true).value).toBe(
      '',
    );
  });

  it("falls back to the 1200 px JPEG, else the original; the list's square to its WebP", () => {
    expect(fallbackFile(photo)?.file).toBe('jpeg-1200.jpg');
    expect(fallbackFile({ ...photo, files: photo.files.filter((f) => f.use !== 'jpeg') })?.file).toBe(
      'original-2400.jpg',
    );
    expect(squareFallback(photo.files)?.file).toBe('square-160.webp');
  });

  it('draws the ThumbHash as a PNG data: URL and its average colour', () => {
    expect(placeholderUrl(orange)).toMatch(/^data:image\/png;base64,/);
    const [r, g, b] = /rgb\((\d+) (\d+) (\d+)\)/.exec(placeholderColour(orange))?.slice(1).map(Number) ?? [];
    expect(r).toBeGreaterThan(230);
    expect(g).toBeGreaterThan(100);
    expect(g).toBeLessThan(160);
    expect(b).toBeLessThan(30);
  });

  it('shows no placeholder rather than failing on one it cannot read', () => {
    expect(placeholderUrl('%%%')).toBe('');
    expect(placeholderColour('')).toBe('');
  });
});
