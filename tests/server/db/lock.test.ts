import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirInUseError, openDatabase } from '../../../server/db/index.ts';
import { LOCK_FILE } from '../../../server/db/data-folder/data-dir-lock.ts';
import { freshPgliteDir } from '../../support/database.ts';
import { cliNodeFlags } from '../../support/start-script.ts';

const HOLDER = fileURLToPath(new URL('./lock-holder.ts', import.meta.url));

/**
 * A real second process opening the folder: Node 24 (process.execPath) strips the types itself, as it runs the
 * server, and `--liftoff-only` as npm start has it (tsx's CLI in front was a second Node start, and V8 optimised
 * PGlite's WebAssembly a second time).
 */
function holder(dataDir: string): { child: ChildProcess; output: Promise<string> } {
  const child = spawn(process.execPath, [...cliNodeFlags(), HOLDER, dataDir], { stdio: ['pipe', 'pipe', 'inherit'] });
  const output = new Promise<string>((resolve) => {
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      if (/OPENED|REFUSED/.test(text)) resolve(text.trim());
    });
    child.on('exit', () => resolve(text.trim()));
  });
  return { child, output };
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) =>
    child.exitCode !== null ? resolve(child.exitCode) : child.on('exit', resolve),
  );

// Starting a second process (Node, PGlite's modules) took over 30 s on a loaded 2-core machine: generous timeouts.
const CHILD_TIMEOUT = 120_000;

describe('the PGlite data folder lock', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it(
    'refuses a second process on the same folder, with a message naming the folder',
    async () => {
      const folder = freshPgliteDir();
      cleanups.push(folder.remove);
      const db = await openDatabase({ dataDir: folder.dir });
      cleanups.push(() => db.close());

      const second = holder(folder.dir);
      const text = await second.output;
      expect(await exited(second.child)).toBe(3);
      expect(text).toMatch(/^REFUSED /);
      expect(text).toContain(folder.dir);
      expect(text).toContain(`pid ${process.pid}`);
      // The first process is unharmed.
      await db.ping();
    },
    CHILD_TIMEOUT,
  );

  it('refuses this process opening the folder a second time', async () => {
    const folder = freshPgliteDir();
    cleanups.push(folder.remove);
    const db = await openDatabase({ dataDir: folder.dir });
    cleanups.push(() => db.close());
    await expect(openDatabase({ dataDir: folder.dir })).rejects.toBeInstanceOf(DataDirInUseError);
  });

  it(
    'is refused while another process holds the folder, and free once it closes',
    async () => {
      const folder = freshPgliteDir();
      cleanups.push(folder.remove);
      const first = holder(folder.dir);
      cleanups.push(() => void first.child.kill('SIGKILL'));
      expect(await first.output).toBe('OPENED');
      await expect(openDatabase({ dataDir: folder.dir })).rejects.toThrow(/already in use by another process/);

      first.child.stdin!.end();
      expect(await exited(first.child)).toBe(0);
      expect(existsSync(join(folder.dir, LOCK_FILE))).toBe(false);
      const db = await openDatabase({ dataDir: folder.dir });
      await db.close();
    },
    CHILD_TIMEOUT,
  );

  // A pid alone (a lock file from before decision 035) says nothing of the pid namespace: judged by its heartbeat.
  it('takes over a lock left by a process that no longer exists', async () => {
    const folder = freshPgliteDir();
    cleanups.push(folder.remove);
    const dead = spawn(process.execPath, ['-e', '']);
    await exited(dead);
    writeFileSync(join(folder.dir, LOCK_FILE), `${dead.pid}\n`);
    const db = await openDatabase({ dataDir: folder.dir });
    expect(readFileSync(join(folder.dir, LOCK_FILE), 'utf8').split('\n')[0]).toBe(String(process.pid));
    await db.close();
    expect(existsSync(join(folder.dir, LOCK_FILE))).toBe(false);
  });
});
