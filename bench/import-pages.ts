// npm run bench:import-pages — how well 'Importera recept' reads real recipe pages (issue 37, item 10).
// Reads every page of the corpus as a pasted page with the product's reader (server/import/read-recipe.ts, called
// in this process), compares each draft with the answer recipe-scrapers expects of the page, and prints per field
// the share of pages read correctly, the share of drafts the create form saves without an edit, and the time per
// page, in this process and through the real worker pool (createPageReader: what the editor waits for).
//   npm run bench:import-pages                      the committed fixtures (tests/fixtures/import-corpus)
//   npm run bench:import-pages -- --misses           also names the pages each field missed
//   npm run bench:import-pages -- --part tune|held-out   only the sites of that part (issue 55): a site's pages are
//                                                   held out when a hash of its folder's name says so (a third of
//                                                   the sites), so rules are tuned on one part and measured on the other
//   npm run bench:import-pages -- --no-pool          leaves out the timing through the worker pool (a quicker run)
//   npm run bench:import-pages -- --full <path>     recipe-scrapers' whole test data: <path> is a git copy (clone or
//                                                   bare mirror) of hhursev/recipe-scrapers, or a folder of
//                                                   <site>/<page>.testhtml + .json (IMPORT_CORPUS=<path> also works)
// docs/import-corpus.md says how each field is judged. Figures only: it always exits 0 when the pages could be read.
import { availableParallelism } from 'node:os';
import { createPageReader } from '../server/import/page-reader.ts';
import readRecipe from '../server/import/read-recipe.ts';
import { loadCorpus } from './import-pages-corpus.ts';
import { FIELDS, judge, saveProblems, type Draft } from './import-pages-judge.ts';
import { percentile } from './report.ts';

const args = process.argv.slice(2);
const full = args.includes('--full');
const path = full ? (args.find((a) => !a.startsWith('--')) ?? process.env.IMPORT_CORPUS) : undefined;
if (full && !path) {
  console.error('--full needs a path: a copy of hhursev/recipe-scrapers (a clone or a bare mirror) or its test_data');
  process.exit(2);
}
const partArg = args.includes('--part') ? args[args.indexOf('--part') + 1] : undefined;
if (partArg !== undefined && partArg !== 'tune' && partArg !== 'held-out') {
  console.error("--part needs 'tune' or 'held-out'");
  process.exit(2);
}
const pages = loadCorpus(path).filter((page) => partArg === undefined || partOf(page.id) === partArg);
console.log(
  `\n${pages.length} pages (${full ? path : 'tests/fixtures/import-corpus'}${partArg ? `, the ${partArg} part` : ''}), ${availableParallelism()} cores`,
);

/**
 * A page's part, by its site (the folder before '/'): FNV-1a of the site's name, held out when it leaves 0 modulo 3.
 * By site, not by page: a rule tuned on one page of a site would otherwise be measured on its sister page.
 */
function partOf(id: string): 'tune' | 'held-out' {
  let hash = 0x811c9dc5;
  for (const char of id.split('/')[0]!) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
  return hash % 3 === 0 ? 'held-out' : 'tune';
}

// ---- Reading: a few pages to warm up, then each page timed, one at a time. A reader that throws reads nothing
// (the pool would answer 500); it is counted and named. Awaited, so a reader that becomes async is timed whole. ----
const read = async (html: string): Promise<Draft | null> =>
  (await Promise.resolve(readRecipe({ kind: 'html', text: html }))) ?? null;
for (const page of pages.slice(0, 20)) await read(page.html).catch(() => null);
const drafts: (Draft | null)[] = [];
const direct: number[] = [];
const threw: string[] = [];
for (const page of pages) {
  const started = performance.now();
  drafts.push(
    await read(page.html).catch(() => {
      threw.push(page.id);
      return null;
    }),
  );
  direct.push(performance.now() - started);
}

