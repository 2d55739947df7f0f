// The photos of the API: an upload becomes a processed, stored photo waiting for a recipe; the files of photos that
// are gone are removed from the store; unsaved uploads are swept after a day. The routes (server/api/routes/
// photos.ts, recipes.ts) call this; the processing is the worker pool's (photo-processor.ts), the bytes the store's.
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { CONTENT_TYPES, photoFileName, type Photo, type PhotoFile } from '../../src/lib/photo-schema.ts';
import type { Database } from '../db/index.ts';
import {
  deleteUnsavedUploads,
  insertUpload,
  unreferencedFiles,
  unsavedUploadTotals,
} from '../db/repositories/photo-repository.ts';
import type { DatabaseGate } from '../db/database-gate.ts';
import type { PhotoProcessor, PhotoVariant } from './photo-processor.ts';
import type { PhotoFileBytes, PhotoStore } from './photo-store.ts';

/** An upload no recipe was saved with is kept this long (a form left open over lunch still saves). */
export const UNSAVED_UPLOAD_MS = 24 * 60 * 60 * 1000;
const SWEEP_EVERY_MS = 60 * 60 * 1000;

/** The store could not be reached or refused: the route answers 503. */
export class PhotoStoreError extends Error {}

/** The editor's unsaved uploads are at their cap (count or bytes): the route answers 429. */
export class UnsavedUploadsFullError extends Error {}

/** The defaults of PHOTO_UNSAVED_MAX_COUNT and PHOTO_UNSAVED_MAX_BYTES (server/config.ts). */
export type UnsavedLimits = Readonly<{ count: number; bytes: number }>;

export type PhotoLibrary = ReturnType<typeof createPhotoLibrary>;

export function createPhotoLibrary({
  db,
  gate,
  store,
  processor,
  log,
  unsaved,
}: {
  db: Database;
  gate: DatabaseGate;
  store: PhotoStore;
  processor: PhotoProcessor;
  log: FastifyBaseLogger;
  /** The cap on each editor's uploads no recipe was saved with yet (they count until saved or swept). */
  unsaved: UnsavedLimits;
}) {
  const toFile = (v: PhotoVariant): PhotoFile & PhotoFileBytes => ({
    use: v.use,
    format: v.format,
    width: v.width,
    height: v.height,
    file: photoFileName(v.sha256, v.format),
    contentType: CONTENT_TYPES[v.format],
    bytes: v.bytes,
  });

  const onStore = async <T>(what: string, work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      log.error({ err: error }, `photo store: ${what} failed`);
      throw new PhotoStoreError(`The photo store could not ${what}`);
    }
  };

  /** Removes the files no photo lists any more (after the write that dropped them has committed). */
  async function release(candidates: readonly string[]): Promise<void> {
    if (candidates.length === 0) return;
    const files = await gate.run(() => unreferencedFiles(db.orm, candidates));
    if (files.length > 0) await onStore('remove files', () => store.remove(files));
  }

  async function sweep(): Promise<void> {
    const files = await gate.run(() => deleteUnsavedUploads(db.orm, UNSAVED_UPLOAD_MS), 'write');
    await release(files);
    if (files.length > 0) log.info({ files: files.length }, 'unsaved photo uploads swept');
  }

  let timer: NodeJS.Timeout | undefined;

  return {
    /** Processes and stores an upload of `uploadedBy`; throws PhotoError (refused), PhotoStoreError or the gate's. */
    async upload(bytes: Uint8Array, uploadedBy: string): Promise<Photo> {
      // Checked before the work: a full allowance is refused in milliseconds. Uploads of the editor's that are
      // being processed at this moment are not counted yet, so the cap can be passed by those (a few, the pool's
      // queue is short), never by more.
      const held = await gate.run(() => unsavedUploadTotals(db.orm, uploadedBy));
      if (held.count >= unsaved.count || held.bytes >= unsaved.bytes)
        throw new UnsavedUploadsFullError(
          `${uploadedBy} has ${held.count} unsaved uploads of ${held.bytes} bytes (at most ${unsaved.count}, ${unsaved.bytes} bytes)`,
        );
      const processed = await processor.process(bytes);
      const files = [processed.original, ...processed.variants].map(toFile);
      await onStore('store the files', () => store.put(files));
      return gate.run(
        () =>
          insertUpload(db.orm, {
            id: randomBytes(16).toString('base64url'),
            uploadedBy,
            width: processed.width,
            height: processed.height,
            placeholder: processed.placeholder.thumbhash,
            storedBytes: files.reduce((total, f) => total + f.bytes.byteLength, 0),
            files: files.map(({ use, format, width, height, file }) => ({ use, format, width, height, file })),
          }),
        'write',
      );
    },
    /** A file's bytes for GET /photos/{file}; null when there is none. */
    get(file: string) {
      const read = () => onStore('read a file', () => store.get(file));
      return store.kind === 'database' ? gate.run(read) : read();
    },
    /** After a committed write: remove what it dropped. Failures are logged; a later sweep does not retry them. */
    releaseLater(candidates: readonly string[]): void {
      release(candidates).catch((error: unknown) => log.warn({ err: error }, 'photo files not removed'));
    },
    release,
    sweep,
    /** Moves files the store kept elsewhere before (once), then sweeps now and every hour, until close. */
    start(): void {
      const run = () => void sweep().catch((error: unknown) => log.warn({ err: error }, 'photo sweep failed'));
      const settle = async () => {
        const moved = await (store.settle?.() ?? 0);
        if (moved > 0) log.info({ files: moved }, 'photo files moved out of the database into the data folder');
      };
      void settle()
        .catch((error: unknown) =>
          log.warn({ err: error }, 'photo files not moved; they are served from where they are'),
        )
        .finally(run);
      timer = setInterval(run, SWEEP_EVERY_MS).unref();
    },
    async close(): Promise<void> {
      clearInterval(timer);
      await processor.close();
      await store.close();
    },
  };
}
