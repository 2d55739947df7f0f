import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema/index.ts';

// The one place that decides between the embedded PGlite and a PostgreSQL server. Everything else
// sees a drizzle PgDatabase over the same schema and cannot tell which one it talks to.
export type AppDatabase = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Database = {
  kind: 'pglite' | 'postgres';
  orm: AppDatabase;
  /** Throws when the database is unreachable. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /**
   * PGlite only: the whole data folder as a gzipped tarball, taken between transactions while it runs;
   * `heldMs`: how long every query waited for it.
   */
  dumpDataDir?(): Promise<{ tarball: Uint8Array; heldMs: number }>;
};

export type OpenDatabaseOptions = {
  databaseUrl?: string | undefined;
  dataDir: string;
  /** PostgreSQL: the longest wait for a connection (default 1 s). */
  connectTimeoutMs?: number;
  /** PostgreSQL: the longest a statement may run or wait for the server (default 30 s). */
  statementTimeoutMs?: number;
  /**
   * PostgreSQL: with this, an unreachable server at start is not an error: the database is returned at
   * once (every query failing as unavailable) and this is called with the reason and the next retry.
   */
  onWaiting?: (reason: string, retryInMs: number) => void;
  /** Called when a server that was unreachable at start has been reached and migrated. */
  onReady?: () => void;
};

/** Opens (PGlite: locks the folder), applies pending migrations, and returns the database. */
export async function openDatabase(opts: OpenDatabaseOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const { openPostgres } = await import('./postgres.ts');
    return openPostgres(opts.databaseUrl, opts);
  }
  const { openPglite } = await import('./pglite.ts');
  return openPglite(opts.dataDir);
}

export { DataDirInUseError } from './data-dir-lock.ts';
export { DatabaseTimeoutError, isDatabaseUnavailable, unavailableReason } from './availability.ts';
