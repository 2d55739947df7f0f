// The data-folder lock tells a live holder from a stale lock by more than a pid (Linux: start time,
// boot id, pid namespace), and waits briefly for a holder that is on its way out instead of refusing. Where the
// pid means nothing (another pid namespace or boot), the holder's heartbeat decides (decision 044).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readlinkSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  acquireDataDirLock,
  DataDirInUseError,
  HEARTBEAT_STALE_MS,
  LOCK_FILE,
} from '../../../server/db/data-folder/data-dir-lock.ts';

/** What /proc says of a process: its start time (field 22 of stat). */
function startTime(pid: number | 'self'): string {
  const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return text.slice(text.lastIndexOf(')') + 2).split(' ')[19]!;
}
const bootId = () => readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
const lockText = (o: { pid: number; start: string; boot?: string; pidns?: string }) =>
  `${o.pid}\nstart ${o.start}\nboot ${o.boot ?? bootId()}\npidns ${o.pidns ?? readlinkSync('/proc/self/ns/pid')}\n`;

describe.runIf(process.platform === 'linux')('the data folder lock on Linux', () => {
  const cleanups: (() => void)[] = [];
  afterEach(() => {
    for (const cleanup of cleanups.splice(0).reverse()) cleanup();
  });

  function folder(): { dir: string; lock: string } {
    const dir = mkdtempSync(join(tmpdir(), 'lock-identity-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    return { dir, lock: join(dir, LOCK_FILE) };
  }
  function sleeper(seconds: number): ChildProcess & { pid: number } {
    const child = spawn('sleep', [String(seconds)], { stdio: 'ignore' });
    cleanups.push(() => void child.kill('SIGKILL'));
    return child as ChildProcess & { pid: number };
  }
  function acquireTimed(dir: string, waitMs?: number) {
    const began = performance.now();
    try {
      const lock = acquireDataDirLock(dir, waitMs);
      return { lock, ms: performance.now() - began };
    } catch (error) {
      return { error: error as Error, ms: performance.now() - began };
    }
  }

  it('names its holder by pid, start time, boot id and pid namespace', () => {
    const { dir, lock } = folder();
    const held = acquireDataDirLock(dir);
    // …and a token of its own, so that "still mine" is exact even where two holders have one pid.
    expect(readFileSync(lock, 'utf8')).toMatch(
      new RegExp(
        `^${lockText({ pid: process.pid, start: startTime('self') }).replace(/[[\]]/g, '\\$&')}token [0-9a-f]{16}\n$`,
      ),
    );
    held.release();
    expect(existsSync(lock)).toBe(false);
  });

  it('takes over a lock left by an earlier process with this very pid (a restart in a new container)', () => {
    const { dir, lock } = folder();
    writeFileSync(lock, lockText({ pid: process.pid, start: String(Number(startTime('self')) - 100) }));
    const { lock: held, error } = acquireTimed(dir);
    expect(error).toBeUndefined();
    expect(readFileSync(lock, 'utf8').split('\n')[0]).toBe(String(process.pid));
    held!.release();
  });

  it('takes over a lock whose pid now belongs to an unrelated process (a recycled pid)', () => {
    const { dir, lock } = folder();
    const other = sleeper(30);
    writeFileSync(lock, lockText({ pid: other.pid, start: String(Number(startTime(other.pid)) - 100) }));
    const { lock: held, error, ms } = acquireTimed(dir);
    expect(error).toBeUndefined();
    expect(ms).toBeLessThan(500);
    held!.release();
  });

  it('takes over a lock from another boot or pid namespace once its time has stood still for the heartbeat period', () => {
    const { dir, lock } = folder();
    const other = sleeper(30);
    for (const stale of [{ boot: '00000000-0000-4000-8000-000000000000' }, { pidns: 'pid:[1]' }]) {
      // Whatever lives at that pid here means nothing: only the heartbeat does.
      writeFileSync(lock, lockText({ pid: other.pid, start: startTime(other.pid), ...stale }));
      const { lock: held, error, ms } = acquireTimed(dir);
      expect(error).toBeUndefined();
      expect(ms).toBeGreaterThanOrEqual(HEARTBEAT_STALE_MS - 50);
      held!.release();
    }
  });

  it('refuses a lock from another pid namespace or boot whose heartbeat goes on (a server in another container)', () => {
    const { dir, lock } = folder();
    for (const elsewhere of [{ pidns: 'pid:[1]' }, { boot: '00000000-0000-4000-8000-000000000000' }]) {
      // Pid 1 there: here it is init, alive, but that says nothing about the holder.
      writeFileSync(lock, lockText({ pid: 1, start: '1', ...elsewhere }));
      const beat = spawn('sh', ['-c', 'while :; do touch -c "$0"; sleep 0.2; done', lock], { stdio: 'ignore' });
      cleanups.push(() => void beat.kill('SIGKILL'));
      const { error, ms } = acquireTimed(dir, 300);
      beat.kill('SIGKILL');
      expect(error).toBeInstanceOf(DataDirInUseError);
      expect(error!.message).toContain('already in use by another process (pid 1)');
      expect(ms).toBeLessThan(HEARTBEAT_STALE_MS);
      expect(readFileSync(lock, 'utf8')).toContain(Object.values(elsewhere)[0]);
    }
  });

  it("renews its own lock file's time while held, and stops when released", async () => {
    const { dir, lock } = folder();
    const held = acquireDataDirLock(dir);
    const first = statSync(lock).mtimeMs;
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(statSync(lock).mtimeMs).toBeGreaterThan(first);
    held.release();
    expect(existsSync(lock)).toBe(false);
    // The beat never makes the file again (touch -c).
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(existsSync(lock)).toBe(false);
  });

  it('refuses a live holder, with the message naming it, after waiting for it to go', () => {
    const { dir, lock } = folder();
    const other = sleeper(30);
    writeFileSync(lock, lockText({ pid: other.pid, start: startTime(other.pid) }));
    const { error, ms } = acquireTimed(dir, 300);
    expect(error).toBeInstanceOf(DataDirInUseError);
    expect(error!.message).toContain(`already in use by another process (pid ${other.pid})`);
    expect(ms).toBeGreaterThanOrEqual(290);
    expect(existsSync(lock)).toBe(true);
  });

  it('waits for a holder that exits meanwhile, then takes over', () => {
    const { dir, lock } = folder();
    const leaving = sleeper(0.3);
    writeFileSync(lock, lockText({ pid: leaving.pid, start: startTime(leaving.pid) }));
    const { lock: held, error, ms } = acquireTimed(dir);
    expect(error).toBeUndefined();
    expect(ms).toBeGreaterThan(150);
    held!.release();
  });

  it('takes over from a holder killed with SIGKILL a moment ago (exiting, or a zombie not yet reaped)', () => {
    const { dir, lock } = folder();
    const killed = sleeper(30);
    writeFileSync(lock, lockText({ pid: killed.pid, start: startTime(killed.pid) }));
    killed.kill('SIGKILL');
    // Synchronously, as a restart does: nobody has collected the child's exit status yet.
    const { lock: held, error } = acquireTimed(dir);
    expect(error).toBeUndefined();
    held!.release();
  });
});
