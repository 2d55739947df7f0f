import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  boundedSize,
  checkHeader,
  deskew,
  edgePoints,
  evenLight,
  findPage,
  fitLine,
  flattenPage,
  gray,
  MAX_SIDE,
  MIN_SIDE,
  orient,
  paperStart,
  preparePage,
  ScanRefusal,
  skewAngle,
  squareToQuad,
  turned,
  unwarp,
  type GrayPixels,
  type Quad,
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

/** A page of ten left-aligned lines of print (paper 236, print dark), as gray pixels. */
async function printedPage(width = 700, height = 900): Promise<GrayPixels> {
  const lines = Array.from(
    { length: 10 },
    (_, i) =>
      `<text x="60" y="${130 + i * 70}" font-family="DejaVu Serif" font-size="30">${i + 1} dl mjölk och smält ` +
      `smör</text>`,
  ).join('');
  const svg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      `<rect width="100%" height="100%" fill="#eeeae0"/>${lines}</svg>`,
  );
  const { data, info } = await sharp(svg).grayscale().extractChannel(0).raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/**
 * `page` as a camera at a slant sees it: on a table of gray `table` in a photo of `size`, its corners at `quad`
 * (a true perspective: each photo pixel looked up on the page through the inverse of squareToQuad's map), and a
 * dark corner where asked (the top left darkened to `shade` of its light, fading over 80 % of the photo).
 */
function photographed(
  page: GrayPixels,
  quad: Quad,
  size: { width: number; height: number },
  table = 50,
  shade = 1,
): GrayPixels {
  const [a, b, c, d, e, f, g, h] = squareToQuad(quad);
  // The inverse of [[a b c] [d e f] [g h 1]] (its adjugate: the scale does not matter).
  const inv = [
    e - f * h,
    c * h - b,
    b * f - c * e,
    f * g - d,
    a - c * g,
    c * d - a * f,
    d * h - e * g,
    b * g - a * h,
    a * e - b * d,
  ];
  const data = Buffer.alloc(size.width * size.height);
  for (let y = 0; y < size.height; y++)
    for (let x = 0; x < size.width; x++) {
      const [cx, cy] = [x + 0.5, y + 0.5];
      const z = inv[6]! * cx + inv[7]! * cy + inv[8]!;
      const p = (inv[0]! * cx + inv[1]! * cy + inv[2]!) / z;
      const q = (inv[3]! * cx + inv[4]! * cy + inv[5]!) / z;
      const inside = p >= 0 && p < 1 && q >= 0 && q < 1;
      const value = inside ? page.data[Math.floor(q * page.height) * page.width + Math.floor(p * page.width)]! : table;
      const dark = Math.min(1, Math.hypot(x / size.width, y / size.height) / 0.8);
      data[y * size.width + x] = Math.round(value * (shade + (1 - shade) * dark));
    }
  return { data, width: size.width, height: size.height };
}

/** A page turned about 3° and narrower at its far (top) edge by 8 % each side, on a 900 x 1100 photo. */
const SLANTED: Quad = [
  { x: 150, y: 95 },
  { x: 790, y: 120 },
  { x: 835, y: 1040 },
  { x: 55, y: 1000 },
];
const PHOTO = { width: 900, height: 1100 };

/**
 * Each line of print's leftmost ink (x), top to bottom: rows with ink grouped into lines, a gap of a few rows (a
 * descender's thin stroke, resampled) kept within its line.
 */
function lineStarts({ data, width, height }: GrayPixels, inkBelow = 40): number[] {
  const margin = Math.round(width * 0.03);
  const starts: number[] = [];
  let current: number | null = null;
  let blank = 0;
  for (let y = Math.round(height * 0.03); y < height * 0.97; y++) {
    let first = -1;
    for (let x = margin; x < width - margin; x++)
      if (data[y * width + x]! < inkBelow) {
        first = x;
        break;
      }
    if (first !== -1) {
      current = current === null ? first : Math.min(current, first);
      blank = 0;
    } else if (current !== null && ++blank > 8) {
      starts.push(current);
      current = null;
    }
  }
  if (current !== null) starts.push(current);
  return starts;
}

