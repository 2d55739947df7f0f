// `npm run db:backup -- FILE`: a consistent copy of the embedded database (PGlite in DATA_DIR) as a gzipped
// tarball, without stopping anything: when a server holds the folder, it is asked to write the copy
// (server/db/data-folder/backup.ts); when nobody does, this process opens the folder and writes it. PostgreSQL: pg_dump.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ConfigError, loadConfig } from '../config.ts';
import { requestBackup } from '../db/data-folder/backup-request.ts';
import { writeBackup } from '../db/data-folder/backup.ts';
import { DataDirInUseError, openDatabase, unavailableReason } from '../db/index.ts';
import { MEGABYTE } from '../../src/lib/byte-size.ts';
import { fileArgument } from './file-argument.ts';

const { file } = fileArgument('npm run db:backup -- FILE');
const target = resolve(file);
// The one megabyte of src/lib/byte-size.ts (decision 070), written as the command's English text.
const size = (bytes: number) => `${(bytes / MEGABYTE).toFixed(1)} MB`;

/** Backs up a folder nobody holds; null when a running server holds it (its pid in `holder`). */
async function backUpIdleFolder(dataDir: string, holder: { pid: number }): Promise<string | null> {
  let db;
  try {
    db = await openDatabase({ dataDir });
  } catch (error) {
    if (!(error instanceof DataDirInUseError) || error.pid <= 0) throw error;
    holder.pid = error.pid;
    return null;
  }
  try {
    const result = await writeBackup(db, target);
    return `Backed up PGlite in ${dataDir} to ${target} (${size(result.bytes)}); no server was running on it.`;
  } finally {
    await db.close();
  }
}

try {
  const config = loadConfig();
  if (config.databaseUrl)
    throw new Error(
      'DATABASE_URL is set: back PostgreSQL up with pg_dump (see the README); db:backup copies the embedded database',
    );
  if (!existsSync(join(config.dataDir, 'PG_VERSION')))
    throw new Error(`there is no embedded database in ${resolve(config.dataDir)}`);
  const holder = { pid: 0 };
  const done = await backUpIdleFolder(config.dataDir, holder);
  if (done) console.log(done);
  else {
    const result = await requestBackup(config.dataDir, target, holder.pid);
    if (!result.ok) throw new Error(`the server (pid ${holder.pid}) could not write it: ${result.error}`);
    console.log(
      `Backed up PGlite in ${config.dataDir} to ${target} (${size(result.bytes)}) through the running server (pid ${holder.pid}), which held its database for ${result.pausedMs} ms.`,
    );
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : `db:backup failed: ${unavailableReason(error)}`);
  process.exit(1);
}
