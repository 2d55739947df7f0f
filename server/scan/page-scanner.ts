// Reads photos of a recipe's pages into a draft (issue 56): the API's side of a scan. What can be judged from the
// bytes is judged here, before any process starts or a pixel is decoded, with the photo module's own checks (a
// JPEG of more scans than a camera writes, or of more coefficients than a decoder may hold: docs/decisions/045);
// the rest (the header's pixel count, decoding, Tesseract, the plain-text reader) runs in a scan process
// (scan-children.ts) under SCAN_TIMEOUT_MS.
import type { ReadRecipe } from '../drafts/recipe-draft.ts';
import { jpegCoefficientBytes, MAX_JPEG_COEFFICIENT_BYTES, readJpegFrame } from '../photos/jpeg-frame.ts';
import { countJpegScans, MAX_JPEG_SCANS } from '../photos/jpeg-scans.ts';
import { PhotoError } from '../photos/photo-errors.ts';
import { sniffFormat } from '../photos/sniff-format.ts';
import { WorkerPoolError } from '../worker-pool.ts';
import { MAX_INPUT_PIXELS } from '../photos/photo-sizes.ts';
import { headerPixels } from './header-size.ts';
import { createScanChildren } from './scan-children.ts';

/** Pages of one recipe: a recipe over more is rare, and each page costs seconds. */
export const MAX_SCAN_PAGES = 4;

/** A page refused: the photo error (its kind and Swedish sentence, as POST /photos) and which page, from 0. */
export class ScanPageError extends PhotoError {
  readonly page: number;
  constructor(error: PhotoError, page: number) {
    super(error.kind, error.message);
    this.page = page;
  }
}

export type PageScanner = {
  scan(pages: Uint8Array[]): Promise<{ text: string; recipe: ReadRecipe | null }>;
  pids(): number[];
  close(): Promise<void>;
};

/** The checks of server/photos/photo-processor.ts that need no decoder, for one page. */
export function checkBeforeDecoding(bytes: Uint8Array, maxScans = MAX_JPEG_SCANS): void {
  const format = sniffFormat(bytes);
  if (!format) throw new PhotoError('not-a-picture', 'Scan refused: not JPEG, PNG, WebP, AVIF or HEIF by its bytes');
  const pixels = headerPixels(bytes);
  if (pixels !== null && pixels > MAX_INPUT_PIXELS)
    throw new PhotoError('too-large-pixels', `Scan refused (too-large-pixels): ${pixels} pixels by its header`);
  if (format !== 'jpeg') return;
  if (countJpegScans(bytes, maxScans + 1) > maxScans)
    throw new PhotoError('unreadable', `Scan refused (unreadable): a JPEG of more than ${maxScans} scans`);
  const frame = readJpegFrame(bytes);
  if (frame && jpegCoefficientBytes(frame) > MAX_JPEG_COEFFICIENT_BYTES)
    throw new PhotoError(
      'too-large-pixels',
      `Scan refused (too-large-pixels): a ${frame.width}x${frame.height} multi-scan JPEG holds too many coefficients`,
    );
}

export function createPageScanner({ timeoutMs }: { timeoutMs: number }): PageScanner {
  const children = createScanChildren({ timeoutMs });
  return {
    async scan(pages) {
      pages.forEach((bytes, page) => {
        try {
          checkBeforeDecoding(bytes);
        } catch (error) {
          throw error instanceof PhotoError ? new ScanPageError(error, page) : error;
        }
      });
      let outcome;
      try {
        outcome = await children.run({ pages, timeoutSeconds: Math.max(1, Math.ceil(timeoutMs / 1000)) });
      } catch (error) {
        if (!(error instanceof WorkerPoolError)) throw error;
        if (error.kind === 'busy')
          throw new PhotoError('busy', 'Too many photos are being read right now; try again shortly');
        if (error.kind === 'timeout')
          throw new PhotoError('timeout', `The photos were not read within ${timeoutMs / 1000} s`);
        throw new PhotoError('unreadable', 'The scan process ended without an answer (over its memory or crashed)');
      }
      if (!outcome.ok)
        throw new ScanPageError(
          new PhotoError(outcome.kind, `Scan refused (${outcome.kind}) on page ${outcome.page + 1}: ${outcome.detail}`),
          Math.max(0, outcome.page),
        );
      return { text: outcome.text, recipe: outcome.recipe };
    },
    pids: () => children.pids(),
    close: () => children.close(),
  };
}
