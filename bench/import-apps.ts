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

async function importOnce(server: BenchServer, token: string, name: string, bytes: Buffer) {
  const health: number[] = [];
  const pending: Promise<void>[] = [];
  const ask = async () => {
    const started = performance.now();
    const res = await fetch(`${server.base}/api/health`);
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`/api/health answered ${res.status}`);
    health.push(performance.now() - started);
  };
  for (let i = 0; i < 5; i++) await ask(); // the client's connections opened first
  health.length = 0;
  const atRest = memoryOf(server.pid).rssMb;
  // The body copied before the clock starts: a copy of a 130 MB file is a pause of the bench's own.
  const body = new Uint8Array(bytes);
  const memory = samplePeakMemory(server.pid);
  // The bench's own event-loop delay while it times the health answers: a figure to judge them by.
  const benchDelay = monitorEventLoopDelay({ resolution: 10 });
  benchDelay.enable();
  const asking = setInterval(() => pending.push(ask()), HEALTH_EVERY_MS);
  const started = performance.now();
  let report: { imported: unknown[]; skipped: { reason: string }[] } | undefined;
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
    clearInterval(asking);
    benchDelay.disable();
  }
  const seconds = (performance.now() - started) / 1000;
  await Promise.all(pending);
  const { peakServer, peakAll } = await memory.stop();
  const benchLoop = { p99: benchDelay.percentile(99) / 1e6, max: benchDelay.max / 1e6 };
  return { seconds, report, health: health.sort((a, b) => a - b), atRest, peakServer, peakAll, benchLoop };
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
  'format       MB file  imported skipped  secs  recipes/s  RSS before -> peak (with photo processes)  health p50/p99/max ms (n)  bench loop p99/max ms  load after',
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
          `${fixed(r.benchLoop.p99)}/${fixed(r.benchLoop.max)}`.padStart(22),
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