// ---- Judging ----
const tallies = new Map(FIELDS.map((f) => [f, { right: 0, of: 0, misses: [] as string[] }]));
const failures = new Map<string, number>(); // why drafts would not save: drafts with each reason
const byTag = new Map<string, { pages: number; read: number; saves: number }>();
pages.forEach((page, index) => {
  const draft = drafts[index] ?? null;
  for (const { field, right, weight } of judge(page.expected, draft)) {
    const tally = tallies.get(field)!;
    tally.of += weight;
    if (right) tally.right += weight;
    else if (tally.misses.at(-1) !== page.id) tally.misses.push(page.id);
  }
  const problems = draft ? saveProblems(draft) : [];
  for (const problem of problems) failures.set(problem, (failures.get(problem) ?? 0) + 1);
  for (const tag of page.tags) {
    const t = byTag.get(tag) ?? { pages: 0, read: 0, saves: 0 };
    t.pages++;
    if (draft) t.read++;
    if (draft && problems.length === 0) t.saves++;
    byTag.set(tag, t);
  }
});

// ---- Through the worker pool, one page at a time, as an editor's import waits for it ----
const reader = createPageReader({ timeoutMs: 10_000 });
const pooledPages = args.includes('--no-pool') ? [] : pages;
const pooled: number[] = [];
let differing = 0;
let refused = 0;
try {
  // Workers started; a warm-up read over the limit (a loaded machine starting a worker) is no page's result.
  for (const page of pooledPages.slice(0, 4)) await reader.read({ kind: 'html', text: page.html }).catch(() => null);
  for (const [index, page] of pooledPages.entries()) {
    const started = performance.now();
    try {
      const draft = await reader.read({ kind: 'html', text: page.html });
      pooled.push(performance.now() - started);
      if (JSON.stringify(draft) !== JSON.stringify(drafts[index])) differing++;
    } catch {
      pooled.push(performance.now() - started);
      refused++;
    }
  }
} finally {
  await reader.close();
}

// ---- Report ----
const share = (right: number, of: number) => (of === 0 ? '-' : `${((100 * right) / of).toFixed(1)} %`);
console.log('\nfield (* counted per line or group, else per page)   right /   of   share');
for (const [label, { right, of, misses }] of tallies) {
  console.log(
    `${label.padEnd(48)} ${String(right).padStart(7)} / ${String(of).padEnd(5)} ${share(right, of).padStart(7)}`,
  );
  if (args.includes('--misses') && misses.length > 0) console.log(`    missed: ${misses.join(' ')}`);
}
console.log('\nby what the page offers                 pages   has a recipe   saves without an edit');
for (const [tag, t] of [...byTag.entries()].sort(([a], [b]) => a.localeCompare(b))) {
  console.log(
    `${tag.padEnd(38)} ${String(t.pages).padStart(6)}   ${share(t.read, t.pages).padStart(12)}   ${share(t.saves, t.pages).padStart(12)}`,
  );
}
console.log('\nwhy drafts would not save (field: message, drafts with it; the 10 most common)');
for (const [reason, n] of [...failures.entries()].sort((a, b) => b[1] - a[1]).slice(0, 10)) {
  console.log(`${String(n).padStart(5)}  ${reason}`);
}
const timing = (label: string, times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  const f = (n: number) => n.toFixed(1).padStart(7);
  console.log(
    `${label.padEnd(38)} p50 ${f(percentile(sorted, 50))} ms  p99 ${f(percentile(sorted, 99))} ms  max ${f(sorted.at(-1) ?? NaN)} ms`,
  );
};
console.log('\ntime per page');
timing('read-recipe.ts in this process', direct);
timing('worker pool (createPageReader)', pooled);
console.log(
  `worker pool: ${refused} pages refused (time limit 10 s), ${differing} drafts differ from the in-process ones`,
);
console.log(`the reader threw on ${threw.length} pages${threw.length ? `: ${threw.join(' ')}` : ''}\n`);
