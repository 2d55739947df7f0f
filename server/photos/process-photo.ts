// The task a photo process runs (photo-child.ts, started by photo-children.ts): the uploaded bytes -> a re-encoded
// original, its variants and a placeholder. Nothing of the upload is kept but its pixels: the bytes are decoded once, oriented, converted to
// sRGB and turned into raw pixels, and everything stored is encoded from those, so no metadata (EXIF, GPS, XMP,
// ICC, comments) and no bytes appended to the file (a polyglot's HTML) can reach an output.
import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import sharp, { type Sharp } from 'sharp';
import { rgbaToThumbHash } from 'thumbhash';
import type { PhotoErrorKind } from './photo-errors.ts';
import { allowOnlyPhotoLoaders } from './photo-loaders.ts';
import { sniffFormat } from './sniff-format.ts';
import type { PHOTO_FORMATS, PHOTO_USES } from '../../src/lib/photo-schema.ts';
import {
  AVIF,
  CROP_ASPECTS,
  JPEG_QUALITY,
  JPEG_WIDTH,
  MAX_INPUT_PIXELS,
  ORIGINAL_JPEG_QUALITY,
  ORIGINAL_MAX_SIDE,
  RESPONSIVE_WIDTHS,
  SQUARE_SIDE,
  WEBP,
} from './photo-sizes.ts';

export type PhotoFormat = (typeof PHOTO_FORMATS)[number];
type PhotoUse = (typeof PHOTO_USES)[number];
export type PhotoVariant = {
  use: PhotoUse;
  format: PhotoFormat;
  width: number;
  height: number;
  bytes: Uint8Array;
  /** sha256 of `bytes`, hex: the name of a content-addressed, immutable URL. */
  sha256: string;
};
export type ProcessedPhoto = {
  /** The stored original's size: oriented, at most ORIGINAL_MAX_SIDE on its longest side. */
  width: number;
  height: number;
  /** ThumbHash (github.com/evanw/thumbhash), base64: about 30 characters the page turns into a blurred preview. */
  placeholder: { thumbhash: string };
  /** What was uploaded, as read from its content (oriented size): for the log, never for serving. */
  source: { format: 'jpeg' | 'png' | 'webp' | 'avif' | 'heif'; width: number; height: number };
  original: PhotoVariant;
  variants: PhotoVariant[];
};
export type PhotoTask = { bytes: Uint8Array; timeoutSeconds: number };
export type PhotoOutcome = { ok: true; photo: ProcessedPhoto } | { ok: false; kind: PhotoErrorKind; detail: string };

// Only the four loaders this needs can run, for every sharp call in the process (photo-loaders.ts).
allowOnlyPhotoLoaders();
// Every photo is new: libvips' operation cache would only hold on to memory between uploads.
sharp.cache(false);
// libvips' own threads (on libuv's pool of the photo process, niced as its main thread is): one fewer than the
// cores, so that on a small machine a photo never takes the core the server's event loop answers requests on.
sharp.concurrency(Math.max(1, availableParallelism() - 1));

class Refusal extends Error {
  readonly kind: PhotoErrorKind;
  constructor(kind: PhotoErrorKind, detail: string) {
    super(detail);
    this.kind = kind;
  }
}

const readOptions = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'warning', autoOrient: true } as const;

export default async function processPhoto({ bytes, timeoutSeconds }: PhotoTask): Promise<PhotoOutcome> {
  try {
    return {
      ok: true,
      photo: await processBytes(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), timeoutSeconds),
    };
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, kind: error.kind, detail: error.message };
    const detail = error instanceof Error ? error.message : String(error);
    if (/pixel limit/i.test(detail)) return { ok: false, kind: 'too-large-pixels', detail };
    return { ok: false, kind: 'unreadable', detail };
  }
}

