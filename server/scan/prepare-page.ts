// A phone photo of a page, made easier for Tesseract to read (sharp, in the scan process: scan-child.ts). Each step
// is its own function so each is tested alone (tests/unit/scan/scan-prepare-page.test.ts); preparePage runs them in order.
// The header is read first and a photo over the pixel limit refused before a pixel is decoded, as for photos.
import sharp, { type Sharp } from 'sharp';
import { MAX_INPUT_PIXELS } from '../photos/photo-sizes.ts';
import { sniffFormat } from '../photos/sniff-format.ts';

/** Tesseract reads a printed page best at about 300 dpi: an A4 page's long side is about 3,500 pixels then. */
export const MAX_SIDE = 3000;
/** Below this the letters of a page are too small to read; a smaller photo is enlarged to it. */
export const MIN_SIDE = 1200;

export class ScanRefusal extends Error {
  readonly kind: 'not-a-picture' | 'too-large-pixels' | 'unreadable' | 'unsupported';
  constructor(kind: ScanRefusal['kind'], detail: string) {
    super(detail);
    this.kind = kind;
  }
}

const readOptions = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'warning' } as const;

/** The photo's header: refused when it is no JPEG, PNG, WebP or HEIF by its bytes, or has too many pixels. */
export async function checkHeader(bytes: Buffer): Promise<void> {
  const sniffed = sniffFormat(bytes);
  if (!sniffed) throw new ScanRefusal('not-a-picture', 'not JPEG, PNG, WebP, AVIF or HEIF by its first bytes');
  const meta = await sharp(bytes, readOptions)
    .metadata()
    .catch((e: Error) => {
      throw new ScanRefusal(/pixel limit/i.test(e.message) ? 'too-large-pixels' : 'unreadable', `header: ${e.message}`);
    });
  if (meta.format !== sniffed)
    throw new ScanRefusal('not-a-picture', `starts as ${sniffed} but reads as ${meta.format}`);
  if (meta.width * (meta.pageHeight ?? meta.height) > MAX_INPUT_PIXELS)
    throw new ScanRefusal(
      'too-large-pixels',
      `${meta.width}x${meta.pageHeight ?? meta.height} is over the pixel limit`,
    );
}

/** Turned as the camera says (EXIF orientation), and the metadata gone. */
export function orient(image: Sharp): Sharp {
  return image.autoOrient();
}

/** Gray: colour adds nothing to print and triples what Tesseract binarises. */
export function gray(image: Sharp): Sharp {
  return image.flatten({ background: '#ffffff' }).grayscale();
}

export type GrayPixels = { data: Buffer; width: number; height: number };

/**
 * Light evened out (a shadow, a dark corner, a lamp on one side): each pixel divided by the paper's brightness
 * around it, so paper becomes white everywhere and print stays dark. The paper's brightness is the page shrunk to an
 * eighth, its print removed by a median filter (print covers a small share of a page) and blurred.
 */
export async function evenLight({ data, width, height }: GrayPixels): Promise<GrayPixels> {
  const small = { width: Math.max(8, Math.round(width / 8)), height: Math.max(8, Math.round(height / 8)) };
  const paper = await sharp(data, { raw: { width, height, channels: 1 } })
    .resize(small.width, small.height, { kernel: 'linear' })
    .median(7)
    .blur(3)
    .resize(width, height, { kernel: 'linear' })
    .extractChannel(0)
    .raw()
    .toBuffer();
  const out = Buffer.alloc(width * height);
  for (let i = 0; i < out.length; i++) out[i] = Math.min(255, Math.round((data[i]! * 255) / Math.max(16, paper[i]!)));
  return { data: out, width, height };
}

/** The turns skewAngle tries, in degrees either way: a photo held by hand is seldom turned more. */
export const MAX_SKEW = 8;
/** Below this (degrees) a page is left as it lies: Tesseract's line finding copes, and each turn softens print. */
const LEAST_SKEW = 0.3;
/** skewAngle looks at the page shrunk to this long side: lines of text stay lines, and it takes milliseconds. */
const SKEW_SIDE = 900;
/** Print on evened-out paper (paper is about 255): darker than this is ink. */
const INK_BELOW = 150;
/** At most this many ink pixels are projected (a dense page is sampled evenly). */
const MAX_INK = 40_000;

/**
 * How far the lines of text are turned, in degrees, clockwise as the page is seen (sharp's rotate turns it back
 * with the negative): the page shrunk and its ink projected across the lines at each trial angle, coarse then
 * fine; at the right angle every line of text falls into few rows and the gaps between lines into empty ones, so
 * the row counts change most sharply from one row to the next (the sum of their squared differences is largest).
 */
