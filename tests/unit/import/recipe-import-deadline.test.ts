// Issue 37 item 9: IMPORT_TIMEOUT_MS bounds the body too. A server that trickles (a byte every so often) never
// leaves a socket idle, so an idle timeout would wait for it forever; the import's one deadline does not. Here
// fetchPage and fetchImage against real servers on 127.0.0.2 that send their answer a few bytes at a time, and
// the message names what was late (the page, the image), never the host (that is the log's `detail`).
// The route-level cases (a resolver that never answers, a server that never speaks, a picture that never comes)
// are in tests/server/api/recipe-import-deadline.test.ts.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAddressPolicy } from '../../../server/import/address-policy.ts';
import { createBoundedLookup } from '../../../server/import/bounded-lookup.ts';
import { fetchImage, fetchPage, PageFetchError, type FetchOptions } from '../../../server/import/fetch-page.ts';

const LIMIT_MS = 1000;
// Generous for a loaded machine; a fetch that waited for the trickle to end would take TRICKLE_MS.
const BOUND_MS = LIMIT_MS + 1500;
const TRICKLE_MS = 30_000;

describe('the import deadline against a body that trickles', () => {
  let server: Server;
  let base = '';
  const timers = new Set<NodeJS.Timeout>();

  beforeAll(async () => {
    server = createServer((request, response) => {
      const type = request.url === '/picture.jpg' ? 'image/jpeg' : 'text/html; charset=utf-8';
      response.writeHead(200, { 'content-type': type });
      // One byte every 50 ms: the socket is never idle for long, and the answer would take TRICKLE_MS.
      let sent = 0;
      const timer = setInterval(() => {
        if (++sent * 50 >= TRICKLE_MS) return void response.end('>');
        response.write('<');
      }, 50);
      timers.add(timer);
      response.on('close', () => clearInterval(timer));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.2', resolve));
    base = `http://127.0.0.2:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    for (const timer of timers) clearInterval(timer);
    server.closeAllConnections();
    server.close();
  });

  const options = (): FetchOptions => ({
    policy: createAddressPolicy(['127.0.0.2']),
    lookup: createBoundedLookup(),
    timeoutMs: LIMIT_MS,
    deadline: AbortSignal.timeout(LIMIT_MS),
    maxBytes: 1024 * 1024,
    userAgent: 'test',
  });

  async function failure(fetching: Promise<unknown>) {
    const started = performance.now();
    const error = await fetching.then(
      () => undefined,
      (e: unknown) => e,
    );
    return { error: error as PageFetchError, ms: performance.now() - started };
  }

  it('gives up on a page whose body trickles at the deadline, naming the page and not the host', async () => {
    const { error, ms } = await failure(fetchPage(`${base}/recipe`, options()));
    expect(error).toBeInstanceOf(PageFetchError);
    expect(error.kind).toBe('timeout');
    expect(error.message).toBe(`The page did not answer within ${LIMIT_MS / 1000} s`);
    expect(error.message).not.toContain('127.0.0.2');
    expect(error.detail).toContain('127.0.0.2'); // for the log
    expect(ms).toBeLessThan(BOUND_MS);
  });

  it('gives up on an image whose body trickles at the deadline, naming the image', async () => {
    const { error, ms } = await failure(fetchImage(`${base}/picture.jpg`, options()));
    expect(error).toBeInstanceOf(PageFetchError);
    expect(error.kind).toBe('timeout');
    expect(error.message).toBe(`The image did not answer within ${LIMIT_MS / 1000} s`);
    expect(ms).toBeLessThan(BOUND_MS);
  });
});
