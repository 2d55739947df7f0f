// The product server for a bench that measures `npm start`'s server: a fresh data folder, a spare port, loopback only.
// Started as `node server/start.ts` (what the start script runs, without npm in between), or through `npm start`
// itself when the start script's own settings matter (it sets MALLOC_ARENA_MAX, which changes resident memory).
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, waitForHttp } from './net.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

export type BenchServer = {
  base: string;
  /** The server's own node process (with npm, npm's child: the start script `exec`s into node). */
  pid: number;
  /** SIGTERM to the server, then waits until it (and npm, if any) exited; removes the data folder. */
  stop(): Promise<void>;
};

/** The child of `parent` whose command line runs server/start.ts, from /proc (no `children` file on every kernel). */
function serverChildOf(parent: number): number | undefined {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The fields after the name, which is in parentheses and may hold spaces: state, then the parent's pid.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid !== parent) continue;
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').includes('server/start.ts')) return Number(entry);
    } catch {
      // The process ended while we read it.
    }
  }
  return undefined;
}

export async function startServer(options: {
  name: string;
  /** Settings on top of PORT, HOST, PUBLIC_URL and DATA_DIR, which are set here. */
  env: Record<string, string>;
  throughNpm?: boolean;
}): Promise<BenchServer> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), `bench-${options.name}-`));
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    DATA_DIR: dataDir,
    ...options.env,
  };
  // npm (found on PATH, as a person would type it) prints its "> recipe-book start" header on stdout: dropped.
  const child = options.throughNpm
    ? spawn('npm', ['start'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'], env })
    : spawn(process.execPath, ['server/start.ts'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'], env });
  let pid = child.pid!;
  // Should the bench die half-way, it must not leave a server holding the data folder and a port.
  const orphan = () => {
    if (pid !== child.pid) process.kill(pid, 'SIGKILL');
    child.kill('SIGKILL');
  };
  process.once('exit', orphan);
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      process.kill(pid, 'SIGTERM');
      await exited;
    }
    process.off('exit', orphan);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHttp(`${base}/api/health`, 120_000, () => child.exitCode !== null);
    if (options.throughNpm) {
      // Once it answers, the start script's shell has long `exec`ed into node.
      const server = serverChildOf(child.pid!);
      if (server === undefined) throw new Error(`npm start (pid ${child.pid}) has no child running server/start.ts`);
      pid = server;
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, pid, stop };
}
