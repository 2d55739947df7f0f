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
