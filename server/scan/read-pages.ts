// The task of a scan process (scan-child.ts): photos of a recipe's pages -> the text Tesseract reads from them, in
// order, and the draft the plain-text reader makes of it. Tesseract 5 runs as WebAssembly (tesseract.js) with the
// Swedish model committed beside this file (tessdata/, Debian's tesseract-ocr-swe: see docs/decisions), so nothing
// is fetched: not the model, not the WebAssembly core (from node_modules), and no cache is written.
import { fileURLToPath } from 'node:url';
import { createWorker, OEM, PSM, type Worker } from 'tesseract.js';
import { recipeFromText } from '../drafts/plain-text.ts';
import type { ReadRecipe } from '../drafts/recipe-draft.ts';
import sharp from 'sharp';
import { mendOcrText } from './mend-ocr-text.ts';
import { amountText, findFraction, fractionGlyph, isStem, type Fraction } from './fraction-glyphs.ts';
import { amountWords, startsWithUnit } from './reread-amounts.ts';
import { columnParts, partsText, type LineBox } from './page-columns.ts';
import { capitalStart, joinTitleLines, lineHeight, TITLE_PX, titleLines, topTitle } from './title-lines.ts';
import { preparePage, ScanRefusal, turned, type GrayPixels } from './prepare-page.ts';

export type ScanTask = { pages: Uint8Array[]; timeoutSeconds: number };
export type ScanOutcome =
  | { ok: true; text: string; recipe: ReadRecipe | null }
  | { ok: false; kind: ScanRefusal['kind']; page: number; detail: string };

export const TESSDATA = fileURLToPath(new URL('./tessdata/', import.meta.url));
/** Below this mean confidence (0-100) the page may be turned: the other three quarter turns are tried. */
const TURN_TRIAL_BELOW = 60;
/** The turn trial reads a smaller page: it only compares confidence, the chosen turn is then read at full size. */
const TRIAL_SIDE = 1400;

let worker: Promise<Worker> | undefined;

/** One Tesseract for the process, started on its first page: loading the model takes about a second. */
function tesseract(): Promise<Worker> {
  worker ??= createWorker('swe', OEM.LSTM_ONLY, {
    langPath: TESSDATA,
    gzip: false,
    cacheMethod: 'none',
    logger: () => {},
    errorHandler: () => {},
  }).then(async (w) => {
    // One block of text, lines kept in order (PSM 3, Tesseract's default, finds the columns of a page too).
    // A PNG carries no resolution Tesseract trusts: 300 dpi, the size preparePage makes a page, and no warning.
    await w.setParameters({ tessedit_pageseg_mode: PSM.AUTO, user_defined_dpi: '300' });
    return w;
  });
  return worker;
}

async function read(png: Buffer): Promise<{ text: string; confidence: number }> {
  const { data } = await (await tesseract()).recognize(png);
  return { text: data.text, confidence: data.confidence };
}

type Blocks = NonNullable<Awaited<ReturnType<Worker['recognize']>>['data']['blocks']>;

/** Tesseract's lines with their word boxes (moved by `offset`), numbering paragraphs on from `paragraph`. */
function linesOf(blocks: Blocks, paragraph: number, offset = { x: 0, y: 0 }): LineBox[] {
  const lines: LineBox[] = [];
  for (const block of blocks)
    for (const para of block.paragraphs) {
      paragraph++;
      for (const line of para.lines)
        lines.push({
          paragraph,
          words: line.words.map((w) => ({
            text: w.text,
            bbox: {
              x0: w.bbox.x0 + offset.x,
              y0: w.bbox.y0 + offset.y,
              x1: w.bbox.x1 + offset.x,
              y1: w.bbox.y1 + offset.y,
            },
          })),
        });
    }
  return lines;
}

/** A "line" this many times the page's usual line height is a column Tesseract read downwards as one line. */
const TALL_LINE = 2.2;

