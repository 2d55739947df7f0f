// npm run bench:scan — how well a phone photo of a printed Swedish recipe is read (issue 56 item 5). The photos are
// made here (bench/scan-photos.ts: recipes of bench/scan-recipes.ts printed in Chromium in four layouts and several
// fonts, then turned, slanted, shaded, blurred, noised, shrunk and saved as JPEG the way a phone does, all from fixed
// seeds) and each is read through the API's own scan path (server/scan/page-scanner.ts: the checks before decoding,
// a scan process of its own, preparation, Tesseract, the OCR mending and the plain-text reader). Per field, the
// share read right (bench/scan-score.ts), and the time per page, printed separately for the TUNE part (what the
// preprocessing was tuned on) and the HELD-OUT part (every third recipe, never looked at while tuning). Then the
// real server (npm start): two scans POSTed at once as the demo editor while /api/health is asked every 20 ms and
// the resident memory of the server's whole process tree (its scan processes included) is read every 50 ms.
// Figures only, no pass or fail; the targets are printed beside them (docs/decisions/067-scan-bench.md).
//   npm run bench:scan [-- --count=36] [-- --part=tune|held-out] [-- --no-read] [-- --no-server] [-- --photos=DIR]
//   [-- --text] (the text read, under each page's row) [-- --misses] (the printed ingredient lines not found, and
//   the draft's lines left over, under each page's row)
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { recipeFromText } from '../server/drafts/plain-text.ts';
import { mendOcrText } from '../server/scan/mend-ocr-text.ts';
import { createPageScanner } from '../server/scan/page-scanner.ts';
import { machineLoad, percentile } from './report.ts';
import { launchChromium, photoOf, type Photo } from './scan-photos.ts';
import { partOf, recipeText, scanRecipe } from './scan-recipes.ts';
import { scoreDraft, totals, type Score } from './scan-score.ts';
import { accessToken } from './sign-in-flow.ts';
import { treeMemory } from './site-servers.ts';
import { startServer } from './start-server.ts';

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const COUNT = Number(arg('count') ?? 36);
const ONLY = arg('part')?.toUpperCase();
const TARGETS = { name: 0.9, lines: 0.9, words: 0.95, servings: 0.9, p50Ms: 10_000 };

// The photos are the same on every run: kept under a folder named by the code that makes them, so a second run
// (or the before/after of a preprocessing change) reads the very same files without rendering them again.
const maker = createHash('sha256')
  .update(readFileSync(new URL('./scan-photos.ts', import.meta.url)))
  .update(readFileSync(new URL('./scan-recipes.ts', import.meta.url)))
  .digest('hex')
  .slice(0, 12);
const folder = arg('photos') ?? join(tmpdir(), `scan-bench-photos-${maker}`);

type Made = Omit<Photo, 'recipe' | 'jpeg'> & { index: number };

async function photos(): Promise<(Made & { jpeg: Buffer })[]> {
  mkdirSync(folder, { recursive: true });
  const wanted = Array.from({ length: COUNT }, (_, i) => i).filter((i) => !ONLY || partOf(i) === ONLY);
  const missing = wanted.filter((i) => !existsSync(join(folder, `${i}.json`)));
  if (missing.length) {
    console.log(`making ${missing.length} photos in ${folder} …`);
    const browser = await launchChromium();
    try {
      for (const i of missing) {
        const { recipe, jpeg, ...made } = await photoOf(browser, scanRecipe(i));
        writeFileSync(join(folder, `${i}.jpg`), jpeg);
        writeFileSync(join(folder, `${i}.json`), JSON.stringify({ ...made, index: recipe.index }));
      }
    } finally {
      await browser.close();
    }
  }
  return wanted.map((i) => ({
    ...(JSON.parse(readFileSync(join(folder, `${i}.json`), 'utf8')) as Made),
    jpeg: readFileSync(join(folder, `${i}.jpg`)),
  }));
}

const pct = (n: number) => `${(n * 100).toFixed(1)} %`;

function report(title: string, rows: { score: Score; ms: number }[]): void {
  if (rows.length === 0) return;
  const t = totals(rows.map((r) => r.score));
  const times = rows.map((r) => r.ms).sort((a, b) => a - b);
  console.log(`\n${title} (${t.pages} pages)`);
  console.log(`  name right          ${pct(t.name).padStart(8)}   target ≥ ${pct(TARGETS.name)}`);
  console.log(`  ingredient lines    ${pct(t.lines).padStart(8)}   target ≥ ${pct(TARGETS.lines)}`);
  console.log(`  step words          ${pct(t.words).padStart(8)}   target ≥ ${pct(TARGETS.words)}`);
  console.log(`  servings right      ${pct(t.servings).padStart(8)}   target ≥ ${pct(TARGETS.servings)}`);
  console.log(
    `  time per page       p50 ${(percentile(times, 50) / 1000).toFixed(1)} s, p95 ${(percentile(times, 95) / 1000).toFixed(1)} s` +
      `   target p50 ≤ ${TARGETS.p50Ms / 1000} s`,
  );
}

