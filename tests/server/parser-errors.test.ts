import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import type { Database } from '../../server/db/index.ts';
import { closeTestDatabase, createTestDatabase } from '../support/database.ts';
import { testConfig } from '../support/api-app.ts';

// Requests refused before any route runs (by Node's HTTP parser, or by Fastify's URL decoding) get the
// API's one error shape and the usual security headers, not Fastify's default body.
let db: Database;
let app: FastifyInstance;
let port: number;

beforeAll(async () => {
  db = await createTestDatabase('pglite');
  app = await buildApp(testConfig({ SERVE_SITE: 'false' }), { db, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
});

afterAll(async () => {
  await app?.close();
  await closeTestDatabase(db);
});

type Raw = { status: number; headers: Record<string, string>; body: string };

/** Sends bytes as they are (fetch would refuse to send them) and reads the answer until the server closes. */
function rawRequest(bytes: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(bytes, 'latin1'));
    let text = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(
        lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
    });
  });
}

function expectRefused(res: Raw, status: number) {
  expect(res.status).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(res.headers['referrer-policy']).toBe('no-referrer');
  const body = JSON.parse(res.body) as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual(['error', 'message', 'status']);
  expect(body.status).toBe(status);
  expect(typeof body.message).toBe('string');
  expect(body).not.toHaveProperty('statusCode');
}

describe('requests the HTTP parser refuses', () => {
  it('a control character in a header: 400 in the one error shape, with the security headers', async () => {
    const res = await rawRequest('GET /api/recipes HTTP/1.1\r\nHost: localhost\r\nX-Bad: a\u0001b\r\n\r\n');
    expectRefused(res, 400);
    expect(JSON.parse(res.body)).toMatchObject({ error: 'Bad Request' });
  });

  it('a broken request line: 400 in the one error shape', async () => {
    expectRefused(await rawRequest('GET /api/recipes HTTP/9\r\n\r\n'), 400);
  });

  it('headers over the size limit: 431 in the one error shape', async () => {
    const res = await rawRequest(
      `GET /api/recipes HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expectRefused(res, 431);
  });

  it('a malformed %-escape in the path: 400 in the one error shape, with the security headers', async () => {
    const res = await rawRequest('GET /api/recipes/%E0%A4%A HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
    expectRefused(res, 400);
  });

  it('a normal request on the same server still works', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(res.status).toBe(200);
  });
});
