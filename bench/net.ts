import { createServer } from 'node:net';

/** A port the kernel says is free right now on loopback (never a fixed one: others share this machine). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Polls `url` until it answers with any HTTP status, or gives up after `timeoutMs`. */
export async function waitForHttp(url: string, timeoutMs: number, failed: () => boolean = () => false): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (failed()) throw new Error(`${url}: the process serving it exited`);
    try {
      const res = await fetch(url, { method: 'HEAD' });
      await res.arrayBuffer();
      return;
    } catch {
      if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
      await new Promise((done) => setTimeout(done, 100));
    }
  }
}

/**
 * Waits until the server has worked off what the last run left behind: autocannon stops at its
 * deadline, but the server still finishes the requests already in flight (a 100,000-recipe list
 * takes seconds each), and those would otherwise slow down the next run's first seconds.
 * A cheap request queues behind that work on the event loop and the single PGlite connection.
 */
export async function settle(cheapUrl: string): Promise<void> {
  for (let i = 0; i < 2; i++) {
    const res = await fetch(cheapUrl);
    await res.arrayBuffer();
  }
  await new Promise((done) => setTimeout(done, 500));
}
