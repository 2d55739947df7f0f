// A fraction glyph found by its shape (issue 56). Tesseract's Swedish model reads "½", "¼" and "¾" badly even large
// and clear ("1 ½" as "122", "124" or "17/4", "¼" as "24"), but the glyph's shape is plain: a small numerator high
// on the left, a slash from bottom left to top right, a small denominator low on the right. This finds that shape
// in the ink of an amount (its words cut out of the page: read-pages.ts) by connected pieces of ink, and where it is
// there, says where the numerator and denominator lie, so each small digit can be read alone (Tesseract reads a
// single digit well). The digits before it (the whole number) are counted, so the whole number's text is kept.
// Pure, on gray pixels: tested on glyphs drawn with the machine's fonts (tests/unit/scan/scan-fraction-glyphs.test.ts).

import type { GrayPixels } from './prepare-page.ts';

export type Piece = { x0: number; y0: number; x1: number; y1: number; area: number; topX: number; bottomX: number };

/**
 * Where ink ends, as shares of the way from the cut-out's darkest pixel to white: tried in turn, since a soft photo
 * runs the glyph's parts together at a light limit and a sharp one breaks its thin strokes at a dark one.
 */
const INK_LEVELS = [0.35, 0.5, 0.65, 0.8];
/** Pieces smaller than this (pixels) are specks. */
const LEAST_AREA = 4;

/** The connected pieces of ink (8 neighbours), each with its box and where its top and bottom rows' ink lies. */
export function inkPieces({ data, width, height }: GrayPixels, inkBelow = 200): Piece[] {
  const seen = new Uint8Array(width * height);
  const pieces: Piece[] = [];
  const stack: number[] = [];
  for (let start = 0; start < data.length; start++) {
    if (seen[start] || data[start]! >= inkBelow) continue;
    seen[start] = 1;
    stack.push(start);
    const pixels: number[] = [];
    while (stack.length) {
      const at = stack.pop()!;
      pixels.push(at);
      const x = at % width;
      const y = (at - x) / width;
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          const ny = y + dy;
          if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
          const next = ny * width + nx;
          if (seen[next] || data[next]! >= inkBelow) continue;
          seen[next] = 1;
          stack.push(next);
        }
    }
    if (pixels.length < LEAST_AREA) continue;
    let [x0, y0, x1, y1] = [width, height, 0, 0];
    for (const p of pixels) {
      const x = p % width;
      const y = (p - x) / width;
      [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x + 1), Math.max(y1, y + 1)];
    }
    // Where the piece's ink lies in its top and bottom quarters: a slash's top lies right of its bottom.
    const band = Math.max(1, Math.round((y1 - y0) / 4));
    let [topSum, topCount, bottomSum, bottomCount] = [0, 0, 0, 0];
    for (const p of pixels) {
      const x = p % width;
      const y = (p - x) / width;
      if (y < y0 + band) [topSum, topCount] = [topSum + x, topCount + 1];
      if (y >= y1 - band) [bottomSum, bottomCount] = [bottomSum + x, bottomCount + 1];
    }
    pieces.push({
      x0,
      y0,
      x1,
      y1,
      area: pixels.length,
      topX: topSum / Math.max(1, topCount),
      bottomX: bottomSum / Math.max(1, bottomCount),
    });
  }
  return pieces.sort((a, b) => a.x0 - b.x0);
}

export type Fraction = {
  /** Full-height pieces (digits) left of the fraction: how many digits the whole number has. */
  wholeDigits: number;
  numerator: { x0: number; y0: number; x1: number; y1: number };
  denominator: { x0: number; y0: number; x1: number; y1: number };
};

/**
 * The fraction glyph in an amount's ink, or null: a small numerator high and a small denominator low (barely
 * overlapping in height), the numerator not right of the denominator, and between them a stroke rising to the right
 * (the slash of "½", or the short slanted bar of a monospace font's). Anything else (whole digits only, a smudge)
 * is null, and the amount keeps the text Tesseract read.
 */
export function findFraction(pixels: GrayPixels): Fraction | null {
  let darkest = 255;
  for (const value of pixels.data) darkest = Math.min(darkest, value);
  // The level where the two small digits are most alike in height: at a dark level a soft photo's thin strokes
  // break, and a fragment of the denominator (the foot of a "2") is no digit to read.
  let best: Fraction | null = null;
  let likeness = 0;
  for (const level of INK_LEVELS) {
    const found = fractionIn(inkPieces(pixels, darkest + level * (255 - darkest)));
    if (!found) continue;
    const [a, b] = [found.numerator, found.denominator].map((box) => box.y1 - box.y0) as [number, number];
    const alike = Math.min(a, b) / Math.max(a, b);
    if (alike > likeness + 0.05) [best, likeness] = [found, alike];
  }
  return best;
}

