import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, fstatSync, openSync, readSync, utimesSync } from 'node:fs';

// The holder of a lock file renews its modification time every second: a process that cannot judge the holder
// by its pid (another pid namespace, another boot or host) judges it by whether that time still moves
// (docs/decisions/044-api-pglite-folder-lock-heartbeat.md).
export const HEARTBEAT_MS = 1_000;
/** A lock whose time has not moved for this long, as watched from here, has no live holder. */
export const HEARTBEAT_STALE_MS = 4_000;
const WATCH_POLL_MS = 100;

// The beat comes from a small shell process of the holder's own, not from its main thread: PGlite runs queries,
// dumps and VACUUM on that thread, which can be busy for seconds. Before each beat the shell writes a byte into a
// pipe whose only reader is the holder: once the holder is gone, however it went, that write fails (SIGPIPE) and
// the shell ends, within a second, whatever pid the holder had and whoever has it now (an orphaned shell that
// judged its parent by `kill -0` could keep a later holder's lock fresh once the pid was reused). `touch -c` never
// creates the file again once the holder has removed it.
const LOOP = 'while echo; do touch -c "$0" 2>/dev/null; sleep 1; done';
/** A shell that ends sooner than this after its start is not working here (no `touch` or `sleep`). */
const SHORT_LIFE_MS = 2_000;

/** Renews `path`'s time from this thread (the fallback beat, and the holder's own checks). */
export function beatHere(path: string): void {
  try {
    const now = new Date();
    utimesSync(path, now, now);
  } catch {
    // Gone (released, or the folder renamed by a restore): nothing to renew.
  }
}

/** Renews `path`'s time until the returned function is called (or this process ends). */
export function startHeartbeat(path: string): () => void {
  let stopped = false;
  let child: ChildProcess | undefined;
  let timer: NodeJS.Timeout | undefined;
  // Without a working shell (Windows, a bare image): beat from this thread, which a long task can delay.
  const beatFromThisThread = () => {
    if (stopped || timer) return;
    timer = setInterval(() => beatHere(path), HEARTBEAT_MS);
    timer.unref();
  };
  const start = () => {
    const startedAt = Date.now();
    // Its own process group, so a signal to the server's group (Ctrl-C) does not end the beat before the
    // server has closed the database; stop() ends the group.
    const shell = spawn('sh', ['-c', LOOP, path], { stdio: ['ignore', 'pipe', 'ignore'], detached: true });
    child = shell;
    shell.unref();
    // Read and dropped (a byte a second), so the pipe never fills; it keeps this process alive no more than the shell.
    shell.stdout.resume();
    (shell.stdout as unknown as { unref(): void }).unref();
    shell.on('error', beatFromThisThread);
    shell.on('exit', () => {
      if (stopped || timer) return;
      if (Date.now() - startedAt < SHORT_LIFE_MS) beatFromThisThread();
      else start(); // ended by someone else: the folder is still ours, so beat on
    });
  };
  start();
  return () => {
    if (stopped) return;
    stopped = true;
    clearInterval(timer);
    try {
      if (child?.pid) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  };
}

/**
 * The lock file's text and time. Opening it each time also makes a network file system fetch the time anew
 * (close-to-open consistency) rather than answer from its attribute cache.
 */
function look(path: string): { text: string; mtimeMs: number } | undefined {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return undefined;
  }
  try {
    const { mtimeMs, size } = fstatSync(fd);
    const buffer = Buffer.alloc(Math.min(size, 4096));
    const length = readSync(fd, buffer, 0, buffer.length, 0);
    return { text: buffer.subarray(0, length).toString('utf8'), mtimeMs };
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

/** Blocks this thread for `ms` (the lock's waits happen before the server serves anything). */
export const sleepSync = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Watches a lock file holding `text` whose holder cannot be judged from here: 'held' as soon as its time moves,
 * 'stale' when it has not moved for HEARTBEAT_STALE_MS, 'changed' when the file is gone or holds another text.
 * Only changes are compared, never our clock with the file's, so a holder on another host with another clock
 * is judged alike.
 */
export function watchHeartbeat(path: string, text: string): 'held' | 'stale' | 'changed' {
  const first = look(path);
  if (!first || first.text !== text) return 'changed';
  const until = Date.now() + HEARTBEAT_STALE_MS;
  while (Date.now() < until) {
    sleepSync(WATCH_POLL_MS);
    const now = look(path);
    if (!now || now.text !== text) return 'changed';
    if (now.mtimeMs !== first.mtimeMs) return 'held';
  }
  return 'stale';
}
