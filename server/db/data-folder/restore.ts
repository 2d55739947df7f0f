// `npm run db:restore`: makes a data folder from a backup of the embedded database (server/db/data-folder/backup.ts).
// The backup is unpacked and opened in a new folder beside DATA_DIR, and only a folder that opened and
// migrated is renamed into place: an interrupted or failed restore never leaves half a DATA_DIR behind.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { escapingEntry } from './backup-tarball.ts';
import { acquireDataDirLock, LOCK_FILE } from './data-dir-lock.ts';
import { REQUESTS_FOLDER } from './backup.ts';
import { openDatabase, type Database } from '../index.ts';

export class RestoreRefusedError extends Error {}

/** `replacedKeptAt`: where the folder that was replaced (--force) now is; delete it once the restore is checked. */
export type RestoreReport = { recipes: number; users: number; replacedKeptAt?: string };

const isEmptyFolder = (dir: string) => !existsSync(dir) || readdirSync(dir).length === 0;

/** Unpacks the tarball into `dir` (new) and lets PGlite recover it, as after a crash at the moment of the dump. */
async function unpack(file: string, dir: string): Promise<void> {
  let tar: ReturnType<typeof gunzipSync>;
  try {
    tar = gunzipSync(readFileSync(file));
  } catch (error) {
    throw new RestoreRefusedError(`${file} is not a backup of the embedded database (${(error as Error).message}).`);
  }
  // PGlite writes each entry to folder + name: a ".." would write outside the new data folder.
  const escaping = await escapingEntry(tar).catch((error: Error) => {
    throw new RestoreRefusedError(`${file} is not a backup of the embedded database (${error.message}).`);
  });
  if (escaping)
    throw new RestoreRefusedError(
      `${file} is not a backup of the embedded database: it would write outside the data folder (${escaping}).`,
    );
  mkdirSync(dir, { mode: 0o700 });
  let pg: PGlite | undefined;
  try {
    pg = await PGlite.create({
      dataDir: dir,
      loadDataDir: new Blob([tar], { type: 'application/x-tar' }),
      extensions: { pg_trgm },
    });
    await pg.query('SELECT 1');
  } catch (error) {
    throw new RestoreRefusedError(`${file} is not a backup of the embedded database (${(error as Error).message}).`);
  } finally {
    await pg?.close();
  }
  // Backups written before issue 20 carried the running server's lock and pending requests; they belong to that server.
  rmSync(join(dir, LOCK_FILE), { force: true });
  rmSync(join(dir, REQUESTS_FOLDER), { recursive: true, force: true });
}

/** `prepare` runs on the restored database in its new folder before that is put in place (db:restore --new-keys). */
export type RestoreOptions = { force?: boolean; prepare?: (db: Database, dir: string) => Promise<void> };

export async function restoreBackup(
  file: string,
  dataDir: string,
  { force = false, prepare }: RestoreOptions = {},
): Promise<RestoreReport> {
  const target = resolve(dataDir);
  if (!existsSync(file)) throw new RestoreRefusedError(`${file} does not exist.`);
  const replacing = !isEmptyFolder(target);
  if (replacing && !force) {
    throw new RestoreRefusedError(
      `${target} is not empty: restore into an empty or absent DATA_DIR, or add --force to replace the database there.`,
    );
  }
  if (replacing && !existsSync(join(target, 'PG_VERSION'))) {
    throw new RestoreRefusedError(
      `${target} is not empty and holds no embedded database: --force replaces a data folder only.`,
    );
  }
  // Refuses (DataDirInUseError) while a server runs on the folder; held until the new folder is in place.
  const lock = replacing ? acquireDataDirLock(target) : undefined;
  const staging = join(dirname(target), `.${basename(target)}.restoring-${process.pid}`);
  mkdirSync(dirname(target), { recursive: true });
  rmSync(staging, { recursive: true, force: true });
  try {
    await unpack(file, staging);
    const db = await openDatabase({ dataDir: staging });
    let counts: { recipes: number; users: number };
    try {
      await prepare?.(db, staging);
      const result = await db.orm.execute(
        sql`SELECT (SELECT count(*) FROM recipes)::int AS recipes, (SELECT count(*) FROM users)::int AS users`,
      );
      counts = (result as { rows: { recipes: number; users: number }[] }).rows[0]!;
    } finally {
      await db.close();
    }
    // The folder replaced is kept until someone has checked the restore; an empty one is just removed.
    const aside = `${target}.replaced-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    if (existsSync(target)) renameSync(target, aside);
    renameSync(staging, target);
    if (!replacing) rmSync(aside, { recursive: true, force: true });
    else rmSync(join(aside, LOCK_FILE), { force: true }); // ours: nothing runs on the kept folder
    return replacing ? { ...counts, replacedKeptAt: aside } : counts;
  } finally {
    lock?.release();
    rmSync(staging, { recursive: true, force: true });
  }
}
