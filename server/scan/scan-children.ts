// Scans run in child processes, one scan (all its pages) per process, at most scanProcesses() at once: recognising a
// page takes seconds of CPU and a hostile photo may be built to take more, so neither may run on the event loop,
// and only a process can be stopped for certain (a kill ends a decode inside libvips or Tesseract's WebAssembly,
// and the kernel takes its memory back at once). How many at once follows the machine: one on a machine of two
// cores or fewer (the other core stays the server's: /api/health answers in milliseconds while a page is read),
// two above. One scan beyond them waits its turn (SCAN_WAITING); one more is refused ('busy', the Swedish 503), as a
// longer queue would hold its photos for many seconds and the editor can try again. Each process is killed at the
// scan's time limit, or when its resident memory passes the cap (WebAssembly's memory is outside V8's heap limit,
// so the heap flag alone would not bound it). The time limit counts the scan's own work, from the process's 'ready'
// (its modules loaded): neither the wait for a place nor a slow start on a loaded machine is the photo's fault (as
// the worker pool's limit, docs/decisions/028's amendment). Both are bounded apart: a process not ready within
// SCAN_START_MS is killed and the scan refused as 'busy', and a waiting scan not started within what the scans ahead
// of it can take (each its start and its limit) plus SCAN_WAIT_MARGIN_MS leaves the queue as 'busy'. A fresh process per scan: nothing of one household's photo is left
// in memory for the next, and a scan's peak never adds to the last one's.
import { fork, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { WorkerPoolError } from '../worker-pool.ts';
import type { ScanOutcome, ScanTask } from './read-pages.ts';

const ENTRY = new URL('./scan-child.ts', import.meta.url);
/** Scans at once on a machine of `cores`: each takes a core's worth of CPU (Tesseract) and about 150-250 MB. */
export function scanProcesses(cores = availableParallelism()): number {
  return cores <= 2 ? 1 : 2;
}
/** Scans that wait for a free process (beyond them: 'busy'). */
export const SCAN_WAITING = 1;
/**
 * A scan process holding more than this is killed (resident memory, WebAssembly included): with the server's own
 * ~205 MB and one scan at a time the tree stays under 512 MB (docs/decisions/067-scan-bench.md).
 */
export const SCAN_MEMORY_MB = 280;
/** A scan process that has not loaded its modules within this is stopped: the machine is too busy ('busy'). */
export const SCAN_START_MS = 30_000;
/** Beyond what the scans ahead can take, a waiting scan waits at most this long for its place (then 'busy'). */
export const SCAN_WAIT_MARGIN_MS = 30_000;
const HEAP_MB = 128;
const MEMORY_CHECK_MS = 250;

export type ScanChildren = {
  run(task: ScanTask): Promise<ScanOutcome>;
  /** The scan processes running now (their ids), for the tests. */
  pids(): number[];
  close(): Promise<void>;
};

/** Resident memory of a process, from /proc (Linux); undefined where it cannot be read. */
async function residentBytes(pid: number): Promise<number | undefined> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const kb = /^VmRSS:\s+(\d+) kB/mu.exec(status)?.[1];
    return kb === undefined ? undefined : Number(kb) * 1024;
  } catch {
    return undefined;
  }
}

