// What the browser is offered for a recipe photo: srcset and sizes per format (src/lib/photo-srcset.ts, which the
// server's preload uses too), the fallback file, the placeholder. Pure (no DOM), so it is unit tested.
import { thumbHashToAverageRGBA } from 'thumbhash';
import type { PhotoFile } from '../../lib/photo-schema.ts';
import { thumbHashBytes } from '../../lib/photo-srcset.ts';

export {
  fallbackFile,
  GALLERY_SIZES,
  MAIN_SIZES,
  mainPhotoPreload,
  pictureSources,
  placeholderUrl,
  srcset,
} from '../../lib/photo-srcset.ts';

/** The list thumbnail's `<img>` file: there is no square JPEG, and every browser that shows the site has WebP. */
export function squareFallback(files: PhotoFile[]): PhotoFile | undefined {
  return files.find((f) => f.use === 'square' && f.format === 'webp') ?? files.find((f) => f.use === 'square');
}

/**
 * The ThumbHash's average colour, for the list's small squares: a 40 px box gains nothing from the blurred
 * picture, and a page of rows would carry a few kilobytes of PNG each.
 */
export function placeholderColour(thumbHash: string): string {
  try {
    const { r, g, b } = thumbHashToAverageRGBA(thumbHashBytes(thumbHash));
    return `rgb(${Math.round(r * 255)} ${Math.round(g * 255)} ${Math.round(b * 255)})`;
  } catch {
    return '';
  }
}
