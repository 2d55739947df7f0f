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

// ---- The page found and its keystone undone -------------------------------------------------------------------
// A phone photo shows the page on a table, turned a little and narrower at the far edge (the camera held at a
// slant). The page's four sides are found where the dark table gives way to the paper, each fitted as a straight line
// (a perspective keeps lines straight), their corners taken where they meet, and the quadrilateral between them
// mapped back to a rectangle: the table is gone and the lines of text are level and parallel again. Where no page
// can be told from its ground (paper to the photo's edges, a light table, a page too small or too odd in shape) the
// photo is left as it is and deskew alone levels it.

/** A point of a photo: pixel i covers [i, i + 1), so its centre is i + 0.5. */
export type Point = { x: number; y: number };
/** A page's corners: top left, top right, bottom right, bottom left. */
export type Quad = [Point, Point, Point, Point];
export type Side = 'left' | 'right' | 'top' | 'bottom';
/** A perspective map's eight numbers (squareToQuad). */
export type Eight = [number, number, number, number, number, number, number, number];
/** A side as a line: along it `u` (y for left and right, x for top and bottom), across it v = a·u + b. */
export type SideLine = { a: number; b: number; inliers: number; span: number };

/** The page is looked for in the photo shrunk to this long side: its sides are long straight steps there still. */
const FIND_SIDE = 800;
/** Paper is at least this much lighter than the table beside it (0-255) ... */
const LEAST_STEP = 40;
/** ... and the table at most this share of the paper's light (a dark corner darkens both alike). */
const TABLE_SHARE = 0.6;
/** The paper's edge is looked for within this share of a line from the photo's border. */
const EDGE_REACH = 0.35;
/** A page fills at least this share of the photo: anything smaller is no page photographed to be read. */
const LEAST_PAGE = 0.25;
/** The page is cut this share inside its found sides: a blurred edge's last rows of table stay out. */
const PAGE_INSET = 0.008;

/**
 * Where paper begins on a line of pixels read from the photo's border inward (in pixels from that border, to a
 * fraction), or null: the line starts on something dark (the table: its first 1 %), is clearly lighter further in
 * (the paper: its lightest within EDGE_REACH), and the edge is where it first rises halfway from one to the other
 * and stays there. A line on paper alone, or on the table alone, has no edge.
 */
export function paperStart(line: ArrayLike<number>): number | null {
  const n = line.length;
  const lead = Math.max(3, Math.round(n * 0.01));
  const reach = Math.floor(n * EDGE_REACH);
  if (reach <= 2 * lead) return null;
  const first = Array.from({ length: lead }, (_, i) => line[i]!).sort((a, b) => a - b);
  const table = first[Math.floor(lead / 2)]!;
  let paper = 0;
  for (let i = lead; i < reach; i++) paper = Math.max(paper, line[i]!);
  if (paper - table < LEAST_STEP || table > TABLE_SHARE * paper) return null;
  const half = (table + paper) / 2;
  for (let i = lead; i < reach - lead; i++) {
    if (line[i]! < half) continue;
    // It stays light for a while: the paper, not a speck of glare on the table.
    let sum = 0;
    for (let j = i; j < i + lead; j++) sum += line[j]!;
    if (sum / lead < half) continue;
    // The rise itself may lie inside the first 1 % (a thin strip of table along the photo's side): back to it.
    let rise = i;
    while (rise > 1 && line[rise - 1]! >= half) rise--;
    const before = line[rise - 1]!;
    return Math.max(0, rise - 1 + (half - before) / Math.max(1, line[rise]! - before));
  }
  return null;
}

