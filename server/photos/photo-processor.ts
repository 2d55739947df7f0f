// Processes uploaded photos in worker threads. Decoding and encoding a 12 MP photo takes about a second of CPU, and a
// hostile file may be built to take much longer; on the event loop either would stall every request of the server.
// As for imported pages (server/worker-pool.ts, docs/decisions/028-import-reading-workers.md): a piscina pool
// with one or two threads, a bounded number of photos waiting, and a time limit after which the worker is terminated.
// sharp's native libraries must be loaded by the main thread before a worker loads them, or a worker's exit can
// unload them under the others (sharp's documentation, "worker threads", glibc Linux). They are loaded before the
// first photo, not at start-up: a server that never gets a photo does not hold them (about 20 MB).
import { createWorkerPool, WorkerPoolError } from '../worker-pool.ts';
import { PhotoError } from './photo-errors.ts';
import { lowerImageThreadPriority } from './thread-priority.ts';
import type { PhotoOutcome, PhotoTask, ProcessedPhoto } from './process-photo.ts';

export { PhotoError, photoErrorMessages, type PhotoErrorKind } from './photo-errors.ts';
export type { PhotoFormat, PhotoVariant, ProcessedPhoto } from './process-photo.ts';

let sharpLoaded: Promise<unknown> | undefined;

export type PhotoProcessor = { process(bytes: Uint8Array): Promise<ProcessedPhoto>; close(): Promise<void> };

// Photos waiting for a thread (each up to PHOTO_MAX_BYTES, 15 MB); beyond this an upload is refused as 'busy'.
const MAX_WAITING = 8;
// The worker's JavaScript holds little (pixels live in libvips' native memory, bounded by the pixel limit).
const WORKER_HEAP_MB = 128;

export function createPhotoProcessor({
  timeoutMs,
  maxWaiting = MAX_WAITING,
}: {
  /** Per photo, from the call (waiting for a thread included), as for imports. */
  timeoutMs: number;
  maxWaiting?: number;
}): PhotoProcessor {
  const pool = createWorkerPool<PhotoTask, PhotoOutcome>({
    filename: new URL('./process-photo.ts', import.meta.url),
    maxWaiting,
    timeoutMs,
    heapMb: WORKER_HEAP_MB,
  });
  return {
    async process(bytes) {
      let outcome: PhotoOutcome;
      // A failed load is not kept: the next photo tries again.
      await (sharpLoaded ??= import('sharp').catch((error: unknown) => {
        sharpLoaded = undefined;
        throw error;
      }));
      lowerImageThreadPriority();
      try {
        // libvips stops on its own after its timeout too: terminating the worker ends its JavaScript, but an encode
        // already running on libuv's thread pool would otherwise finish its work for nobody.
        outcome = await pool.run({ bytes, timeoutSeconds: Math.max(1, Math.ceil(timeoutMs / 1000)) });
      } catch (error) {
        if (!(error instanceof WorkerPoolError)) throw error;
        if (error.kind === 'busy')
          throw new PhotoError('busy', 'Too many photos are being processed right now; try again shortly');
        if (error.kind === 'timeout')
          throw new PhotoError('timeout', `The photo was not processed within ${timeoutMs / 1000} s`);
        throw new PhotoError('unreadable', 'Processing the photo ran out of the worker memory');
      }
      if (!outcome.ok) throw new PhotoError(outcome.kind, `Photo refused (${outcome.kind}): ${outcome.detail}`);
      return outcome.photo;
    },
    close: () => pool.close(),
  };
}
