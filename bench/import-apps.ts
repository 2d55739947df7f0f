// npm run bench:import-apps — moving in from another app (issue 38, items 4 and 6): a generated export of 1,000
// recipes with photos in each app's format (tests/fixtures/apps/make-exports.ts, photos: small real JPEGs made with
// sharp), imported through `node server/start.ts`'s server over HTTP (POST /api/recipe-collections, NDJSON read as
// it streams). Prints per format: recipes per second, the server's peak resident memory (its node process, and with
// its photo processes), and /api/health p50/p99/max while the import runs (asked every 20 ms). Targets: health
// p99 ≤ 50 ms; memory within the product's 512 MB peak. `--recipes=200`, `--formats=paprika,mealie` for less.
import { once } from 'node:events';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import sharp from 'sharp';
import {
  mealieExport,
  nextcloudExport,
  paprikaExport,
  recipeSageExport,
  sampleRecipes,
  schemaOrgFile,
  tandoorExport,
  type SampleRecipe,
} from '../tests/fixtures/apps/make-exports.ts';
import { startBenchIdentity } from './identity.ts';
import { machineLoad, memoryOf, percentile } from './report.ts';
import { startServer, type BenchServer } from './start-server.ts';

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const RECIPES = Number(arg('recipes') ?? 1000);
const BUILDERS: Record<string, { file: string; build: (r: SampleRecipe[]) => Buffer }> = {
  paprika: { file: 'Recept.paprikarecipes', build: paprikaExport },
  mealie: { file: 'mealie-export.zip', build: mealieExport },
  tandoor: { file: 'tandoor-export.zip', build: tandoorExport },
  nextcloud: { file: 'Recipes.zip', build: nextcloudExport },
  recipesage: { file: 'recipesage-data.json', build: recipeSageExport },
  'schema-org': { file: 'recept.json', build: (r) => schemaOrgFile(r) },
};
const FORMATS = (arg('formats') ?? Object.keys(BUILDERS).join(',')).split(',');
const HEALTH_EVERY_MS = 20;
const MEMORY_EVERY_MS = 100;

// The server's memory is read from /proc in a thread of its own: walking /proc for the photo processes reads a file
// per process on the machine, which took 4-100 ms on the loaded test machine, and on the main thread that stall
// delayed the health answers being timed (a pause of the bench's, counted as the server's).
const MEMORY_SAMPLER = `
const { parentPort, workerData } = require('node:worker_threads');
const { readdirSync, readFileSync } = require('node:fs');
const rssMb = (pid) => Number(/^VmRSS:\\s+(\\d+) kB/m.exec(readFileSync('/proc/' + pid + '/status', 'utf8'))?.[1]) / 1024;
// The server and its child processes (the photo processes); one that exited unreaped has no VmRSS (NaN): left out.
function withChildren(pid) {
  let total = rssMb(pid);
  for (const entry of readdirSync('/proc')) {
    if (!/^\\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync('/proc/' + entry + '/stat', 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) !== pid) continue;
      const rss = rssMb(Number(entry));
      if (Number.isFinite(rss)) total += rss;
    } catch {}
  }
  return total;
}
let peakServer = rssMb(workerData.pid);
let peakAll = withChildren(workerData.pid);
const reading = setInterval(() => {
  peakServer = Math.max(peakServer, rssMb(workerData.pid));
  peakAll = Math.max(peakAll, withChildren(workerData.pid));
}, workerData.everyMs);
parentPort.once('message', () => {
  clearInterval(reading);
  parentPort.postMessage({ peakServer, peakAll });
});
`;

/** Samples the server's peak memory off the main thread until `stop()`, which resolves with the peaks in MB. */
function samplePeakMemory(pid: number): { stop(): Promise<{ peakServer: number; peakAll: number }> } {
  const worker = new Worker(MEMORY_SAMPLER, { eval: true, workerData: { pid, everyMs: MEMORY_EVERY_MS } });
  return {
    async stop() {
      worker.postMessage('stop');
      const [peaks] = (await once(worker, 'message')) as [{ peakServer: number; peakAll: number }];
      await worker.terminate();
      return peaks;
    },
  };
}

