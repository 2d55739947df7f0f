// Processes uploaded photos in worker threads. Decoding and encoding a 12 MP photo takes about a second of CPU, and a
// hostile file may be built to take much longer; on the event loop either would stall every request of the server.
// As for imported pages (server/import/page-reader.ts, docs/decisions/028-import-reading-workers.md): a piscina pool
// with one or two threads, a bounded number of photos waiting, and a time limit after which the worker is terminated.
import { availableParallelism } from 'node:os';
// sharp's native libraries must be loaded by the main thread before a worker loads them, or a worker's exit can
// unload them under the others (sharp's documentation, "worker threads", glibc Linux).
import 'sharp';
import { Piscina } from 'piscina';
import { PhotoError } from './photo-errors.ts';
import type { PhotoOutcome, PhotoTask, ProcessedPhoto } from './process-photo.ts';

export { PhotoError, photoErrorMessages, type PhotoErrorKind } from './photo-errors.ts';
export type { PhotoFormat, PhotoVariant, ProcessedPhoto } from './process-photo.ts';

export type PhotoProcessor = { process(bytes: Uint8Array): Promise<ProcessedPhoto>; close(): Promise<void> };

// One core stays with the event loop; libvips spreads each photo over the cores by itself.
const THREADS = Math.max(1, Math.min(2, availableParallelism() - 1));
// Photos waiting for a thread (each up to PHOTO_MAX_BYTES, 15 MB); beyond this an upload is refused as 'busy'.
// Counted here, as in page-reader.ts: piscina's maxQueue does not apply while no worker is ready.
const MAX_WAITING = 8;
// The worker's JavaScript holds little (pixels live in libvips' native memory, bounded by the pixel limit).
const WORKER_HEAP_MB = 128;
const NICE = 10;

export function createPhotoProcessor({
  timeoutMs,
  maxWaiting = MAX_WAITING,
}: {
  /** Per photo, from the call (waiting for a thread included), as for imports. */
  timeoutMs: number;
  maxWaiting?: number;
}): PhotoProcessor {
  const pool = new Piscina<PhotoTask, PhotoOutcome>({
    filename: new URL('./process-photo.ts', import.meta.url).href,
    minThreads: 0,
    maxThreads: THREADS,
    idleTimeout: 60_000,
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    niceIncrement: NICE,
  });
  let inFlight = 0;

  return {
    async process(bytes) {
      if (inFlight >= THREADS + maxWaiting)
        throw new PhotoError('busy', 'Too many photos are being processed right now; try again shortly');
      const signal = AbortSignal.timeout(timeoutMs);
      inFlight++;
      try {
        // libvips stops on its own after its timeout too: terminating the worker ends its JavaScript, but an encode
        // already running on libuv's thread pool would otherwise finish its work for nobody.
        const outcome = await pool.run({ bytes, timeoutSeconds: Math.max(1, Math.ceil(timeoutMs / 1000)) }, { signal });
        if (!outcome.ok) throw new PhotoError(outcome.kind, `Photo refused (${outcome.kind}): ${outcome.detail}`);
        return outcome.photo;
      } catch (error) {
        const e = error as { name?: string; code?: string };
        if (e.name === 'AbortError')
          throw new PhotoError('timeout', `The photo was not processed within ${timeoutMs / 1000} s`);
        if (e.code === 'ERR_WORKER_OUT_OF_MEMORY')
          throw new PhotoError('unreadable', 'Processing the photo ran out of the worker memory');
        throw error;
      } finally {
        inFlight--;
      }
    },
    close: () => pool.destroy(),
  };
}
