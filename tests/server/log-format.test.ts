// LOG_FORMAT: in a terminal one readable line per request (server/server-options.ts), JSON lines elsewhere.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.ts';
import { loadConfig, type Config } from '../../server/config.ts';
import type { Database } from '../../server/db/index.ts';
import { loggerOptions, prettyLine } from '../../server/server-options.ts';
import { closeTestDatabase, createTestDatabase } from '../support/database.ts';
import { TEST_CLIENT_ID, TEST_KEYCLOAK_URL, TEST_REALM } from '../support/tokens.ts';

function config(env: Record<string, string>, terminal: boolean): Config {
  return loadConfig(
    {
      KEYCLOAK_URL: TEST_KEYCLOAK_URL,
      KEYCLOAK_REALM: TEST_REALM,
      KEYCLOAK_CLIENT_ID: TEST_CLIENT_ID,
      DATA_DIR: '/nonexistent',
      SERVE_SITE: 'false',
      LOG_LEVEL: 'info',
      ...env,
    },
    terminal,
  );
}

describe('LOG_FORMAT', () => {
  it('is pretty in a terminal and json in a file or pipe unless set', () => {
    expect(config({}, true).logFormat).toBe('pretty');
    expect(config({}, false).logFormat).toBe('json');
    expect(config({ LOG_FORMAT: 'json' }, true).logFormat).toBe('json');
    expect(config({ LOG_FORMAT: 'pretty' }, false).logFormat).toBe('pretty');
    expect(config({ LOG_FORMAT: '' }, false).logFormat).toBe('json');
    expect(() => config({ LOG_FORMAT: 'yaml' }, true)).toThrow(/LOG_FORMAT="yaml"/);
  });

  it('turns a pino entry into one line, extra fields as key=value, the stack only for errors', () => {
    const time = new Date(2025, 0, 2, 13, 4, 5).getTime();
    expect(
      prettyLine(JSON.stringify({ level: 30, time, pid: 1, hostname: 'h', msg: 'shutting down', signal: 'SIGINT' })),
    ).toBe('13:04:05 INFO  shutting down signal=SIGINT\n');
    const err = { type: 'TypeError', message: 'boom', stack: 'TypeError: boom\n    at x (y.ts:1:1)' };
    expect(prettyLine(JSON.stringify({ level: 50, time, msg: 'GET /api/x 500 3 ms', err }))).toBe(
      '13:04:05 ERROR GET /api/x 500 3 ms: TypeError: boom\n    TypeError: boom\n        at x (y.ts:1:1)\n',
    );
    expect(prettyLine(JSON.stringify({ level: 30, time, msg: 'Server listening at http://127.0.0.1:8080' }))).toBe('');
    expect(prettyLine('not json')).toBe('not json\n');
  });
});

describe('request logging', () => {
  let db: Database;
  beforeAll(async () => {
    db = await createTestDatabase('pglite');
  });
  afterAll(async () => {
    await closeTestDatabase(db);
  });

  async function appWriting(format: 'pretty' | 'json', lines: string[]): Promise<FastifyInstance> {
    const c = config({ LOG_FORMAT: format }, false);
    const sink = { write: (text: string) => lines.push(...text.split('\n').filter(Boolean)) };
    // json: pino's own destination is stdout, so the test hands it a stream of its own.
    const logger = format === 'pretty' ? loggerOptions(c, sink) : { ...(loggerOptions(c) as object), stream: sink };
    return buildApp(c, { db, logger });
  }

  it('pretty: one line per request, answered or not found', async () => {
    const lines: string[] = [];
    const app = await appWriting('pretty', lines);
    try {
      const start = lines.length;
      expect((await app.inject({ url: '/api/recipes?code=secret' })).statusCode).toBe(200);
      expect(lines.slice(start)).toEqual([
        expect.stringMatching(/^\d\d:\d\d:\d\d INFO {2}GET \/api\/recipes\?code=\[redacted\] 200 \d+ ms$/),
      ]);
      const next = lines.length;
      expect((await app.inject({ url: '/api/nowhere' })).statusCode).toBe(404);
      expect(lines.slice(next)).toEqual([
        expect.stringMatching(/^\d\d:\d\d:\d\d INFO {2}GET \/api\/nowhere 404 \d+ ms$/),
      ]);
    } finally {
      await app.close();
    }
  });

  it('json: pino lines as before, two entries per request', async () => {
    const lines: string[] = [];
    const app = await appWriting('json', lines);
    try {
      const start = lines.length;
      await app.inject({ url: '/api/recipes' });
      const entries = lines.slice(start).map((l) => JSON.parse(l) as { msg: string });
      expect(entries.map((e) => e.msg)).toEqual(['incoming request', 'request completed']);
    } finally {
      await app.close();
    }
  });
});
