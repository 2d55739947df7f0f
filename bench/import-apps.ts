// npm run bench:import-apps — moving in from another app (issue 38, items 4 and 6): a generated export of 1,000
// recipes with photos in each app's format (tests/fixtures/apps/make-exports.ts, photos: small real JPEGs made with
// sharp), imported through `node server/start.ts`'s server over HTTP (POST /api/recipe-collections, NDJSON read as
// it streams). Prints per format: recipes per second, the server's peak resident memory (its node process, and with
// its photo processes), and /api/health p50/p99/max while the import runs (asked every 20 ms). Targets: health
// p99 ≤ 50 ms; memory within the product's 512 MB peak. `--recipes=200`, `--formats=paprika,mealie` for less.
import { readdirSync, readFileSync } from 'node:fs';
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

/** The resident memory of `pid` and of its child processes (the photo processes), in MB. */
function withChildren(pid: number): number {
  let total = memoryOf(pid).rssMb;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) !== pid) continue;
      // A child that has exited but not been reaped has no VmRSS: NaN, which would spoil the peak for good.
      const rss = memoryOf(Number(entry)).rssMb;
      if (Number.isFinite(rss)) total += rss;
    } catch {
      // It ended while we read it.
    }
  }
  return total;
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
  let peakServer = memoryOf(server.pid).rssMb;
  let peakAll = withChildren(server.pid);
  const asking = setInterval(() => pending.push(ask()), HEALTH_EVERY_MS);
  const reading = setInterval(() => {
    peakServer = Math.max(peakServer, memoryOf(server.pid).rssMb);
    peakAll = Math.max(peakAll, withChildren(server.pid));
  }, MEMORY_EVERY_MS);
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
      body: new Uint8Array(bytes),
    });
    const text = await res.text();
    if (res.status !== 200)
      throw new Error(`POST /api/recipe-collections answered ${res.status}: ${text.slice(0, 300)}`);
    const last = JSON.parse(text.trim().split('\n').at(-1) ?? '{}') as { type?: string };
    if (last.type === 'report') report = last as typeof report;
  } finally {
    clearInterval(asking);
    clearInterval(reading);
  }
  const seconds = (performance.now() - started) / 1000;
  await Promise.all(pending);
  return { seconds, report, health: health.sort((a, b) => a - b), atRest, peakServer, peakAll };
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
  'format       MB file  imported skipped  secs  recipes/s  RSS before -> peak (with photo processes)  health p50/p99/max ms (n)',
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
