// Fresh databases for server tests, usable by any suite in the 'server' project:
//   const db = await createTestDatabase('pglite');   ...   await closeTestDatabase(db);
// PGlite: a copy of the migrated golden folder. PostgreSQL: a new database on the test cluster.
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../../server/db/index.ts';

export type DatabaseKind = Database['kind'];
export const DATABASE_KINDS: DatabaseKind[] = ['pglite', 'postgres'];

type Cleanup = () => Promise<void>;
const cleanups = new WeakMap<Database, Cleanup>();

/** A fresh PGlite data folder (migrated, empty), not yet opened. */
export function freshPgliteDir(): { dir: string; remove(): void } {
  const root = mkdtempSync(join(tmpdir(), 'recipe-book-test-'));
  const dir = join(root, 'data');
  cpSync(inject('pgliteTemplateDir'), dir, { recursive: true });
  return { dir, remove: () => rmSync(root, { recursive: true, force: true }) };
}

/** A URL for a brand-new, empty database on the test PostgreSQL. */
export async function freshPostgresUrl(): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = inject('testPostgresUrl');
  const name = `test_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client(admin);
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client(admin);
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}

export async function createTestDatabase(kind: DatabaseKind): Promise<Database> {
  if (kind === 'pglite') {
    const folder = freshPgliteDir();
    const db = await openDatabase({ dataDir: folder.dir });
    cleanups.set(db, async () => folder.remove());
    return db;
  }
  const fresh = await freshPostgresUrl();
  const db = await openDatabase({ databaseUrl: fresh.url, dataDir: '' });
  cleanups.set(db, fresh.drop);
  return db;
}

/**
 * Empties a test database of recipes (and what hangs off them) and restarts their ids, so a file can open one
 * database in beforeAll and still give each test an empty book: cheaper than a new database per test.
 */
export async function emptyRecipes(db: Database): Promise<void> {
  await db.orm.execute(
    'TRUNCATE recipes, ingredients, recipe_deletions, idempotency_keys, recipe_versions, recipe_trash RESTART IDENTITY CASCADE',
  );
}

/** Closes the database and removes its folder or drops it. Safe to call twice. */
export async function closeTestDatabase(db: Database): Promise<void> {
  await db.close();
  const cleanup = cleanups.get(db);
  cleanups.delete(db);
  await cleanup?.();
}
