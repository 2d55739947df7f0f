import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { DatabaseStartingError, isDatabaseUnavailable, unavailableReason } from './availability.ts';
import { applyMigrations } from './migrate.ts';
import * as schema from './schema/index.ts';
import type { Database, OpenDatabaseOptions } from './types.ts';

// Any number of API processes may share one PostgreSQL; the first to start migrates, the others
// wait on this advisory lock and then find nothing left to do.
const MIGRATION_LOCK = 7_305_001;

/**
 * Until the schema is known to be migrated, the pool refuses queries at once as "unavailable" (503):
 * when PostgreSQL is down at start the API still starts, and background retries reach the server.
 */
type StartingPool = pg.Pool & { ready: boolean; connectNow(): Promise<pg.PoolClient> };

function startingPool(config: pg.PoolConfig): StartingPool {
  const pool = new pg.Pool(config) as StartingPool;
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
  pool.ready = false;
  pool.connectNow = () => connect() as Promise<pg.PoolClient>;
  pool.query = ((...args: unknown[]) =>
    pool.ready ? query(...args) : Promise.reject(new DatabaseStartingError())) as pg.Pool['query'];
  pool.connect = ((...args: unknown[]) =>
    pool.ready ? connect(...args) : Promise.reject(new DatabaseStartingError())) as pg.Pool['connect'];
  return pool;
}

async function migrate(pool: StartingPool): Promise<void> {
  const client = await pool.connectNow();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await applyMigrations({
        query: (sql, params) => client.query(sql, params),
        exec: async (sql) => {
          await client.query(sql);
        },
      });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}

export async function openPostgres(connectionString: string, opts: OpenDatabaseOptions): Promise<Database> {
  const statementTimeout = opts.statementTimeoutMs ?? 30_000;
  const pool = startingPool({
    connectionString,
    max: 10,
    // A request never queues for a connection (or for a server that does not answer) longer than this.
    connectionTimeoutMillis: opts.connectTimeoutMs ?? 1_000,
    idleTimeoutMillis: 30_000,
    // The server's own limit on a statement, and the driver's limit on waiting for an answer (a
    // frozen server enforces nothing): a connection stuck on one is dropped, not reused.
    statement_timeout: statementTimeout,
    query_timeout: statementTimeout,
    // Dead peers (a partition) are noticed by the kernel instead of hanging a connection for hours.
    keepAlive: true,
  });
  // A connection lost (the server stopped, a partition) must not crash the process: an idle client's
  // error reaches the pool, a checked-out client's its own listener; the query in flight reports it.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));

  let closed: Promise<void> | undefined;
  let retry: NodeJS.Timeout | undefined;
  const database: Database = {
    kind: 'postgres',
    orm: drizzle({ client: pool, schema }),
    async ping() {
      await pool.query('SELECT 1');
    },
    close() {
      clearTimeout(retry);
      closed ??= pool.end();
      return closed;
    },
  };

  try {
    await migrate(pool);
    pool.ready = true;
    return database;
  } catch (error) {
    if (!opts.onWaiting || !isDatabaseUnavailable(error)) {
      await pool.end().catch(() => undefined);
      throw error;
    }
    // Start anyway: health says 503 and every request answers 503 until PostgreSQL is reached.
    const onWaiting = opts.onWaiting;
    let delay = 500;
    onWaiting(unavailableReason(error), delay);
    const attempt = () => {
      migrate(pool).then(
        () => {
          pool.ready = true;
          opts.onReady?.();
        },
        (failure: unknown) => {
          if (closed) return;
          delay = Math.min(delay * 2, 15_000);
          if (!isDatabaseUnavailable(failure))
            onWaiting(`${unavailableReason(failure)} (not a connection problem)`, delay);
          retry = setTimeout(attempt, delay);
        },
      );
    };
    retry = setTimeout(attempt, delay);
    return database;
  }
}
