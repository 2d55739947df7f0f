// npm run bench:history [-- --recipes 100000 --versions 10 --requests 300]
// Issue 41, item 5: what a kept history costs at scale. A throwaway PostgreSQL cluster (scripts/postgres-for-tests.ts)
// gets `--recipes` bench recipes (bench/bulk-seed.ts), the real server runs on it, and the bench prints the database's
// size and the latency of the list's first page and of one recipe's read, a save (which records a version) and one
// step of the sweep (which looks for histories over their limit); then every recipe gets `--versions` saved versions,
// each the size of the recipe's own content, and the same figures are printed again. Figures only: no pass or fail.
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../server/db/index.ts';
import { getRecipe, updateRecipe } from '../server/db/repositories/recipe-repository.ts';
import { inputOfVersion } from '../server/db/repositories/recipe-history-repository.ts';
import { sweepStep } from '../server/db/repositories/recipe-trash-repository.ts';
import { startTestPostgres } from '../scripts/postgres-for-tests.ts';
import { insertBenchRecipes } from './bulk-seed.ts';
import { machineLoad, percentile } from './report.ts';
import { startServer } from './start-server.ts';

const { values: opts } = parseArgs({
  options: {
    recipes: { type: 'string', default: '100000' },
    versions: { type: 'string', default: '10' },
    requests: { type: 'string', default: '300' },
  },
});
const RECIPES = Number(opts.recipes);
const VERSIONS = Number(opts.versions);
const REQUESTS = Number(opts.requests);

const ms = (sorted: number[]) =>
  `${percentile(sorted, 50).toFixed(1)} / ${percentile(sorted, 95).toFixed(1)} ms`.padEnd(20);
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;

async function timed(times: number, run: (i: number) => Promise<unknown>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < times; i++) {
    const started = performance.now();
    await run(i);
    out.push(performance.now() - started);
  }
  return out.sort((a, b) => a - b);
}

async function get(url: string): Promise<void> {
  const res = await fetch(url);
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`GET ${url} answered ${res.status}`);
}

console.log(
  `bench:history: ${RECIPES} recipes, ${VERSIONS} versions each, ${REQUESTS} requests per figure; PostgreSQL 15; load ${machineLoad()}`,
);
const pg = await startTestPostgres();
const db = await openDatabase({ databaseUrl: pg.url, dataDir: '' });
let started = performance.now();
// 20,000 recipes per transaction: the search texts are written at commit (migration 014's trigger), and one commit
// of 100,000 outlasts the driver's read time-out.
for (let from = 0; from < RECIPES; from += 20_000) await insertBenchRecipes(db, from, Math.min(RECIPES, from + 20_000));
console.log(`seeded ${RECIPES} recipes in ${((performance.now() - started) / 1000).toFixed(0)} s`);
const server = await startServer({ name: 'history', env: { DATABASE_URL: pg.url } });
try {
  const [{ min, max } = { min: 1, max: 1 }] = (
    (await db.orm.execute(sql`SELECT min(id)::int AS min, max(id)::int AS max FROM recipes`)) as {
      rows: { min: number; max: number }[];
    }
  ).rows;
  const someId = (i: number) => min + ((i * 7919) % (max - min + 1));
  const limits = { trashDays: 30, history: { versions: 100, days: 365 } };

  const figures = async (label: string) => {
    await db.orm.execute(sql`ANALYZE`);
    const size = (
      (await db.orm.execute(
        sql`SELECT pg_database_size(current_database())::bigint AS db, pg_total_relation_size('recipe_versions')::bigint AS versions`,
      )) as { rows: { db: string; versions: string }[] }
    ).rows[0];
    // The name index built before timing (at 100,000 its first build outlasts a request's time limit: 503 meanwhile).
    for (let tries = 0; (await fetch(`${server.base}/api/recipes/names`)).status !== 200; tries++) {
      if (tries > 60) throw new Error('GET /api/recipes/names never answered 200');
      await new Promise((done) => setTimeout(done, 2000));
    }
    const list = await timed(REQUESTS, () => get(`${server.base}/api/recipes/names`));
    const read = await timed(REQUESTS, (i) => get(`${server.base}/api/recipes/${someId(i)}`));
    const save = await timed(Math.min(REQUESTS, 100), async (i) => {
      const id = someId(i * 13 + 5);
      const recipe = await getRecipe(db.orm, id);
      if (!recipe) throw new Error(`no recipe ${id}`);
      const input = { ...inputOfVersion(recipe), servings: recipe.servings + 1 };
      const result = await updateRecipe(db.orm, id, input, recipe.version, undefined, 'bench');
      if (result.kind !== 'updated') throw new Error(`save of ${id}: ${result.kind}`);
    });
    const sweep = await timed(3, () => sweepStep(db.orm, limits, new Date()));
    console.log(
      `${label.padEnd(34)} database ${mb(Number(size?.db)).padEnd(8)} versions table ${mb(Number(size?.versions)).padEnd(8)}` +
        ` list p50/p95 ${ms(list)} read ${ms(read)} save ${ms(save)} sweep step ${ms(sweep)}`,
    );
  };

  await figures('without history');

  // Every recipe gets VERSIONS saved versions: its own content as the API answers it, so each row is the size a real
  // version of it would be (built in SQL, 10,000 recipes per statement).
  started = performance.now();
  for (let from = min; from <= max; from += 10_000) {
    await db.orm.execute(
      sql`UPDATE recipes SET version = version + ${VERSIONS} WHERE id >= ${from} AND id < ${from + 10_000}`,
    );
    await db.orm.execute(sql`
      INSERT INTO recipe_versions (recipe_id, version, saved_at, saved_by, content)
      SELECT r.id, v, now() - make_interval(days => ${VERSIONS} - v), 'bench',
        jsonb_build_object('id', r.id, 'name', r.name, 'author', r.author, 'instructions', r.instructions,
          'servings', r.servings, 'version', v, 'createdAt', r.created_at, 'updatedAt', r.updated_at,
          'ingredients', coalesce((SELECT jsonb_agg(jsonb_build_object('name', i.name,
            'quantity', jsonb_build_object('value', i.quantity_value, 'unit', i.unit)) ORDER BY i.position)
            FROM ingredients i WHERE i.recipe_id = r.id), '[]'::jsonb))
      FROM recipes r, generate_series(1, ${VERSIONS}) AS v
      WHERE r.id >= ${from} AND r.id < ${from + 10_000}
      ON CONFLICT DO NOTHING`);
  }
  console.log(`wrote ${VERSIONS} versions of each recipe in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  await figures(`with ${VERSIONS} versions of each recipe`);
} finally {
  await server.stop();
  await db.close();
  pg.stop();
}
