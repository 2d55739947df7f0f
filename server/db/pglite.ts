import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { cleanTarball } from './backup-tarball.ts';
import { acquireDataDirLock } from './data-dir-lock.ts';
import { applyMigrations } from './migrate.ts';
import { restrictFolderContents } from './private-folder.ts';
import * as schema from './schema/index.ts';
import type { AppDatabase, Database } from './types.ts';

// PostgreSQL's default 128 MB buffer cache lives inside PGlite's WebAssembly memory, which never
// shrinks: it alone added ~100 MB of RSS. Pages it no longer holds come from the operating system's
// file cache instead, which measured no slower for our reads (docs/decisions/004-api-performance.md).
// Only a cache size: no effect on what is stored or returned.
export const PGLITE_SHARED_BUFFERS = '32MB';
const gzipAsync = promisify(gzip);
const START_PARAMS = [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`];

// PGlite is PostgreSQL in WebAssembly with a single connection: it queues queries itself, so
// transactions must stay short (each one holds up every other request).
export async function openPglite(dataDir: string): Promise<Database> {
  const lock = acquireDataDirLock(dataDir);
  let client: PGlite | undefined;
  try {
    // pg_trgm backs the search index (migration 004); it must be loaded before any query plans with it.
    client = await PGlite.create({ dataDir, extensions: { pg_trgm }, startParams: START_PARAMS });
    restrictFolderContents(dataDir);
    const pg = client;
    await applyMigrations({
      query: (sql, params) => pg.query(sql, params),
      exec: async (sql) => {
        await pg.exec(sql);
      },
    });
  } catch (error) {
    await client?.close().catch(() => undefined);
    lock.release();
    throw error;
  }
  const pg = client;
  let closed: Promise<void> | undefined;
  return {
    kind: 'pglite',
    orm: drizzle({ client: pg, schema }) as unknown as AppDatabase,
    async ping() {
      await pg.query('SELECT 1');
    },
    close() {
      closed ??= pg.close().finally(() => lock.release());
      return closed;
    },
    async dumpDataDir() {
      // The checkpoint writes every page out, so the copy needs little WAL replay when it is opened. The dump
      // waits for a transaction in progress and holds every query back while it reads the folder; compressing
      // happens afterwards, off the database (docs/decisions/031-backup-running-pglite.md).
      await pg.query('CHECKPOINT');
      let heldMs = 0;
      const tarball = await pg._runExclusiveTransaction(async () => {
        const started = performance.now();
        const tar = await pg.dumpDataDir('none');
        heldMs = Math.round(performance.now() - started);
        return tar;
      });
      return { tarball: await gzipAsync(await cleanTarball(new Uint8Array(await tarball.arrayBuffer()))), heldMs };
    },
  };
}
