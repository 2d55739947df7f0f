// Scans run in child processes, one scan (all its pages) per process, at most SCAN_PROCESSES at once: recognising a
// page takes seconds of CPU and a hostile photo may be built to take more, so neither may run on the event loop,
// and only a process can be stopped for certain (a kill ends a decode inside libvips or Tesseract's WebAssembly,
// and the kernel takes its memory back at once). A scan beyond the limit is refused ('busy') rather than queued:
// a queued scan would wait many seconds holding its photos, and the editor can try again. Each process is killed at
// the scan's time limit, or when its resident memory passes the cap (WebAssembly's memory is outside V8's heap
// limit, so the heap flag alone would not bound it). A fresh process per scan: nothing of one household's photo is
// left in memory for the next, and a scan's peak never adds to the last one's.
import { fork, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { WorkerPoolError } from '../worker-pool.ts';
import type { ScanOutcome, ScanTask } from './read-pages.ts';

const ENTRY = new URL('./scan-child.ts', import.meta.url);
/** Scans at once: each takes a core's worth of CPU (Tesseract) and about 150-250 MB. */
export const SCAN_PROCESSES = 2;
/** A scan process holding more than this is killed (resident memory, WebAssembly included). */
export const SCAN_MEMORY_MB = 400;
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

export function createScanChildren(options: { timeoutMs: number; size?: number; memoryMb?: number }): ScanChildren {
  const size = options.size ?? SCAN_PROCESSES;
  const capBytes = (options.memoryMb ?? SCAN_MEMORY_MB) * 1024 * 1024;
  const running = new Set<ChildProcess>();
  let closed = false;

  const run = (task: ScanTask) =>
    new Promise<ScanOutcome>((resolve, reject) => {
      if (closed || running.size >= size) return reject(new WorkerPoolError('busy'));
      const child = fork(ENTRY, [], {
        // Not the server's flags (a loader, an inspector): only a heap that fits the scan's JavaScript.
        execArgv: [`--max-old-space-size=${HEAP_MB}`, '--max-semi-space-size=8'],
        serialization: 'advanced', // bytes travel as bytes, not as JSON arrays
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      running.add(child);
      let settled = false;
      const settle = (done: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        clearInterval(watch);
        child.kill('SIGKILL');
        done();
      };
      const timer = setTimeout(() => settle(() => reject(new WorkerPoolError('timeout'))), options.timeoutMs);
      const watch = setInterval(() => {
        if (!child.pid) return;
        void residentBytes(child.pid).then((bytes) => {
          if (bytes !== undefined && bytes > capBytes) settle(() => reject(new WorkerPoolError('out-of-memory')));
        });
      }, MEMORY_CHECK_MS);
      child.on('message', (message: 'ready' | { outcome: ScanOutcome }) => {
        if (message === 'ready') child.send(task);
        else settle(() => resolve(message.outcome));
      });
      child.on('exit', () => {
        running.delete(child);
        // Ended by itself before answering (crashed, its heap ran out): this scan cannot be read.
        settle(() => reject(new WorkerPoolError('out-of-memory')));
      });
      child.on('error', () => child.kill('SIGKILL'));
    });

  return {
    run,
    pids: () => [...running].flatMap((c) => (c.pid ? [c.pid] : [])),
    async close() {
      closed = true;
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