/** The page's lines with their word boxes, in Tesseract's order, each with its paragraph's number on the page. */
async function readLines(png: Buffer): Promise<{ text: string; confidence: number; lines: LineBox[] }> {
  const worker = await tesseract();
  const { data } = await worker.recognize(png, {}, { text: true, blocks: true });
  const lines = linesOf(data.blocks ?? [], 0);
  // A narrow column of amounts set apart from their names (a typewritten card) is sometimes taken for one line
  // running down the page ("PR WH" for 1, 3, 1 …): that region is read again as a block of lines of its own.
  const heights = lines.map((l) => lineHeight(l)).sort((a, b) => a - b);
  const usual = heights[Math.floor(heights.length / 2)] ?? 0;
  // Only a narrow one (a column of amounts or step numbers): a wide one overlaps the text beside it.
  const tall = lines.filter(
    (l) =>
      l.words.length > 0 && usual > 0 && lineHeight(l) > TALL_LINE * usual && lineWidth(l) <= NARROW_COLUMN * usual,
  );
  if (tall.length === 0) return { text: data.text, confidence: data.confidence, lines };
  const { width = 0, height = 0 } = await sharp(png).metadata();
  await worker.setParameters({ tessedit_pageseg_mode: PSM.SINGLE_BLOCK });
  try {
    for (const line of tall) {
      const pad = Math.round(usual / 2);
      const x0 = Math.max(0, Math.min(...line.words.map((w) => w.bbox.x0)) - pad);
      const y0 = Math.max(0, Math.min(...line.words.map((w) => w.bbox.y0)) - pad);
      const x1 = Math.min(width, Math.max(...line.words.map((w) => w.bbox.x1)) + pad);
      const y1 = Math.min(height, Math.max(...line.words.map((w) => w.bbox.y1)) + pad);
      const region = await sharp(png)
        .extract({ left: x0, top: y0, width: x1 - x0, height: y1 - y0 })
        .png({ compressionLevel: 1 })
        .toBuffer();
      const again = (await worker.recognize(region, {}, { blocks: true })).data.blocks ?? [];
      // Words of other lines the region reaches into are read there already: only the new ones are kept.
      const others = lines.filter((l) => l !== line).flatMap((l) => l.words);
      const fresh = linesOf(again, line.paragraph - 1, { x: x0, y: y0 })
        .map((l) => ({ ...l, words: l.words.filter((w) => !others.some((o) => covers(o.bbox, w.bbox))) }))
        .filter((l) => l.words.length > 0);
      lines.splice(lines.indexOf(line), 1, ...fresh);
    }
  } finally {
    await worker.setParameters({ tessedit_pageseg_mode: PSM.AUTO });
  }
  return { text: data.text, confidence: data.confidence, lines };
}

/** A column read downwards is re-read only when at most this many line heights wide. */
const NARROW_COLUMN = 6;

function lineWidth(line: LineBox): number {
  if (line.words.length === 0) return 0;
  return Math.max(...line.words.map((w) => w.bbox.x1)) - Math.min(...line.words.map((w) => w.bbox.x0));
}

/** The middle of `inner` lies in `outer`. */
function covers(outer: LineBox['words'][number]['bbox'], inner: LineBox['words'][number]['bbox']): boolean {
  const x = (inner.x0 + inner.x1) / 2;
  const y = (inner.y0 + inner.y1) / 2;
  return x >= outer.x0 && x <= outer.x1 && y >= outer.y0 && y <= outer.y1;
}

/** Height (px) a fraction's small digit is enlarged to before it is read alone. */
const DIGIT_PX = 48;
/** An amount's words are cut out enlarged this much before their ink is looked at (thin strokes stay whole). */
const AMOUNT_SCALE = 2;

/**
 * An ingredient line's amount looked at again: its words cut out of the page and, where their ink holds a fraction
 * glyph (fraction-glyphs.ts), its numerator and denominator read each alone, enlarged, as one digit; the amount's
 * words become the whole number and the glyph ("122" -> "1 ½"). Where no glyph is found the words stay as read.
 */
