import { makePrivateFolder } from './private-folder.ts';
import { closeSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { join, resolve } from 'node:path';

// PGlite takes no lock of its own: two processes on one folder would corrupt it. A lock file created
// with O_EXCL holds our pid; a lock left by a process that no longer exists is taken over.
export const LOCK_FILE = 'recipe-book.lock';

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

export type DataDirLock = { path: string; release(): void };

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else, which still means the folder is taken.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readPid(path: string): number | undefined {
  try {
    const pid = Number(readFileSync(path, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function isFresh(path: string): boolean {
  try {
    return Date.now() - statSync(path).mtimeMs < 5_000;
  } catch {
    return false;
  }
}

function tryCreate(path: string): boolean {
  try {
    const fd = openSync(path, 'wx');
    writeSync(fd, `${process.pid}\n`);
    closeSync(fd);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

export function acquireDataDirLock(dataDir: string): DataDirLock {
  const dir = resolve(dataDir);
  makePrivateFolder(dir);
  const path = join(dir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    if (tryCreate(path)) {
      let released = false;
      return {
        path,
        release() {
          if (released) return;
          released = true;
          if (readPid(path) === process.pid) unlinkSync(path);
        },
      };
    }
    const owner = readPid(path);
    // A live owner (even this very process opening the folder twice) means refusal.
    if (owner !== undefined && isAlive(owner)) throw new DataDirInUseError(dir, owner);
    // An empty lock file may be one that another process is writing right now.
    if (owner === undefined && isFresh(path)) throw new DataDirInUseError(dir, 0);
    // Stale (dead pid) or half-written lock: remove it and try once more. If another process wins
    // that race, the second attempt sees its live pid and refuses.
    try {
      unlinkSync(path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  throw new DataDirInUseError(dir, readPid(path) ?? 0);
}
