// The one place that decides between the embedded PGlite and a PostgreSQL server. Everything else
// sees a drizzle PgDatabase over the same schema (./types.ts) and cannot tell which one it talks to.
import type { Database, OpenDatabaseOptions } from './types.ts';

export type { AppDatabase, Database, OpenDatabaseOptions } from './types.ts';

/** Opens (PGlite: locks the folder), applies pending migrations, and returns the database. */
export async function openDatabase(opts: OpenDatabaseOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const { openPostgres } = await import('./postgres.ts');
    return openPostgres(opts.databaseUrl, opts);
  }
  const { openPglite } = await import('./pglite.ts');
  return openPglite(opts.dataDir);
}

export { DataDirInUseError } from './data-folder/data-dir-lock.ts';
export { DatabaseTimeoutError, isDataDirLost, isDatabaseUnavailable, unavailableReason } from './availability.ts';
export { tryImportTurn, type ImportTurn } from './import-lock.ts';