/** The paper's edge on each line across one side of the photo: points (u along the side, v across it). */
export function edgePoints({ data, width, height }: GrayPixels, side: Side): { u: number; v: number }[] {
  const across = side === 'left' || side === 'right';
  const lines = across ? height : width;
  const length = across ? width : height;
  const points: { u: number; v: number }[] = [];
  const line = new Uint8Array(length);
  for (let u = 0; u < lines; u++) {
    for (let i = 0; i < length; i++) {
      // i steps in from the side's border.
      const at = across
        ? u * width + (side === 'left' ? i : width - 1 - i)
        : (side === 'top' ? i : height - 1 - i) * width + u;
      line[i] = data[at]!;
    }
    const start = paperStart(line);
    if (start === null) continue;
    points.push({ u, v: side === 'left' || side === 'top' ? start : length - 1 - start });
  }
  return points;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/**
 * The straight line through most of the points (v = a·u + b), robust to the points that lie elsewhere (the
 * neighbouring side near a corner, a shadow, a hand): the median of the slopes between pairs (Theil-Sen, on at
 * most 150 points spread evenly), the median offset, then least squares over the points within `tolerance`.
 * With its inliers' count and how far along the side they reach. Null for fewer than 10 points.
 */
export function fitLine(points: { u: number; v: number }[], tolerance: number): SideLine | null {
  if (points.length < 10) return null;
  const step = Math.max(1, Math.ceil(points.length / 150));
  const some = points.filter((_, i) => i % step === 0);
  const slopes: number[] = [];
  for (let i = 0; i < some.length; i++)
    for (let j = i + 1; j < some.length; j++)
      if (some[j]!.u !== some[i]!.u) slopes.push((some[j]!.v - some[i]!.v) / (some[j]!.u - some[i]!.u));
  let a = median(slopes);
  let b = median(points.map((p) => p.v - a * p.u));
  let near = points;
  for (let round = 0; round < 2; round++) {
    near = points.filter((p) => Math.abs(p.v - (a * p.u + b)) <= tolerance);
    if (near.length < 2) return null;
    const mu = near.reduce((s, p) => s + p.u, 0) / near.length;
    const mv = near.reduce((s, p) => s + p.v, 0) / near.length;
    let [suv, suu] = [0, 0];
    for (const p of near) [suv, suu] = [suv + (p.u - mu) * (p.v - mv), suu + (p.u - mu) ** 2];
    if (suu === 0) break;
    a = suv / suu;
    b = mv - a * mu;
  }
  const us = near.map((p) => p.u);
  return { a, b, inliers: near.length, span: Math.max(...us) - Math.min(...us) };
}

/** Where a left or right side's line meets a top or bottom side's line. */
function meet(upright: SideLine, level: SideLine): Point {
  // x = a1·y + b1 and y = a2·x + b2.
  const x = (upright.a * level.b + upright.b) / (1 - upright.a * level.a);
  return { x, y: level.a * x + level.b };
}

/** The quadrilateral's area (shoelace) if it is convex with its corners in order, else 0. */
function convexArea(quad: Quad): number {
  let sign = 0;
  let area = 0;
  for (let i = 0; i < 4; i++) {
    const [p, q, r] = [quad[i]!, quad[(i + 1) % 4]!, quad[(i + 2) % 4]!];
    const turn = Math.sign((q.x - p.x) * (r.y - q.y) - (q.y - p.y) * (r.x - q.x));
    if (turn === 0 || (sign !== 0 && turn !== sign)) return 0;
    sign = turn;
    area += p.x * q.y - q.x * p.y;
  }
  return Math.abs(area) / 2;
}

/**
 * The page's corners in the photo, or null where no page can be told from its ground. Each side's edge points are
 * fitted with a line (fitLine); a side counts when its line holds a quarter of the lines across that side and
 * reaches over a third of it. At least three sides must be found: a fourth the page runs over is the photo's own
 * border there. The corners must make a convex page of at least LEAST_PAGE of the photo, within a tenth of its size
 * of its borders.
 */
export async function findPage(page: GrayPixels): Promise<Quad | null> {
  const scale = Math.min(1, FIND_SIDE / Math.max(page.width, page.height));
  const w = Math.max(1, Math.round(page.width * scale));
  const h = Math.max(1, Math.round(page.height * scale));
  if (w < 40 || h < 40) return null;
  const data = await sharp(page.data, { raw: { width: page.width, height: page.height, channels: 1 } })
    .resize(w, h, { kernel: 'linear' })
    .blur(1)
    .extractChannel(0)
    .raw()
    .toBuffer();
  const small = { data, width: w, height: h };
  const tolerance = Math.max(2, 0.004 * Math.max(w, h));
  const lines: Partial<Record<Side, SideLine>> = {};
  for (const side of ['left', 'right', 'top', 'bottom'] as const) {
    const across = side === 'left' || side === 'right' ? h : w;
    const fitted = fitLine(edgePoints(small, side), tolerance);
    if (fitted && fitted.inliers >= 0.25 * across && fitted.span >= across / 3) lines[side] = fitted;
  }
  // The photo's own borders, on its outermost pixels' outer edges.
  const border: Record<Side, SideLine> = {
    left: { a: 0, b: -0.5, inliers: 0, span: 0 },
    right: { a: 0, b: w - 0.5, inliers: 0, span: 0 },
    top: { a: 0, b: -0.5, inliers: 0, span: 0 },
    bottom: { a: 0, b: h - 0.5, inliers: 0, span: 0 },
  };
  if (Object.keys(lines).length < 3) return null;
  const side = (s: Side) => lines[s] ?? border[s];
  const quad: Quad = [
    meet(side('left'), side('top')),
    meet(side('right'), side('top')),
    meet(side('right'), side('bottom')),
    meet(side('left'), side('bottom')),
  ];
  const area = convexArea(quad);
  const outside = (p: Point) => p.x < -0.1 * w || p.y < -0.1 * h || p.x > 1.1 * w || p.y > 1.1 * h;
  if (area < LEAST_PAGE * w * h || quad.some(outside)) return null;
  // From the shrunk photo's pixel indexes to the photo's coordinates (pixel i covers [i, i + 1)).
  return quad.map((p) => ({ x: (p.x + 0.5) / scale, y: (p.y + 0.5) / scale })) as Quad;
}

/**
 * The perspective map taking the unit square to `quad` (its corners in Quad's order), as the eight numbers
 * [a, b, c, d, e, f, g, h] of x = (a·p + b·q + c) / z, y = (d·p + e·q + f) / z, z = g·p + h·q + 1 (Heckbert's
 * square-to-quadrilateral). Lines stay lines: the page's rows of text, converging in the photo, become rows again.
 */
export function squareToQuad(quad: Quad): Eight {
  const [p0, p1, p2, p3] = quad;
  const sx = p0.x - p1.x + p2.x - p3.x;
  const sy = p0.y - p1.y + p2.y - p3.y;
  const [dx1, dx2, dy1, dy2] = [p1.x - p2.x, p3.x - p2.x, p1.y - p2.y, p3.y - p2.y];
  const den = dx1 * dy2 - dx2 * dy1;
  const g = den === 0 ? 0 : (sx * dy2 - dx2 * sy) / den;
  const h = den === 0 ? 0 : (dx1 * sy - sx * dy1) / den;
  return [
    p1.x - p0.x + g * p1.x,
    p3.x - p0.x + h * p3.x,
    p0.x,
    p1.y - p0.y + g * p1.y,
    p3.y - p0.y + h * p3.y,
    p0.y,
    g,
    h,
  ];
}

/**
 * The page inside `quad` as an upright rectangle (its keystone and turn undone): as wide as its edges across are on
 * average and as tall as its edges down (the far edge is as much narrower as the near one is wider), cut PAGE_INSET
 * inside its sides; each pixel looked up in the photo through the
 * perspective map (bilinear), white where that falls outside the photo.
 */
export function unwarp({ data, width, height }: GrayPixels, quad: Quad): GrayPixels {
  const span = (p: Point, q: Point) => Math.hypot(q.x - p.x, q.y - p.y);
  const keep = 1 - 2 * PAGE_INSET;
  const outW = Math.max(1, Math.round(((span(quad[0], quad[1]) + span(quad[3], quad[2])) / 2) * keep));
  const outH = Math.max(1, Math.round(((span(quad[0], quad[3]) + span(quad[1], quad[2])) / 2) * keep));
  const [a, b, c, d, e, f, g, h] = squareToQuad(quad);
  const out = Buffer.alloc(outW * outH);
  for (let y = 0; y < outH; y++) {
    const q = PAGE_INSET + ((y + 0.5) / outH) * keep;
    for (let x = 0; x < outW; x++) {
      const p = PAGE_INSET + ((x + 0.5) / outW) * keep;
      const z = g * p + h * q + 1;
      // The pixel's centre: pixel i covers [i, i + 1).
      const fx = (a * p + b * q + c) / z - 0.5;
      const fy = (d * p + e * q + f) / z - 0.5;
      const x0 = Math.floor(fx);
      const y0 = Math.floor(fy);
      // Outside the photo, or behind the camera's plane for a quad no page makes (z ≤ 0, NaN): white paper.
      if (!(z > 0) || !(x0 >= 1 && y0 >= 1 && x0 + 2 < width && y0 + 2 < height)) {
        out[y * outW + x] = 255;
        continue;
      }
      // Bicubic (Catmull-Rom): thin strokes and small glyphs stay as sharp as the photo has them.
      const wx = cubicWeights(fx - x0);
      const wy = cubicWeights(fy - y0);
      let value = 0;
      for (let j = 0; j < 4; j++) {
        const row = (y0 - 1 + j) * width + x0 - 1;
        value +=
          wy[j]! * (wx[0] * data[row]! + wx[1] * data[row + 1]! + wx[2] * data[row + 2]! + wx[3] * data[row + 3]!);
      }
      out[y * outW + x] = Math.max(0, Math.min(255, Math.round(value)));
    }
  }
  return { data: out, width: outW, height: outH };
}

/** Catmull-Rom's four weights for a sample `t` (0-1) past the second of four pixels. */
function cubicWeights(t: number): [number, number, number, number] {
  const t2 = t * t;
  const t3 = t2 * t;
  return [(-t3 + 2 * t2 - t) / 2, (3 * t3 - 5 * t2 + 2) / 2, (-3 * t3 + 4 * t2 + t) / 2, (t3 - t2) / 2];
}

/** The page found and its keystone undone (findPage, unwarp); the photo as it is where no page is found. */
export async function flattenPage(page: GrayPixels): Promise<GrayPixels> {
  const quad = await findPage(page);
  return quad ? unwarp(page, quad) : page;
}

/** The size Tesseract reads at: the long side within [MIN_SIDE, MAX_SIDE], its proportions kept. */
export function boundedSize(width: number, height: number): { width: number; height: number } {
  const long = Math.max(width, height);
  const scale = long > MAX_SIDE ? MAX_SIDE / long : long < MIN_SIDE ? MIN_SIDE / long : 1;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * The page as a gray PNG Tesseract reads: oriented, bounded in size, the page found and its keystone undone, its
 * light evened out, levelled and its contrast stretched.
 */
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
  // The page cut from its table and its keystone undone; then brought to the size read at again (a page that filled
  // part of the photo is smaller than the photo).
  const flat = await flattenPage({ data: resized, ...size });
  const flatSize = boundedSize(flat.width, flat.height);
  const page =
    flatSize.width === flat.width && flatSize.height === flat.height
      ? flat
      : {
          data: await sharp(flat.data, { raw: { width: flat.width, height: flat.height, channels: 1 } })
            .timeout(timeout)
            .resize(flatSize.width, flatSize.height, { kernel: 'lanczos3' })
            .extractChannel(0)
            .raw()
            .toBuffer(),
          ...flatSize,
        };
  const even = await evenLight(page);
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
