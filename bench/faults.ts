// npm run bench:faults — how the product behaves when things fail, as figures to compare between changes:
//  1. PostgreSQL stopped, and frozen (SIGSTOP), for 6 s under steady reads and writes against a real server
//     process: status counts per second, the longest wait, writes acknowledged/refused and whether each is
//     where its answer says (acknowledged: stored; refused: absent).
//  2. kill -9 of the server during writes, on PGlite and on PostgreSQL, restarted each time: every
//     acknowledged write verified present, the PUT-ed recipe's version never behind its last acknowledged one.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startTestPostgres } from '../scripts/postgres-for-tests.ts';
import { runOutage } from '../tests/support/outage.ts';
import type { Send } from '../tests/support/traffic.ts';
import { startChild } from './child.ts';
import { startBenchIdentity } from './identity.ts';

type Served = { port: number; pid: number; apiBasePath: string };

const identity = await startBenchIdentity('recipes', 'recipes-frontend');
const headers = {
  authorization: `Bearer ${identity.editorToken}`,
  'content-type': 'application/json',
  accept: 'application/json',
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function sender(port: number): Send {
  return async ({ method, url, body }) => {
    const res = await fetch(`http://127.0.0.1:${port}${url}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    await res.arrayBuffer();
    return res.status;
  };
}

async function storedNames(url: string): Promise<Set<string>> {
  const client = new pg.Client(url);
  await client.connect();
  try {
    return new Set((await client.query<{ name: string }>('SELECT name FROM recipes')).rows.map((r) => r.name));
  } finally {
    await client.end();
  }
}

async function outages(): Promise<void> {
  console.log('\n== PostgreSQL unreachable for 6 s under load (3 writers, 3 readers, DB_REQUEST_TIMEOUT_MS=1500)');
  const cluster = await startTestPostgres();
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-faults-'));
  const server = await startChild<Served>({
    mode: 'serve',
    dataDir,
    databaseUrl: cluster.url,
    keycloakUrl: identity.keycloakUrl,
  });
  try {
    const send = sender(server.info.port);
    await send({ method: 'POST', url: '/api/recipes', body: { name: 'Läsbar', servings: 1 } });
    const readUrls = ['/api/recipes/1', '/api/recipes', '/api/recipes?search=a', '/api/recipes/names?limit=5'];
    for (const [label, down, up] of [
      ['Stopped (pg_ctl stop -m fast, then start)', () => cluster.halt(), () => cluster.restart()],
      ['Frozen (SIGSTOP on every server process, then SIGCONT)', () => cluster.freeze(), () => cluster.thaw()],
    ] as const) {
      const run = await runOutage({ send, readUrls, label, down, up, outageMs: 6000 });
      await sleep(1000); // transactions a frozen server held are resumed (and refused by their deadline)
      const stored = await storedNames(cluster.url);
      const writes = run.samples.filter((s) => s.kind === 'write');
      const acknowledged = writes.filter((s) => s.status === 201);
      const refused = writes.filter((s) => s.status !== 201);
      const slowest = Math.max(...run.samples.map((s) => s.end - s.start));
      const firstOk = run.samples
        .filter((s) => s.start >= run.backAt && s.status < 300)
        .map((s) => s.end - run.backAt)
        .sort((a, b) => a - b)[0];
      console.log(run.lines.join('\n'));
      console.log(
        `  longest wait ${slowest} ms; first success ${firstOk ?? '—'} ms after the return; ` +
          `writes: ${acknowledged.length} acknowledged (${acknowledged.filter((s) => !stored.has(s.name!)).length} missing), ` +
          `${refused.length} refused (${refused.filter((s) => stored.has(s.name!)).length} stored anyway)\n`,
      );
    }
  } finally {
    await server.stop();
    cluster.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function crashes(kind: 'pglite' | 'postgres', rounds: number): Promise<void> {
  const cluster = kind === 'postgres' ? await startTestPostgres() : undefined;
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-crash-'));
  const args = { mode: 'serve' as const, dataDir, databaseUrl: cluster?.url, keycloakUrl: identity.keycloakUrl };
  let acknowledged = 0;
  let missing = 0;
  let unanswered = 0;
  let versionBehind = 0;
  const restartMs: number[] = [];
  let target: number | undefined;
  let lastVersion = 0;
  try {
    for (let round = 0; round < rounds; round++) {
      const started = Date.now();
      const server = await startChild<Served>(args);
      restartMs.push(Date.now() - started);
      const send = sender(server.info.port);
      const names: string[] = [];
      if (target === undefined) {
        const res = await fetch(`http://127.0.0.1:${server.info.port}/api/recipes`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ name: 'Versioner', servings: 1 }),
        });
        target = ((await res.json()) as { id: number }).id;
      } else {
        // The recipe PUT before the last crash: its version is at least the last one acknowledged.
        const res = await fetch(`http://127.0.0.1:${server.info.port}/api/recipes/${target}`);
        const version = ((await res.json()) as { version: number }).version;
        if (version < lastVersion) versionBehind++;
        lastVersion = version;
      }
      let running = true;
      const writer = async (w: number) => {
        for (let i = 0; running; i++) {
          const name = `Krasch ${round}-${w}-${i}`;
          const status = await send({
            method: 'POST',
            url: '/api/recipes',
            body: { name, servings: 2, ingredients: [{ name: 'Salt' }] },
          }).catch(() => 0);
          if (status === 201) names.push(name);
          else unanswered++;
        }
      };
      const putter = async () => {
        while (running) {
          const res = await fetch(`http://127.0.0.1:${server.info.port}/api/recipes/${target}`, {
            method: 'PUT',
            headers,
            body: JSON.stringify({ name: 'Versioner', servings: 1 + (lastVersion % 90) }),
          }).catch(() => undefined);
          if (res?.status === 200) lastVersion = ((await res.json()) as { version: number }).version;
          else await res?.arrayBuffer();
        }
      };
      const loops = [writer(0), writer(1), writer(2), putter()];
      await sleep(500 + Math.random() * 1500);
      server.process.kill('SIGKILL');
      await new Promise((resolve) => server.process.once('exit', resolve));
      running = false;
      await Promise.all(loops);
      acknowledged += names.length;
      // Verify on the next start (the folder lock and a crashed PostgreSQL connection must allow it).
      const check = await startChild<Served>(args);
      const stored = new Set<string>();
      const res = await fetch(
        `http://127.0.0.1:${check.info.port}/api/recipes?search=${encodeURIComponent(`Krasch ${round}-`)}`,
      );
      for (const r of (await res.json()) as { name: string }[]) stored.add(r.name);
      missing += names.filter((n) => !stored.has(n)).length;
      await check.stop();
    }
  } finally {
    cluster?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const median = [...restartMs].sort((a, b) => a - b)[Math.floor(restartMs.length / 2)];
  console.log(
    `${kind.padEnd(8)} ${rounds} crashes: ${acknowledged} writes acknowledged, ${missing} missing after restart; ` +
      `${unanswered} unanswered (reset by the kill); version behind its acknowledgement ${versionBehind}×; start ${median} ms (median)`,
  );
}

try {
  await outages();
  console.log('== kill -9 during writes (3 POST writers + 1 PUT writer), then restart and verify');
  await crashes('pglite', 5);
  await crashes('postgres', 5);
} finally {
  await identity.stop();
}
