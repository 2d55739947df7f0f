import { beatHere, HEARTBEAT_MS, sleepSync, startHeartbeat, watchHeartbeat } from './lock-heartbeat.ts';
import { makePrivateFolder } from './private-folder.ts';
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  linkSync,
  openSync,
  readFileSync,
  readlinkSync,
  renameSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { join, resolve } from 'node:path';

// PGlite takes no lock of its own (its postmaster.pid always says pid -42): two processes on one folder would
// corrupt it. A lock file created with O_EXCL names the process that holds the folder
// (docs/decisions/044-api-pglite-folder-lock-heartbeat.md). Where the holder can be judged by its pid (the same
// boot and pid namespace, with /proc of our own), the file holds what a recycled pid cannot fake: the process's
// start time (/proc/<pid>/stat), the boot id and the pid namespace, so a dead holder is replaced at once. Where it
// cannot (another container, host or boot), the holder's heartbeat decides: it renews the file's time every
// second, and a file whose time stands still for 4 s is stale. A live holder is waited for briefly (it may be
// exiting after kill -9, or finishing a graceful stop) before the refusal. A holder stopped for longer than that
// (docker pause) loses the folder to a server that cannot see its pid: it looks at its lock file before it lets
// PGlite run a query, and stops for good once the file is not its own
// (docs/decisions/060-api-pglite-folder-lock-after-a-freeze.md).
export { HEARTBEAT_MS, HEARTBEAT_STALE_MS } from './lock-heartbeat.ts';
export const LOCK_FILE = 'recipe-book.lock';
/** How long opening a folder waits for a live holder to go before refusing. */
export const LOCK_WAIT_MS = 2_000;
const POLL_MS = 25;
/** A lock file with no readable holder younger than this may be one being written right now. */
const WRITING_MS = 5_000;
/**
 * How long the holder trusts its last look at its own lock file. A taker takes over only after 4 s in which the
 * file's time stood still, and each look renews that time before it reads the file, so a look that found our own
 * text was taken more than 4 s before any takeover: what runs within this much of it runs before the takeover.
 */
export const OWNED_FOR_MS = 500;

export class DataDirInUseError extends Error {
  readonly dataDir: string;
  readonly pid: number;
  constructor(dataDir: string, pid: number) {
    super(
      `The data folder ${dataDir} is already in use by ${pid === process.pid ? 'this process' : 'another process'} (pid ${pid}). ` +
        'The embedded database allows one process per folder: stop the other process, ' +
        'set DATA_DIR to another folder, or set DATABASE_URL to use PostgreSQL.',
    );
    this.name = 'DataDirInUseError';
    this.dataDir = dataDir;
    this.pid = pid;
  }
}

/** Another server took the folder over while this one was stopped (or its lock file was removed by hand). */
export class DataDirLostError extends Error {
  readonly dataDir: string;
  constructor(dataDir: string, pid: number | undefined) {
    super(
      `The data folder ${dataDir} was taken over by another process${pid ? ` (pid ${pid})` : ''} while this one ` +
        'was stopped or not responding: this server no longer writes to it, and stops.',
    );
    this.name = 'DataDirLostError';
    this.dataDir = dataDir;
  }
}

export type DataDirLock = {
  path: string;
  release(): void;
  /** Throws DataDirLostError once the lock file is no longer this process's own. */
  assertHeld(): void;
  readonly lost: boolean;
};

/** Who holds a folder. Beyond the pid, each part is present only where Linux's /proc told it. */
export type Holder = {
  pid: number;
  /** Start time of the process, in clock ticks since boot (/proc/<pid>/stat, field 22). */
  start?: string;
  /** /proc/sys/kernel/random/boot_id */
  boot?: string;
  /** The pid namespace the pid belongs to, e.g. pid:[4026531836] (/proc/self/ns/pid). */
  pidns?: string;
};

type ProcStat = { pid: number; state: string; start: string };

