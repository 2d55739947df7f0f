// app.close() with closeConnectionsGracefully: a keep-alive client that sends its next request just
// as the server begins to close gets an answer (503, Connection: close), not a reset; an in-flight
// request is answered and told to close; a quiet keep-alive connection does not hold the close up.
import { Agent, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { closeConnectionsGracefully, DRAIN_LIMIT_MS, QUIET_MS } from '../../../server/graceful-close.ts';

type Answer = { status?: number; connection?: string; reused?: boolean; error?: string };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function get(agent: Agent, url: string): Promise<Answer> {
  return new Promise((resolve) => {
    const req = request(url, { agent });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () =>
        resolve({ status: res.statusCode, connection: res.headers.connection, reused: req.reusedSocket }),
      );
    });
    req.on('error', (error: NodeJS.ErrnoException) =>
      resolve({ error: error.code ?? error.message, reused: req.reusedSocket }),
    );
    req.end();
  });
}

describe('closeConnectionsGracefully', () => {
  let app: FastifyInstance;
  let base: string;
  let release: () => void;
  let slowStarted: Promise<void>;
  const agents: Agent[] = [];
  const agent = () => {
    const a = new Agent({ keepAlive: true, maxSockets: 1 });
    agents.push(a);
    return a;
  };

  async function start() {
    // The options server/app.ts uses.
    app = Fastify({ logger: false, return503OnClosing: true, forceCloseConnections: 'idle' });
    const gate = new Promise<void>((resolve) => (release = resolve));
    let started: () => void;
    slowStarted = new Promise<void>((resolve) => (started = resolve));
    app.get('/fast', async () => ({ ok: true }));
    app.get('/slow', async () => {
      started();
      await gate;
      return { ok: true };
    });
    closeConnectionsGracefully(app);
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  }

  afterEach(async () => {
    release?.();
    for (const a of agents.splice(0)) a.destroy();
    await app?.close();
  });

  it('answers the next request on a busy keep-alive socket with 503 and Connection: close, and the in-flight one with its response', async () => {
    await start();
    const client = agent();
    expect(await get(client, `${base}/fast`)).toMatchObject({ status: 200, connection: 'keep-alive' });
    const slow = get(agent(), `${base}/slow`);
    await slowStarted;

    const closed = app.close();
    // The client sends its next request on the same socket just after the server began to close
    // (it has stopped listening), less than QUIET_MS after the socket's last response.
    while (app.server.listening) await new Promise((resolve) => setImmediate(resolve));
    expect(await get(client, `${base}/fast`)).toEqual({ status: 503, connection: 'close', reused: true });
    // New connections are refused at once.
    expect(await get(agent(), `${base}/fast`)).toMatchObject({ error: 'ECONNREFUSED' });

    release();
    expect(await slow).toEqual({ status: 200, connection: 'close', reused: false });
    await closed;
  });

  it('closes a keep-alive connection that has been quiet, without waiting for it', async () => {
    await start();
    const client = agent();
    expect(await get(client, `${base}/fast`)).toMatchObject({ status: 200 });
    await sleep(QUIET_MS * 1.5);
    const began = performance.now();
    await app.close();
    // Neither the keep-alive timeout nor the drain's limit: the quiet connection is closed at once.
    expect(performance.now() - began).toBeLessThan(DRAIN_LIMIT_MS);
  });
});
