import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';
import { serverNodeFlags } from './node-flags.ts';
import type { ServerArgs } from './server.ts';

const SERVER = fileURLToPath(new URL('./server.ts', import.meta.url));
const READY = 'BENCH_READY ';

export type Child<T> = { process: ChildProcess; info: T; stop(): Promise<void> };

/**
 * Runs bench/server.ts under this same Node (npm put Node 24 first on PATH, so process.execPath is
 * it) with npm start's V8 flags and tsx as a loader: one process, so the pid we read memory from is the server
 * itself, not an npx or tsx wrapper.
 */
export function startChild<T>(args: ServerArgs, timeoutMs = 300_000): Promise<Child<T>> {
  const child = spawn(process.execPath, [...serverNodeFlags(), '--import', 'tsx', SERVER, JSON.stringify(args)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // Should the bench die half-way, it must not leave a server holding the data folder and a port.
  const orphan = () => child.kill('SIGKILL');
  process.once('exit', orphan);
  child.once('exit', () => process.off('exit', orphan));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((done) => child.once('exit', () => done()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`bench server (${args.mode}) gave no ready line within ${timeoutMs} ms`));
    }, timeoutMs);
    const lines = createInterface({ input: child.stdout });
    lines.on('line', (line) => {
      if (!line.startsWith(READY)) {
        process.stdout.write(`  [server] ${line}\n`);
        return;
      }
      clearTimeout(timer);
      resolve({ process: child, info: JSON.parse(line.slice(READY.length)) as T, stop });
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`bench server (${args.mode}) exited early: code ${code}, signal ${signal}`));
    });
  });
}

// A seed step prints its line only when done: 100,000 recipes on a machine busy with other work took longer than a
// server takes to start (bulk-seed.ts keeps the load itself short; this is the margin for a loaded machine).
const SEED_LIMIT_MS = 1_200_000;

/** Runs a seed step to completion and returns what it printed. */
export async function runSeed(
  args: Extract<ServerArgs, { mode: 'seed' }>,
): Promise<{ inserted: number; seconds: number }> {
  const child = await startChild<{ inserted: number; seconds: number }>(args, SEED_LIMIT_MS);
  await new Promise<void>((done) => {
    if (child.process.exitCode !== null) done();
    else child.process.once('exit', () => done());
  });
  if (child.process.exitCode !== 0) throw new Error(`seed step exited with code ${child.process.exitCode}`);
  return child.info;
}
