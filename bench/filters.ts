// npm run bench:filters [-- --recipes 100000 --seconds 30 --rate 20 --runs 3 --database-url URL]
// Issue 52, "no read holds the server": a book of N recipes with about as many distinct ingredient names (names in
// Latin, Greek and Cyrillic letters, some with one-letter words) and instructions drawn from a vocabulary with Zipf
// word frequencies, plus one sentence and three ingredients in every recipe. Per run (a new server, so nothing is
// remembered): `--rate` filtered reads a second of the worst kinds, each a question not asked before (one- and
// two-letter ingredient words in any script, ingredient and text words found in every recipe), while /api/health
// is asked every 10 ms; then, with no load, issue 40's figure: realistic words typed key by key into `words=`, each
// a first read. Prints each run's figures and the median of the runs. Figures only: no pass or fail.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../server/db/index.ts';
import { seed, VOCABULARY, worstQueries } from './filters-book.ts';
import { cpuSeconds } from './cpu.ts';
import { machineLoad, percentile } from './report.ts';
import { startServer } from './start-server.ts';

const { values: opts } = parseArgs({
  options: {
    recipes: { type: 'string', default: '100000' },
    seconds: { type: 'string', default: '30' },
    rate: { type: 'string', default: '20' },
    runs: { type: 'string', default: '3' },
    'database-url': { type: 'string' },
  },
});
const RECIPES = Number(opts.recipes);

const ms = (n: number) => `${n.toFixed(1)} ms`;
type RunFigures = {
  cpuPerRead: number;
  healthP99: number;
  healthMax: number;
  readP50: number;
  readP95: number;
  readMax: number;
  sent: number;
  refused: number;
  typedP95: number;
  typedMax: number;
};

async function oneRun(dataDir: string, run: number): Promise<RunFigures> {
  const server = await startServer({
    name: 'filters',
    throughNpm: true,
    env: {
      DATA_DIR: dataDir,
      ...(opts['database-url'] ? { DATABASE_URL: opts['database-url'] } : {}),
      SERVE_SITE: 'false',
      LOG_LEVEL: 'warn',
      // The reads come from many visitors: each request names its own address (the filtered reads' allowance is
      // per client), believed from the one proxy hop of loopback.
      TRUST_PROXY: 'true',
    },
  });
  try {
    const api = `${server.base}/api`;
    // The name index is built at start; wait until a filtered read answers, and warm each kind of read once with a
    // question the run does not ask (the first statements of a new PGlite compile in WebAssembly).
    for (const warm of ['maxMinutes=5&limit=1', 'ingredients=0', 'ingredients=zzz', 'words=qq', 'words=zzz'])
      await (await fetch(`${api}/recipes/names?${warm}`)).arrayBuffer();
    // The server builds its lists at start (the name index, and the full list GET /recipes serves, in the
    // background): at 100,000 recipes that is tens of seconds of CPU, which a figure per read must not include. Wait
    // until the server is idle (under 50 ms of CPU in a second) before the clock starts.
    const settling = performance.now();
    for (let idle = false; !idle && performance.now() - settling < 600_000;) {
      const before = cpuSeconds(server.pid);
      await new Promise((r) => setTimeout(r, 1000));
      idle = cpuSeconds(server.pid) - before < 0.05;
    }
    console.log(`  server idle after start-up work: ${((performance.now() - settling) / 1000).toFixed(0)} s`);
    const queries = worstQueries(run);
    const seconds = Number(opts.seconds);
    const rate = Number(opts.rate);
    const health: number[] = [];
    const reads: number[] = [];
    let refused = 0;
    const slowest: [number, string][] = [];
    let done = false;
    const prober = (async () => {
      while (!done) {
        const t = performance.now();
        await (await fetch(`${api}/health`)).arrayBuffer();
        health.push(performance.now() - t);
        await new Promise((r) => setTimeout(r, 10));
      }
    })();
    const inFlight: Promise<void>[] = [];
    // The server's CPU time per read: on a machine shared with other work, the one figure its load does not stretch.
    const cpuBefore = cpuSeconds(server.pid);
    const started = performance.now();
    for (let k = 0; k < seconds * rate; k++) {
      const due = started + (k * 1000) / rate;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const query = queries[k % queries.length] as string;
      inFlight.push(
        (async () => {
          const t = performance.now();
          const response = await fetch(`${api}/recipes/names?${query}`, {
            headers: { 'x-forwarded-for': `198.51.100.${k % 250}` },
          });
          await response.arrayBuffer();
          if (response.status === 429) refused++;
          reads.push(performance.now() - t);
          slowest.push([performance.now() - t, query]);
        })(),
      );
    }
    await Promise.all(inFlight);
    done = true;
    await prober;
    const cpuPerRead = ((cpuSeconds(server.pid) - cpuBefore) * 1000) / Math.max(1, reads.length);
    // Issue 40's figure: realistic words (of the Zipf vocabulary, common to rare) typed key by key, each a first read.
    const typed: number[] = [];
    for (const word of [VOCABULARY[0], VOCABULARY[3], VOCABULARY[20], VOCABULARY[150], VOCABULARY[1200]] as string[]) {
      for (let n = 1; n <= word.length; n++) {
        const t = performance.now();
        await (await fetch(`${api}/recipes/names?words=${encodeURIComponent(word.slice(0, n))}`)).arrayBuffer();
        typed.push(performance.now() - t);
      }
    }
    slowest.sort((a, b) => b[0] - a[0]);
    console.log(
      `  slowest reads: ${slowest
        .slice(0, 4)
        .map(([t, q]) => `${decodeURIComponent(q)} ${ms(t)}`)
        .join(', ')}`,
    );
    const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
    const h = sorted(health);
    const r = sorted(reads);
    const w = sorted(typed);
    return {
      cpuPerRead,
      healthP99: percentile(h, 99),
      healthMax: h.at(-1) ?? NaN,
      readP50: percentile(r, 50),
      readP95: percentile(r, 95),
      readMax: r.at(-1) ?? NaN,
      sent: reads.length,
      refused,
      typedP95: percentile(w, 95),
      typedMax: w.at(-1) ?? NaN,
    };
  } finally {
    await server.stop();
  }
}

