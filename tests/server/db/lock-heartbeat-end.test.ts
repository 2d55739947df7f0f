// The heartbeat shell of a data-folder lock ends with its holder, whatever happens to the holder's pid: a shell
// that judged its parent by `kill -0` beat on for whoever got that pid next, keeping a later lock fresh
// (decision 060). In a pid namespace of its own, the holder is killed and its pid handed to another process.
// Runs as root (unshare and ns_last_pid need it).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../lifecycle/support.ts';

const canUnshare =
  process.platform === 'linux' &&
  process.getuid?.() === 0 &&
  spawnSync('unshare', ['--pid', '--fork', '--mount-proc', 'true']).status === 0;

const HOLD = `
const { acquireDataDirLock } = await import(${JSON.stringify(join(ROOT, 'server/db/data-folder/data-dir-lock.ts'))});
acquireDataDirLock(process.argv[1]);
setInterval(() => undefined, 1 << 30);
`;

// Holds the lock, kills the holder while its shell is stopped (so that nothing else takes a pid meanwhile), hands
// the holder's pid to a `sleep`, lets the shell go on, and says whether it ended (gone, or a zombie) within 15 s.
const SCRIPT = `
"$NODE" --input-type=module -e "$HOLD" "$DIR" &
holder=$!
until beat=$(tr -d " " < /proc/$holder/task/$holder/children 2>/dev/null) && [ -n "$beat" ]; do sleep 0.05; done
kill -STOP $beat
kill -KILL $holder
wait $holder
echo $(( holder - 1 )) > /proc/sys/kernel/ns_last_pid
sleep 60 &
echo "holder $holder reused $!"
kill -CONT $beat
i=0
while [ -e /proc/$beat ] && [ "$(cut -d ' ' -f 3 /proc/$beat/stat)" != Z ] && [ $i -lt 300 ]; do
  sleep 0.05
  i=$((i + 1))
done
if [ -e /proc/$beat ] && [ "$(cut -d ' ' -f 3 /proc/$beat/stat)" != Z ]; then echo beating; else echo ended; fi
`;

describe.runIf(canUnshare)('the heartbeat shell of a data-folder lock', () => {
  it("ends once its holder is killed, even when the holder's pid belongs to another process by then", () => {
    const dir = mkdtempSync(join(tmpdir(), 'lock-heartbeat-'));
    try {
      const run = spawnSync('unshare', ['--pid', '--fork', '--mount-proc', '--kill-child', 'sh', '-c', SCRIPT], {
        cwd: ROOT,
        env: { ...process.env, NODE: process.execPath, HOLD, DIR: dir },
        encoding: 'utf8',
        timeout: 60_000,
      });
      const output = `${run.stdout}${run.stderr}`;
      const [, holder, reused] = /^holder (\d+) reused (\d+)$/m.exec(output) ?? [];
      expect(reused, output).toBe(holder);
      expect(run.stdout.trim().split('\n').at(-1), output).toBe('ended');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
