// What a photo is stored as: one re-encoded original and the variants the site and link previews ask for. Plain
// constants, so that the site's srcset and the worker agree without the site importing sharp.

// Uploads with more pixels are refused before decoding (issue 23). Phones save 12-24 MP by default; a 48 MP
// full-resolution shot is refused.
export const MAX_INPUT_PIXELS = 40_000_000;

// The stored original's longest side: twice a 1200 px wide layout; about a quarter of a 12 MP upload's bytes (bench).
export const ORIGINAL_MAX_SIDE = 2400;
export const ORIGINAL_JPEG_QUALITY = 82;

// The list's square thumbnail: up to 80 CSS px at 2x; the issue allows 6 KB, the bench's came to under 1 KB.
export const SQUARE_SIDE = 160;
/**
 * Widths for the recipe page and the gallery. 600: a phone's column (Lighthouse's 412 px phone at 1.75x shows the
 * main photo 578 px wide; with 800 the next one up, a third of its bytes were wasted); 800 and 1200: a desktop
 * column at 1x and a phone at 3x; 1600: a desktop column at 2x.
 */
export const RESPONSIVE_WIDTHS = [600, 800, 1200, 1600] as const;
/** One JPEG for consumers that need one: link previews (Open Graph asks for 1200 px), e-mail, old readers. */
export const JPEG_WIDTH = 1200;
export const JPEG_QUALITY = 80;
/** Crops for search engines (16:9, 4:3, 1:1), up to JPEG_WIDTH wide. */
export const CROP_ASPECTS = [
  [16, 9],
  [4, 3],
  [1, 1],
] as const;

// Quality 50 for AVIF and 75 for WebP, the encoders' usual web settings; AVIF came to about 70 % of WebP's bytes on
// the bench photo. Effort 2, not sharp's default 4: on a noisy 1600 px photo effort 4 took 5.8 s against 0.3 s.
export const AVIF = { quality: 50, effort: 2 } as const;
export const WEBP = { quality: 75, effort: 4 } as const;
