// Work on untrusted or large input runs off the event loop. An imported page is read in worker threads: a piscina
// pool of one or two threads (one core stays with the event loop), at lower priority, with a bounded number of tasks
// waiting and a time limit after which the task's worker is terminated (piscina starts a new one); the page reader
// (server/import/page-reader.ts) is its user, docs/decisions/028-import-reading-workers.md says why. Photos run in
// child processes instead, which a kill really stops (server/photos/photo-children.ts, decision 045); they share
// this module's sizing (WORKER_THREADS), its errors and its priority.
import { availableParallelism } from 'node:os';
import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import type { EntryTask } from './worker-entry.ts';

/** 'busy': the waiting room is full, or the task did not start in time; 'timeout': not done within the limit; 'out-of-memory': the worker's heap ran out. */
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
// A thread's start and its module's loading, allowed for each task ahead (a task stopped at its limit takes its
// thread with it, and the next starts a new one) when bounding a task's wait: seconds at nice 10 on a busy machine.
const THREAD_START_MS = 20_000;

export function createWorkerPool<In, Out>(options: {
  /** The worker module: a .ts file Node loads with its own type stripping, as for `npm start`. */
  filename: URL;
  /** Tasks waiting for a thread. Counted here: piscina's maxQueue does not apply while no worker is ready. */
  maxWaiting: number;
  /** Per task, from when a thread starts it: waiting for a thread, its start and its module's loading do not count. */
  timeoutMs: number;
  heapMb: number;
  /** At most this many threads (default WORKER_THREADS): 1 where one task may use a whole heap of memory. */
  threads?: number;
}): WorkerPool<In, Out> {
  const threads = Math.min(options.threads ?? WORKER_THREADS, WORKER_THREADS);
  const pool = new Piscina<EntryTask<In>, Out>({
    filename: new URL('./worker-entry.ts', import.meta.url).href,
    minThreads: 0,
    maxThreads: threads,
    idleTimeout: 60_000,
    resourceLimits: { maxOldGenerationSizeMb: options.heapMb },
    niceIncrement: NICE,
  });
  let inFlight = 0;
  // The tasks wait here, not in piscina's queue: piscina replaces a thread terminated at a task's limit only up to
  // minThreads (0, so that an idle server holds no thread), and the tasks in its queue would wait for the next call
  // (piscina 5.3.2). A task is handed to piscina when a thread is free for it, and piscina then starts one if needed.
  let threadsTaken = 0;
  let closed = false;
  const waiting: { go: () => void; leave: () => void }[] = [];
  function takeThread(signal: AbortSignal): Promise<void> {
    if (threadsTaken < threads) {
      threadsTaken++;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const entry = {
        go: () => {
          signal.removeEventListener('abort', entry.leave);
          resolve();
        },
        leave: () => {
          const at = waiting.indexOf(entry);
          if (at !== -1) waiting.splice(at, 1);
          reject(new WorkerPoolError('busy'));
        },
      };
      signal.addEventListener('abort', entry.leave, { once: true });
      waiting.push(entry);
    });
  }
  function giveThreadBack() {
    const next = waiting.shift();
    if (next) next.go();
    else threadsTaken--;
  }
  return {
    async run(task) {
      if (closed || inFlight >= threads + options.maxWaiting) throw new WorkerPoolError('busy');
      // Each task ahead ends within a thread's start and its limit, a round per thread: a task not started after
      // its rounds is stuck behind something else (a thread that cannot start), and is answered 'busy'.
      const rounds = Math.floor(inFlight / threads) + 1;
      const startLimitMs = rounds * (THREAD_START_MS + options.timeoutMs);
      inFlight++;
      const abort = new AbortController();
      // Told apart when piscina answers AbortError: which of the two limits ended the task.
      const state: { now: 'waiting' | 'running' | 'past its start limit' | 'past its time limit' | 'done' } = {
        now: 'waiting',
      };
      const stop = (why: 'past its start limit' | 'past its time limit') => () => {
        state.now = why;
        abort.abort();
      };
      const startTimer = setTimeout(stop('past its start limit'), startLimitMs);
      let workTimer: NodeJS.Timeout | undefined;
      const { port1, port2 } = new MessageChannel();
      port1.once('message', () => {
        if (state.now !== 'waiting') return;
        state.now = 'running';
        clearTimeout(startTimer);
        workTimer = setTimeout(stop('past its time limit'), options.timeoutMs);
      });
      let hasThread = false;
      try {
        await takeThread(abort.signal);
        hasThread = true;
        const entry: EntryTask<In> = { module: options.filename.href, input: task, started: port2 };
        return await pool.run(entry, { signal: abort.signal, transferList: [port2] });
      } catch (error) {
        const e = error as { name?: string; code?: string };
        if (e.name === 'AbortError')
          throw new WorkerPoolError(state.now === 'past its time limit' ? 'timeout' : 'busy');
        if (e.code === 'ERR_WORKER_OUT_OF_MEMORY') throw new WorkerPoolError('out-of-memory');
        throw error;
      } finally {
        state.now = 'done';
        clearTimeout(startTimer);
        clearTimeout(workTimer);
        port1.close();
        if (hasThread) giveThreadBack();
        inFlight--;
      }
    },
    close() {
      // The tasks waiting here are turned away (piscina's own destroy knows only the tasks given to it).
      closed = true;
      for (const entry of waiting.splice(0)) entry.leave();
      return pool.destroy();
    },
  };
}