const root = mkdtempSync(join(tmpdir(), 'bench-filters-'));
const dataDir = join(root, 'data');
try {
  const db = await openDatabase({ dataDir, databaseUrl: opts['database-url'] });
  const seeding = performance.now();
  try {
    await seed(db, RECIPES);
    const counted = await db.orm.execute(sql`SELECT (SELECT count(*) FROM recipes)::int AS recipes,
      (SELECT count(*) FROM ingredient_names)::int AS names`);
    const [{ recipes, names } = { recipes: 0, names: 0 }] = (
      counted as unknown as { rows: { recipes: number; names: number }[] }
    ).rows;
    console.log(
      `seeded ${recipes} recipes, ${names} ingredient names in ${((performance.now() - seeding) / 1000).toFixed(0)} s`,
    );
  } finally {
    await db.close();
  }
  const runs: RunFigures[] = [];
  for (let run = 0; run < Number(opts.runs); run++) {
    const figures = await oneRun(dataDir, run);
    runs.push(figures);
    console.log(
      `run ${run + 1}: ${figures.sent} reads (${figures.refused} refused), /api/health p99 ${ms(figures.healthP99)} ` +
        `(max ${ms(figures.healthMax)}); reads p50 ${ms(figures.readP50)}, p95 ${ms(figures.readP95)}, max ${ms(figures.readMax)}; ` +
        `words typed, first reads p95 ${ms(figures.typedP95)} (max ${ms(figures.typedMax)}); ` +
        `server CPU ${ms(figures.cpuPerRead)} a read (health probes included); load ${machineLoad()}`,
    );
  }
  const median = (pick: (f: RunFigures) => number) => {
    const xs = runs.map(pick).sort((a, b) => a - b);
    return xs[Math.floor(xs.length / 2)] ?? NaN;
  };
  console.log(
    `median of ${runs.length}: /api/health p99 ${ms(median((f) => f.healthP99))}; reads max ${ms(median((f) => f.readMax))}, ` +
      `p95 ${ms(median((f) => f.readP95))}; words typed p95 ${ms(median((f) => f.typedP95))}; ` +
      `server CPU ${ms(median((f) => f.cpuPerRead))} a read`,
  );
} finally {
  rmSync(root, { recursive: true, force: true });
}
