// Backups of the embedded database while the server runs (`npm run db:backup`). PGlite allows one process
// per data folder, so only the server can read its database consistently: it watches a request folder in
// DATA_DIR and answers each request by writing a tarball of the folder (Database.dumpDataDir) to the path
// asked for. Only the folder's owner (or root) can write into DATA_DIR (0700), so only they can ask.
// Why a request folder and not a signal or an HTTP endpoint: docs/decisions/031-backup-running-pglite.md.
import { watch } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve } from 'node:path';
import type { Database } from '../index.ts';

/** Requests (`<id>.request.json`: `{ "file": "/abs/path" }`) and answers (`<id>.result.json`) meet here. */
export const REQUESTS_FOLDER = 'backup-requests';
export const REQUEST_SUFFIX = '.request.json';
export const RESULT_SUFFIX = '.result.json';

export type BackupResult = { ok: true; bytes: number; pausedMs: number } | { ok: false; error: string };
type Log = { info(details: object, message: string): void; error(details: object, message: string): void };

/** Writes the database's tarball to `file`: beside it first, then renamed, so a file there is always whole. */
export async function writeBackup(db: Database, file: string): Promise<{ bytes: number; pausedMs: number }> {
  if (!db.dumpDataDir)
    throw new Error('Only the embedded database (PGlite) is backed up this way; for PostgreSQL use pg_dump.');
  const { tarball, heldMs: pausedMs } = await db.dumpDataDir();
  const partial = `${file}.partial-${process.pid}`;
  try {
    await writeFile(partial, tarball, { mode: 0o600 });
    await rename(partial, file);
  } finally {
    await rm(partial, { force: true });
  }
  return { bytes: tarball.byteLength, pausedMs };
}

async function answer(db: Database, dataDir: string, folder: string, id: string, log: Log): Promise<void> {
  const request = join(folder, `${id}${REQUEST_SUFFIX}`);
  let result: BackupResult;
  try {
    const { file } = JSON.parse(await readFile(request, 'utf8')) as { file?: unknown };
    if (typeof file !== 'string' || !isAbsolute(file)) throw new Error('the request names no absolute file path');
    // A backup inside the folder it copies would be copied into the next one.
    if (!relative(resolve(dataDir), file).startsWith('..'))
      throw new Error(`the backup cannot be written inside DATA_DIR (${file})`);
    result = { ok: true, ...(await writeBackup(db, file)) };
    log.info({ file, bytes: result.bytes, pausedMs: result.pausedMs }, 'backup written');
  } catch (error) {
    result = { ok: false, error: (error as Error).message };
    log.error({ error: result.error }, 'backup failed');
  }
  await writeFile(join(folder, `${id}${RESULT_SUFFIX}.tmp`), JSON.stringify(result));
  await rename(join(folder, `${id}${RESULT_SUFFIX}.tmp`), join(folder, `${id}${RESULT_SUFFIX}`));
  await rm(request, { force: true });
}

/**
 * Answers backup requests for as long as the process runs (PGlite only; PostgreSQL has pg_dump). Requests are
 * answered one at a time, also those left from before the start. Returns a function that stops watching.
 */
export async function answerBackupRequests(db: Database, dataDir: string, log: Log): Promise<() => void> {
  if (!db.dumpDataDir) return () => undefined;
  const folder = join(dataDir, REQUESTS_FOLDER);
  await mkdir(folder, { recursive: true, mode: 0o700 });
  const done = new Set<string>();
  let queue = Promise.resolve();
  const sweep = () => {
    queue = queue
      .then(async () => {
        const ids = (await readdir(folder))
          .filter((f) => f.endsWith(REQUEST_SUFFIX))
          .map((f) => f.slice(0, -REQUEST_SUFFIX.length));
        for (const id of ids) {
          if (done.has(id)) continue;
          done.add(id);
          await answer(db, dataDir, folder, id, log);
        }
      })
      .catch((error: unknown) => log.error({ error: (error as Error).message }, 'backup requests could not be read'));
  };
  const watcher = watch(folder, sweep);
  watcher.unref();
  sweep();
  return () => watcher.close();
}