async function rereadAmounts(png: Buffer, lines: LineBox[]): Promise<void> {
  const worker = await tesseract();
  const { width = 0, height = 0 } = await sharp(png).metadata();
  let set = false;
  const digit = async (amount: GrayPixels, box: Fraction['numerator'], allowed: string) => {
    const scale = Math.min(6, Math.max(1, DIGIT_PX / Math.max(1, box.y1 - box.y0)));
    const image = await sharp(amount.data, { raw: { width: amount.width, height: amount.height, channels: 1 } })
      .extract({ left: box.x0, top: box.y0, width: box.x1 - box.x0, height: box.y1 - box.y0 })
      .resize(Math.max(1, Math.round((box.x1 - box.x0) * scale)), Math.round((box.y1 - box.y0) * scale), {
        kernel: 'lanczos3',
      })
      .extend({ top: 24, bottom: 24, left: 24, right: 24, background: '#ffffff' })
      .png({ compressionLevel: 1 })
      .toBuffer();
    await worker.setParameters({ tessedit_pageseg_mode: PSM.SINGLE_CHAR, tessedit_char_whitelist: allowed });
    set = true;
    return (await worker.recognize(image)).data.text.trim();
  };
  try {
    for (const line of lines) {
      const texts = line.words.map((w) => w.text);
      const count = amountWords(texts);
      if (count === 0 && !startsWithUnit(texts)) continue;
      // From the amount's first word to the unit, as high as the unit's word: a misread small glyph's own box ("-"
      // for "¼") may hold only part of its ink. A line that starts with its unit: the ink up to three of its heights
      // left of it (a glyph alone is found there; a whole number needs digits read, so none is made up).
      const unit = line.words[count]!.bbox;
      const boxes = count
        ? line.words.slice(0, count).map((w) => w.bbox)
        : [{ ...unit, x0: Math.max(0, unit.x0 - 3 * (unit.y1 - unit.y0)), x1: unit.x0 }];
      const h = Math.max(unit.y1 - unit.y0, ...boxes.map((b) => b.y1 - b.y0));
      const pad = Math.round(h * 0.25);
      const box = {
        x0: Math.max(0, Math.min(...boxes.map((b) => b.x0)) - pad),
        y0: Math.max(0, Math.min(unit.y0, ...boxes.map((b) => b.y0)) - pad),
        x1: Math.min(width, Math.max(Math.max(...boxes.map((b) => b.x1)) + 1, unit.x0 - 1)),
        y1: Math.min(height, Math.max(unit.y1, ...boxes.map((b) => b.y1)) + pad),
      };
      if (box.x1 - box.x0 < 4 || box.y1 - box.y0 < 4) continue;
      const { data, info } = await sharp(png)
        .extract({ left: box.x0, top: box.y0, width: box.x1 - box.x0, height: box.y1 - box.y0 })
        .resize((box.x1 - box.x0) * AMOUNT_SCALE, (box.y1 - box.y0) * AMOUNT_SCALE, { kernel: 'lanczos3' })
        .extractChannel(0)
        .raw()
        .toBuffer({ resolveWithObject: true });
      const amount = { data, width: info.width, height: info.height };
      const fraction = findFraction(amount);
      if (!fraction) continue;
      // A lone "1" is the digit Tesseract most often leaves unread; among 1, 2 and 3 only a 1 is a stem.
      const n = fraction.numerator;
      const numerator = (await digit(amount, n, '123')) || (isStem(amount, n) ? '1' : '');
      const denominator = await digit(amount, fraction.denominator, '234');
      const glyph = fractionGlyph(numerator, denominator);
      const read = line.words
        .slice(0, count)
        .map((w) => w.text)
        .join(' ');
      const text = glyph && amountText(read, fraction.wholeDigits, glyph);
      if (text) line.words.splice(0, count, { text, bbox: { ...box, x1: Math.max(box.x0 + 1, box.x1) } });
    }
  } finally {
    if (set) await worker.setParameters({ tessedit_pageseg_mode: PSM.AUTO, tessedit_char_whitelist: '' });
  }
}

/** At most this many title lines are read again (title-lines.ts). */
const MAX_TITLE_REREADS = 4;
/** Nor a line wider than this once scaled to TITLE_PX high (px). */
const MAX_TITLE_WIDTH = 4000;

/**
 * The lines set larger than the page's usual (title-lines.ts) read again, each alone: cut out of the gray page with a
 * margin, shrunk smoothly to TITLE_PX high and read as one line. Its words replace the page's read of it, where the
 * second read finds letters at all.
 */
