// The task of a scan process (scan-child.ts): photos of a recipe's pages -> the text Tesseract reads from them, in
// order, and the draft the plain-text reader makes of it. Tesseract 5 runs as WebAssembly (tesseract.js) with the
// Swedish model committed beside this file (tessdata/, Debian's tesseract-ocr-swe: see docs/decisions), so nothing
// is fetched: not the model, not the WebAssembly core (from node_modules), and no cache is written.
import { fileURLToPath } from 'node:url';
import { createWorker, OEM, PSM, type Worker } from 'tesseract.js';
import { recipeFromText } from '../import/plain-text.ts';
import type { ReadRecipe } from '../import/recipe-draft.ts';
import { mendOcrText } from './mend-ocr-text.ts';
import { preparePage, ScanRefusal, turned } from './prepare-page.ts';

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

/** One page's text: read as it lies; when that reads poorly, the quarter turn that reads best (no OSD model here). */
export async function readPage(bytes: Buffer, timeoutSeconds: number): Promise<string> {
  const page = await preparePage(bytes, timeoutSeconds);
  const first = await read(page.png);
  if (first.confidence >= TURN_TRIAL_BELOW) return first.text;
  let best: { angle: 0 | 90 | 180 | 270; confidence: number } = { angle: 0, confidence: first.confidence };
  for (const angle of [90, 180, 270] as const) {
    const trial = await read(await turned(page.png, angle, TRIAL_SIDE));
    if (trial.confidence > best.confidence) best = { angle, confidence: trial.confidence };
  }
  if (best.angle === 0) return first.text;
  return (await read(await turned(page.png, best.angle, Math.max(page.width, page.height)))).text;
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
