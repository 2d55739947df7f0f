// The photo pipeline end to end through the worker pool: what is accepted, what every output looks like, and what
// is refused with which kind. Fixtures are made with sharp in beforeAll (photo-fixtures.ts).
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createPhotoProcessor,
  PhotoError,
  photoErrorMessages,
  type PhotoErrorKind,
  type PhotoProcessor,
  type ProcessedPhoto,
} from '../../../server/photos/photo-processor.ts';
import { sniffFormat } from '../../../server/photos/sniff-format.ts';
import { cameraJpeg, html, pngBomb, SECRET, svg } from './photo-fixtures.ts';

let processor: PhotoProcessor;
const f = {} as Record<'camera' | 'png' | 'webp' | 'avif' | 'gif' | 'tiff' | 'bomb', Buffer>;

beforeAll(async () => {
  f.camera = await cameraJpeg();
  f.png = await sharp({
    create: { width: 300, height: 200, channels: 4, background: { r: 0, g: 128, b: 0, alpha: 0.5 } },
  })
    .png()
    .toBuffer();
  f.webp = await sharp({ create: { width: 1000, height: 700, channels: 3, background: '#c83' } })
    .webp()
    .toBuffer();
  f.avif = await sharp({ create: { width: 500, height: 500, channels: 3, background: '#38c' } })
    .avif()
    .toBuffer();
  f.gif = await sharp({ create: { width: 50, height: 50, channels: 3, background: '#fff' } })
    .gif()
    .toBuffer();
  f.tiff = await sharp({ create: { width: 50, height: 50, channels: 3, background: '#fff' } })
    .tiff()
    .toBuffer();
  f.bomb = pngBomb();
  processor = createPhotoProcessor({ timeoutMs: 20_000 });
});
afterAll(() => processor?.close());

async function refusal(bytes: Uint8Array): Promise<PhotoErrorKind> {
  const error: unknown = await processor.process(bytes).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PhotoError);
  expect((error as PhotoError).swedish).toBe(photoErrorMessages[(error as PhotoError).kind]);
  return (error as PhotoError).kind;
}

const outputs = (p: ProcessedPhoto) => [p.original, ...p.variants];
const summary = (p: ProcessedPhoto) => outputs(p).map((v) => `${v.use} ${v.format} ${v.width}x${v.height}`);