const spread = (values: number[]) => Math.max(...values) - Math.min(...values);

describe('the page found and its keystone undone', { timeout: 30_000 }, () => {
  it('paperStart finds where a line of pixels steps from the table up to paper, and nothing on paper or table alone', () => {
    const line = [...Array<number>(40).fill(50), 100, 150, 200, ...Array<number>(160).fill(230)];
    expect(paperStart(line)).toBeCloseTo(40.8, 1);
    expect(paperStart(Array<number>(200).fill(230))).toBeNull();
    expect(paperStart(Array<number>(200).fill(50))).toBeNull();
    // A speck of glare on the table is no paper: the paper begins where it stays light.
    const glare = [...Array<number>(20).fill(50), 230, ...Array<number>(19).fill(50), ...Array<number>(160).fill(230)];
    expect(paperStart(glare)).toBeCloseTo(39.5, 1);
    // A dark corner darkens table and paper alike: the step is still there.
    expect(paperStart(line.map((v) => v * 0.5))).toBeCloseTo(40.8, 1);
    // A thin strip of table along the photo's side, inside the first 1 %: the edge is in it, not before the photo.
    expect(paperStart([...Array<number>(5).fill(50), ...Array<number>(795).fill(230)])).toBeCloseTo(4.5, 1);
  });

  it("edgePoints gives the paper's edge on each line across a side", async () => {
    const photo = photographed(await printedPage(), SLANTED, PHOTO);
    const left = edgePoints(photo, 'left');
    // The left side runs from (150, 95) to (55, 1000): row 550's centre (550.5) meets it at x = 102.2, between the
    // pixels 101 and 102 (points are pixel indexes: pixel i's centre is i + 0.5).
    expect(Math.abs(left.find((p) => p.u === 550)!.v - 101.7)).toBeLessThan(1);
    // The foot runs from (55, 1000) to (835, 1040): column 445 meets it at y = 1020.
    const bottom = edgePoints(photo, 'bottom');
    expect(Math.abs(bottom.find((p) => p.u === 445)!.v - 1019.5)).toBeLessThan(1);
    // Rows above the page are table alone: no point.
    expect(left.some((p) => p.u < 90)).toBe(false);
  });

  it('fitLine finds the line most points lie on, whatever the rest', () => {
    const points = Array.from({ length: 200 }, (_, u) => ({ u, v: u % 5 === 0 ? 500 - u : 0.1 * u + 20 }));
    const line = fitLine(points, 2)!;
    expect(line.a).toBeCloseTo(0.1, 3);
    expect(line.b).toBeCloseTo(20, 1);
    expect(line.inliers).toBe(160);
    expect(fitLine(points.slice(0, 9), 2)).toBeNull();
  });

  it('findPage finds the corners of a page turned and slanted on a table, under a dark corner too', async () => {
    const page = await printedPage();
    for (const shade of [1, 0.5]) {
      const quad = (await findPage(photographed(page, SLANTED, PHOTO, 50, shade)))!;
      expect(quad).not.toBeNull();
      quad.forEach((corner, i) => {
        expect(Math.abs(corner.x - SLANTED[i]!.x)).toBeLessThan(6);
        expect(Math.abs(corner.y - SLANTED[i]!.y)).toBeLessThan(6);
      });
    }
  });

  it('findPage finds no page where none can be told from its ground', async () => {
    const page = await printedPage();
    // Paper to the photo's edges, a light table, a page too small to be what was photographed.
    expect(await findPage(page)).toBeNull();
    expect(await findPage(photographed(page, SLANTED, PHOTO, 210))).toBeNull();
    const small: Quad = [
      { x: 400, y: 450 },
      { x: 600, y: 455 },
      { x: 605, y: 700 },
      { x: 395, y: 695 },
    ];
    expect(await findPage(photographed(page, small, PHOTO))).toBeNull();
  });

  it('findPage takes the photo border for the one side a page runs over', async () => {
    // The page's foot is beyond the photo's bottom edge.
    const over: Quad = [
      { x: 120, y: 80 },
      { x: 780, y: 80 },
      { x: 820, y: 1300 },
      { x: 80, y: 1300 },
    ];
    const quad = (await findPage(photographed(await printedPage(), over, PHOTO)))!;
    expect(quad).not.toBeNull();
    expect(quad[0].x).toBeCloseTo(120, -1);
    expect(quad[2].y).toBeCloseTo(1100, -1);
    expect(quad[3].y).toBeCloseTo(1100, -1);
  });

  it("squareToQuad's map takes the unit square's corners to the quadrilateral's", () => {
    const [a, b, c, d, e, f, g, h] = squareToQuad(SLANTED);
    const map = (p: number, q: number) => {
      const z = g * p + h * q + 1;
      return { x: (a * p + b * q + c) / z, y: (d * p + e * q + f) / z };
    };
    [map(0, 0), map(1, 0), map(1, 1), map(0, 1)].forEach((corner, i) => {
      expect(corner.x).toBeCloseTo(SLANTED[i]!.x, 6);
      expect(corner.y).toBeCloseTo(SLANTED[i]!.y, 6);
    });
  });

  it('unwarp makes the page inside its corners an upright rectangle again: its lines of print start level', async () => {
    const page = await printedPage();
    const photo = photographed(page, SLANTED, PHOTO);
    expect(spread(lineStarts(photo))).toBeGreaterThan(40); // the slant moves the lines' starts
    const flat = unwarp(photo, SLANTED);
    expect(Math.abs(flat.width - 700)).toBeLessThan(0.06 * 700);
    expect(Math.abs(flat.height - 900)).toBeLessThan(0.06 * 900);
    const starts = lineStarts(flat);
    expect(starts).toHaveLength(10);
    expect(spread(starts)).toBeLessThan(6);
  });

  it('unwarp keeps a thin stroke dark: the photo is looked up bicubic, not bilinear', () => {
    // 1-px dark lines every 5 px; the quad a slightly smaller page, so samples fall between the photo's pixels.
    const width = 200;
    const page = {
      data: Buffer.from(Array.from({ length: width * width }, (_, i) => ((i % width) % 5 === 2 ? 0 : 255))),
      width,
      height: width,
    };
    const quad: Quad = [
      { x: 3.3, y: 3.3 },
      { x: 196.1, y: 3.3 },
      { x: 196.1, y: 196.1 },
      { x: 3.3, y: 196.1 },
    ];
    const flat = unwarp(page, quad);
    const row = flat.data.subarray(100 * flat.width, 101 * flat.width);
    // Each line's darkest sample: bilinear gives 255 times its distance from the line's centre (on average 64).
    const darkest: number[] = [];
    for (let x = 0; x + 5 <= row.length; x += 5) darkest.push(Math.min(...row.subarray(x, x + 5)));
    expect(darkest.reduce((a, b) => a + b, 0) / darkest.length).toBeLessThan(52);
  });

  it('flattenPage undoes a page it finds and leaves a photo with no page as it is', async () => {
    const page = await printedPage();
    const flat = await flattenPage(photographed(page, SLANTED, PHOTO, 50, 0.6));
    expect(spread(lineStarts(flat))).toBeLessThan(8);
    expect(await flattenPage(page)).toBe(page);
  });

  it('preparePage reads a slanted photo of a page as the page itself: its lines start level', async () => {
    const photo = photographed(await printedPage(), SLANTED, PHOTO, 50, 0.6);
    const jpeg = await sharp(photo.data, { raw: { width: photo.width, height: photo.height, channels: 1 } })
      .jpeg({ quality: 85 })
      .toBuffer();
    const prepared = await preparePage(jpeg, 10);
    const { data, info } = await sharp(prepared.png).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
    const starts = lineStarts({ data, width: info.width, height: info.height });
    expect(starts).toHaveLength(10);
    expect(spread(starts)).toBeLessThan(0.012 * info.width);
  });
});
