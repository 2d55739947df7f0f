// What the browser is offered for a recipe photo: srcset and sizes per format, the fallback file, the placeholder.
// Pure (no DOM), so it is unit tested and the recipe page's head script uses the same `sizes` (recipe.astro).
import { thumbHashToAverageRGBA, thumbHashToDataURL } from 'thumbhash';
import { photoUrl } from '../../lib/photo-files.ts';
import type { Photo, PhotoFile } from '../../lib/photo-schema.ts';

// The `sizes` follow the layout (src/styles): the page is at most 52rem with 1.5rem padding (1rem on a phone
// under 48rem), the card 1.5rem padding and 1px border. A wrong `sizes` makes the browser fetch a larger file
// than it shows (Lighthouse's "uses-responsive-images").
/** The main photo: the card's full inner width. */
export const MAIN_SIZES = '(min-width: 52rem) 734px, (min-width: 48rem) calc(100vw - 98px), calc(100vw - 82px)';
/** The gallery: three columns with 0.75rem gaps in the same width. */
export const GALLERY_SIZES =
  '(min-width: 52rem) 237px, (min-width: 48rem) calc((100vw - 122px) / 3), calc((100vw - 106px) / 3)';

/** `url 800w, url 1600w`: a use's files in one format, narrowest first. */
export function srcset(apiBase: string, files: PhotoFile[], use: PhotoFile['use'], format: PhotoFile['format']) {
  return files
    .filter((f) => f.use === use && f.format === format)
    .sort((a, b) => a.width - b.width)
    .map((f) => `${photoUrl(apiBase, f.file)} ${f.width}w`)
    .join(', ');
}

/** The `<img>`'s own file, for browsers without AVIF and WebP: the 1200 px JPEG, else the original. */
export function fallbackFile(photo: Photo): PhotoFile | undefined {
  return photo.files.find((f) => f.use === 'jpeg') ?? photo.files.find((f) => f.use === 'original');
}

/** The list thumbnail's `<img>` file: there is no square JPEG, and every browser that shows the site has WebP. */
export function squareFallback(files: PhotoFile[]): PhotoFile | undefined {
  return files.find((f) => f.use === 'square' && f.format === 'webp') ?? files.find((f) => f.use === 'square');
}

/** The `<source>`s of a use, AVIF first (a browser takes the first type it supports); none left out empty. */
export function pictureSources(apiBase: string, files: PhotoFile[], use: PhotoFile['use']) {
  return (['avif', 'webp'] as const)
    .map((format) => ({ type: `image/${format}`, srcSet: srcset(apiBase, files, use, format) }))
    .filter((s) => s.srcSet !== '');
}

// A ThumbHash has a 5-byte header at least; shorter input would decode to a made-up colour, not fail.
function bytes(base64: string): Uint8Array {
  const hash = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  if (hash.length < 5) throw new Error('not a ThumbHash');
  return hash;
}

/** The ThumbHash as a small blurred PNG (a data: URL, which the CSP's img-src allows); '' when it is unreadable. */
export function placeholderUrl(thumbHash: string): string {
  try {
    return thumbHashToDataURL(bytes(thumbHash));
  } catch {
    return '';
  }
}

/**
 * The ThumbHash's average colour, for the list's small squares: a 40 px box gains nothing from the blurred
 * picture, and a page of rows would carry a few kilobytes of PNG each.
 */
export function placeholderColour(thumbHash: string): string {
  try {
    const { r, g, b } = thumbHashToAverageRGBA(bytes(thumbHash));
    return `rgb(${Math.round(r * 255)} ${Math.round(g * 255)} ${Math.round(b * 255)})`;
  } catch {
    return '';
  }
}
