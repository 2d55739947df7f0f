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
import { openDatabase, type Database } from '../server/db/index.ts';
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

/** A deterministic pseudo-random number in [0, 1) for (i, j). */
const rand = (i: number, j: number) => ((Math.imul(i + 1, 2654435761) ^ Math.imul(j + 7, 2246822519)) >>> 0) / 2 ** 32;

const LATIN = 'ka ri mo se lu ta ne vi po gå är ön bo fe li'.split(' ');
const GREEK = 'κα ρι μο σε λυ τα νε βι πο φε'.split(' ');
const CYRILLIC = 'ка ри мо се лу та не ви по фе'.split(' ');
const LETTERS = [...'abcdefghijklmnopqrstuvwxyzåäö', ...'αβγδεζηθικλμνξοπρστυφχψω', ...'абвгдежзиклмнопрстуфхцчшщэюя'];
const FOODS = ['Ost', 'Korv', 'Svamp', 'Bär', 'Kål', 'Fisk', 'Bröd', 'Sås', 'Krydda', 'Olja', 'Rot', 'Frukt'];

/** Ingredient name number n: a food and a made-up word (about one name in three in Greek or Cyrillic letters). */
function ingredientName(n: number): string {
  const script = [LATIN, LATIN, LATIN, GREEK, CYRILLIC][n % 5] as string[];
  let word = '';
  for (let s = 0; s < 3 + (n % 3); s++) word += script[Math.floor(rand(n, s) * script.length)];
  const letter = n % 10 === 0 ? ` ${LETTERS[n % LETTERS.length]}` : '';
  return `${FOODS[n % FOODS.length]} ${word}${letter} ${n % 997}`.slice(0, 34);
}

// The vocabulary of the instructions: 3,000 words, the k-th most common used with weight 1/k (Zipf, s = 1).
const VOCABULARY = Array.from({ length: 3000 }, (_, k) => {
  let word = '';
  for (let s = 0; s < 2 + (k % 2); s++) word += LATIN[Math.floor(rand(k, s + 40) * LATIN.length)] as string;
  return (
    word +
    'bdfgklmnrt'[k % 10] +
    'aeiouyåäöe'[Math.floor(k / 10) % 10] +
    'bdfgklmnrst'.slice(0, Math.floor(k / 100) % 11)
  );
});
const HARMONIC = VOCABULARY.reduce((sum, _w, k) => sum + 1 / (k + 1), 0);
function zipfWord(u: number): string {
  let acc = 0;
  for (let k = 0; k < VOCABULARY.length; k++) {
    acc += 1 / (k + 1) / HARMONIC;
    if (u < acc) return VOCABULARY[k] as string;
  }
  return VOCABULARY.at(-1) as string;
}
/** In every recipe: the words a person may type that then match the whole book. */
const EVERY_RECIPE_SENTENCE = 'Sätt ugnen på och grädda tills ytan är gyllenbrun, servera varm.';
const EVERY_RECIPE_INGREDIENTS = ['Salt', 'Vatten', 'Svartpeppar'];

function recipe(i: number) {
  const words = Array.from({ length: 40 }, (_, j) => zipfWord(rand(i, j + 100)));
  const names = new Set(EVERY_RECIPE_INGREDIENTS);
  // Recipe i brings one or two new names (about N distinct in all) and three of the names before it.
  names.add(ingredientName(i));
  if (i % 3 === 0) names.add(ingredientName(RECIPES + i));
  for (let j = 0; j < 3; j++) names.add(ingredientName(Math.floor(rand(i, j + 200) * (i + 1))));
  return {
    name: `Rätt ${i}`,
    author: 'bench',
    instructions: `${words.join(' ')}. ${EVERY_RECIPE_SENTENCE}`,
    servings: 4,
    ingredients: [...names],
  };
}

