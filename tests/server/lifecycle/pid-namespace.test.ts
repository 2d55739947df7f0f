// A restart after kill -9 inside a pid namespace, as in a container: the restarted server gets the
// very pid the killed one had (a container's start-up is the same every time), or it starts while the
// killed one has not been collected yet (a zombie). The data-folder lock must let both restarts in.
// Runs as root (unshare needs it) in a fresh pid namespace with its own /proc.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort } from '../../../scripts/free-ports.ts';
import { LOCK_FILE } from '../../../server/db/data-dir-lock.ts';
import { freshPgliteDir } from '../../support/database.ts';
import { BANNER, editorToken, ROOT, serverEnv } from './support.ts';

const canUnshare =
  process.platform === 'linux' &&
  process.getuid?.() === 0 &&
  spawnSync('unshare', ['--pid', '--fork', '--mount-proc', 'true']).status === 0;

// Inside the namespace: start the server (node server/start.ts, as `npm start` runs it), then on
//   "same-pid": SIGKILL it, collect it, and start the next one with its pid (ns_last_pid: the next pid
//               handed out is the one after it);
//   "at-once":  SIGKILL it and start the next one at once, the killed one still uncollected;
//   "stop":     SIGTERM, and report the exit code.
const SCRIPT = `
start() {
  if [ -n "$1" ]; then echo $(( $1 - 1 )) > /proc/sys/kernel/ns_last_pid; fi
  "$NODE" server/start.ts &
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
      env: { ...serverEnv(port, folder.dir), NODE: process.execPath },
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