describe('accepted pictures', () => {
  it('turns a camera JPEG upright and keeps none of its metadata (EXIF, GPS, ICC, XMP)', async () => {
    const input = await sharp(f.camera).metadata();
    expect(input.orientation).toBe(6);
    expect(input.exif?.includes(SECRET)).toBe(true);
    const photo = await processor.process(f.camera);
    expect([photo.width, photo.height]).toEqual([400, 600]); // stored 600x400, turned a quarter
    expect(photo.source).toEqual({ format: 'jpeg', width: 400, height: 600 });
    for (const v of outputs(photo)) {
      const m = await sharp(v.bytes).metadata();
      expect(m.format).toBe(v.format === 'avif' ? 'heif' : v.format);
      expect([m.width, m.height]).toEqual([v.width, v.height]);
      expect(m).not.toHaveProperty('exif');
      expect(m).not.toHaveProperty('icc');
      expect(m).not.toHaveProperty('xmp');
      expect(m).not.toHaveProperty('iptc');
      expect(m.orientation).toBeUndefined();
      expect(Buffer.from(v.bytes).includes(SECRET)).toBe(false);
    }
  });

  it('makes the designed variants, never wider than the original', async () => {
    const camera = await processor.process(f.camera);
    expect(summary(camera)).toEqual([
      'original jpeg 400x600',
      'square avif 160x160',
      'square webp 160x160',
      'width avif 400x600', // 600 to 1600 asked, 400 there: one variant at its own width
      'width webp 400x600',
      'jpeg jpeg 400x600',
      'crop jpeg 400x225', // 16:9, 4:3 and 1:1 for search engines, as wide as the photo allows
      'crop jpeg 400x300',
      'crop jpeg 400x400',
    ]);
    const webp = await processor.process(f.webp);
    expect(summary(webp)).toEqual([
      'original jpeg 1000x700',
      'square avif 160x160',
      'square webp 160x160',
      'width avif 600x420',
      'width webp 600x420',
      'width avif 800x560',
      'width webp 800x560',
      'width avif 1000x700',
      'width webp 1000x700',
      'jpeg jpeg 1000x700',
      'crop jpeg 1000x563',
      'crop jpeg 933x700',
      'crop jpeg 700x700',
    ]);
  });

  it('reads PNG (transparency onto white in JPEG) and AVIF by content', async () => {
    const png = await processor.process(f.png);
    expect(png.source.format).toBe('png');
    expect(summary(png)[0]).toBe('original jpeg 300x200');
    const { data } = await sharp(png.original.bytes).raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(100); // half-transparent green on white, not on black
    const avif = await processor.process(f.avif);
    expect(avif.source).toEqual({ format: 'avif', width: 500, height: 500 });
    expect(summary(avif)).toContain('width avif 500x500');
  });

  it('gives the same photo the same names: sha256 of each output, stable across runs', async () => {
    const [a, b] = [await processor.process(f.camera), await processor.process(f.camera)];
    expect(outputs(a).map((v) => v.sha256)).toEqual(outputs(b).map((v) => v.sha256));
    for (const v of outputs(a)) expect(v.sha256).toBe(createHash('sha256').update(v.bytes).digest('hex'));
    expect(new Set(outputs(a).map((v) => v.sha256)).size).toBe(outputs(a).length);
    expect(a.placeholder.thumbhash).toMatch(/^[A-Za-z0-9+/]{20,40}={0,2}$/);
    expect(a.placeholder).toEqual(b.placeholder);
  });

  it('re-encodes a JPEG with HTML appended: the picture is kept, the HTML is not', async () => {
    const photo = await processor.process(Buffer.concat([f.camera, Buffer.from(html)]));
    expect([photo.width, photo.height]).toEqual([400, 600]);
    for (const v of outputs(photo)) expect(Buffer.from(v.bytes).includes('<script')).toBe(false);
  });
});

describe('refused files', () => {
  it('refuses SVG (also under a .jpg name: the name and type are never asked), GIF and TIFF', async () => {
    expect(await refusal(svg)).toBe('not-a-picture');
    expect(await refusal(f.gif)).toBe('not-a-picture');
    expect(await refusal(f.tiff)).toBe('not-a-picture');
    expect(await refusal(Buffer.from('plain text'))).toBe('not-a-picture');
    expect(await refusal(new Uint8Array(0))).toBe('not-a-picture');
  });

  it('refuses HTML that starts with a JPEG signature, and a truncated JPEG', async () => {
    expect(await refusal(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from(html)]))).toBe('unreadable');
    expect(await refusal(f.camera.subarray(0, Math.floor(f.camera.length * 0.6)))).toBe('unreadable');
  });

  // Time and memory are the benchmark's to print (npm run bench:photos), not a test's to bound: the kind says that
  // sharp refused it from the header's dimensions (limitInputPixels), before decoding 400 MB of pixels.
  it('refuses a 400 MP PNG bomb from its header, without decoding it', async () => {
    expect(f.bomb.length).toBeLessThan(100_000);
    expect(await refusal(f.bomb)).toBe('too-large-pixels');
  });

  it('knows AVIF and HEIF containers by their brand', () => {
    const ftyp = (brand: string) => Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from(`ftyp${brand}`)]);
    expect(sniffFormat(ftyp('avif'))).toBe('heif');
    expect(sniffFormat(ftyp('heic'))).toBe('heif');
    expect(sniffFormat(ftyp('mp42'))).toBeNull(); // a video
  });
});