async function readAll(list: (Made & { jpeg: Buffer })[]): Promise<void> {
  const scanner = createPageScanner({ timeoutMs: 180_000 });
  const results: { photo: Made; score: Score; ms: number }[] = [];
  console.log('\n  #  part      layout         font                   kind     turn   time   name lines  words serv');
  try {
    for (const photo of list) {
      const recipe = scanRecipe(photo.index);
      const started = performance.now();
      const outcome = await scanner.scan([new Uint8Array(photo.jpeg)]).catch((error: Error) => {
        console.log(`  ${photo.index}: refused: ${error.message}`);
        return null;
      });
      const ms = performance.now() - started;
      const score = scoreDraft(recipe, outcome?.recipe ?? null);
      results.push({ photo, score, ms });
      console.log(
        `${String(photo.index).padStart(3)}  ${partOf(photo.index).padEnd(8)}  ${photo.layout.padEnd(13)}  ` +
          `${photo.font.padEnd(21)}  ${photo.kind.padEnd(7)} ${photo.turn.toFixed(1).padStart(5)}° ` +
          `${(ms / 1000).toFixed(1).padStart(5)} s  ${score.name ? 'yes ' : 'no  '} ${`${score.linesRight}/${score.lines}`.padStart(5)} ` +
          `${pct(score.wordsFound / score.words).padStart(7)} ${score.servings ? 'yes' : 'no'}`,
      );
      if (process.argv.includes('--text')) console.log(outcome?.text.replace(/^/gmu, '       | '));
      if (process.argv.includes('--misses'))
        for (const [sign, lines] of [
          ['-', score.missed],
          ['+', score.unmatched],
        ] as const)
          for (const line of lines) console.log(`       ${sign} ${line}`);
    }
  } finally {
    await scanner.close();
  }
  for (const part of ['TUNE', 'HELD-OUT'] as const) {
    const mine = results.filter((r) => partOf(r.photo.index) === part);
    report(`${part} part${part === 'HELD-OUT' ? ' (never looked at while tuning)' : ''}`, mine);
    for (const kind of ['careful', 'hurried'] as const)
      report(
        `  ${part}, ${kind} photos`,
        mine.filter((r) => r.photo.kind === kind),
      );
  }
}

async function onTheServer(pages: Buffer[]): Promise<void> {
  const load = machineLoad();
  const server = await startServer({
    name: 'scan',
    env: { SERVE_SITE: 'false', LOG_LEVEL: 'error', SCAN_TIMEOUT_MS: '300000', IDP_ACCESS_TOKEN_SECONDS: '3600' },
    throughNpm: true,
  });
  try {
    const token = await accessToken(server.base, '127.0.0.1', 'redaktor', 'redaktor');
    const post = async (jpeg: Buffer) => {
      const started = performance.now();
      const res = await fetch(`${server.base}/api/recipe-imports`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'image/jpeg' },
        body: new Uint8Array(jpeg),
      });
      const body = await res.text();
      if (res.status !== 200) throw new Error(`POST /api/recipe-imports answered ${res.status}: ${body.slice(0, 300)}`);
      return performance.now() - started;
    };
    // Warm: connections open, the server's start-up behind it (a fresh data folder is heavy for some seconds).
    for (let i = 0; i < 5; i++) await (await fetch(`${server.base}/api/health`)).arrayBuffer();
    await new Promise((done) => setTimeout(done, 15_000));
    const atRest = treeMemory(server.pid).rssMb;
    const health: number[] = [];
    const pending: Promise<void>[] = [];
    const ask = async () => {
      const started = performance.now();
      const res = await fetch(`${server.base}/api/health`);
      await res.arrayBuffer();
      health.push(performance.now() - started);
    };
    let peak = atRest;
    const asking = setInterval(() => pending.push(ask()), 20);
    const reading = setInterval(() => (peak = Math.max(peak, treeMemory(server.pid).rssMb)), 50);
    let times: number[];
    try {
      times = await Promise.all(pages.map(post));
    } finally {
      clearInterval(asking);
      clearInterval(reading);
    }
    await Promise.all(pending);
    health.sort((a, b) => a - b);
    console.log(`\nOn npm start (pid ${server.pid}), 2 scans POSTed at once as redaktor; load average before: ${load}`);
    console.log(`  the two scans took       ${times.map((t) => `${(t / 1000).toFixed(1)} s`).join(', ')}`);
    console.log(
      `  /api/health while they ran  p50 ${percentile(health, 50).toFixed(1)} ms, p99 ${percentile(health, 99).toFixed(1)} ms ` +
        `(n=${health.length})   target p99 ≤ 50 ms`,
    );
    console.log(
      `  process tree RSS          at rest ${atRest.toFixed(0)} MB, peak ${peak.toFixed(0)} MB (every 50 ms)   target < 512 MB`,
    );
  } finally {
    await server.stop();
  }
}

const list = await photos();
console.log(
  `${list.length} photos (${folder}); parts by a fixed rule: every third recipe (index 2, 5, 8, …) HELD-OUT, the rest TUNE`,
);
// The printed text itself through the mending and the reader: what a perfect reading would score (the ceiling).
const ceiling = totals(
  list.map((p) => scoreDraft(scanRecipe(p.index), recipeFromText(mendOcrText(recipeText(scanRecipe(p.index)))))),
);
console.log(
  `ceiling (the printed text itself, no photo): name ${pct(ceiling.name)}, lines ${pct(ceiling.lines)}, ` +
    `step words ${pct(ceiling.words)}, servings ${pct(ceiling.servings)}`,
);
if (!process.argv.includes('--no-read')) await readAll(list);
if (!process.argv.includes('--no-server')) {
  const two = list.filter((p) => p.kind === 'careful').slice(0, 2);
  await onTheServer(two.map((p) => p.jpeg));
}
