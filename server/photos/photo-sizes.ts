// What a photo is stored as: one re-encoded original and the variants the site and link previews ask for. Plain
// constants, so that the site's srcset and the worker agree without the site importing sharp.

/** Uploads with more pixels are refused before decoding: 40 MP holds every phone camera (48 MP sensors save 12 MP). */
export const MAX_INPUT_PIXELS = 40_000_000;

/** The stored original's longest side: twice a 1200 px wide layout, and a tenth of the bytes of a 12 MP upload. */
export const ORIGINAL_MAX_SIDE = 2400;
export const ORIGINAL_JPEG_QUALITY = 82;

/** The list's square thumbnail: 2x of the 80 CSS px it is shown at, within the 6 KB per thumbnail. */
export const SQUARE_SIDE = 160;
/** Widths for the recipe page (a phone at 2x, a column on a desktop) and for large screens. */
export const RESPONSIVE_WIDTHS = [800, 1600] as const;
/** One JPEG for consumers that need one: link previews (Open Graph asks for 1200 px), e-mail, old readers. */
export const JPEG_WIDTH = 1200;
export const JPEG_QUALITY = 80;

// AVIF at quality 50 looks like WebP at 75 at about two thirds of its size. Effort 2, not sharp's default 4: on a
// noisy 1600 px photo effort 4 took 5.8 s against 0.3 s (bench/photos.ts), for a few per cent fewer bytes.
export const AVIF = { quality: 50, effort: 2 } as const;
export const WEBP = { quality: 75, effort: 4 } as const;
