import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema/index.ts';

// The database as the rest of the server sees it: index.ts picks the driver (pglite.ts or postgres.ts),
// both return this shape: a drizzle PgDatabase over the same schema, which cannot tell them apart.
export type AppDatabase = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The handle inside `db.transaction(async (tx) => …)`. */
export type Transaction = Parameters<Parameters<AppDatabase['transaction']>[0]>[0];

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
