// A holder frozen with its heartbeat (docker pause: SIGSTOP to everything it runs) loses the data folder to a
// server in another pid namespace, as decision 044 allows. When it resumes it must not write again: what reaches it
// answers 503, it exits, and every write either server acknowledged (201) is in the folder (decision 060).
// Runs as root (unshare needs it).
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { freePort } from '../../../scripts/free-ports.ts';
import { openDatabase } from '../../../server/db/index.ts';
import { freshPgliteDir } from '../../support/database.ts';
import { BANNER, editorToken, ROOT, serverEnv, startArgs } from './support.ts';

const canUnshare =
  process.platform === 'linux' &&
  process.getuid?.() === 0 &&
  spawnSync('unshare', ['--pid', '--fork', '--mount-proc', 'true']).status === 0;

/** A server process whose output is collected. */
function server(command: string, args: string[], env: NodeJS.ProcessEnv) {
  const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const ended = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const printed = (text: string) =>
    new Promise<void>((resolve, reject) => {
      const poll = setInterval(() => {
        if (output.includes(text)) done(resolve);
        else if (child.exitCode !== null || child.signalCode !== null)
          done(() => reject(new Error(`ended before "${text}":\n${output}`)));
      }, 50);
      const done = (then: () => void) => {
        clearInterval(poll);
        then();
      };
    });
  return { child, pid: child.pid!, ended, printed, output: () => output };
}

type Answer = { status?: number; message?: string; error?: string };

/** POSTs a recipe on its own connection; resolves with the answer, or the connection's error. */
function post(base: string, token: string, name: string): Promise<Answer> {
  const body = JSON.stringify({ name, instructions: 'Koka.', servings: 1, ingredients: [] });
  return new Promise((resolve) => {
    const req = request(`${base}/api/recipes`, {
      method: 'POST',
      agent: new Agent({ keepAlive: false }),
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
      },
    });
    req.on('response', (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => {
        const json = JSON.parse(text || '{}') as { message?: string };
        resolve({ status: res.statusCode, message: json.message });
      });
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    req.end(body);
  });
}

const children = (pid: number) =>
  readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);

describe.runIf(canUnshare)('a holder frozen while another server takes the folder', () => {
  it('answers 503 and exits when it resumes, and every 201 of both servers is in the folder', async () => {
    const folder = freshPgliteDir();
    const [portA, portB] = [await freePort(), await freePort()];
    const acknowledged: string[] = [];
    // A loaded test machine can take longer than the default 1.5 s for a write: a timeout is not what is tested.
    const env = (port: number) => serverEnv(port, folder.dir, { DB_REQUEST_TIMEOUT_MS: '60000' });
    const a = server(process.execPath, startArgs(), env(portA));
    let b: ReturnType<typeof server> | undefined;
    const baseA = `http://127.0.0.1:${portA}`;
    const baseB = `http://127.0.0.1:${portB}`;
    const write = async (base: string, token: string, name: string) => {
      const answer = await post(base, token, name);
      if (answer.status === 201) acknowledged.push(name);
      return answer;
    };
    let heartbeat: number | undefined;
    try {
      await a.printed(BANNER);
      const tokenA = await editorToken(baseA);
      for (let i = 0; i < 3; i++) expect((await write(baseA, tokenA, `Före frysningen ${i}`)).status).toBe(201);

      // docker pause: the server and its heartbeat shell (in a process group of its own) stop at once.
      heartbeat = children(a.pid).find((pid) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').startsWith('sh'));
      expect(heartbeat, 'the heartbeat shell').toBeDefined();
      process.kill(-a.pid, 'SIGSTOP');
      process.kill(-heartbeat!, 'SIGSTOP');
      // Sent while it is frozen: the kernel accepts the connections, the server reads them when it resumes.
      const frozen = [0, 1].map((i) => write(baseA, tokenA, `Under frysningen ${i}`));

      // A server in another pid namespace (another container) sees the heartbeat stand still and takes over.
      b = server(
        'unshare',
        ['--pid', '--fork', '--mount-proc', '--kill-child', process.execPath, ...startArgs()],
        env(portB),
      );
      await b.printed(BANNER);
      const tokenB = await editorToken(baseB);
      for (let i = 0; i < 3; i++) {
        const answer = await write(baseB, tokenB, `Hos den andra ${i}`);
        expect(answer.status, `${JSON.stringify(answer)}\n${b.output()}`).toBe(201);
      }

      process.kill(-heartbeat!, 'SIGCONT');
      process.kill(-a.pid, 'SIGCONT');
      const answers = await Promise.all(frozen);
      const after = await write(baseA, tokenA, 'Efter frysningen');
      for (let i = 3; i < 6; i++) expect((await write(baseB, tokenB, `Hos den andra ${i}`)).status).toBe(201);

      // The resumed server refused to write and stopped, saying why.
      for (const answer of [...answers, after]) {
        expect(answer.status, JSON.stringify(answer)).not.toBe(201);
        if (answer.status !== undefined) {
          expect(answer.status).toBe(503);
          expect(answer.message).toMatch(/annan server/);
        }
      }
      expect(await a.ended).toBe(1);
      expect(a.output()).toMatch(/taken over by another process/);
      expect(
        answers.some((answer) => answer.status === 503),
        JSON.stringify(answers),
      ).toBe(true);

      // unshare does not pass SIGTERM on: stop the server inside, which closes the database.
      process.kill(children(b.pid)[0]!, 'SIGTERM');
      expect(await b.ended).toBe(0);
    } finally {
      for (const pid of [a.pid, heartbeat, b?.pid]) {
        try {
          if (pid) process.kill(-pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
    }
    try {
      const db = await openDatabase({ dataDir: folder.dir });
      try {
        const result = await db.orm.execute(sql`SELECT name FROM recipes`);
        const names = (result as unknown as { rows: { name: string }[] }).rows.map((row) => row.name);
        expect(names).toEqual(expect.arrayContaining(acknowledged));
      } finally {
        await db.close();
      }
    } finally {
      folder.remove();
    }
  }, 120_000);
});
