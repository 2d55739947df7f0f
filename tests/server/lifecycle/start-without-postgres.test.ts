import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestPostgres, type TestPostgres } from '../../../scripts/postgres-for-tests.ts';
import { freePort } from '../../../scripts/free-ports.ts';
import { killGroup, startNpm, type Started } from './support.ts';

// `npm start` with DATABASE_URL while PostgreSQL is down: the server starts anyway (a clear log line),
// answers 503 promptly, and serves normally once PostgreSQL is reached, without a restart. The demo users
// of the embedded provider are created then.
let cluster: TestPostgres | undefined;
let server: Started | undefined;
const dataDir = mkdtempSync(join(tmpdir(), 'start-without-pg-'));

afterAll(async () => {
  if (server) {
    process.kill(-server.pid, 'SIGTERM');
    await Promise.race([server.exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    killGroup(server.pid);
  }
  cluster?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('starting while PostgreSQL is down', () => {
  it('starts, answers 503 within the limit, and recovers by itself when PostgreSQL comes up', async () => {
    cluster = await startTestPostgres();
    await cluster.halt();
    const port = await freePort();
    server = await startNpm(port, dataDir, { DATABASE_URL: cluster.url });
    expect(server.output()).toMatch(
      /PostgreSQL cannot be reached \(.*ECONNREFUSED.*\): the API answers 503 until it can/,
    );

    for (const path of ['/api/health', '/api/recipes', '/api/recipes/1', '/api/recipes/names']) {
      const started = Date.now();
      const response = await fetch(`${server.baseUrl}${path}`);
      expect(response.status, path).toBe(503);
      expect(response.headers.get('retry-after')).toBe('5');
      expect(Date.now() - started).toBeLessThan(2500);
    }

    await cluster.restart();
    await expect
      .poll(async () => (await fetch(`${server!.baseUrl}/api/health`)).status, { timeout: 30_000, interval: 250 })
      .toBe(200);
    expect((await fetch(`${server.baseUrl}/api/recipes`)).status).toBe(200);
    expect(server.output()).toContain('PostgreSQL reached: migrations applied, the API answers again.');
    // One line for the wait, not one per retry or per request.
    expect(server.output().match(/PostgreSQL cannot be reached/g)).toHaveLength(1);

    const client = new pg.Client(cluster.url);
    await client.connect();
    try {
      // Each user's password is hashed on creation (deliberately slow): on a busy machine that takes seconds.
      await expect
        .poll(
          async () => (await client.query('SELECT username FROM users ORDER BY username')).rows.map((r) => r.username),
          { timeout: 20_000 },
        )
        .toEqual(['besokare', 'redaktor']);
    } finally {
      await client.end();
    }
  }, 120_000);
});
