import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPostgres, type TestPostgres } from '../../../scripts/postgres-for-tests.ts';
import { openDatabase, type Database } from '../../../server/db/index.ts';
import { buildApiApp, testConfig } from '../../support/api-app.ts';
import { createTestKeys, editorToken } from '../../support/tokens.ts';
import { bearer } from '../../support/recipes.ts';
import { runOutage } from '../../support/outage.ts';
import type { Sample, Send } from '../../support/traffic.ts';

// PostgreSQL made unreachable under a steady stream of reads and writes, both ways an operator meets it:
// stopped (connections refused), and frozen with SIGSTOP (nothing answers, as in a partition), then back.
// No request may wait longer than the limit plus 1 s; a write the client was told failed must be absent
// afterwards, every acknowledged one present; traffic must succeed again within 2 s of the return.
const LIMIT_MS = 1500;
const OUTAGE_MS = 4000;

let pg: TestPostgres;
let db: Database;
let app: FastifyInstance;
let send: Send;

beforeAll(async () => {
  pg = await startTestPostgres();
  db = await openDatabase({ databaseUrl: pg.url, dataDir: '', connectTimeoutMs: 1000, statementTimeoutMs: 30_000 });
  const keys = await createTestKeys();
  app = await buildApiApp(testConfig({ DATABASE_URL: pg.url, DB_REQUEST_TIMEOUT_MS: String(LIMIT_MS) }), db, keys);
  const token = await editorToken(keys);
  const first = await app.inject({
    method: 'POST',
    url: '/api/recipes',
    headers: bearer(token),
    payload: { name: 'Läsbar', servings: 1 },
  });
  const id = first.json().id as number;
  send = async ({ method, url, body }) =>
    (
      await app.inject({
        method,
        url,
        headers: bearer(token),
        ...(body === undefined ? {} : { payload: body as object }),
      })
    ).statusCode;
  await send({ method: 'GET', url: `/api/recipes/${id}` });
  readUrls = [`/api/recipes/${id}`, '/api/recipes', '/api/recipes?search=a', '/api/recipes/names?limit=5'];
}, 120_000);

let readUrls: string[];

afterAll(async () => {
  // Transactions a frozen server held finish once it runs again; on a loaded machine that takes a while.
  const within = (work: Promise<unknown> | undefined, ms: number) =>
    Promise.race([work, new Promise((resolve) => setTimeout(resolve, ms))]);
  await within(app?.close(), 30_000);
  await within(db?.close(), 30_000);
  pg?.stop();
}, 120_000);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function storedNames(): Promise<Set<string>> {
  const rows = await db.orm.execute<{ name: string }>('SELECT name FROM recipes');
  return new Set((rows as { rows: { name: string }[] }).rows.map((r) => r.name));
}

async function throughOutage(label: string, down: () => Promise<void> | void, up: () => Promise<void> | void) {
  const run = await runOutage({ send, readUrls, label, down, up, outageMs: OUTAGE_MS });
  console.log(run.lines.join('\n'));
  return run;
}

function expectBounded(samples: Sample[]) {
  const slowest = Math.max(...samples.map((s) => s.end - s.start));
  expect(slowest, 'the longest wait').toBeLessThanOrEqual(LIMIT_MS + 1000);
  const statuses = new Set(samples.map((s) => `${s.kind} ${s.status}`));
  for (const status of statuses) expect(['read 200', 'read 503', 'write 201', 'write 503']).toContain(status);
  expect(statuses.has('read 503') && statuses.has('write 503'), 'the outage was seen').toBe(true);
}

function expectRecovered(samples: Sample[], backAt: number) {
  const after = samples.filter((s) => s.start >= backAt + 2000);
  expect(after.length).toBeGreaterThan(10);
  expect(
    after.filter((s) => s.status !== 200 && s.status !== 201),
    'requests failing 2 s after the return',
  ).toEqual([]);
}

async function expectWritesExact(samples: Sample[]) {
  // Transactions a frozen server held are resumed and refused by their commit deadline: give them time.
  await sleep(1000);
  const stored = await storedNames();
  const writes = samples.filter((s) => s.kind === 'write');
  const acknowledged = writes.filter((s) => s.status === 201).map((s) => s.name!);
  const refused = writes.filter((s) => s.status === 503).map((s) => s.name!);
  expect(acknowledged.length).toBeGreaterThan(10);
  expect(refused.length).toBeGreaterThan(0);
  expect(
    acknowledged.filter((name) => !stored.has(name)),
    'acknowledged but missing',
  ).toEqual([]);
  expect(
    refused.filter((name) => stored.has(name)),
    'refused but stored',
  ).toEqual([]);
}

describe('PostgreSQL unreachable under load', () => {
  it('stopped, then started again: bounded 503s, nothing half-applied, recovered within 2 s', async () => {
    const { samples, backAt } = await throughOutage(
      'Stoppad',
      () => pg.halt(),
      () => pg.restart(),
    );
    expectBounded(samples);
    expectRecovered(samples, backAt);
    await expectWritesExact(samples);
  }, 120_000);

  it('frozen with SIGSTOP, then SIGCONT: bounded 503s, no write the client was told failed commits later', async () => {
    const { samples, backAt } = await throughOutage(
      'Fryst',
      () => pg.freeze(),
      () => pg.thaw(),
    );
    expectBounded(samples);
    expectRecovered(samples, backAt);
    await expectWritesExact(samples);
  }, 120_000);
});