async function processBytes(input: Buffer, timeoutSeconds: number): Promise<ProcessedPhoto> {
  const sniffed = sniffFormat(input);
  if (!sniffed) throw new Refusal('not-a-picture', 'not JPEG, PNG, WebP, AVIF or HEIF by its first bytes');
  // The header only: size and codec, before a single pixel is decoded.
  const meta = await sharp(input, readOptions)
    .metadata()
    .catch((e: Error) => {
      // sharp applies limitInputPixels to the header already, so the bomb stops here.
      throw new Refusal(/pixel limit/i.test(e.message) ? 'too-large-pixels' : 'unreadable', `header: ${e.message}`);
    });
  if (meta.format !== sniffed) throw new Refusal('not-a-picture', `starts as ${sniffed} but reads as ${meta.format}`);
  if (meta.width * (meta.pageHeight ?? meta.height) > MAX_INPUT_PIXELS)
    throw new Refusal('too-large-pixels', `${meta.width}x${meta.pageHeight ?? meta.height} is over the pixel limit`);
  const sourceFormat = sniffed === 'heif' && meta.compression === 'av1' ? 'avif' : sniffed;

  const timeout = { seconds: timeoutSeconds };
  const decoded = await sharp(input, readOptions)
    .timeout(timeout)
    .resize(ORIGINAL_MAX_SIDE, ORIGINAL_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
    .toColourspace('srgb')
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true })
    .catch((e: Error) => {
      // The prebuilt libvips decodes AVIF (AV1) only; an iPhone's HEIC (HEVC) stops here.
      if (sourceFormat === 'heif') throw new Refusal('unsupported', `HEIF ${meta.compression}: ${e.message}`);
      throw e;
    });
  const { width, height, channels } = decoded.info;
  const pixels = () => sharp(decoded.data, { raw: { width, height, channels } }).timeout(timeout);
  const opaque = () => pixels().flatten({ background: '#ffffff' }); // JPEG has no alpha: transparency on white

  const encode = async (use: PhotoVariant['use'], format: PhotoFormat, image: Sharp): Promise<PhotoVariant> => {
    const out = await image.toBuffer({ resolveWithObject: true });
    const sha256 = createHash('sha256').update(out.data).digest('hex');
    return { use, format, width: out.info.width, height: out.info.height, bytes: new Uint8Array(out.data), sha256 };
  };
  const modern = async (use: PhotoVariant['use'], image: () => Sharp) => [
    await encode(use, 'avif', image().avif(AVIF)),
    await encode(use, 'webp', image().webp(WEBP)),
  ];

  // One after another: each encoder already uses libvips' threads, and the pool bounds how many photos run at once.
  // libjpeg-turbo, not mozjpeg: mozjpeg took 6x the time (0.5 s for the original) for about a tenth fewer bytes,
  // and the original is kept to derive sizes from later, hardly served.
  const original = await encode('original', 'jpeg', opaque().jpeg({ quality: ORIGINAL_JPEG_QUALITY }));
  const variants: PhotoVariant[] = [];
  const side = Math.min(SQUARE_SIDE, width, height);
  variants.push(
    ...(await modern('square', () => pixels().resize(side, side, { fit: 'cover', position: 'attention' }))),
  );
  // Never wider than the original: a narrow photo gets one variant at its own width instead of two upscaled ones.
  for (const w of new Set(RESPONSIVE_WIDTHS.map((target) => Math.min(target, width))))
    variants.push(...(await modern('width', () => pixels().resize({ width: w }))));
  variants.push(
    await encode(
      'jpeg',
      'jpeg',
      opaque()
        .resize({ width: Math.min(JPEG_WIDTH, width) })
        .jpeg({ quality: JPEG_QUALITY }),
    ),
  );

  // Search engines' rich results ask for 16:9, 4:3 and 1:1 images of at least 50,000 pixels (Google's Recipe
  // structured data): cropped around what libvips finds interesting, as JPEGs every crawler reads.
  for (const [w, h] of CROP_ASPECTS) {
    const cropWidth = Math.min(JPEG_WIDTH, width, Math.floor((height * w) / h));
    const cropHeight = Math.round((cropWidth * h) / w);
    variants.push(
      await encode(
        'crop',
        'jpeg',
        opaque().resize(cropWidth, cropHeight, { fit: 'cover', position: 'attention' }).jpeg({ quality: JPEG_QUALITY }),
      ),
    );
  }

  // ThumbHash wants RGBA of at most 100x100.
  const small = await pixels()
    .resize(100, 100, { fit: 'inside' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const thumbhash = Buffer.from(rgbaToThumbHash(small.info.width, small.info.height, small.data)).toString('base64');

  return {
    width,
    height,
    placeholder: { thumbhash },
    source: { format: sourceFormat, width: meta.autoOrient.width, height: meta.autoOrient.height },
    original,
    variants,
  };
}