/**
 * A numerator that is a "1": most of its ink (70 %) lies in a band of columns a quarter of its height wide, its stem
 * (a serif's foot or flag is little ink); a "2" or "3" spreads its ink across its width. (A "4"'s stem may hold as
 * much: it is no numerator of the glyphs read.)
 */
export function isStem({ data, width }: GrayPixels, box: Fraction['numerator']): boolean {
  const h = box.y1 - box.y0;
  let darkest = 255;
  for (let y = box.y0; y < box.y1; y++)
    for (let x = box.x0; x < box.x1; x++) darkest = Math.min(darkest, data[y * width + x]!);
  const inkBelow = (darkest + 255) / 2;
  const columns: number[] = [];
  for (let x = box.x0; x < box.x1; x++) {
    let n = 0;
    for (let y = box.y0; y < box.y1; y++) if (data[y * width + x]! < inkBelow) n++;
    columns.push(n);
  }
  const total = columns.reduce((a, b) => a + b, 0);
  if (total === 0 || h < 6) return false;
  // Measured on 7 fonts of this machine: a "1" 0.64-0.90 of its ink in the band, a "2" or "3" at most 0.67.
  const band = Math.max(1, Math.floor(h / 4));
  let most = 0;
  for (let x = 0; x + band <= columns.length || x === 0; x++)
    most = Math.max(
      most,
      columns.slice(x, x + band).reduce((a, b) => a + b, 0),
    );
  return most >= 0.7 * total;
}

/** More pieces than an amount's digits and glyph make: noise, whose every triple would be tried. */
const MAX_PIECES = 80;

function fractionIn(pieces: Piece[]): Fraction | null {
  if (pieces.length < 3 || pieces.length > MAX_PIECES) return null;
  const top = Math.min(...pieces.map((p) => p.y0));
  const span = Math.max(...pieces.map((p) => p.y1)) - top;
  if (span < 8) return null;
  const height = (p: Piece) => p.y1 - p.y0;
  const small = (p: Piece) => height(p) < 0.7 * span && height(p) >= 0.25 * span;
  const centreY = (p: Piece) => (p.y0 + p.y1) / 2;
  const rising = (p: Piece) => p.topX - p.bottomX >= 0.25 * Math.min(height(p), p.x1 - p.x0) && p.topX > p.bottomX + 1;
  for (const numerator of pieces.filter(small))
    for (const denominator of pieces.filter(small)) {
      if (numerator === denominator || centreY(numerator) >= centreY(denominator)) continue;
      const overlap = Math.min(numerator.y1, denominator.y1) - Math.max(numerator.y0, denominator.y0);
      if (overlap > 0.4 * Math.min(height(numerator), height(denominator))) continue;
      if (numerator.x0 > denominator.x0 || denominator.x0 - numerator.x1 > span) continue;
      const slash = pieces.find(
        (p) =>
          p !== numerator &&
          p !== denominator &&
          rising(p) &&
          p.x1 > numerator.x0 &&
          p.x0 < denominator.x1 &&
          (p.x0 + p.x1) / 2 >= (numerator.x0 + numerator.x1) / 2 &&
          (p.x0 + p.x1) / 2 <= (denominator.x0 + denominator.x1) / 2,
      );
      if (!slash) continue;
      const before = Math.min(numerator.x0, slash.x0);
      const wholeDigits = pieces.filter((p) => p.x1 <= before && height(p) >= 0.7 * span).length;
      const box = (p: Piece) => ({ x0: p.x0, y0: p.y0, x1: p.x1, y1: p.y1 });
      return { wholeDigits, numerator: box(numerator), denominator: box(denominator) };
    }
  return null;
}

const GLYPHS: Record<string, string> = { '1/2': '½', '1/4': '¼', '3/4': '¾', '1/3': '⅓', '2/3': '⅔' };

/** The glyph for a numerator and denominator read alone ("1", "2" -> "½"); null for any other pair. */
export function fractionGlyph(numerator: string, denominator: string): string | null {
  return GLYPHS[`${numerator.trim()}/${denominator.trim()}`] ?? null;
}

/**
 * The amount's text with the fraction found in its ink: the whole number's digits as Tesseract read them (the first
 * `wholeDigits` digits of its text), then the glyph; null when Tesseract's text has fewer digits than the ink.
 */
export function amountText(readText: string, wholeDigits: number, glyph: string): string | null {
  // A "1" read as letters ("il", "l", "I") is a digit of the whole number.
  const digits = readText
    .split(/\s+/u)
    .map((word) => (/^[iIl|]{1,2}$/u.test(word) ? '1' : word))
    .join('')
    .replace(/\D/gu, '');
  if (digits.length < wholeDigits) return null;
  return wholeDigits === 0 ? glyph : `${digits.slice(0, wholeDigits)} ${glyph}`;
}
