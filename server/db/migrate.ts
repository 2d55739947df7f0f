import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// Plain SQL migrations, server/db/migrations/NNN-name.sql, applied in name order. Each one runs in
// its own transaction together with its row in schema_migrations: applied whole or not at all.
export type MigrationClient = {
  /** One statement with parameters. */
  query(sql: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
  /** Several statements, no parameters. */
  exec(sql: string): Promise<void>;
};

export type Migration = { name: string; sql: string };

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));

export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((file) => /^\d{3}-[\w-]+\.sql$/.test(file))
    .sort()
    .map((file) => ({ name: file.replace(/\.sql$/, ''), sql: readFileSync(`${dir}/${file}`, 'utf8') }));
}

/** Applies what is missing; returns the names applied now. The caller holds any cross-process lock. */
export async function applyMigrations(client: MigrationClient, migrations = readMigrations()): Promise<string[]> {
  await client.exec(
    'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  const { rows } = await client.query('SELECT name FROM schema_migrations');
  const done = new Set((rows as { name: string }[]).map((r) => r.name));
  const applied: string[] = [];
  for (const migration of migrations) {
    if (done.has(migration.name)) continue;
    await client.exec('BEGIN');
    try {
      await client.exec(migration.sql);
      await client.query('INSERT INTO schema_migrations (name) VALUES ($1)', [migration.name]);
      await client.exec('COMMIT');
    } catch (error) {
      await client.exec('ROLLBACK').catch(() => undefined);
      throw new Error(`Migration ${migration.name} failed: ${(error as Error).message}`, { cause: error });
    }
    applied.push(migration.name);
  }
  return applied;
}
