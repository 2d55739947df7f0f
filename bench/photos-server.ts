// The second part of npm run bench:photos: the same photo uploaded over HTTP to the real server, started through
// `npm start` (so its start script's MALLOC_ARENA_MAX applies) with a fresh data folder and the embedded provider's
// demo editor. Prints upload times, the server's resident memory (VmRSS of its node process) and /api/health
// latency at rest and while 4 uploads run at once, beside issue 23's targets.
import { readFileSync } from 'node:fs';
import { memoryOf, percentile, machineLoad } from './report.ts';
import { accessToken } from './sign-in-flow.ts';
import { startServer, type BenchServer } from './start-server.ts';

// `--sequential=N`: fewer uploads one after another, for a machine too busy to wait for 8.
const SEQUENTIAL = Number(process.argv.find((a) => a.startsWith('--sequential='))?.split('=')[1] ?? 8);
const AT_ONCE = 4;
const MEMORY_EVERY_MS = 50;
const HEALTH_EVERY_MS = 20;

async function upload(server: BenchServer, token: string, photo: Uint8Array<ArrayBuffer>): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${server.base}/api/photos`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'image/jpeg' },
    body: photo,
  });
  const body = await res.text();
  if (res.status !== 201) throw new Error(`POST /api/photos answered ${res.status}: ${body.slice(0, 300)}`);
  return performance.now() - started;
}

/**
 * Runs `work` while GET /api/health is sent every 20 ms (a new one even while one is still waiting, so a stalled
 * server shows as late answers, not as fewer of them) and VmRSS is read every 50 ms.
 */
async function sampleDuring(
  server: BenchServer,
  work: Promise<unknown>,
): Promise<{ health: number[]; peakMb: number }> {
  const health: number[] = [];
  const pending: Promise<void>[] = [];
  const ask = async () => {
    const started = performance.now();
    const res = await fetch(`${server.base}/api/health`);
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`/api/health answered ${res.status}`);
    health.push(performance.now() - started);
  };
  // The client's connections opened first: a new connection's set-up is the bench's cost, not the server's (it made
  // the at-rest p99 higher than the p99 during uploads).
  for (let i = 0; i < 5; i++) await (await fetch(`${server.base}/api/health`)).arrayBuffer();
  let peakMb = memoryOf(server.pid).rssMb;
  const asking = setInterval(() => pending.push(ask()), HEALTH_EVERY_MS);
  const reading = setInterval(() => (peakMb = Math.max(peakMb, memoryOf(server.pid).rssMb)), MEMORY_EVERY_MS);
  try {
    await work;
  } finally {
    clearInterval(asking);
    clearInterval(reading);
  }
  await Promise.all(pending);
  return { health: health.sort((a, b) => a - b), peakMb };
}

/**
 * Waits until the server's RSS has stayed within 2 MB for 15 readings a second apart (at most 120 s). A fresh data
 * folder makes start-up heavy (the database created, demo recipes and users added: 1.3 GB at its peak here), and
 * the server gives that memory back in steps over the next half minute, with pauses of up to 9 s between them: RSS read sooner is no baseline.
 */
async function steadyMemory(pid: number): Promise<{ rssMb: number; waitedS: number; steady: boolean }> {
  const started = performance.now();
  const readings: number[] = [];
  while (performance.now() - started < 120_000) {
    readings.push(memoryOf(pid).rssMb);
    const last = readings.slice(-15);
    if (last.length === 15 && Math.max(...last) - Math.min(...last) <= 2)
      return { rssMb: last.at(-1)!, waitedS: (performance.now() - started) / 1000, steady: true };
    await new Promise((done) => setTimeout(done, 1000));
  }
  return { rssMb: readings.at(-1)!, waitedS: 120, steady: false };
}

const ms = (n: number) => `${n.toFixed(n < 10 ? 1 : 0)} ms`;
const mb = (n: number) => `${n.toFixed(0)} MB`;
const growth = (n: number) => `${n < 0 ? '-' : '+'}${mb(Math.abs(n))}`;

export async function benchOnNpmStart(file: Buffer): Promise<void> {
  const photo = new Uint8Array(file); // a copy on an ArrayBuffer of its own: what fetch takes as a body
  // Other work on this machine skews every figure: say how busy it was.
  const loadBefore = machineLoad();
  const server = await startServer({
    name: 'photos',
    // As npm start, but the site is not served: building it is not what this measures.
    // Five minutes per photo: on a machine busy with other work (the photo worker runs at a lower priority) one photo
    // took over a minute, and a refused upload measures nothing.
    // The token lives an hour for the same reason.
    env: { SERVE_SITE: 'false', LOG_LEVEL: 'error', PHOTO_TIMEOUT_MS: '300000', IDP_ACCESS_TOKEN_SECONDS: '3600' },
    throughNpm: true,
  });
  try {
    // What the start script gave the server, read back from the process itself.
    const arenas = readFileSync(`/proc/${server.pid}/environ`, 'utf8')
      .split('\0')
      .find((v) => v.startsWith('MALLOC_ARENA_MAX='));
    const started = memoryOf(server.pid).rssMb;
    const token = await accessToken(server.base, '127.0.0.1', 'redaktor', 'redaktor');
    // At rest: signed in (its scrypt check is behind it), start-up's memory given back, no photo yet.
    const settled = await steadyMemory(server.pid);
    const rest = await sampleDuring(server, new Promise((done) => setTimeout(done, 2000)));
    const atRest = memoryOf(server.pid).rssMb;
    const first = await upload(server, token, photo); // starts the photo worker
    const afterFirst = memoryOf(server.pid).rssMb;
    const times: number[] = [];
    for (let i = 0; i < SEQUENTIAL; i++) times.push(await upload(server, token, photo));
    times.sort((a, b) => a - b);
    const beforeBurst = memoryOf(server.pid).rssMb;
    const burstStarted = performance.now();
    const burst = await sampleDuring(
      server,
      Promise.all(Array.from({ length: AT_ONCE }, () => upload(server, token, photo))),
    );
    const burstMs = performance.now() - burstStarted;
    const { peakMb: highWater } = memoryOf(server.pid);

    console.log(
      `\nOn npm start (server pid ${server.pid}, npm's child; ${arenas ?? 'MALLOC_ARENA_MAX unset'}): ` +
        `POST /api/photos as redaktor, 1 upload, ${SEQUENTIAL} one after another, then ${AT_ONCE} at once; ` +
        `load average before the server started ${loadBefore}\n`,
    );
    const rows: [string, string, string][] = [
      [`upload, p50 of ${SEQUENTIAL} one after another`, ms(percentile(times, 50)), '≤ 2000 ms'],
      [`upload, max of ${SEQUENTIAL}`, ms(times.at(-1) ?? NaN), ''],
      ['upload, the first (worker start included)', ms(first), ''],
      [`${AT_ONCE} uploads at once, all done`, ms(burstMs), ''],
      ['RSS at rest, signed in, no photo yet', mb(atRest), ''],
      ['RSS after the first upload', `${mb(afterFirst)} (${growth(afterFirst - atRest)})`, '≤ +300 MB'],
      [
        `RSS peak, ${AT_ONCE} at once (every ${MEMORY_EVERY_MS} ms)`,
        `${mb(burst.peakMb)} (${growth(burst.peakMb - atRest)})`,
        '≤ +300 MB',
      ],
      [`/api/health p50, ${AT_ONCE} at once (n=${burst.health.length})`, ms(percentile(burst.health, 50)), ''],
      [`/api/health p99, ${AT_ONCE} at once`, ms(percentile(burst.health, 99)), '≤ 50 ms'],
      [`/api/health p99 at rest (n=${rest.health.length})`, ms(percentile(rest.health, 99)), ''],
    ];
    const widths = [0, 1, 2].map((i) => Math.max(...rows.map((r) => r[i]!.length)));
    console.log(`${'figure'.padEnd(widths[0]!)}  ${'measured'.padStart(widths[1]!)}  target`);
    for (const [label, value, target] of rows)
      console.log(`${label.padEnd(widths[0]!)}  ${value.padStart(widths[1]!)}  ${target}`.trimEnd());
    console.log(
      `\n(RSS right after start, before sign-in: ${mb(started)}; at rest ${settled.steady ? 'after' : 'NOT steady after'} ` +
        `${settled.waitedS.toFixed(0)} s of waiting; before the ${AT_ONCE}: ${mb(beforeBurst)}; ` +
        `VmHWM at the end: ${mb(highWater)}, the peak of start-up with a fresh data folder included)`,
    );
  } finally {
    await server.stop();
  }
}