function readText(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

function procStat(pid: number | 'self'): ProcStat | undefined {
  const text = readText(`/proc/${pid}/stat`);
  if (!text) return undefined;
  // "pid (comm) state ppid …": comm may hold spaces and parentheses, so count from the last ')'.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const state = fields[0];
  const start = fields[19];
  if (!state || !start) return undefined;
  return { pid: Number(text.slice(0, text.indexOf(' '))), state, start };
}

/**
 * This process as a lock file records it. /proc describes other processes only when it is mounted for
 * our own pid namespace (/proc/self is our pid); otherwise (not Linux, or a pid namespace without its
 * own /proc) the pid and the boot are all there is, and others judge us by our heartbeat.
 */
export function currentHolder(): Holder {
  const holder: Holder = { pid: process.pid };
  const boot = readText('/proc/sys/kernel/random/boot_id')?.trim();
  if (boot) holder.boot = boot;
  const self = procStat('self');
  if (!self || self.pid !== process.pid) return holder;
  holder.start = self.start;
  try {
    holder.pidns = readlinkSync('/proc/self/ns/pid');
  } catch {
    // no namespace information
  }
  return holder;
}

export function formatHolder(holder: Holder): string {
  let text = `${holder.pid}\n`;
  if (holder.start) text += `start ${holder.start}\n`;
  if (holder.boot) text += `boot ${holder.boot}\n`;
  if (holder.pidns) text += `pidns ${holder.pidns}\n`;
  return text;
}

/** The holder a lock file names (its first line is the pid, as in older lock files), or undefined. */
export function parseHolder(text: string): Holder | undefined {
  const [first, ...rest] = text.split('\n');
  const pid = Number(first?.trim());
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  const holder: Holder = { pid };
  for (const line of rest) {
    const at = line.indexOf(' ');
    const key = line.slice(0, at);
    const value = line.slice(at + 1).trim();
    if (at > 0 && value && (key === 'start' || key === 'boot' || key === 'pidns')) holder[key] = value;
  }
  return holder;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else, which still means the folder is taken.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

type Verdict = 'stale' | 'held' | 'held-by-me' | 'unknown';

/**
 * Whether the holder a lock file names still holds the folder, as far as `me` (this process) can tell from its
 * pid: 'unknown' when that pid means nothing here (written in another pid namespace, before a reboot or on
 * another host, or by a process without /proc of its own, or we have none); the heartbeat decides then.
 */
export function judgeHolder(holder: Holder, me: Holder = currentHolder()): Verdict {
  if (!me.start || !me.boot || !me.pidns || holder.boot !== me.boot || holder.pidns !== me.pidns) return 'unknown';
  if (holder.pid === me.pid) {
    // This very process opening the folder twice, or one that had our pid before us (we would have
    // written the same start time).
    return me.start && holder.start !== me.start ? 'stale' : 'held-by-me';
  }
  // /proc is ours: another start time means a recycled pid. No entry means no such process, unless
  // /proc hides other users' processes (hidepid): kill(pid, 0) tells.
  const stat = procStat(holder.pid);
  if (!stat) return isAlive(holder.pid) ? 'held' : 'stale';
  if (holder.start && stat.start !== holder.start) return 'stale';
  // A zombie has closed its files and only waits for its parent to collect its exit status.
  if (stat.state === 'Z' || stat.state === 'X' || stat.state === 'x') return 'stale';
  return 'held';
}

function isBeingWritten(path: string): boolean {
  try {
    return Date.now() - statSync(path).mtimeMs < WRITING_MS;
  } catch {
    return false;
  }
}

function tryCreate(path: string, content: string): boolean {
  try {
    const fd = openSync(path, 'wx', 0o600);
    try {
      writeSync(fd, content);
    } finally {
      closeSync(fd);
    }
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/**
 * Removes the lock file if it still holds `content`. It is first renamed aside (atomic), so a lock
 * that another process created after we read the stale one is never deleted: it is put back.
 */
function removeIfUnchanged(path: string, content: string): void {
  const aside = `${path}.${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    renameSync(path, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  try {
    if (readText(aside) !== content) linkSync(aside, path);
  } catch {
    // Another lock took its place meanwhile: that one holds the folder now.
  } finally {
    unlinkSync(aside);
  }
}

/** What a lock file's holder is judged to be: by its pid where that means something here, else by its heartbeat. */
function judgeLock(path: string, text: string | undefined, me: Holder): Verdict | 'changed' {
  const holder = text === undefined ? undefined : parseHolder(text);
  // Without a readable holder: a lock file being written right now (or gone since, or unreadable:
  // the next round tells), or, when older, a half-written one left by a crash.
  if (!holder) return text !== undefined && !isBeingWritten(path) ? 'stale' : 'held';
  const verdict = judgeHolder(holder, me);
  return verdict === 'unknown' ? watchHeartbeat(path, text!) : verdict;
}

export type LockFile = {
  release(): void;
  /** Whether the lock file is still ours: trusted for OWNED_FOR_MS after a look, then looked at again. */
  held(): boolean;
};

/**
 * Keeps watch over a lock file we created with `content`: a look every beat (it also beats, from this thread), and
 * one before `held()` answers when the last is older than OWNED_FOR_MS (by either clock: a frozen process's
 * monotonic clock runs on, a suspended machine's wall clock jumps). Once the text is not ours, `onLost` is called
 * and `held()` stays false.
 */
function watchOwnership(path: string, content: string, onLost: () => void) {
  let lost = false;
  let looked = { mono: -Infinity, wall: -Infinity };
  const look = (): boolean => {
    if (lost) return false;
    const at = { mono: performance.now(), wall: Date.now() };
    beatHere(path);
    if (readText(path) === content) {
      looked = at;
      return true;
    }
    lost = true;
    clearInterval(timer);
    onLost();
    return false;
  };
  const timer = setInterval(look, HEARTBEAT_MS);
  timer.unref();
  const fresh = () => {
    const age = Math.max(performance.now() - looked.mono, Date.now() - looked.wall);
    return age >= 0 && age < OWNED_FOR_MS;
  };
  return {
    held(): boolean {
      if (!lost && fresh()) return true;
      // A look that itself took too long (the process was stopped in it) proves nothing for now: look again.
      for (let tries = 0; tries < 10 && look(); tries++) if (fresh()) return true;
      return false;
    },
    /** Released: no more looks, and never `onLost`. */
    stop() {
      lost = true;
      clearInterval(timer);
    },
  };
}

/**
 * Creates the lock file `path` naming this process, taking over a stale one (its holder is gone: a dead or
 * recycled pid, or no heartbeat for HEARTBEAT_STALE_MS); a live holder is waited for up to `waitMs` (it may be
 * on its way out). Returns release() and held(), or the live holder's pid. While held, the file's time is
 * renewed every second, and `onLost` is called if another process takes the file over. Also the Keycloak test harness's lock (scripts/keycloak/lock.ts): one implementation
 * of "one process at a time".
 */
export function acquireLockFile(
  path: string,
  waitMs = LOCK_WAIT_MS,
  onLost: () => void = () => undefined,
): LockFile | { heldBy: number } {
  const me = currentHolder();
  // The token makes "still our own" exact: two holders in two pid namespaces may have the same pid.
  const content = `${formatHolder(me)}token ${randomBytes(8).toString('hex')}\n`;
  const deadline = Date.now() + waitMs;
  for (let takeovers = 0, rounds = 0; ; rounds++) {
    if (tryCreate(path, content)) {
      const stopBeating = startHeartbeat(path);
      let released = false;
      const ownership = watchOwnership(path, content, () => {
        stopBeating();
        onLost();
      });
      return {
        release() {
          if (released) return;
          released = true;
          ownership.stop();
          stopBeating();
          if (readText(path) === content) unlinkSync(path);
        },
        held: ownership.held,
      };
    }
    const text = readText(path);
    const verdict = judgeLock(path, text, me);
    // Removed or replaced while we watched its heartbeat: look again (a bounded number of times).
    if (verdict === 'changed' && rounds < 100) continue;
    const late = Date.now() >= deadline;
    if (verdict === 'stale' && takeovers++ < 5) {
      removeIfUnchanged(path, text!);
      continue;
    }
    if (verdict !== 'held' || late) return { heldBy: (text && parseHolder(text)?.pid) || 0 };
    // A live holder may be on its way out (killed and exiting, or stopping gracefully): wait a little.
    sleepSync(POLL_MS);
  }
}

const lostListeners = new Set<(error: DataDirLostError) => void>();

/** Calls `listener` when a data folder this process holds is taken over (server/start-steps.ts: log, stop). */
export function whenDataDirLost(listener: (error: DataDirLostError) => void): () => void {
  lostListeners.add(listener);
  return () => lostListeners.delete(listener);
}

export function acquireDataDirLock(dataDir: string, waitMs = LOCK_WAIT_MS): DataDirLock {
  const dir = resolve(dataDir);
  makePrivateFolder(dir);
  const path = join(dir, LOCK_FILE);
  let lostError: DataDirLostError | undefined;
  const file = acquireLockFile(path, waitMs, () => {
    const text = readText(path);
    lostError = new DataDirLostError(dir, text === undefined ? undefined : parseHolder(text)?.pid);
    for (const listener of lostListeners) listener(lostError);
  });
  if ('heldBy' in file) throw new DataDirInUseError(dir, file.heldBy);
  return {
    path,
    release: file.release,
    assertHeld() {
      if (!file.held()) throw lostError ?? new DataDirLostError(dir, undefined);
    },
    get lost() {
      return lostError !== undefined;
    },
  };
}
