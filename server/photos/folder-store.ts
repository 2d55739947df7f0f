// The database store's files on the embedded database (PGlite): one file each in the data folder's photo-files/,
// beside the database rather than in it. PGlite runs PostgreSQL on the event loop, so a multi-megabyte file written
// into a table held every other request for a third of a second (issue 35); a file here is written and read on
// libuv's threads. Deleting one gives its space back at once (PGlite runs no autovacuum), and a backup of the
// folder (server/db/data-folder/backup.ts) holds the files that exist, never a deleted photo's bytes (docs/decisions/046).
import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { CONTENT_TYPES, PHOTO_FILE_NAME } from '../../src/lib/photo-schema.ts';
import type { PhotoStore } from './photo-store.ts';

const TYPE_OF_EXTENSION: Record<string, string> = {
  avif: CONTENT_TYPES.avif,
  webp: CONTENT_TYPES.webp,
  jpg: CONTENT_TYPES.jpeg,
};

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** The table the files were kept in before (photo_files), beyond its PhotoStore: for moving them out of it. */
export type OlderTable = {
  store: PhotoStore;
  /** Up to `limit` names of the files it still has. */
  names(limit: number): Promise<string[]>;
  /** Deletes their rows (their space is given back once, by `compact`). */
  drop(files: readonly string[]): Promise<void>;
  /** Gives the emptied table's space back to the file system. */
  compact(): Promise<void>;
};

/**
 * `folder`: where the files go (made on the first put, owner only). `older`: the table the files were kept in
 * before: a file not in the folder is looked for there, a removal removes it there too, and `settle` moves them.
 */
export function createFolderPhotoStore(folder: string, older: OlderTable): PhotoStore {
  // Only content names (`<sha256>.<ext>`) become paths: no other name can reach outside the folder.
  const pathOf = (file: string) => (PHOTO_FILE_NAME.test(file) ? join(folder, file) : null);
  let made: Promise<unknown> | undefined;

  async function write(path: string, bytes: Uint8Array): Promise<void> {
    if (
      await stat(path).then(
        () => true,
        () => false,
      )
    )
      return; // named by content: the same bytes are there
    // Written beside it and renamed: a reader (or a crash) never sees half a file under its name.
    const partial = `${path}.${randomBytes(6).toString('hex')}.partial`;
    const handle = await open(partial, 'wx', 0o600);
    try {
      await handle.writeFile(bytes);
      await handle.datasync();
    } finally {
      await handle.close();
    }
    await rename(partial, path).catch(async (error: unknown) => {
      await rm(partial, { force: true });
      throw error;
    });
  }

  return {
    kind: 'database',
    async put(files) {
      made ??= mkdir(folder, { recursive: true, mode: 0o700 });
      await made;
      for (const { file, bytes } of files) {
        const path = pathOf(file);
        if (!path) throw new Error(`not a photo file name: ${file}`);
        await write(path, bytes);
      }
    },
    async get(file) {
      const path = pathOf(file);
      if (!path) return null;
      const read = () =>
        readFile(path).then(
          (bytes) => ({ contentType: TYPE_OF_EXTENSION[file.slice(file.lastIndexOf('.') + 1)]!, bytes }),
          (error: unknown) => {
            if (isMissing(error)) return null;
            throw error;
          },
        );
      // In the folder, else (stored before) in the table, else moved from the table to the folder meanwhile.
      return (await read()) ?? (await older.store.get(file)) ?? read();
    },
    async remove(files) {
      for (const file of files) {
        const path = pathOf(file);
        if (path) await rm(path, { force: true });
      }
      await older.store.remove(files);
    },
    async settle() {
      let moved = 0;
      for (let names = await older.names(20); names.length > 0; names = await older.names(20)) {
        for (const file of names) {
          const path = pathOf(file);
          const found = path && (await older.store.get(file));
          if (path && found) {
            made ??= mkdir(folder, { recursive: true, mode: 0o700 });
            await made;
            await write(path, found.bytes);
            moved++;
          }
        }
        await older.drop(names); // written (or no content name: never served) first, then deleted
      }
      if (moved > 0) await older.compact();
      return moved;
    },
    close: () => older.store.close(),
  };
}
