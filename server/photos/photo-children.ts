// Photos are processed in child processes, not threads: the one way to end a decode at its time limit. libvips
// decodes a JPEG inside libjpeg, which neither sharp's timeout nor a terminated worker thread can interrupt; a
// hostile file's decode went on 10-20 s after its worker was gone, and those decodes piled up (issue 35: 4 at once,
// 1.12 GB). A process is killed with SIGKILL and its memory is the kernel's to take back at once.
// As the worker pool (server/worker-pool.ts): one or two processes, a bounded number of photos waiting ('busy'), a
// limit from the call ('timeout', waiting included). A process starts on the first photo (sharp is not loaded by
// a server that gets none), serves one photo at a time and ends after a minute without work.
import { fork, type ChildProcess } from 'node:child_process';
import { WORKER_THREADS, WorkerPoolError } from '../worker-pool.ts';
import type { PhotoOutcome, PhotoTask } from './process-photo.ts';

const ENTRY = new URL('./photo-child.ts', import.meta.url);
const IDLE_MS = 60_000;
/**
 * A process holding more than this after a photo is retired and a fresh one serves the next: memory kept from a
 * large decode (malloc's arenas, libvips' caches) would otherwise add to the next photo's peak (issue 35: a 39 MP
 * progressive photo after a 39 MP baseline one peaked at 368 MB in one process). A fresh process holds about 90 MB.
 */
const RETIRE_RSS_BYTES = 160 * 1024 * 1024;

type Job = {
  task: PhotoTask;
  resolve(outcome: PhotoOutcome): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
};
/** starting: loading sharp; ready: waiting for or processing a photo; leaving: idle too long, told to end. */
type Child = { process: ChildProcess; state: 'starting' | 'ready' | 'leaving'; job?: Job; idle?: NodeJS.Timeout };

export type PhotoChildren = {
  run(task: PhotoTask): Promise<PhotoOutcome>;
  /** The photo processes' ids: for the tests and the bench, which check that a killed decode is gone. */
  pids(): number[];
  close(): Promise<void>;
};

export function createPhotoChildren(options: {
  timeoutMs: number;
  maxWaiting: number;
  /** V8's heap in each process: the pixels live in libvips' native memory, bounded by the pixel limit. */
  heapMb: number;
  size?: number;
  retireRssBytes?: number;
}): PhotoChildren {
  const retireRss = options.retireRssBytes ?? RETIRE_RSS_BYTES;
  const size = options.size ?? WORKER_THREADS;
  const children = new Set<Child>();
  const waiting: Job[] = [];
  let closed = false;

  const start = () => {
    const child: Child = {
      state: 'starting',
      process: fork(ENTRY, [], {
        // Not the server's flags (a loader, an inspector): only a heap that fits the photo's JavaScript.
        execArgv: [`--max-old-space-size=${options.heapMb}`, '--max-semi-space-size=8', '--optimize-for-size'],
        serialization: 'advanced', // bytes travel as bytes, not as JSON arrays
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      }),
    };
    children.add(child);
    child.process.on('message', (message: 'ready' | { outcome: PhotoOutcome; rss: number }) => {
      const job = child.job;
      child.job = undefined;
      if (message === 'ready') child.state = 'ready';
      else {
        if (job) finish(job, () => job.resolve(message.outcome));
        if (message.rss > retireRss) retire(child);
      }
      pump();
    });
    child.process.on('exit', () => {
      children.delete(child);
      clearTimeout(child.idle);
      // It never got ready (sharp did not load): the photos waiting would only start process after process.
      if (child.state === 'starting')
        for (const job of waiting.splice(0))
          finish(job, () => job.reject(new Error('The photo process did not start')));
      // Ended by itself with a photo (its heap ran out, it crashed): that photo cannot be processed.
      const job = child.job;
      if (job) finish(job, () => job.reject(new WorkerPoolError('out-of-memory')));
      pump();
    });
    child.process.on('error', () => child.process.kill('SIGKILL'));
  };

  // Told to end; it exits on its own (photo-child.ts) and pump() starts another when photos wait.
  const retire = (child: Child) => {
    child.state = 'leaving';
    child.process.disconnect();
  };

  const finish = (job: Job, settle: () => void) => {
    clearTimeout(job.timer);
    settle();
  };

  // After every change (a photo queued, a process ready, done or gone): hand out, grow, and time the idle.
  const pump = () => {
    if (closed) return;
    dispatch();
    grow();
    armIdleTimers();
  };

  // Each ready process without a photo takes the next one waiting.
  const dispatch = () => {
    for (const child of children) {
      if (child.state !== 'ready' || child.job || !waiting.length) continue;
      clearTimeout(child.idle);
      child.idle = undefined;
      child.job = waiting.shift()!;
      child.process.send(child.job.task);
    }
  };

  // One more process while more photos wait than processes are starting, up to `size` (leaving ones not counted).
  const grow = () => {
    const starting = [...children].filter((c) => c.state === 'starting').length;
    const serving = [...children].filter((c) => c.state !== 'leaving').length;
    if (waiting.length > starting && serving < size) start();
  };

  // A ready process with nothing to do ends after IDLE_MS unless a photo comes first (dispatch clears the timer).
  const armIdleTimers = () => {
    for (const child of children)
      if (child.state === 'ready' && !child.job && !child.idle)
        child.idle = setTimeout(() => retire(child), IDLE_MS).unref();
  };

  return {
    run(task) {
      const running = [...children].filter((c) => c.job).length;
      if (closed || running + waiting.length >= size + options.maxWaiting)
        return Promise.reject(new WorkerPoolError('busy'));
      return new Promise<PhotoOutcome>((resolve, reject) => {
        const job: Job = { task, resolve, reject, timer: undefined as unknown as NodeJS.Timeout };
        job.timer = setTimeout(() => {
          const index = waiting.indexOf(job);
          if (index >= 0) waiting.splice(index, 1);
          const child = [...children].find((c) => c.job === job);
          if (child) {
            child.job = undefined;
            child.process.kill('SIGKILL'); // the decode ends here, whatever libvips is doing
          }
          reject(new WorkerPoolError('timeout'));
        }, options.timeoutMs);
        waiting.push(job);
        pump();
      });
    },
    pids: () => [...children].flatMap((c) => (c.process.pid ? [c.process.pid] : [])),
    async close() {
      closed = true;
      const closedError = () => new Error('The photo processor is closed');
      for (const job of waiting.splice(0)) finish(job, () => job.reject(closedError()));
      for (const child of children) {
        const job = child.job;
        child.job = undefined;
        if (job) finish(job, () => job.reject(closedError()));
      }
      await Promise.all(
        [...children].map(
          (c) =>
            new Promise<void>((done) => {
              if (c.process.exitCode !== null || c.process.signalCode !== null) return done();
              c.process.once('exit', () => done());
              c.process.kill('SIGKILL');
            }),
        ),
      );
    },
  };
}