async function rereadTitles(png: Buffer, lines: LineBox[]): Promise<void> {
  // A page's title is a line or two; a page whose large print is more (a poster, a page of headings) keeps the page's
  // read of the rest, so that a hostile page cannot ask for a read per line.
  const titles = titleLines(lines).slice(0, MAX_TITLE_REREADS);
  if (titles.length === 0) return;
  const worker = await tesseract();
  const { width = 0, height = 0 } = await sharp(png).metadata();
  await worker.setParameters({ tessedit_pageseg_mode: PSM.SINGLE_LINE });
  try {
    for (const i of titles) {
      const line = lines[i]!;
      const h = lineHeight(line);
      const pad = Math.round(h * 0.4);
      const x0 = Math.max(0, Math.min(...line.words.map((w) => w.bbox.x0)) - pad);
      const y0 = Math.max(0, Math.min(...line.words.map((w) => w.bbox.y0)) - pad);
      const x1 = Math.min(width, Math.max(...line.words.map((w) => w.bbox.x1)) + pad);
      const y1 = Math.min(height, Math.max(...line.words.map((w) => w.bbox.y1)) + pad);
      const scale = TITLE_PX / h;
      // A title is a few words: a "line" wider than this once scaled (noise a few pixels high across the page) keeps
      // the page's read, and no image wider than Tesseract takes is made.
      if ((x1 - x0) * scale > MAX_TITLE_WIDTH) continue;
      const region = await sharp(png)
        .extract({ left: x0, top: y0, width: x1 - x0, height: y1 - y0 })
        .resize(Math.max(1, Math.round((x1 - x0) * scale)), Math.max(1, Math.round((y1 - y0) * scale)), {
          kernel: 'lanczos3',
        })
        .png({ compressionLevel: 1 })
        .toBuffer();
      const again = linesOf((await worker.recognize(region, {}, { blocks: true })).data.blocks ?? [], 0);
      const words = again
        .flatMap((l) => l.words)
        .filter((w) => w.text.trim() !== '')
        .map((w) => ({
          text: w.text,
          bbox: {
            x0: x0 + Math.round(w.bbox.x0 / scale),
            y0: y0 + Math.round(w.bbox.y0 / scale),
            x1: x0 + Math.round(w.bbox.x1 / scale),
            y1: y0 + Math.round(w.bbox.y1 / scale),
          },
        }));
      if (!words.some((w) => /\p{L}/u.test(w.text))) continue;
      // The page's first title line starts the title; a second one goes on with it ("Kycklinggryta med" / "curry").
      if (i === titles[0]) words[0] = { ...words[0]!, text: capitalStart(words[0]!.text) };
      lines[i] = { ...line, words };
    }
  } finally {
    await worker.setParameters({ tessedit_pageseg_mode: PSM.AUTO });
  }
}

/** A page's text from its final read: titles read again and whole, columns apart, rows whole (page-columns.ts), amounts looked at again. */
async function finish(png: Buffer, { lines }: { lines: LineBox[] }): Promise<string> {
  await rereadTitles(png, lines);
  const { title, rest } = topTitle(joinTitleLines(lines));
  const parts = [
    ...title.map((l) => ({ ...l, top: Math.min(...l.words.map((w) => w.bbox.y0)) })),
    ...columnParts(rest),
  ];
  await rereadAmounts(png, parts);
  return partsText(parts);
}

/**
 * Words running down the page: most words of three letters or more are taller than wide. Tesseract then may read a
 * sideways page's words (and trust them), but its lines and their boxes stand across the text, not along it.
 */
export function runsDown(lines: LineBox[]): boolean {
  const words = lines.flatMap((l) => l.words).filter((w) => w.text.length >= 3);
  const down = words.filter((w) => w.bbox.y1 - w.bbox.y0 > w.bbox.x1 - w.bbox.x0).length;
  return words.length > 0 && down * 2 > words.length;
}

/**
 * One page's text: read as it lies; when that reads poorly or its words run down the page, the quarter turn that
 * reads best (no OSD model here).
 */
export async function readPage(bytes: Buffer, timeoutSeconds: number): Promise<string> {
  const page = await preparePage(bytes, timeoutSeconds);
  const first = await readLines(page.png);
  const sideways = runsDown(first.lines);
  if (first.confidence >= TURN_TRIAL_BELOW && !sideways) return finish(page.png, first);
  let best: { angle: 0 | 90 | 180 | 270; confidence: number } = {
    angle: 0,
    confidence: sideways ? -1 : first.confidence,
  };
  for (const angle of [90, 180, 270] as const) {
    const trial = await read(await turned(page.png, angle, TRIAL_SIDE));
    if (trial.confidence > best.confidence) best = { angle, confidence: trial.confidence };
  }
  if (best.angle === 0) return finish(page.png, first);
  const upright = await turned(page.png, best.angle, Math.max(page.width, page.height));
  return finish(upright, await readLines(upright));
}

export default async function readPages({ pages, timeoutSeconds }: ScanTask): Promise<ScanOutcome> {
  const texts: string[] = [];
  for (const [index, bytes] of pages.entries()) {
    try {
      texts.push(await readPage(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), timeoutSeconds));
    } catch (error) {
      if (error instanceof ScanRefusal) return { ok: false, kind: error.kind, page: index, detail: error.message };
      throw error;
    }
  }
  // Pages in order, one text: a list or a sentence that runs over to the next page continues there.
  const text = mendOcrText(texts.map((t) => t.trim()).join('\n'));
  return { ok: true, text, recipe: recipeFromText(text) };
}
