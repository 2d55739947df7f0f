// How many scans a JPEG has, counted from its bytes before anything decodes it. A progressive JPEG's decoder keeps
// every coefficient of the image in memory and walks all of them once per scan, so its cost is pixels times scans,
// not the file's size: a valid file of 3,529 scans that carry nothing (issue 35, 587 KB) took 30-45 s of CPU and
// 330 MB, and libvips cannot stop the decoder between scans. Cameras and encoders write few: baseline JPEGs 1 (or
// one per component), libjpeg's progressive default 10, mozjpeg's up to about 15.

/** More scans than this and the photo is refused unread (docs/photos.md, docs/decisions/045-photo-decode-limits.md). */
export const MAX_JPEG_SCANS = 100;

const SOS = Buffer.from([0xff, 0xda]);

/**
 * The start-of-scan markers (0xFF 0xDA) of a JPEG, counted up to `stopAfter` (it returns at once there). Every
 * occurrence of the two bytes is counted: entropy-coded data never holds them (a 0xFF there is followed by 0x00 or
 * a restart marker), so the count is never below the scans, and only an embedded thumbnail, an appended gain map or
 * a comment can add a few. One native search (memmem) per hit: about a millisecond for 10 MB, on the event loop.
 */
export function countJpegScans(bytes: Uint8Array, stopAfter = MAX_JPEG_SCANS + 1): number {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let scans = 0;
  for (let at = b.indexOf(SOS, 2); at >= 0 && scans < stopAfter; at = b.indexOf(SOS, at + 2)) scans++;
  return scans;
}
