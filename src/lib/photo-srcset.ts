// A photo's `srcset` and `sizes`, its fallback file and its placeholder, written once for the recipe page's
// <picture> (src/features/photos/photo.tsx) and for the server's /{id}: the preload in its head
// (server/site/recipe-head.ts) and the photo in its first screen (server/site/recipe-first-screen.ts). A preload
// that differs from the <img> in one character of a URL or `sizes` is a second download, not a head start. Here, in
// src/lib, because the server shares nothing else with the site.
import { thumbHashToDataURL } from 'thumbhash';
import { photoUrl } from './photo-files.ts';
import type { Photo, PhotoFile } from './photo-schema.ts';

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

/** One `<source>` of a <picture>: its type and srcset. */
export type PictureSource = { type: string; srcSet: string };

/** The `<source>`s of a use, AVIF first (a browser takes the first type it supports); none left out empty. */
export function pictureSources(apiBase: string, files: PhotoFile[], use: PhotoFile['use']): PictureSource[] {
  return (['avif', 'webp'] as const)
    .map((format) => ({ type: `image/${format}`, srcSet: srcset(apiBase, files, use, format) }))
    .filter((s) => s.srcSet !== '');
}

/**
 * The main photo's preload: the <picture>'s first `<source>` (AVIF when there is one) with its `sizes`. A browser
 * without that type skips the preload, as it skips the `<source>`; one with it fetches the very file the <img>
 * then takes. undefined when the photo has no width files (the <img> shows its JPEG, not worth a preload).
 */
export function mainPhotoPreload(apiBase: string, photo: Pick<Photo, 'files'>) {
  const first = pictureSources(apiBase, photo.files, 'width')[0];
  return first && { type: first.type, imageSrcset: first.srcSet, imageSizes: MAIN_SIZES };
}

/** The `<img>`'s own file, for browsers without AVIF and WebP: the 1200 px JPEG, else the original. */
export function fallbackFile(photo: Pick<Photo, 'files'>): PhotoFile | undefined {
  return photo.files.find((f) => f.use === 'jpeg') ?? photo.files.find((f) => f.use === 'original');
}

// The browser's and Node's (since 16) global base64 decoder; src/lib is compiled without either's types.
declare function atob(data: string): string;

/** A ThumbHash's bytes; a ThumbHash has a 5-byte header at least, and shorter input would decode to a made-up colour. */
export function thumbHashBytes(base64: string): Uint8Array {
  const hash = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  if (hash.length < 5) throw new Error('not a ThumbHash');
  return hash;
}

/** The ThumbHash as a small blurred PNG (a data: URL, which the CSP's img-src allows); '' when it is unreadable. */
export function placeholderUrl(thumbHash: string): string {
  try {
    return thumbHashToDataURL(thumbHashBytes(thumbHash));
  } catch {
    return '';
  }
}

/**
 * Where the server writes /{id}'s first screen (the card with the main photo, the gallery, the name and the author:
 * server/site/recipe-first-screen.ts) into the static shell, and the id that card carries. The browser paints it
 * from the first response, before any JavaScript; the island removes it as its own card takes the place
 * (src/features/details/recipe-details.tsx). A static host leaves the comment: the island's spinner shows as before.
 */
export const FIRST_SCREEN_MARKER = '<!--recipe-first-screen-->';
export const FIRST_SCREEN_ID = 'recipe-first-screen';
