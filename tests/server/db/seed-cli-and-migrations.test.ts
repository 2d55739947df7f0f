import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { applyMigrations } from '../../../server/db/migrate.ts';
import { SEED_RECIPES } from '../../../server/db/transfer/seed-recipes.ts';
import { freshPgliteDir, freshPostgresUrl } from '../../support/database.ts';
import { scriptFile } from '../../support/npm-cli.ts';
import { cliNodeFlags } from '../../support/start-script.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * `npm run db:seed` as a real process with its own environment: the file the script names, run by Node 24
 * (process.execPath) without npm and tsx in front (tests/support/npm-cli.ts says why).
 */
function seedCli(env: Record<string, string>, args: string[] = []): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...cliNodeFlags(), scriptFile('db:seed'), ...args], {
      cwd: ROOT,
      env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '/root', ...env },
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    child.on('exit', (code) => resolve({ code, out: out.trim() }));
  });
}

describe('npm run db:seed', () => {
  it('seeds PostgreSQL (DATABASE_URL) once, then leaves it alone', async () => {
    const fresh = await freshPostgresUrl();
    try {
      const first = await seedCli({ DATABASE_URL: fresh.url });
      expect(first).toEqual({
        code: 0,
        out: `Seeded ${SEED_RECIPES.length} of ${SEED_RECIPES.length} demo recipes into PostgreSQL.`,
      });
      const second = await seedCli({ DATABASE_URL: fresh.url });
      expect(second.code).toBe(0);
      expect(second.out).toContain('already has recipes; nothing seeded');
      const client = new pg.Client(fresh.url);
      await client.connect();
      const { rows } = await client.query('SELECT count(*)::int AS n FROM recipes');
      await client.end();
      expect(rows[0].n).toBe(SEED_RECIPES.length);
    } finally {
      await fresh.drop();
    }
  });

  it('seeds a PGlite folder (DATA_DIR) and refuses bad arguments and bad settings clearly', async () => {
    const folder = freshPgliteDir();
    try {
      expect((await seedCli({ DATA_DIR: folder.dir })).out).toBe(
        `Seeded ${SEED_RECIPES.length} of ${SEED_RECIPES.length} demo recipes into PGlite in ${folder.dir}.`,
      );
      expect(await seedCli({ DATA_DIR: folder.dir }, ['--missing'])).toEqual({
        code: 0,
        out: `All ${SEED_RECIPES.length} demo recipes are already in PGlite in ${folder.dir}.`,
      });
      const bad = await seedCli({ DATA_DIR: folder.dir }, ['--force']);
      expect(bad.code).toBe(2);
      expect(bad.out).toContain('Unknown argument --force');
      const badUrl = await seedCli({ DATABASE_URL: 'mysql://x' });
      expect(badUrl.code).toBe(1);
      expect(badUrl.out).toContain('DATABASE_URL');
    } finally {
      folder.remove();
    }
    // Four real processes, each starting Node and PGlite (with tsx: ~14 s on an idle machine, ~29 s at load 17)
    // (measured), too close to the project's 30 s default.
  }, 90_000);
});

describe('migrations', () => {
  it('a failing migration is rolled back whole and named in the error', async () => {
    const fresh = await freshPostgresUrl();
    const client = new pg.Client(fresh.url);
    await client.connect();
    try {
      const runner = {
        query: (sql: string, params?: unknown[]) => client.query(sql, params),
        exec: async (sql: string) => void (await client.query(sql)),
      };
      const good = { name: '900-good', sql: 'CREATE TABLE good (x int);' };
      const bad = { name: '901-bad', sql: 'CREATE TABLE half (x int); SELECT * FROM missing_table;' };
      await expect(applyMigrations(runner, [good, bad])).rejects.toThrow(/Migration 901-bad failed: .*missing_table/);
      const names = (await client.query('SELECT name FROM schema_migrations ORDER BY name')).rows.map((r) => r.name);
      expect(names).toEqual(['900-good']);
      expect((await client.query(`SELECT to_regclass('half') AS t`)).rows[0].t).toBeNull();
      expect((await client.query(`SELECT to_regclass('good') AS t`)).rows[0].t).toBe('good');
      // Applying again only retries what is missing.
      await expect(
        applyMigrations(runner, [good, { name: '901-bad', sql: 'CREATE TABLE half (x int);' }]),
      ).resolves.toEqual(['901-bad']);
      await expect(applyMigrations(runner, [good])).resolves.toEqual([]);
    } finally {
      await client.end();
      await fresh.drop();
    }
  });
});
