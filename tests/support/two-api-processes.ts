// Two API processes on one PostgreSQL: two apps built by buildApp, each with its own connection pool to one
// fresh database, trusting the same test keys. What two servers behind a load balancer share is the database
// and nothing else; the tests that need that (idempotency, the list cache) start them here.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { openDatabase, type Database } from '../../server/db/index.ts';
import { buildApiApp, testConfig } from './api-app.ts';
import { freshPostgresUrl } from './database.ts';
import { createTestKeys, editorToken, type TestKeys } from './tokens.ts';

export type TwoApiProcesses = { one: FastifyInstance; two: FastifyInstance; keys: TestKeys; close(): Promise<void> };

/**
 * In a describe block: the two processes start before its tests and stop after them. Call the returned
 * function in a test for them and an editor's token both accept.
 */
export function useTwoApiProcesses(): () => TwoApiProcesses & { token: string } {
  let started: (TwoApiProcesses & { token: string }) | undefined;
  beforeAll(async () => {
    const processes = await startTwoApiProcesses();
    started = { ...processes, token: await editorToken(processes.keys) };
  });
  afterAll(() => started?.close());
  return () => {
    if (!started) throw new Error('the two API processes did not start');
    return started;
  };
}

export async function startTwoApiProcesses(): Promise<TwoApiProcesses> {
  const { url, drop } = await freshPostgresUrl();
  const databases: Database[] = [];
  const apps: FastifyInstance[] = [];
  const close = async () => {
    await Promise.all(apps.map((app) => app.close()));
    await Promise.all(databases.map((db) => db.close()));
    await drop();
  };
  try {
    const keys = await createTestKeys();
    const config = testConfig();
    databases.push(...(await Promise.all([1, 2].map(() => openDatabase({ databaseUrl: url, dataDir: '' })))));
    apps.push(...(await Promise.all(databases.map((db) => buildApiApp(config, db, keys)))));
    const [one, two] = apps as [FastifyInstance, FastifyInstance];
    return { one, two, keys, close };
  } catch (error) {
    await close().catch(() => undefined);
    throw error;
  }
}
