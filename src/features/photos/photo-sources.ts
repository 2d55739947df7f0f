// What the browser is offered for a recipe photo: srcset and sizes per format (src/lib/photo-srcset.ts, which the
// server's preload uses too), the fallback file, the placeholder. Pure (no DOM), so it is unit tested.
import { thumbHashToAverageRGBA, thumbHashToDataURL } from 'thumbhash';
import type { Photo, PhotoFile } from '../../lib/photo-schema.ts';

export { GALLERY_SIZES, MAIN_SIZES, mainPhotoPreload, pictureSources, srcset } from '../../lib/photo-srcset.ts';

/** The `<img>`'s own file, for browsers without AVIF and WebP: the 1200 px JPEG, else the original. */
export function fallbackFile(photo: Photo): PhotoFile | undefined {
  return photo.files.find((f) => f.use === 'jpeg') ?? photo.files.find((f) => f.use === 'original');
}

/** The list thumbnail's `<img>` file: there is no square JPEG, and every browser that shows the site has WebP. */
export function squareFallback(files: PhotoFile[]): PhotoFile | undefined {
  return files.find((f) => f.use === 'square' && f.format === 'webp') ?? files.find((f) => f.use === 'square');
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
