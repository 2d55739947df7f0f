import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createDatabaseGate } from '../../../server/db/database-gate.ts';
import { DatabaseTimeoutError, isDatabaseUnavailable } from '../../../server/db/index.ts';

function recordingLog() {
  const lines: { level: string; msg: string; fields: Record<string, unknown> }[] = [];
  const at = (level: string) => (fields: Record<string, unknown>, msg: string) => lines.push({ level, msg, fields });
  return { lines, log: { warn: at('warn'), info: at('info') } as unknown as FastifyBaseLogger };
}

const refused = () =>
  Promise.reject(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }));

describe('the database gate', () => {
  it('logs an outage once when it starts and once when it ends, however many requests fail', async () => {
    const { lines, log } = recordingLog();
    const gate = createDatabaseGate(1000, log);
    for (let i = 0; i < 50; i++) await expect(gate.run(refused)).rejects.toThrow('ECONNREFUSED');
    expect(await gate.run(async () => 'ok')).toBe('ok');
    expect(lines.map((l) => `${l.level} ${l.msg}`)).toEqual([
      'warn database unreachable: requests answer 503 until it is back',
      'info database reachable again',
    ]);
    expect(lines[0]!.fields.reason).toBe('ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:5432');
    expect(lines[1]!.fields.failedRequests).toBe(50);
  });

  it('gives up after its limit with an error the API answers as 503, and passes the work its deadline', async () => {
    const { log } = recordingLog();
    const gate = createDatabaseGate(200, log);
    const started = Date.now();
    let deadline = 0;
    const error = await gate.run((d) => ((deadline = d), new Promise(() => undefined))).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DatabaseTimeoutError);
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(195);
    expect(Date.now() - started).toBeLessThan(1000);
    // The database refuses to commit before the request gives up, not after.
    expect(deadline).toBeLessThan(started + 200);
  });

  it('a bug is not an outage: nothing logged, not called unavailable', async () => {
    const { lines, log } = recordingLog();
    const gate = createDatabaseGate(1000, log);
    await expect(gate.run(() => Promise.reject(new TypeError('x is undefined')))).rejects.toThrow(TypeError);
    expect(lines).toEqual([]);
  });
});

describe('which failures mean the database is unreachable', () => {
  it.each([
    ['a refused connection', { code: 'ECONNREFUSED' }],
    ['a server shutting down', { code: '57P01' }],
    ['a connection exception', { code: '08006' }],
    ['a full disk', { code: '53100' }],
    ['the write deadline', { code: '57014' }],
    ['a pool timeout', { message: 'timeout exceeded when trying to connect' }],
    ['a closed PGlite', { message: 'PGlite is closed' }],
    ['wrapped by drizzle', { message: 'Failed query: select 1', cause: { code: 'ECONNRESET' } }],
  ])('%s', (_what, error) => expect(isDatabaseUnavailable(Object.assign(new Error(), error))).toBe(true));

  it.each([
    ['a unique violation', { code: '23505' }],
    ['a syntax error', { code: '42601' }],
    ['a plain bug', { message: 'Cannot read properties of undefined' }],
  ])('not %s', (_what, error) => expect(isDatabaseUnavailable(Object.assign(new Error(), error))).toBe(false));
});
