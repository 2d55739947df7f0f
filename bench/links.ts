// npm run bench:links [-- --recipes 100000 --requests 5000]
// What the recipe's head costs /{id} (issue 24), at 100,000 recipes on PGlite, in this process:
// - injection: recipeHead + the shell joined around it (server/site/recipe-head.ts, shell.ts), per call, for
//   recipes already read: the work the server adds to every /{id};
// - /{id} through the whole app (app.inject: routing, the recipe's read, headers), against /{id}/edit (the plain
//   shell from disk), p50 and p99;
// - the sitemap: its first build (every recipe read once) and a request after it (the change stamp only).
// Needs the built site (npm run build). Prints figures; a benchmark, not a test.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/index.ts';
import { recipesByIds } from '../server/db/repositories/recipe-repository.ts';
import { recipeHead } from '../server/site/recipe-head.ts';
import { siteAddresses } from '../server/site/recipe-page.ts';
import { splitShell, withHead } from '../server/site/shell.ts';
import { insertBenchRecipes } from './bulk-seed.ts';

const { values: args } = parseArgs({
  options: { recipes: { type: 'string', default: '100000' }, requests: { type: 'string', default: '5000' } },
});
const total = Number(args.recipes);
const requests = Number(args.requests);
const siteDir = resolve('dist');

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
const ms = (n: number) => `${n.toFixed(3)} ms`;
const randomId = () => 1 + Math.floor(Math.random() * total);

async function timed(n: number, work: (i: number) => unknown): Promise<{ p50: number; p99: number }> {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const start = performance.now();
    await work(i);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { p50: quantile(times, 0.5), p99: quantile(times, 0.99) };
}

const dataDir = mkdtempSync(join(tmpdir(), 'bench-links-'));
try {
  const config = loadConfig({
    DATA_DIR: dataDir,
    SITE_DIR: siteDir,
    SERVE_SITE: 'true',
    PUBLIC_URL: 'https://recept.example.se',
    LOG_LEVEL: 'silent',
  });
  const db = await openDatabase({ dataDir });
  let start = performance.now();
  await insertBenchRecipes(db, 0, total);
  console.log(
    `seeded ${total.toLocaleString('sv-SE')} recipes in ${((performance.now() - start) / 1000).toFixed(1)} s`,
  );
  const app = await buildApp(config, { db, logger: false });

  // Injection alone, over recipes as the database gives them (a sample, read once).
  const shell = splitShell(readFileSync(join(siteDir, 'recipe.html'), 'utf8'));
  const { origin, apiBase } = siteAddresses(config);
  const sample = await recipesByIds(db.orm, Array.from({ length: 2000 }, randomId));
  const inject = await timed(requests * 4, (i) => {
    const recipe = sample[i % sample.length]!;
    return withHead(shell, recipeHead(recipe, { pageUrl: `${origin}/${recipe.id}`, apiBase })).length;
  });

  const get = (url: string) => app.inject({ method: 'GET', url });
  await timed(500, () => get(`/${randomId()}`)); // warm-up: the prepared statement, the JIT
  const page = await timed(requests, async () => {
    const res = await get(`/${randomId()}`);
    if (res.statusCode !== 200) throw new Error(`/{id} answered ${res.statusCode}`);
  });
  const plain = await timed(requests, () => get(`/${randomId()}/edit`));

  // The first request makes the copy; one that outlasts the request limit answers 503 while it goes on.
  start = performance.now();
  let first = await get('/sitemap.xml');
  while (first.statusCode === 503) first = await get('/sitemap.xml');
  const build = performance.now() - start;
  const files = [...first.body.matchAll(/<loc>/g)].length;
  const cached = await timed(200, () => get('/sitemap.xml'));
  const file = await timed(20, () => get('/sitemap-1.xml'));

  console.log(`\n/{id} with the recipe's head, ${total.toLocaleString('sv-SE')} recipes (PGlite, in-process):`);
  console.log(
    `  injection (head + shell), per call:   p50 ${ms(inject.p50)}   p99 ${ms(inject.p99)}   (target ≤ 1 ms p50)`,
  );
  console.log(`  GET /{id} (app.inject, read + head):  p50 ${ms(page.p50)}   p99 ${ms(page.p99)}`);
  console.log(`  GET /{id}/edit (plain shell file):    p50 ${ms(plain.p50)}   p99 ${ms(plain.p99)}`);
  console.log(
    `  sitemap: first build ${ms(build)} (${files} files); /sitemap.xml after it p50 ${ms(cached.p50)}; /sitemap-1.xml p50 ${ms(file.p50)}`,
  );
  await app.close();
  await db.close();
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