// /api/health is asked in a thread of its own as well, every 20 ms: the main thread sends the 130-200 MB file and
// reads the NDJSON answer, and a pause of that work (session 22: the bench's loop stalled 490-780 ms, the same as the
// health answers' maximum) would be timed as the server's. The thread's own loop delay is reported beside the answers.
const HEALTH_ASKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { monitorEventLoopDelay } = require('node:perf_hooks');
const answers = [];
const pending = new Set();
let failure;
const ask = async (started) => {
  const at = performance.now();
  const res = await fetch(workerData.url);
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error('/api/health answered ' + res.status);
  answers.push({ ms: performance.now() - at, at: (at - started) / 1000 });
};
(async () => {
  // This thread's own connections opened first (fetch keeps a pool per thread), then the clock starts.
  for (let i = 0; i < 5; i++) await (await fetch(workerData.url)).arrayBuffer();
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const started = performance.now();
  const asking = setInterval(() => {
    const p = ask(started).catch((e) => { failure ??= String(e); }).finally(() => pending.delete(p));
    pending.add(p);
  }, workerData.everyMs);
  parentPort.postMessage('ready');
  parentPort.once('message', async () => {
    clearInterval(asking);
    await Promise.all(pending);
    parentPort.postMessage({ answers, failure, loop: { p99: delay.percentile(99) / 1e6, max: delay.max / 1e6 } });
  });
})();
`;

type HealthAnswers = { answers: { ms: number; at: number }[]; loop: { p99: number; max: number } };

/**
 * Asks /api/health off the main thread from when it resolves (the import starts then) until `stop()`, which resolves
 * with every answer's time and when it was asked (seconds from the first ask); a failed answer fails the run.
 */
async function askHealth(base: string): Promise<{ stop(): Promise<HealthAnswers> }> {
  const worker = new Worker(HEALTH_ASKER, {
    eval: true,
    workerData: { url: `${base}/api/health`, everyMs: HEALTH_EVERY_MS },
  });
  await once(worker, 'message'); // 'ready'; an error in the thread rejects here
  return {
    async stop() {
      worker.postMessage('stop');
      const [result] = (await once(worker, 'message')) as [HealthAnswers & { failure?: string }];
      await worker.terminate();
      if (result.failure) throw new Error(`asking /api/health failed: ${result.failure}`);
      return result;
    },
  };
}

async function importOnce(server: BenchServer, token: string, name: string, bytes: Buffer) {
  const atRest = memoryOf(server.pid).rssMb;
  // The body copied before the clock starts: a copy of a 130 MB file is a pause of the bench's own.
  const body = new Uint8Array(bytes);
  const memory = samplePeakMemory(server.pid);
  const asker = await askHealth(server.base);
  // The bench's main thread's event-loop delay (it sends the file): a figure to judge its own pauses by.
  const benchDelay = monitorEventLoopDelay({ resolution: 10 });
  benchDelay.enable();
  const started = performance.now();
  let report: { imported: unknown[]; skipped: { reason: string }[] } | undefined;
  let answers: HealthAnswers;
  try {
    const res = await fetch(`${server.base}/api/recipe-collections`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/octet-stream',
        'x-file-name': encodeURIComponent(name),
      },
      body,
    });
    const text = await res.text();
    if (res.status !== 200)
      throw new Error(`POST /api/recipe-collections answered ${res.status}: ${text.slice(0, 300)}`);
    const last = JSON.parse(text.trim().split('\n').at(-1) ?? '{}') as { type?: string };
    if (last.type === 'report') report = last as typeof report;
  } finally {
    answers = await asker.stop();
    benchDelay.disable();
  }
  const seconds = (performance.now() - started) / 1000;
  const { peakServer, peakAll } = await memory.stop();
  const benchLoop = { p99: benchDelay.percentile(99) / 1e6, max: benchDelay.max / 1e6 };
  const slowest = answers.answers.reduce((a, b) => (b.ms > a.ms ? b : a), { ms: -Infinity, at: NaN });
  const health = answers.answers.map((a) => a.ms).sort((a, b) => a - b);
  return { seconds, report, health, slowest, askerLoop: answers.loop, atRest, peakServer, peakAll, benchLoop };
}

const photo = await sharp({
  create: {
    width: 480,
    height: 360,
    channels: 3,
    background: '#a0522d',
    noise: { type: 'gaussian', mean: 128, sigma: 30 },
  },
})
  .jpeg({ quality: 80 })
  .toBuffer();
const identity = await startBenchIdentity('recipes', 'recipes-frontend');
console.log(
  `bench:import-apps: ${RECIPES} recipes per file, 2 photos each of ${photo.length} bytes; load ${machineLoad()}`,
);
console.log(
  'format       MB file  imported skipped  secs  recipes/s  RSS before -> peak (with photo processes)  health p50/p99/max ms (n)  slowest at  asker / sender loop max ms  load after',
);
try {
  for (const format of FORMATS) {
    const builder = BUILDERS[format];
    if (!builder) throw new Error(`unknown format ${format}`);
    const bytes = builder.build(sampleRecipes(RECIPES, photo));
    // A server of its own per format (a fresh data folder): each import starts from an empty book. Through `npm
    // start`, whose MALLOC_ARENA_MAX changes resident memory.
    const server = await startServer({
      name: 'import-apps',
      throughNpm: true,
      env: { KEYCLOAK_URL: identity.keycloakUrl, SERVE_SITE: 'false', LOG_LEVEL: 'warn', WRITE_RATE_LIMIT: '1000000' },
    });
    try {
      const r = await importOnce(server, identity.editorToken, builder.file, bytes);
      const imported = r.report?.imported.length ?? NaN;
      const fixed = (n: number) => n.toFixed(1);
      console.log(
        [
          format.padEnd(12),
          fixed(bytes.length / 2 ** 20).padStart(7),
          String(imported).padStart(9),
          String(r.report?.skipped.length ?? 'no report').padStart(7),
          fixed(r.seconds).padStart(6),
          fixed(imported / r.seconds).padStart(10),
          `${fixed(r.atRest)} -> ${fixed(r.peakServer)} MB (${fixed(r.peakAll)} MB)`.padStart(42),
          `${fixed(percentile(r.health, 50))}/${fixed(percentile(r.health, 99))}/${fixed(r.health.at(-1) ?? NaN)} (${r.health.length})`.padStart(
            24,
          ),
          `${fixed(r.slowest.at)} s`.padStart(11),
          `${fixed(r.askerLoop.max)} / ${fixed(r.benchLoop.max)}`.padStart(27),
          machineLoad().padStart(24),
        ].join(' '),
      );
      const reasons = new Set(r.report?.skipped.map((s) => s.reason));
      if (reasons.size) console.log(`             skipped because: ${[...reasons].slice(0, 3).join(' | ')}`);
    } finally {
      await server.stop();
    }
  }
} finally {
  await identity.stop();
}
