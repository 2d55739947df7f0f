import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  boundedSize,
  checkHeader,
  deskew,
  evenLight,
  gray,
  MAX_SIDE,
  MIN_SIDE,
  orient,
  preparePage,
  ScanRefusal,
  skewAngle,
  turned,
} from '../../../server/scan/prepare-page.ts';

const page = (background: string, width = 600, height = 400) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g">` +
      `<stop offset="0" stop-color="#444"/><stop offset="1" stop-color="#f4f1ea"/></linearGradient></defs>` +
      `<rect width="100%" height="100%" fill="${background}"/>` +
      `<text x="40" y="100" font-family="DejaVu Sans" font-size="40">Kanelbullar</text></svg>`,
  );

/** A page of ten lines of text, turned by `degrees` (clockwise) on white, as gray pixels. */
async function textPage(degrees: number) {
  const lines = Array.from(
    { length: 10 },
    (_, i) =>
      `<text x="60" y="${120 + i * 60}" font-family="DejaVu Serif" font-size="34">${i + 1} dl mjölk och ` +
      `smält smör i en kastrull</text>`,
  ).join('');
  const svg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="760"><rect width="100%" height="100%" fill="#fff"/>` +
      `${lines}</svg>`,
  );
  const { data, info } = await sharp(svg)
    .flatten({ background: '#fff' })
    .rotate(degrees, { background: '#fff' })
    .grayscale()
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

// sharp renders and whole pages: seconds each on a busy machine, not the unit project's 5 s.
describe('deskew', { timeout: 30_000 }, () => {
  it('skewAngle finds how far the lines are turned, either way', async () => {
    for (const degrees of [4, -2.5, 6.5]) expect(await skewAngle(await textPage(degrees))).toBeCloseTo(degrees, 0);
    expect(Math.abs(await skewAngle(await textPage(0)))).toBeLessThan(0.3);
  });

  it('skewAngle measures a page lying a quarter turned from its lines going down, not across', async () => {
    expect(await skewAngle(await textPage(93))).toBeCloseTo(3, 0);
    expect(await skewAngle(await textPage(-92))).toBeCloseTo(-2, 0);
  });

  it('deskew turns the lines level and leaves a level page as it is', async () => {
    const level = await deskew(await textPage(-4));
    expect(Math.abs(await skewAngle(level))).toBeLessThan(0.3);
    const upright = await textPage(0);
    expect(await deskew(upright)).toBe(upright);
  });

  it('preparePage levels a turned photo', async () => {
    const photo = await sharp(await sharp(page('#f4f1ea')).png().toBuffer())
      .rotate(5, { background: '#3a3430' })
      .jpeg()
      .toBuffer();
    const prepared = await preparePage(photo, 10);
    const { data, info } = await sharp(prepared.png).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
    expect(Math.abs(await skewAngle({ data, width: info.width, height: info.height }))).toBeLessThan(0.5);
  });
});

describe('preparing a photo of a page', { timeout: 30_000 }, () => {
  it('checkHeader refuses what is no picture and a picture over the pixel limit, from the header', async () => {
    await expect(checkHeader(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).rejects.toMatchObject({
      kind: 'not-a-picture',
    });
    // A PNG header that claims 10000 x 10000 pixels (100 MP): refused without its pixels.
    const huge = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    huge.writeUInt32BE(10_000, 16);
    huge.writeUInt32BE(10_000, 20);
    huge.writeUInt32BE(crc32(huge.subarray(12, 29)), 29); // the IHDR chunk's checksum, so only its size is wrong
    await expect(checkHeader(huge)).rejects.toBeInstanceOf(ScanRefusal);
    await expect(checkHeader(huge)).rejects.toMatchObject({ kind: 'too-large-pixels' });
  });

  it('orient turns a photo as its EXIF orientation says', async () => {
    const wide = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#fff' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const out = await orient(sharp(wide)).toBuffer({ resolveWithObject: true });
    expect([out.info.width, out.info.height]).toEqual([20, 40]);
  });

  it('gray leaves one channel', async () => {
    const out = await gray(sharp(page('#e0c090')))
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(out.info.channels).toBe(1);
  });

  it('evenLight makes paper under a shadow as light as paper in the light, and keeps print dark', async () => {
    const { data, info } = await sharp(page('url(#g)')).grayscale().raw().toBuffer({ resolveWithObject: true });
    const gray1 = Buffer.from(data.filter((_, i) => i % info.channels === 0));
    const at = (pixels: Buffer, x: number, y: number) => pixels[y * info.width + x]!;
    expect(at(gray1, 10, 390)).toBeLessThan(100); // the dark side before
    const even = await evenLight({ data: gray1, width: info.width, height: info.height });
    expect(at(even.data, 10, 390)).toBeGreaterThan(200);
    expect(at(even.data, 590, 390)).toBeGreaterThan(200);
    expect(Math.min(...even.data.subarray(60 * info.width, 110 * info.width))).toBeLessThan(80); // the title
  });

  it('boundedSize brings the long side within its bounds and keeps proportions', () => {
    expect(boundedSize(6000, 4000)).toEqual({ width: MAX_SIDE, height: 2000 });
    expect(boundedSize(600, 400)).toEqual({ width: MIN_SIDE, height: 800 });
    expect(boundedSize(2000, 1500)).toEqual({ width: 2000, height: 1500 });
  });

  it('preparePage gives a gray PNG of the bounded size, and turned turns it', async () => {
    const jpeg = await sharp(page('#f4f1ea')).jpeg().toBuffer();
    const prepared = await preparePage(jpeg, 10);
    const meta = await sharp(prepared.png).metadata();
    expect([meta.format, meta.width, meta.height, meta.channels]).toEqual(['png', MIN_SIDE, 800, 1]);
    const quarter = await sharp(await turned(prepared.png, 90, MIN_SIDE)).metadata();
    expect([quarter.width, quarter.height]).toEqual([800, MIN_SIDE]);
  });
});