/** The book, loaded as bench/bulk-seed.ts loads one: documents and names in one statement each, GIN built after. */
async function seed(db: Database): Promise<void> {
  await db.orm.transaction(async (tx) => {
    await tx.execute(sql`ALTER TABLE recipes DISABLE TRIGGER recipes_document`);
    const found = await tx.execute(sql`
      SELECT indexname AS name, indexdef AS definition FROM pg_indexes
      WHERE schemaname = current_schema() AND indexdef LIKE '% USING gin %'
        AND tablename IN ('recipes', 'ingredients', 'recipe_texts', 'ingredient_names', 'recipe_ingredient_names')`);
    const indexes = (found as unknown as { rows: { name: string; definition: string }[] }).rows;
    for (const { name } of indexes) await tx.execute(sql`DROP INDEX ${sql.identifier(name)}`);
    for (let start = 0; start < RECIPES; start += 5000) {
      const batch = Array.from({ length: Math.min(5000, RECIPES - start) }, (_, k) => recipe(start + k));
      await tx.execute(sql`
        WITH input AS (
          SELECT * FROM json_to_recordset(${JSON.stringify(batch)}::json)
            AS x(name text, author text, instructions text, servings integer, ingredients json)
        ), inserted AS (
          INSERT INTO recipes (name, author, instructions, servings, total_minutes)
          SELECT name, author, instructions, servings, 10 + length(name) * 7 % 110 FROM input RETURNING id, name
        )
        INSERT INTO ingredients (recipe_id, position, name)
        SELECT inserted.id, g.ordinality - 1, g.item
        FROM inserted JOIN input ON input.name = inserted.name
        CROSS JOIN LATERAL json_array_elements_text(input.ingredients) WITH ORDINALITY AS g(item, ordinality)`);
    }
    await tx.execute(sql`INSERT INTO recipe_texts (recipe_id, document) SELECT id, recipe_document(id) FROM recipes`);
    await tx.execute(sql`SELECT write_missing_ingredient_names()`);
    await tx.execute(sql`SET CONSTRAINTS ALL IMMEDIATE`);
    for (const { definition } of indexes) await tx.execute(sql.raw(definition));
    await tx.execute(sql`ALTER TABLE recipes ENABLE TRIGGER recipes_document`);
  });
  await db.orm.execute(sql`VACUUM ANALYZE`);
}

/** The worst questions, none asked twice: short words in every script, and words found in every recipe. */
function worstQueries(run: number): string[] {
  const short: string[] = [];
  for (const a of LETTERS) short.push(`ingredients=${encodeURIComponent(a)}`);
  for (const a of LETTERS) for (const b of LETTERS) short.push(`ingredients=${encodeURIComponent(a + b)}`);
  const everyIngredient = EVERY_RECIPE_INGREDIENTS.flatMap((w) =>
    Array.from({ length: w.length - 2 }, (_, k) => w.slice(0, k + 3).toLowerCase()),
  );
  const everyWord = EVERY_RECIPE_SENTENCE.toLowerCase().match(/\p{L}{3,}/gu) ?? [];
  const common: string[] = [];
  for (const a of everyIngredient)
    for (const b of everyIngredient) if (a < b) common.push(`ingredients=${encodeURIComponent(`${a} ${b}`)}`);
  for (const a of everyWord)
    for (const b of everyWord) if (a < b) common.push(`words=${encodeURIComponent(`${a} ${b}`)}`);
  // Interleaved: one in three asks for a word in every recipe. Each run takes other questions (a new server too).
  const mixed: string[] = [];
  for (let k = 0; mixed.length < short.length + common.length; k++) {
    if (k % 3 === 2 && common.length > 0)
      mixed.push(common.splice((k * 7919 + run * 31) % common.length, 1)[0] as string);
    else if (short.length > 0) mixed.push(short.splice((k * 104729 + run * 131) % short.length, 1)[0] as string);
    else mixed.push(common.shift() as string);
  }
  return mixed;
}

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
    await seed(db);
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
