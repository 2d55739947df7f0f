import { cpuSeconds } from './cpu.ts';

export { freePort } from '../scripts/free-ports.ts';

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
 * With `pid`, it then also waits (up to a minute) until the server's CPU time stops growing: a
 * cheap answer can overtake work still being serialised, and CPU spent after this point would be
 * charged to the next run. That happened: at 100,000 recipes, leftovers of the unindexed searches
 * made "PUT" read 75 ms of CPU per request when the PUTs themselves cost 3 (docs/decisions/004-api-performance.md).
 */
export async function settle(cheapUrl: string, pid?: number): Promise<void> {
  for (let i = 0; i < 2; i++) {
    const res = await fetch(cheapUrl);
    await res.arrayBuffer();
  }
  const pause = () => new Promise((done) => setTimeout(done, 500));
  await pause();
  if (pid === undefined) return;
  const deadline = Date.now() + 60_000;
  let before = cpuSeconds(pid);
  while (Date.now() < deadline) {
    await pause();
    const now = cpuSeconds(pid);
    // Under 20 ms of CPU in half a second (clock ticks are 10 ms): idle but for timers.
    if (now - before < 0.02) return;
    before = now;
  }
}
