// The default photo store, the database's: on PostgreSQL the files' bytes are in its photo_files table, so that
// every API instance sees them and its backups carry them; on the embedded PGlite they are files in its data folder
// (folder-store.ts), which its backups and restores carry, written off the event loop (docs/photos.md, decision 046).
import { eq, inArray, sql } from 'drizzle-orm';
import type { AppDatabase } from '../db/index.ts';
import { compactPhotoFiles, photoFileFolder, reclaimPhotoFileSpace } from '../db/repositories/photo-repository.ts';
import { photoFiles } from '../db/schema/photo-tables.ts';
import { createFolderPhotoStore } from './folder-store.ts';
import type { PhotoStore } from './photo-store.ts';

// The bytes cross to the database as hex text, turned into bytea by PostgreSQL itself (decode/encode), both ways
// with Node's native hex codec. PGlite's own bytea conversion runs on the event loop a byte at a time
// (Array.from(...).map(toString(16)) out, parseInt per byte back): a megabyte took the event loop for a good part
// of a second.
const hexOf = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex');

export function createDatabasePhotoStore(db: AppDatabase): PhotoStore {
  const folder = photoFileFolder(db);
  // PGlite: the files go to the folder; photo_files is still read and emptied for those stored there before.
  if (folder === null) return createTableStore(db);
  return createFolderPhotoStore(folder, {
    store: createTableStore(db),
    names: async (limit) =>
      (await db.select({ file: photoFiles.file }).from(photoFiles).limit(limit)).map((row) => row.file),
    drop: async (files) => {
      await db.delete(photoFiles).where(inArray(photoFiles.file, [...files]));
    },
    compact: () => compactPhotoFiles(db),
  });
}

function createTableStore(db: AppDatabase): PhotoStore {
  // One file's statement at a time, across all uploads: a photo's files come to a megabyte or two, and on PGlite a
  // statement runs on the event loop with one connection that queues in order. One file per statement (at most the
  // original's few hundred KB) and one such statement queued at a time means any other request (a health check, a
  // page's read) waits behind at most one file, however many uploads arrive at once. On PostgreSQL this only
  // orders the inserts of uploads that finish together, a few milliseconds each.
  let queue: Promise<unknown> = Promise.resolve();
  const one = <T>(write: () => Promise<T>): Promise<T> => {
    const done = queue.then(write, write);
    queue = done.catch(() => undefined);
    return done;
  };
  return {
    kind: 'database',
    async put(files) {
      for (const { file, contentType, bytes } of files)
        await one(() =>
          db
            .insert(photoFiles)
            .values({ file, contentType, bytes: sql`decode(${hexOf(bytes)}, 'hex')` })
            .onConflictDoNothing(),
        );
    },
    async get(file) {
      const [row] = await db
        .select({ contentType: photoFiles.contentType, hex: sql<string>`encode(${photoFiles.bytes}, 'hex')` })
        .from(photoFiles)
        .where(eq(photoFiles.file, file));
      return row ? { contentType: row.contentType, bytes: Buffer.from(row.hex, 'hex') } : null;
    },
    async remove(files) {
      let removed = 0;
      for (let start = 0; start < files.length; start += 1000) {
        const gone = await db
          .delete(photoFiles)
          .where(inArray(photoFiles.file, files.slice(start, start + 1000)))
          .returning({ file: photoFiles.file });
        removed += gone.length;
      }
      // Their space is reused by the next files (PGlite has no autovacuum to see to it).
      if (removed > 0) await reclaimPhotoFileSpace(db);
    },
    close: async () => undefined,
  };
}