export async function skewAngle({ data, width, height }: GrayPixels): Promise<number> {
  const scale = Math.min(1, SKEW_SIDE / Math.max(width, height));
  const w = Math.max(1, Math.round(width * scale));
  const h = Math.max(1, Math.round(height * scale));
  const small =
    scale === 1
      ? data
      : await sharp(data, { raw: { width, height, channels: 1 } })
          .resize(w, h, { kernel: 'linear' })
          .extractChannel(0)
          .raw()
          .toBuffer();
  let count = 0;
  for (let i = 0; i < w * h; i++) if (small[i]! < INK_BELOW) count++;
  if (count < 50) return 0;
  const step = Math.max(1, Math.ceil(count / MAX_INK));
  const xs: number[] = [];
  const ys: number[] = [];
  let seen = 0;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++)
      if (small[y * w + x]! < INK_BELOW && seen++ % step === 0) {
        xs.push(x);
        ys.push(y);
      }
  const reach = Math.ceil(Math.hypot(w, h)) + 2;
  const rows = new Float64Array(2 * reach + 1);
  const sharpness = (degrees: number) => {
    const a = (degrees * Math.PI) / 180;
    const [sin, cos] = [Math.sin(a), Math.cos(a)];
    rows.fill(0);
    for (let i = 0; i < xs.length; i++) rows[Math.round(ys[i]! * cos - xs[i]! * sin) + reach]! += 1;
    let sum = 0;
    for (let r = 1; r < rows.length; r++) sum += (rows[r]! - rows[r - 1]!) ** 2;
    return sum;
  };
  const best = (angles: number[]) =>
    angles.reduce(
      (top, angle) => {
        const value = sharpness(angle);
        return value > top.value ? { angle, value } : top;
      },
      { angle: angles[0]!, value: -1 },
    );
  const range = (from: number, to: number, by: number) =>
    Array.from({ length: Math.round((to - from) / by) + 1 }, (_, i) => Math.round((from + i * by) * 100) / 100);
  // Lines across the page, or down it (a page photographed a quarter turned, which readPage's turn trial turns):
  // the skew is measured from whichever the ink follows clearly (down: twice as sharp), so a sideways page is made
  // exactly sideways, not tilted.
  const across = best(range(-MAX_SKEW, MAX_SKEW, 0.5));
  const down = best(range(90 - MAX_SKEW, 90 + MAX_SKEW, 0.5));
  const sideways = down.value > 2 * across.value;
  const coarse = sideways ? down.angle : across.angle;
  const fine = best(range(coarse - 0.5, coarse + 0.5, 0.1)).angle;
  return Math.round((sideways ? fine - 90 : fine) * 100) / 100;
}

/** The page turned back by its skew (skewAngle), on white; as it was when its lines are level already. */
export async function deskew(page: GrayPixels): Promise<GrayPixels> {
  const angle = await skewAngle(page);
  if (Math.abs(angle) < LEAST_SKEW) return page;
  const { data, info } = await sharp(page.data, { raw: { width: page.width, height: page.height, channels: 1 } })
    .rotate(-angle, { background: { r: 255, g: 255, b: 255 } })
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** The size Tesseract reads at: the long side within [MIN_SIDE, MAX_SIDE], its proportions kept. */
export function boundedSize(width: number, height: number): { width: number; height: number } {
  const long = Math.max(width, height);
  const scale = long > MAX_SIDE ? MAX_SIDE / long : long < MIN_SIDE ? MIN_SIDE / long : 1;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** The page as a gray PNG Tesseract reads: oriented, bounded in size, its light evened out and its contrast stretched. */
export async function preparePage(
  bytes: Buffer,
  timeoutSeconds: number,
): Promise<{ png: Buffer; width: number; height: number }> {
  await checkHeader(bytes);
  const timeout = { seconds: timeoutSeconds };
  const oriented = await gray(orient(sharp(bytes, readOptions).timeout(timeout)))
    .raw()
    .toBuffer({ resolveWithObject: true })
    .catch((e: Error) => {
      if (sniffFormat(bytes) === 'heif') throw new ScanRefusal('unsupported', `HEIF: ${e.message}`);
      throw new ScanRefusal('unreadable', e.message);
    });
  const { width, height } = oriented.info;
  const size = boundedSize(width, height);
  const resized = await sharp(oriented.data, { raw: { width, height, channels: oriented.info.channels } })
    .timeout(timeout)
    .extractChannel(0)
    .resize(size.width, size.height, { kernel: 'lanczos3' })
    .raw()
    .toBuffer();
  const even = await evenLight({ data: resized, ...size });
  const level = await deskew(even);
  // Darkest print to black, paper to white: a soft or grey photo gets the contrast Tesseract's binarisation wants.
  const png = await sharp(level.data, { raw: { width: level.width, height: level.height, channels: 1 } })
    .timeout(timeout)
    .normalise({ lower: 0, upper: 100 })
    .toColourspace('b-w')
    .png({ compressionLevel: 1 })
    .toBuffer();
  return { png, width: level.width, height: level.height };
}

/** The page turned a quarter, half or three quarters (for the orientation trial in read-pages.ts). */
export async function turned(png: Buffer, angle: 90 | 180 | 270, maxSide: number): Promise<Buffer> {
  return sharp(png).rotate(angle).resize(maxSide, maxSide, { fit: 'inside' }).png({ compressionLevel: 1 }).toBuffer();
}
