// Pid namespaces, as containers have them. A restart after kill -9 inside one: the restarted server gets the
// very pid the killed one had (a container's start-up is the same every time), or it starts while the
// killed one has not been collected yet (a zombie). The data-folder lock must let both restarts in. And a
// second server or CLI command in another pid namespace (`docker compose run` beside a running `app`) must be
// refused while the holder lives, and take the folder once it is killed (docs/decisions/044-*.md).
// Runs as root (unshare needs it).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort } from '../../../scripts/free-ports.ts';
import { HEARTBEAT_STALE_MS, LOCK_FILE } from '../../../server/db/data-folder/data-dir-lock.ts';
import { freshPgliteDir } from '../../support/database.ts';
import { startScript } from '../../support/start-script.ts';
import { BANNER, editorToken, ROOT, serverEnv, startArgs } from './support.ts';

// A write's database limit as lock-takeover has it: a restarted server's first write can wait longer than the
// default 1.5 s on a loaded machine, and this file tests the lock, not that limit.
const env = (port: number, dataDir: string) => serverEnv(port, dataDir, { DB_REQUEST_TIMEOUT_MS: '60000' });

const canUnshare =
  process.platform === 'linux' &&
  process.getuid?.() === 0 &&
  spawnSync('unshare', ['--pid', '--fork', '--mount-proc', 'true']).status === 0;

// Inside the namespace: start the server (node with npm start's V8 flags, $START unquoted: flags and file), then on
//   "same-pid": SIGKILL it, collect it, and start the next one with its pid (ns_last_pid: the next pid
//               handed out is the one after it);
//   "at-once":  SIGKILL it and start the next one at once, the killed one still uncollected;
//   "stop":     SIGTERM, and report the exit code.
const SCRIPT = `
start() {
  if [ -n "$1" ]; then echo $(( $1 - 1 )) > /proc/sys/kernel/ns_last_pid; fi
  "$NODE" $START &
  server=$!
  echo "started $server"
}
start ""
while read -r command; do
  case "$command" in
    same-pid) kill -KILL "$server"; wait "$server"; start "$server" ;;
    at-once) kill -KILL "$server"; start "" ;;
    stop) kill -TERM "$server"; wait "$server"; echo "stopped $?"; exit 0 ;;
  esac
done
`;

describe.runIf(canUnshare)('kill -9 and restart inside a pid namespace', () => {
  it("restarts twice after SIGKILL (with the killed server's pid; with the killed one still a zombie), not refused, every recipe kept", async () => {
    const folder = freshPgliteDir();
    const port = await freePort();
    const ns = spawn('unshare', ['--pid', '--fork', '--mount-proc', '--kill-child', 'sh', '-c', SCRIPT], {
      cwd: ROOT,
      env: { ...env(port, folder.dir), NODE: process.execPath, START: startArgs().join(' ') },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let output = '';
    ns.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    ns.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const ended = new Promise<number | null>((resolve) => ns.on('exit', resolve));

    /** Resolves once `text` has appeared `count` times; rejects on a failed start or the end of the namespace. */
    const seen = (text: string, count: number) =>
      new Promise<void>((resolve, reject) => {
        const poll = setInterval(() => {
          if (output.split(text).length - 1 >= count) done(resolve);
          else if (/Cannot open the database|SyntaxError|Error \[ERR_|^Error: /m.test(output))
            done(() => reject(new Error(`a start failed:\n${output}`)));
          else if (ns.exitCode !== null) done(() => reject(new Error(`the namespace ended:\n${output}`)));
        }, 50);
        const done = (then: () => void) => {
          clearInterval(poll);
          then();
        };
      });
    const pids = () => [...output.matchAll(/^started (\d+)$/gm)].map((m) => Number(m[1]));

    const base = `http://127.0.0.1:${port}`;
    const created: number[] = [];
    let token = '';
    const write = async (n: number) => {
      for (let i = 0; i < n; i++) {
        const res = await fetch(`${base}/api/recipes`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            name: `Namnrymd ${port} ${created.length}`,
            instructions: 'Koka.',
            servings: 1,
            ingredients: [],
          }),
        });
        expect(res.status).toBe(201);
        created.push(((await res.json()) as { id: number }).id);
      }
    };
    const allThere = async () => {
      for (const id of created) expect((await fetch(`${base}/api/recipes/${id}`)).status, `recipe ${id}`).toBe(200);
    };

    try {
      await seen(BANNER, 1);
      token = await editorToken(base);
      await write(3);

      ns.stdin.write('same-pid\n');
      await seen(BANNER, 2);
      // The restarted server got the pid the killed one had written into the lock file.
      expect(pids()).toHaveLength(2);
      expect(pids()[1]).toBe(pids()[0]);
      await allThere();
      await write(2);

      ns.stdin.write('at-once\n');
      await seen(BANNER, 3);
      await allThere();
      await write(2);

      ns.stdin.write('stop\n');
      expect(await ended).toBe(0);
      expect(output).toMatch(/^stopped 0$/m);
      expect(existsSync(join(folder.dir, LOCK_FILE))).toBe(false);
    } finally {
      ns.kill('SIGKILL');
      folder.remove();
    }
  }, 180_000);
});

