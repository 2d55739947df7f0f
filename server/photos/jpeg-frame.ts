// How much memory a JPEG's decoder will hold for its coefficients, read from the frame header before anything
// decodes it. A baseline JPEG whose first scan holds every component is decoded a row of blocks at a time; any
// other (progressive, or components in separate scans) makes libjpeg keep every DCT coefficient of the image until
// the last scan: 64 coefficients of 2 bytes for each 8x8 block of each component. A progressive CMYK file of 39 MP
// holds 300 MB that way, and 97 empty scans (under the scan bound, jpeg-scans.ts) kept it there for 30 s.

/**
 * Above this, a multi-scan JPEG is refused unread (docs/photos.md, docs/decisions/045-photo-decode-limits.md): with
 * a photo process's own ~130 MB and the server's, 4 such uploads at once stay within the product's 512 MB. It passes
 * every progressive 4:2:0 photo under the pixel limit (40 MP); it refuses progressive 4:4:4 over 22 MP, 4:2:2
 * over 33 MP and CMYK over 16.7 MP.
 */
export const MAX_JPEG_COEFFICIENT_BYTES = 128 * 1024 * 1024;

export type JpegFrame = {
  width: number;
  height: number;
  /** Sampling factors of each component, as in the frame header. */
  components: { h: number; v: number }[];
  /** SOF2, SOF6, SOF10 or SOF14. */
  progressive: boolean;
  /** Components in the first scan (fewer than the frame's: they come in separate scans); null without a scan. */
  firstScanComponents: number | null;
};

// SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC).
const isFrameMarker = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;
const isProgressiveMarker = (m: number) => m === 0xc2 || m === 0xc6 || m === 0xca || m === 0xce;

/**
 * The frame header and the first scan's component count, walking the segments from the start of the file (an
 * EXIF thumbnail inside APP1 is skipped with its segment). Null when the bytes are not a JPEG or end before a frame
 * header: the decoder then refuses them itself.
 */
export function readJpegFrame(bytes: Uint8Array): JpegFrame | null {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  let frame: Omit<JpegFrame, 'firstScanComponents'> | null = null;
  let at = 2;
  while (at + 1 < bytes.length) {
    if (bytes[at] !== 0xff) {
      at++; // bytes between segments: libjpeg skips them to the next marker, and so does this
      continue;
    }
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at++; // fill byte before a marker
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2; // markers without a segment
      continue;
    }
    if (marker === 0xd9 || at + 3 >= bytes.length) break;
    const length = (bytes[at + 2]! << 8) | bytes[at + 3]!;
    const body = at + 4;
    if (isFrameMarker(marker) && !frame) {
      const count = bytes[body + 5] ?? 0;
      if (body + 6 + 3 * count > bytes.length) return null;
      frame = {
        height: (bytes[body + 1]! << 8) | bytes[body + 2]!,
        width: (bytes[body + 3]! << 8) | bytes[body + 4]!,
        components: Array.from({ length: count }, (_, i) => {
          const factors = bytes[body + 6 + 3 * i + 1]!;
          return { h: factors >> 4, v: factors & 15 };
        }),
        progressive: isProgressiveMarker(marker),
      };
    } else if (marker === 0xda) {
      return frame && { ...frame, firstScanComponents: bytes[body] ?? 0 };
    }
    at += 2 + length;
  }
  return frame && { ...frame, firstScanComponents: null };
}

/**
 * The bytes libjpeg allocates to hold every coefficient of the frame (jdcoefct.c's whole-image buffer): for each
 * component, its blocks across and down (its share of the image by its sampling factors, rounded up to whole
 * blocks and to whole MCUs) x 64 coefficients x 2 bytes. 0 when the decoder streams the file instead: a
 * sequential frame whose first scan holds every component (or a frame without a scan, which is not decoded).
 */
export function jpegCoefficientBytes(frame: JpegFrame): number {
  const multiScan =
    frame.progressive || (frame.firstScanComponents !== null && frame.firstScanComponents < frame.components.length);
  if (!multiScan) return 0;
  const hMax = Math.max(1, ...frame.components.map((c) => c.h));
  const vMax = Math.max(1, ...frame.components.map((c) => c.v));
  const roundUp = (n: number, to: number) => Math.ceil(n / Math.max(1, to)) * Math.max(1, to);
  return frame.components.reduce((sum, { h, v }) => {
    const across = roundUp(Math.ceil((frame.width * h) / (8 * hMax)), h);
    const down = roundUp(Math.ceil((frame.height * v) / (8 * vMax)), v);
    return sum + across * down * 128;
  }, 0);
}
