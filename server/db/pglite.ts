import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gunzipSync, gzip } from 'node:zlib';
import { extract } from 'tar-stream';
import { cleanTarball } from './data-folder/backup-tarball.ts';
import { acquireDataDirLock } from './data-folder/data-dir-lock.ts';
import { applyMigrations } from './migrate.ts';
import { restrictFolderContents } from './data-folder/private-folder.ts';
import * as schema from './schema/index.ts';
import type { AppDatabase, Database } from './types.ts';

// PostgreSQL's default 128 MB buffer cache lives inside PGlite's WebAssembly memory, which never
// shrinks, and PostgreSQL writes all of it when it starts: every MB of it is a MB resident at rest. Pages it no
// longer holds come from the operating system's file cache instead, which measured no slower for our reads
// (docs/decisions/004-api-performance.md; 32 → 8 MB: docs/decisions/043-memory-at-100000-recipes.md).
// Only a cache size: no effect on what is stored or returned.
export const PGLITE_SHARED_BUFFERS = '8MB';
const gzipAsync = promisify(gzip);
const START_PARAMS = [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`];

// A new data folder starts from a copy of a new, empty cluster rather than from PGlite's initdb, which peaks at
// about 1.1 GB and leaves its WebAssembly memory (which never shrinks) at about 600 MB until a restart
// (docs/decisions/041-memory-on-a-small-machine.md). The copy is made once per PGlite version, in a child process
// that exits afterwards (the image makes it when it is built), and kept in the project's .cache folder; the
// folder it fills then opens as any existing one does.
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const PGLITE_VERSION = (
  JSON.parse(readFileSync(join(root, 'node_modules', '@electric-sql', 'pglite', 'package.json'), 'utf8')) as {
    version: string;
  }
).version;
export const CLUSTER_TEMPLATE = join(root, '.cache', `pglite-${PGLITE_VERSION}-cluster.tar.gz`);

/** Writes the template: a new cluster of PGlite's own initdb, as PGlite dumps it (gzipped tar). */
export async function writeClusterTemplate(target: string = CLUSTER_TEMPLATE): Promise<void> {
  const scratch = `${target}.${process.pid}.d`;
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(dirname(target), { recursive: true });
  try {
    const pg = await PGlite.create({ dataDir: scratch, startParams: START_PARAMS });
    await pg.query('CHECKPOINT');
    const tarball = await pg.dumpDataDir('gzip');
    await pg.close();
    // Several processes may make it at once (test workers): each writes its own file, the last rename wins.
    writeFileSync(`${target}.${process.pid}.part`, new Uint8Array(await tarball.arrayBuffer()));
    renameSync(`${target}.${process.pid}.part`, target);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** Makes the template in a child process (its memory goes with it) when it is not there yet; false if that failed. */
function ensureClusterTemplate(): boolean {
  if (existsSync(CLUSTER_TEMPLATE)) return true;
  const child = spawnSync(process.execPath, ['--liftoff-only', fileURLToPath(import.meta.url), '--write-template'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return child.status === 0 && existsSync(CLUSTER_TEMPLATE);
}

/** Fills a new data folder from the template; false (PGlite's initdb then runs) when there is none. */
async function unpackClusterTemplate(dataDir: string): Promise<boolean> {
  if (existsSync(join(dataDir, 'PG_VERSION')) || !ensureClusterTemplate()) return false;
  const reader = extract();
  reader.end(gunzipSync(readFileSync(CLUSTER_TEMPLATE)));
  // PG_VERSION, which marks a folder as a cluster, is written last: a first start stopped halfway (docker stop, the
  // out-of-memory killer) leaves a folder without it, and the next start unpacks the template again.
  let version: Buffer | undefined;
  for await (const entry of reader) {
    const name = entry.header.name.replace(/^\/+/, '');
    const path = resolve(dataDir, name);
    if (name.split('/').includes('..')) throw new Error(`the cluster template holds ${entry.header.name}`);
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(chunk as Buffer);
    if (entry.header.type === 'directory') mkdirSync(path, { recursive: true, mode: 0o700 });
    else if (entry.header.type === 'file' && name === 'PG_VERSION') version = Buffer.concat(chunks);
    else if (entry.header.type === 'file') {
      mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
      writeFileSync(path, Buffer.concat(chunks), { mode: 0o600 });
    }
  }
  if (!version) throw new Error('the cluster template holds no PG_VERSION');
  writeFileSync(join(dataDir, 'PG_VERSION'), version, { mode: 0o600 });
  return true;
}

// PGlite is PostgreSQL in WebAssembly with a single connection: it queues queries itself, so
// transactions must stay short (each one holds up every other request).
export async function openPglite(dataDir: string): Promise<Database> {
  const lock = acquireDataDirLock(dataDir);
  let client: PGlite | undefined;
  try {
    await unpackClusterTemplate(dataDir);
    // pg_trgm backs the search index (migration 004); it must be loaded before any query plans with it.
    client = await PGlite.create({ dataDir, extensions: { pg_trgm }, startParams: START_PARAMS });
    restrictFolderContents(dataDir);
    const pg = client;
    // Every query, read or write, reaches PostgreSQL through this one method. Once another server has taken the
    // folder over (this one was frozen: docker pause), none runs here again; and one that ran while it may already
    // have been taken over (a COMMIT among them) fails instead of answering, so its write is never acknowledged
    // (docs/decisions/060-api-pglite-folder-lock-after-a-freeze.md).
    const execute = pg.execProtocolRawSync.bind(pg);
    pg.execProtocolRawSync = (message) => {
      lock.assertHeld();
      const result = execute(message);
      lock.assertHeld();
      return result;
    };
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
      // Closing writes a shutdown checkpoint: never into a folder another server has taken over.
      closed ??= (lock.lost ? Promise.resolve() : pg.close()).finally(() => lock.release());
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

// `node --liftoff-only server/db/pglite.ts --write-template`: the child process of ensureClusterTemplate, and the
// image's build step.
if (import.meta.main && process.argv.includes('--write-template')) await writeClusterTemplate();
