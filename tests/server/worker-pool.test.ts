// The shared worker pool's time limit counts a task's own work: a thread's start and its module's loading (slow on a
// busy machine) do not count, a task's work past the limit does, and a stuck wait is answered 'busy'.
import { afterEach, describe, expect, it } from 'vitest';
import { createWorkerPool, WorkerPoolError, type WorkerPool } from '../../server/worker-pool.ts';

const slowToLoad = new URL('../fixtures/workers/slow-to-load.ts', import.meta.url);
let pool: WorkerPool<number, number> | undefined;
afterEach(() => pool?.close());

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => 'finished',
    (error: unknown) => (error instanceof WorkerPoolError ? error.kind : String(error)),
  );

describe('the worker pool', () => {
  it("does not count a cold thread's 1.5 s of loading in a task's 1 s limit", async () => {
    pool = createWorkerPool({ filename: slowToLoad, maxWaiting: 2, timeoutMs: 1000, heapMb: 64, threads: 1 });
    const started = Date.now();
    await expect(pool.run(50)).resolves.toBe(50);
    expect(Date.now() - started).toBeGreaterThan(1500);
  });

  it('ends a task whose own work passes the limit, and the next task gets a new thread', async () => {
    pool = createWorkerPool({ filename: slowToLoad, maxWaiting: 2, timeoutMs: 500, heapMb: 64, threads: 1 });
    expect(await failure(pool.run(3000))).toBe('timeout');
    await expect(pool.run(10)).resolves.toBe(10);
  });

  it('tasks waiting behind one stopped at its limit start on a new thread (piscina starts none by itself)', async () => {
    pool = createWorkerPool({ filename: slowToLoad, maxWaiting: 2, timeoutMs: 1000, heapMb: 64, threads: 1 });
    const first = failure(pool.run(3000));
    const waiting = [pool.run(10), pool.run(20)];
    expect(await first).toBe('timeout');
    await expect(Promise.all(waiting)).resolves.toEqual([10, 20]);
  });

  it("a task waiting behind a running one waits without its own limit running, and a full room is 'busy'", async () => {
    pool = createWorkerPool({ filename: slowToLoad, maxWaiting: 1, timeoutMs: 2000, heapMb: 64, threads: 1 });
    const first = pool.run(600); // 2.1 s from its call (load and work): past 2 s, had the load counted
    const second = pool.run(300); // waits ~2.1 s from its call, then works 300 ms: within its own 2 s
    expect(await failure(pool.run(1))).toBe('busy');
    await expect(Promise.all([first, second])).resolves.toEqual([600, 300]);
  });

  it("turns the tasks waiting away as 'busy' when closed, and every task after", async () => {
    const closing = createWorkerPool<number, number>({
      filename: slowToLoad,
      maxWaiting: 2,
      timeoutMs: 5000,
      heapMb: 64,
      threads: 1,
    });
    const running = failure(closing.run(3000));
    const waiting = failure(closing.run(10));
    await closing.close();
    expect(await waiting).toBe('busy');
    expect(await running).toBe('busy');
    expect(await failure(closing.run(10))).toBe('busy');
  });
});
