// Processes uploaded photos off the event loop. Decoding and encoding a 12 MP photo takes about a second of CPU, and
// a hostile file may be built to take much longer; on the event loop either would stall every request of the
// server. Each photo runs in a child process (photo-children.ts) that is killed at the time limit: a thread could
// be left, but libvips' decode in it went on. Before that, a JPEG with more scans than any camera writes is refused
// from its bytes, in about a millisecond (jpeg-scans.ts): its decode would cost pixels times scans. And one whose
// decoder would hold more coefficients than a process may (jpeg-frame.ts) is refused from its frame header.
import { WorkerPoolError } from '../worker-pool.ts';
import { jpegCoefficientBytes, MAX_JPEG_COEFFICIENT_BYTES, readJpegFrame } from './jpeg-frame.ts';
import { countJpegScans, MAX_JPEG_SCANS } from './jpeg-scans.ts';
import { createPhotoChildren } from './photo-children.ts';
import { PhotoError } from './photo-errors.ts';
import type { ProcessedPhoto } from './process-photo.ts';
import { sniffFormat } from './sniff-format.ts';

export { PhotoError, photoErrorMessages, type PhotoErrorKind } from './photo-errors.ts';
export type { PhotoFormat, PhotoVariant, ProcessedPhoto } from './process-photo.ts';

export type PhotoProcessor = {
  process(bytes: Uint8Array): Promise<ProcessedPhoto>;
  /** The photo processes running now (their ids), for the tests and the bench. */
  pids(): number[];
  close(): Promise<void>;
};

// Photos waiting for a process (each up to PHOTO_MAX_BYTES, 15 MB); beyond this an upload is refused as 'busy'.
const MAX_WAITING = 8;
// A process's JavaScript holds little (pixels live in libvips' native memory, bounded by the pixel limit).
const CHILD_HEAP_MB = 128;

export function createPhotoProcessor({
  timeoutMs,
  maxWaiting = MAX_WAITING,
  maxScans = MAX_JPEG_SCANS,
  retireRssBytes,
}: {
  /** Per photo, from the call (waiting for a process included; the import's readers count from their start). */
  timeoutMs: number;
  maxWaiting?: number;
  /** Only the tests raise it, to have a decode that outlives its limit. */
  maxScans?: number;
  /** A process holding more after a photo is replaced (photo-children.ts RETIRE_RSS_BYTES); the tests lower it. */
  retireRssBytes?: number;
}): PhotoProcessor {
  const children = createPhotoChildren({ timeoutMs, maxWaiting, heapMb: CHILD_HEAP_MB, retireRssBytes });
  return {
    async process(bytes) {
      if (sniffFormat(bytes) === 'jpeg') {
        const scans = countJpegScans(bytes, maxScans + 1);
        // 'unreadable' and its sentence: no camera or program writes such a file, it is broken or built to harm.
        if (scans > maxScans)
          throw new PhotoError('unreadable', `Photo refused (unreadable): a JPEG of more than ${maxScans} scans`);
        const frame = readJpegFrame(bytes);
        const coefficients = frame ? jpegCoefficientBytes(frame) : 0;
        // 'too-large-pixels': too many pixels for its encoding (progressive, or components in separate scans).
        if (coefficients > MAX_JPEG_COEFFICIENT_BYTES)
          throw new PhotoError(
            'too-large-pixels',
            `Photo refused (too-large-pixels): a ${frame!.width}x${frame!.height} multi-scan JPEG of ` +
              `${frame!.components.length} components would hold ${Math.round(coefficients / 2 ** 20)} MB of ` +
              `coefficients (at most ${MAX_JPEG_COEFFICIENT_BYTES / 2 ** 20} MB)`,
          );
      }
      let outcome;
      try {
        // libvips' own timeout is set too (process-photo.ts): it ends an encode early; the kill ends everything.
        outcome = await children.run({ bytes, timeoutSeconds: Math.max(1, Math.ceil(timeoutMs / 1000)) });
      } catch (error) {
        if (!(error instanceof WorkerPoolError)) throw error;
        if (error.kind === 'busy')
          throw new PhotoError('busy', 'Too many photos are being processed right now; try again shortly');
        if (error.kind === 'timeout')
          throw new PhotoError('timeout', `The photo was not processed within ${timeoutMs / 1000} s`);
        throw new PhotoError('unreadable', 'The photo process ended without an answer (out of memory or crashed)');
      }
      if (!outcome.ok) throw new PhotoError(outcome.kind, `Photo refused (${outcome.kind}): ${outcome.detail}`);
      return outcome.photo;
    },
    pids: () => children.pids(),
    close: () => children.close(),
  };
}
