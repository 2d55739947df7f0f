// The default photo store: the files' bytes in the database's photo_files table, so that backups, restores and
// the move from PGlite to PostgreSQL carry them and every API instance sees them (docs/photos.md).
import { inArray, eq } from 'drizzle-orm';
import type { AppDatabase } from '../db/index.ts';
import { photoFiles } from '../db/schema/photos.ts';
import type { PhotoStore } from './photo-store.ts';

export function createDatabasePhotoStore(db: AppDatabase): PhotoStore {
  return {
    kind: 'database',
    // One statement per file: a photo's files come to a megabyte or two, and on PGlite a statement runs on the
    // event loop; one file at a time (at most the original's few hundred KB) lets other requests in between.
    async put(files) {
      for (const { file, contentType, bytes } of files)
        await db.insert(photoFiles).values({ file, contentType, bytes }).onConflictDoNothing();
    },
    async get(file) {
      const [row] = await db
        .select({ contentType: photoFiles.contentType, bytes: photoFiles.bytes })
        .from(photoFiles)
        .where(eq(photoFiles.file, file));
      return row ?? null;
    },
    async remove(files) {
      for (let start = 0; start < files.length; start += 1000)
        await db.delete(photoFiles).where(inArray(photoFiles.file, files.slice(start, start + 1000)));
    },
    close: async () => undefined,
  };
}
