// Work on untrusted or large input runs off the event loop. An imported page is read in worker threads: a piscina
// pool of one or two threads (one core stays with the event loop), at lower priority, with a bounded number of tasks
// waiting and a time limit after which the task's worker is terminated (piscina starts a new one); the page reader
// (server/import/page-reader.ts) is its user, docs/decisions/028-import-reading-workers.md says why. Photos run in
// child processes instead, which a kill really stops (server/photos/photo-children.ts, decision 045); they share
// this module's sizing (WORKER_THREADS), its errors and its priority.
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';

/** 'busy': the waiting room is full; 'timeout': not done within the limit; 'out-of-memory': the worker's heap ran out. */
export class WorkerPoolError extends Error {
  readonly kind: 'busy' | 'timeout' | 'out-of-memory';
  constructor(kind: WorkerPoolError['kind']) {
    super(`worker pool: ${kind}`);
    this.name = 'WorkerPoolError';
    this.kind = kind;
  }
}

export type WorkerPool<In, Out> = { run(task: In): Promise<Out>; close(): Promise<void> };

export const WORKER_THREADS = Math.max(1, Math.min(2, availableParallelism() - 1));
// Workers yield the CPU to the event loop when cores are short (Linux thread priority, via the optional prebuilt
// @napi-rs/nice; without it they simply run at normal priority).
const NICE = 10;
/** The same priority for the threads sharp encodes on (server/photos/thread-priority.ts). */
export const PHOTO_THREAD_NICE = NICE;

export function createWorkerPool<In, Out>(options: {
  /** The worker module: a .ts file Node loads with its own type stripping, as for `npm start`. */
  filename: URL;
  /** Tasks waiting for a thread. Counted here: piscina's maxQueue does not apply while no worker is ready. */
  maxWaiting: number;
  /** Per task, from the call: waiting for a thread (or its start) counts. */
  timeoutMs: number;
  heapMb: number;
  /** At most this many threads (default WORKER_THREADS): 1 where one task may use a whole heap of memory. */
  threads?: number;
}): WorkerPool<In, Out> {
  const threads = Math.min(options.threads ?? WORKER_THREADS, WORKER_THREADS);
  const pool = new Piscina<In, Out>({
    filename: options.filename.href,
    minThreads: 0,
    maxThreads: threads,
    idleTimeout: 60_000,
    resourceLimits: { maxOldGenerationSizeMb: options.heapMb },
    niceIncrement: NICE,
  });
  let inFlight = 0;
  return {
    async run(task) {
      if (inFlight >= threads + options.maxWaiting) throw new WorkerPoolError('busy');
      const signal = AbortSignal.timeout(options.timeoutMs);
      inFlight++;
      try {
        return await pool.run(task, { signal });
      } catch (error) {
        const e = error as { name?: string; code?: string };
        if (e.name === 'AbortError') throw new WorkerPoolError('timeout');
        if (e.code === 'ERR_WORKER_OUT_OF_MEMORY') throw new WorkerPoolError('out-of-memory');
        throw error;
      } finally {
        inFlight--;
      }
    },
    close: () => pool.destroy(),
  };
}
