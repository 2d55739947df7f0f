// A phone photo of a page, made easier for Tesseract to read (sharp, in the scan process: scan-child.ts). Each step
// is its own function so each is tested alone (tests/unit/scan-prepare-page.test.ts); preparePage runs them in order.
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
  // Darkest print to black, paper to white: a soft or grey photo gets the contrast Tesseract's binarisation wants.
  const png = await sharp(even.data, { raw: { ...size, channels: 1 } })
    .timeout(timeout)
    .normalise({ lower: 0, upper: 100 })
    .toColourspace('b-w')
    .png({ compressionLevel: 1 })
    .toBuffer();
  return { png, ...size };
}

/** The page turned a quarter, half or three quarters (for the orientation trial in read-pages.ts). */
export async function turned(png: Buffer, angle: 90 | 180 | 270, maxSide: number): Promise<Buffer> {
  return sharp(png).rotate(angle).resize(maxSide, maxSide, { fit: 'inside' }).png({ compressionLevel: 1 }).toBuffer();
}
