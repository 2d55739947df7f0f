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
//   npm run bench:import-pages -- --compare recipe-scrapers [--compare-source <path>]
//                                                   also runs recipe-scrapers (from its source: <path>, else
//                                                   RECIPE_SCRAPERS_SOURCE, else the --full copy) on the same pages,
//                                                   scored by the same judge, its figures beside the product's:
//                                                   with its per-site scrapers, and schema.org only (no code per site).
//                                                   Needs a Python with bs4, extruct, isodate; skipped with a message
//                                                   when something is missing (bench/import-pages-peer.ts)
// docs/import-corpus.md says how each field is judged. Figures only: it always exits 0 when the pages could be read.
import { availableParallelism } from 'node:os';
import { createPageReader } from '../server/import/page-reader.ts';
import readRecipe from '../server/import/read-recipe.ts';
import { loadCorpus } from './import-pages-corpus.ts';
import { FIELDS, judge, saveProblems, type Draft, type Field } from './import-pages-judge.ts';
import { peerPython, peerSource, runPeer, type PeerMode } from './import-pages-peer.ts';
import { percentile } from './report.ts';

const args = process.argv.slice(2);
const full = args.includes('--full');
// The --full path: the argument that is no option and no option's value.
const VALUED = new Set(['--part', '--compare', '--compare-source']);
const path = full
  ? (args.find((a, i) => !a.startsWith('--') && !VALUED.has(args[i - 1] ?? '')) ?? process.env.IMPORT_CORPUS)
  : undefined;
if (full && !path) {
  console.error('--full needs a path: a copy of hhursev/recipe-scrapers (a clone or a bare mirror) or its test_data');
  process.exit(2);
}
const partArg = args.includes('--part') ? args[args.indexOf('--part') + 1] : undefined;
if (partArg !== undefined && partArg !== 'tune' && partArg !== 'held-out') {
  console.error("--part needs 'tune' or 'held-out'");
  process.exit(2);
}
const compareArg = args.includes('--compare') ? args[args.indexOf('--compare') + 1] : undefined;
if (args.includes('--compare') && compareArg !== 'recipe-scrapers') {
  console.error("--compare needs 'recipe-scrapers' (the only peer library the bench knows)");
  process.exit(2);
}
const compareSource = args.includes('--compare-source')
  ? args[args.indexOf('--compare-source') + 1]
  : (process.env.RECIPE_SCRAPERS_SOURCE ?? (full ? path : undefined));
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
type Tally = { right: number; of: number; misses: string[] };
function tally(draftOf: (index: number) => Draft | null): Map<Field, Tally> {
  const out = new Map(FIELDS.map((f) => [f, { right: 0, of: 0, misses: [] as string[] }]));
  pages.forEach((page, index) => {
    for (const { field, right, weight } of judge(page.expected, draftOf(index))) {
      const t = out.get(field)!;
      t.of += weight;
      if (right) t.right += weight;
      else if (t.misses.at(-1) !== page.id) t.misses.push(page.id);
    }
  });
  return out;
}
const tallies = tally((index) => drafts[index] ?? null);
const failures = new Map<string, number>(); // why drafts would not save: drafts with each reason
const byTag = new Map<string, { pages: number; read: number; saves: number }>();
pages.forEach((page, index) => {
  const draft = drafts[index] ?? null;
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

// ---- The peers' library on the same pages (issue 55 item 4): figures only, skipped with a reason ----
const peers: { label: string; tallies: Map<Field, Tally> }[] = [];
if (compareArg) {
  const python = peerPython();
  const source = peerSource(compareSource);
  if (typeof python === 'string' || typeof source === 'string') {
    console.log(`\n--compare recipe-scrapers skipped: ${typeof python === 'string' ? python : (source as string)}`);
  } else {
    for (const mode of ['sites', 'generic'] as PeerMode[]) {
      try {
        const run = await runPeer(python.python, source, pages, mode);
        peers.push({
          label: mode === 'sites' ? 'r-s, per site' : 'r-s, schema.org',
          tallies: tally((index) => run.drafts.get(pages[index]!.id) ?? null),
        });
      } catch (error) {
        console.log(`\n--compare recipe-scrapers (${mode}) failed: ${(error as Error).message}`);
      }
    }
    if (peers.length > 0)
      console.log(
        `\nrecipe-scrapers ${source.version} (${python.python}): 'per site' with its scrapers written for each site` +
          " (its own test pages' answers are its output: near 100 % by construction), 'schema.org' as for a site" +
          ' it has no scraper for. "saves without an edit" is the product\'s form: not judged for it.',
      );
  }
}

// ---- Report ----
const share = (right: number, of: number) => (of === 0 ? '-' : `${((100 * right) / of).toFixed(1)} %`);
const PEER_FIELDS = new Set<Field>(FIELDS.filter((f) => !f.startsWith('saves without an edit')));
console.log(
  `\nfield (* counted per line or group, else per page)   right /   of   share${peers.map((p) => p.label.padStart(17)).join('')}`,
);
for (const [label, { right, of, misses }] of tallies) {
  const beside = peers.map(({ tallies: t }) => {
    const peer = t.get(label)!;
    return (PEER_FIELDS.has(label) ? share(peer.right, peer.of) : '-').padStart(17);
  });
  console.log(
    `${label.padEnd(48)} ${String(right).padStart(7)} / ${String(of).padEnd(5)} ${share(right, of).padStart(7)}${beside.join('')}`,
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
