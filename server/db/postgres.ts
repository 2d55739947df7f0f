import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { applyMigrations } from './migrate.ts';
import * as schema from './schema/index.ts';
import type { AppDatabase, Database } from './index.ts';

// Any number of API processes may share one PostgreSQL; the first to start migrates, the others
// wait on this advisory lock and then find nothing left to do.
const MIGRATION_LOCK = 7_305_001;

export async function openPostgres(connectionString: string): Promise<Database> {
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    // Health checks must answer 503 promptly when the server is gone, not hang.
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client losing its connection must not crash the process; the next query reports it.
  pool.on('error', () => undefined);
  try {
    const client = await pool.connect();
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
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
  }
  let closed: Promise<void> | undefined;
  return {
    kind: 'postgres',
    orm: drizzle({ client: pool, schema }) as unknown as AppDatabase,
    async ping() {
      await pool.query('SELECT 1');
    },
    close() {
      closed ??= pool.end();
      return closed;
    },
  };
}
