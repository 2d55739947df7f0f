// The main photo the server wrote into /{id} (server/site/recipe-head.ts: a data block), read by the island as it
// starts: the page shows the photo (its ThumbHash first) at its final size while the recipe is still on its way,
// so nothing below it moves when the recipe arrives. A static host writes no block: the page waits as before.
import { MAIN_PHOTO_DATA_ID } from '../../lib/photo-srcset.ts';
import type { Photo, PhotoFile } from '../../lib/photo-schema.ts';

const isFile = (f: unknown): f is PhotoFile => {
  const o = f as Record<string, unknown> | null;
  return (
    !!o &&
    typeof o.use === 'string' &&
    typeof o.format === 'string' &&
    typeof o.file === 'string' &&
    typeof o.width === 'number' &&
    typeof o.height === 'number'
  );
};

/** The photo in `block`'s JSON, or undefined when it is not one (a hand-made page, a cached older shape). */
export function parseEarlyPhoto(json: string | null | undefined): Photo | undefined {
  if (!json) return undefined;
  try {
    const o = JSON.parse(json) as Record<string, unknown> | null;
    if (
      !o ||
      typeof o.id !== 'string' ||
      typeof o.alt !== 'string' ||
      typeof o.placeholder !== 'string' ||
      !(typeof o.width === 'number' && o.width > 0) ||
      !(typeof o.height === 'number' && o.height > 0) ||
      !Array.isArray(o.files) ||
      !o.files.every(isFile)
    )
      return undefined;
    return o as Photo;
  } catch {
    return undefined;
  }
}

/** The main photo of the recipe at this address, as the server wrote it into the page; undefined without one. */
export function readEarlyPhoto(): Photo | undefined {
  return parseEarlyPhoto(document.getElementById(MAIN_PHOTO_DATA_ID)?.textContent);
}