export function createScanChildren(options: {
  timeoutMs: number;
  size?: number;
  waiting?: number;
  memoryMb?: number;
  startMs?: number;
  waitMarginMs?: number;
}): ScanChildren {
  const size = options.size ?? scanProcesses();
  const waitingMax = options.waiting ?? SCAN_WAITING;
  const startMs = options.startMs ?? SCAN_START_MS;
  const waitMarginMs = options.waitMarginMs ?? SCAN_WAIT_MARGIN_MS;
  const capBytes = (options.memoryMb ?? SCAN_MEMORY_MB) * 1024 * 1024;
  const running = new Set<ChildProcess>();
  const waiting: { start: () => void; refuse: () => void }[] = [];
  let starting = 0;
  let closed = false;

  // A free place: the longest-waiting scan takes it (counted as starting until its process is forked).
  const next = () => {
    if (closed || running.size + starting >= size) return;
    const first = waiting.shift();
    if (!first) return;
    starting++;
    first.start();
  };

  const run = (task: ScanTask): Promise<ScanOutcome> => {
    if (closed) return Promise.reject(new WorkerPoolError('busy'));
    if (running.size + starting < size) return start(task);
    if (waiting.length >= waitingMax) return Promise.reject(new WorkerPoolError('busy'));
    // Each scan ahead (the running ones, then those waiting before this one) ends within its start and its limit, a
    // place at a time per process: a wait longer than that and a margin is a machine too busy, answered 'busy'. Only
    // this scan leaves the queue; its limit has not begun (it counts from its own process's 'ready').
    const rounds = Math.ceil((waiting.length + 1) / size);
    const waitMs = rounds * (startMs + options.timeoutMs) + waitMarginMs;
    return new Promise<void>((go, refuse) => {
      const entry = {
        start: () => {
          clearTimeout(timer);
          go();
        },
        refuse: () => {
          clearTimeout(timer);
          refuse(new WorkerPoolError('busy'));
        },
      };
      const timer = setTimeout(() => {
        const at = waiting.indexOf(entry);
        if (at === -1) return; // started or refused already
        waiting.splice(at, 1);
        refuse(new WorkerPoolError('busy'));
      }, waitMs);
      waiting.push(entry);
    }).then(() => {
      starting--;
      return start(task);
    });
  };

  const start = (task: ScanTask) =>
    new Promise<ScanOutcome>((resolve, reject) => {
      const child = fork(ENTRY, [], {
        // Not the server's flags (a loader, an inspector): only a heap that fits the scan's JavaScript.
        execArgv: [`--max-old-space-size=${HEAP_MB}`, '--max-semi-space-size=8'],
        serialization: 'advanced', // bytes travel as bytes, not as JSON arrays
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      running.add(child);
      child.once('exit', () => {
        running.delete(child);
        next();
      });
      let settled = false;
      const settle = (done: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        clearInterval(watch);
        child.kill('SIGKILL');
        done();
      };
      // Until the process is ready, the bound on its start; then the scan's own limit.
      let timer = setTimeout(() => settle(() => reject(new WorkerPoolError('busy'))), startMs);
      const watch = setInterval(() => {
        if (!child.pid) return;
        void residentBytes(child.pid).then((bytes) => {
          if (bytes !== undefined && bytes > capBytes) settle(() => reject(new WorkerPoolError('out-of-memory')));
        });
      }, MEMORY_CHECK_MS);
      child.on('message', (message: 'ready' | { outcome: ScanOutcome }) => {
        if (message === 'ready') {
          if (settled) return;
          clearTimeout(timer);
          timer = setTimeout(() => settle(() => reject(new WorkerPoolError('timeout'))), options.timeoutMs);
          child.send(task);
        } else settle(() => resolve(message.outcome));
      });
      child.on('exit', () => {
        // Ended by itself before answering (crashed, its heap ran out): this scan cannot be read.
        settle(() => reject(new WorkerPoolError('out-of-memory')));
      });
      child.on('error', () => {
        // A process that never started (no pid: EAGAIN, EMFILE) emits no 'exit': its place is given back here.
        if (child.pid === undefined && running.delete(child)) {
          settle(() => reject(new WorkerPoolError('busy')));
          next();
        } else child.kill('SIGKILL');
      });
    });

  return {
    run,
    pids: () => [...running].flatMap((c) => (c.pid ? [c.pid] : [])),
    async close() {
      closed = true;
      for (const entry of waiting.splice(0)) entry.refuse();
      await Promise.all(
        [...running].map(
          (c) =>
            new Promise<void>((done) => {
              if (c.exitCode !== null || c.signalCode !== null) return done();
              c.once('exit', () => done());
              c.kill('SIGKILL');
            }),
        ),
      );
    },
  };
}
