import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../support/recipes.ts';
import { useTwoApiProcesses } from '../../support/two-api-processes.ts';
import { collectionFile } from './collection-files.ts';

// One collection import at a time (issue 38, issue 52 item 5): two API processes on one PostgreSQL share nothing
// but the database, and the second process refuses an import while the first runs one exactly as the first
// process refuses a second import of its own (503, Retry-After, the same body: the screen's 'busy' sentence).
describe('one collection import at a time across API processes (postgres)', () => {
  const processes = useTwoApiProcesses();
  let jpeg: Buffer;
  beforeAll(async () => {
    jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c0602a' } })
      .jpeg()
      .toBuffer();
  });

  // The first import's photos keep it running (each goes through the photo pipeline) while the others are sent.
  const file = (prefix: string, count = 1, photos = false) =>
    collectionFile(
      Array.from({ length: count }, (_, i) => ({
        name: `${prefix} ${i + 1}`,
        ingredients: [{ lines: [`${i + 1} dl mjölk`] }],
        instructions: 'Blanda.',
        ...(photos ? { photos: [jpeg] } : {}),
      })),
    );
  const importOn = (app: FastifyInstance, token: string, bytes: Buffer) =>
    app.inject({
      method: 'POST',
      url: '/api/recipe-collections',
      headers: { ...bearer(token), 'content-type': 'application/octet-stream' },
      payload: bytes,
    });

  /** Starts an import on `app` over HTTP; resolves once its first progress line arrived, with its whole body. */
  async function startImport(app: FastifyInstance, token: string, bytes: Buffer) {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    let ended = false;
    let running!: () => void;
    const started = new Promise<void>((resolve) => (running = resolve));
    const body = new Promise<string>((resolve, reject) => {
      const req = httpRequest({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/recipe-collections',
        headers: { ...bearer(token), 'content-type': 'application/octet-stream', 'content-length': bytes.length },
      });
      req.on('response', (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => {
          text += chunk.toString();
          running();
        });
        res.on('end', () => {
          ended = true;
          resolve(text);
        });
      });
      req.on('error', reject);
      req.end(bytes);
    });
    await started;
    return { body, ended: () => ended };
  }

  it('refuses a second import in either process while one runs, and takes the next once it is done', async () => {
    const { one, two, token } = processes();
    const first = await startImport(one, token, file('Först', 6, true).bytes);
    const sameProcess = await importOn(one, token, file('Samma process').bytes);
    const otherProcess = await importOn(two, token, file('Andra processen').bytes);
    expect(first.ended()).toBe(false); // both were refused while the first ran
    expect(sameProcess.statusCode).toBe(503);
    expect(otherProcess.statusCode).toBe(503);
    expect(otherProcess.headers['retry-after']).toBe(sameProcess.headers['retry-after']);
    expect(otherProcess.json()).toEqual(sameProcess.json());
    expect(otherProcess.json().message).toMatch(/Another collection is being imported/);

    expect((await first.body).trim().split('\n').at(-1)).toMatch(/^\{"type":"report"/);
    const next = await importOn(two, token, file('Sedan').bytes);
    expect(next.statusCode).toBe(200);
    expect(next.body.trim().split('\n').at(-1)).toMatch(/^\{"type":"report"/);
  }, 120_000);
});