/** A process whose output is collected; `ended` resolves with its exit code. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv) {
  const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const ended = new Promise<number | null>((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? (signal ? -1 : null))),
  );
  return { child, ended, output: () => output };
}

/** Resolves once `text` is in the output, or rejects when the process ends before. */
function printed(proc: ReturnType<typeof run>, text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const poll = setInterval(() => {
      if (proc.output().includes(text)) done(resolve);
      else if (proc.child.exitCode !== null || proc.child.signalCode !== null)
        done(() => reject(new Error(`ended before "${text}":\n${proc.output()}`)));
    }, 50);
    const done = (then: () => void) => {
      clearInterval(poll);
      then();
    };
  });
}

/** The exit code, or the text "listening" when it started instead (the old lock let it in). */
async function refusedOrStarted(proc: ReturnType<typeof run>): Promise<number | null | 'listening'> {
  return await Promise.race([
    proc.ended,
    printed(proc, BANNER).then(
      () => 'listening' as const,
      () => proc.ended,
    ),
  ]);
}

describe.runIf(canUnshare)('one server per data folder across pid namespaces', () => {
  it('refuses a server and a CLI command in other pid namespaces while the holder lives; after its kill -9 one takes over', async () => {
    const folder = freshPgliteDir();
    const [portA, portB, portC] = [await freePort(), await freePort(), await freePort()];
    const node = process.execPath;
    const start = startArgs();
    const procs: ChildProcess[] = [];
    try {
      const holder = run(node, start, env(portA, folder.dir));
      procs.push(holder.child);
      await printed(holder, BANNER);

      // At once (each start is slow on a loaded machine): a second server in a fresh pid namespace with its own
      // /proc (as a container has), one without, and a CLI command that opens the database, as
      // `docker compose run --rm app npm run users -- list` does.
      const withProc = ['--pid', '--fork', '--mount-proc', '--kill-child'];
      const seconds = [
        run('unshare', [...withProc, node, ...start], env(portB, folder.dir)),
        run('unshare', ['--pid', '--fork', '--kill-child', node, ...start], env(portC, folder.dir)),
      ];
      // As the image's `recipe-book users list` runs it: npm start's flags.
      const cli = run(
        'unshare',
        [...withProc, node, ...startScript().flags, 'server/cli/users-command.ts', 'list'],
        env(portB, folder.dir),
      );
      procs.push(...seconds.map((s) => s.child), cli.child);
      const [first, second, cliCode] = await Promise.all([...seconds.map(refusedOrStarted), cli.ended]);
      for (const [code, proc] of [
        [first, seconds[0]!],
        [second, seconds[1]!],
      ] as const) {
        expect(code, proc.output()).toBe(1);
        expect(proc.output()).toContain(
          `Cannot open the database: The data folder ${folder.dir} is already in use by another process (pid ${holder.child.pid}).`,
        );
      }
      expect(cliCode, cli.output()).toBe(1);
      expect(cli.output()).toContain(
        `users: The data folder ${folder.dir} is already in use by another process (pid ${holder.child.pid}).`,
      );
      // The holder is unharmed.
      expect((await fetch(`http://127.0.0.1:${portA}/api/health`)).status).toBe(200);

      // kill -9: its lock file stays behind, and a server in another namespace takes the folder over once the
      // holder's heartbeat has stopped.
      holder.child.kill('SIGKILL');
      await holder.ended;
      expect(existsSync(join(folder.dir, LOCK_FILE))).toBe(true);
      const began = performance.now();
      const next = run(
        'unshare',
        ['--pid', '--fork', '--mount-proc', '--kill-child', node, ...start],
        env(portC, folder.dir),
      );
      procs.push(next.child);
      await printed(next, BANNER);
      const tookMs = performance.now() - began;
      console.log(`taken over in another pid namespace ${Math.round(tookMs)} ms after the holder's kill -9`);
      // The bound is the heartbeat's (4 s) plus a start on a loaded machine; it only says it did not hang.
      expect(tookMs).toBeLessThan(HEARTBEAT_STALE_MS + 90_000);
      expect((await fetch(`http://127.0.0.1:${portC}/api/health`)).status).toBe(200);
      // unshare does not pass SIGTERM on: stop the server inside (unshare's child), which removes the lock.
      const inside = Number(readFileSync(`/proc/${next.child.pid}/task/${next.child.pid}/children`, 'utf8').trim());
      process.kill(inside, 'SIGTERM');
      expect(await next.ended).toBe(0);
      expect(existsSync(join(folder.dir, LOCK_FILE))).toBe(false);
    } finally {
      for (const child of procs) child.kill('SIGKILL');
      folder.remove();
    }
  }, 420_000);
});
