// npm run bench:import-pages — how well 'Importera recept' reads real recipe pages (issue 37, item 10).
// Reads every page of the corpus as a pasted page with the product's reader (server/import/read-recipe.ts, called
// in this process), compares each draft with the answer recipe-scrapers expects of the page, and prints per field
// the share of pages read correctly, the share of drafts the create form saves without an edit, and the time per
// page, in this process and through the real worker pool (createPageReader: what the editor waits for).
//   npm run bench:import-pages                      the committed fixtures (tests/fixtures/import-corpus)
//   npm run bench:import-pages -- --misses           also names the pages each field missed
//   npm run bench:import-pages -- --full <path>     recipe-scrapers' whole test data: <path> is a git copy (clone or
//                                                   bare mirror) of hhursev/recipe-scrapers, or a folder of
//                                                   <site>/<page>.testhtml + .json (IMPORT_CORPUS=<path> also works)
// docs/import-corpus.md says how each field is judged. Figures only: it always exits 0 when the pages could be read.
import { availableParallelism } from 'node:os';
import { Parser } from 'htmlparser2';
import { createPageReader } from '../server/import/page-reader.ts';
import readRecipe from '../server/import/read-recipe.ts';
import { recipeInputSchema } from '../src/lib/recipe-schema.ts';
import { loadCorpus, type CorpusPage } from './import-pages-corpus.ts';
import { percentile } from './report.ts';

type Draft = NonNullable<ReturnType<typeof readRecipe>>;
type Tally = { right: number; of: number; misses: string[] };

const args = process.argv.slice(2);
const full = args.includes('--full');
const path = full ? (args.find((a) => !a.startsWith('--')) ?? process.env.IMPORT_CORPUS) : undefined;
if (full && !path)
  throw new Error('--full needs a path: a git copy of hhursev/recipe-scrapers or its test_data folder');
const pages = loadCorpus(path);
console.log(
  `\n${pages.length} pages (${full ? path : 'tests/fixtures/import-corpus'}), ${availableParallelism()} cores`,
);

// ---- Reading: once to warm up, then timed, one page at a time ----
for (const page of pages.slice(0, 20)) readRecipe({ kind: 'html', text: page.html });
const drafts: (Draft | null)[] = [];
const direct: number[] = [];
for (const page of pages) {
  const started = performance.now();
  drafts.push(readRecipe({ kind: 'html', text: page.html }));
  direct.push(performance.now() - started);
}

// ---- Judging ----
// The table's rows, in this order; '*' rows count lines or groups, the others pages.
const FIELDS = [
  'has a recipe',
  'name',
  'servings',
  'ingredients: count',
  'ingredients: names in lines *',
  'ingredient groups: all',
  'ingredient groups: each *',
  'instructions: step count',
  'instructions: count or 90 % of words',
  'prep time',
  'total time',
  'image',
  'source url',
  'site name',
  'saves without an edit (of all)',
  'saves without an edit (of drafts)',
] as const;
const tallies = new Map<string, Tally>(FIELDS.map((f) => [f, { right: 0, of: 0, misses: [] }]));
let current = ''; // the page being judged, named in --misses
function count(label: (typeof FIELDS)[number], right: boolean, weight = 1): void {
  const tally = tallies.get(label)!;
  tally.of += weight;
  if (right) tally.right += weight;
  else if (tally.misses.at(-1) !== current) tally.misses.push(current);
}
const failures = new Map<string, number>();
const byTag = new Map<string, { pages: number; read: number; saves: number }>();

function judge(page: CorpusPage, draft: Draft | null): void {
  current = page.id;
  const want = page.expected;
  const saves = draft !== null && savesWithoutEdit(draft);
  count('has a recipe', draft !== null);
  for (const tag of page.tags) {
    const t = byTag.get(tag) ?? { pages: 0, read: 0, saves: 0 };
    t.pages++;
    if (draft) t.read++;
    if (saves) t.saves++;
    byTag.set(tag, t);
  }
  if (typeof want.title === 'string') count('name', clean(draft?.name) === clean(want.title));

  const yields = number(want.yields);
  if (yields !== undefined) count('servings', draft?.servings === Math.round(yields));

  const lines = strings(want.ingredients);
  if (lines.length > 0) {
    count('ingredients: count', draft?.ingredients.length === lines.length);
    // Fair to unit conversion: the draft's name (its amount, unit and note aside) is somewhere in a line the page
    // had, word for word (punctuation aside: "butter ((1/2 cup))" is in "115 g butter (1/2 cup)").
    const wanted = lines.map((line) => ` ${words(line).join(' ')} `);
    for (const ingredient of draft?.ingredients ?? []) {
      const name = words(ingredient.name).join(' ');
      count('ingredients: names in lines *', name !== '' && wanted.some((line) => line.includes(` ${name} `)));
    }
    if (!draft) count('ingredients: names in lines *', false, lines.length);
  }

  const groups = (Array.isArray(want.ingredient_groups) ? want.ingredient_groups : [])
    .map((g: { purpose?: unknown }) => (typeof g.purpose === 'string' ? heading(g.purpose) : ''))
    .filter((g) => g !== '');
  if (groups.length > 0) {
    const headings = new Set((draft?.ingredients ?? []).map((i) => heading(i.heading ?? '')));
    const found = groups.filter((g) => headings.has(g)).length;
    count('ingredient groups: all', found === groups.length);
    count('ingredient groups: each *', false, groups.length - found);
    count('ingredient groups: each *', true, found);
  }

  const steps = strings(want.instructions_list);
  if (steps.length > 0) {
    const got = (draft?.instructions ?? '').split('\n').filter((l) => l.trim() !== '');
    const recall = overlap(words(steps.join(' ')), words(got.join(' ')));
    count('instructions: step count', got.length === steps.length);
    count('instructions: count or 90 % of words', got.length === steps.length || recall >= 0.9);
  }

  if (positive(want.prep_time)) count('prep time', draft?.prepTime === want.prep_time);
  if (positive(want.total_time)) count('total time', draft?.totalTime === want.total_time);
  if (typeof want.image === 'string' && want.image !== '') count('image', Boolean(draft?.imageUrl));
  if (address(want.canonical_url) !== '')
    count('source url', address(draft?.source?.url) === address(want.canonical_url));
  if (typeof want.site_name === 'string' && want.site_name.trim() !== '')
    count('site name', key(draft?.source?.name ?? '') === key(want.site_name));

  count('saves without an edit (of all)', saves);
  if (draft) count('saves without an edit (of drafts)', saves);
}

/**
 * What the create form sends when 'Spara' is pressed on the draft untouched (src/features/editor: importedToValues,
 * then valuesToRecipe): a page without servings keeps the form's 4, an empty time or source is null. Checked with
 * the API's schema, as POST /recipes checks it.
 */
function savesWithoutEdit(draft: Draft): boolean {
  const body = {
    name: draft.name,
    instructions: draft.instructions,
    servings: draft.servings ?? 4,
    ingredients: draft.ingredients.map((i) => ({
      name: i.name,
      ...(i.quantity ? { quantity: i.quantity } : {}),
      ...(i.note ? { note: i.note } : {}),
      ...(i.heading ? { heading: i.heading } : {}),
    })),
    photos: [],
    categories: draft.categories ?? [],
    prepTime: draft.prepTime ?? null,
    totalTime: draft.totalTime ?? null,
    source: draft.source ?? null,
  };
  const result = recipeInputSchema.safeParse(body);
  if (result.success) return true;
  const reasons = new Set(
    result.error.issues.map((issue) => {
      const field = issue.path.map((p) => (typeof p === 'number' ? '[]' : String(p))).join('.');
      return `${field}: ${issue.message}`;
    }),
  );
  for (const reason of reasons) failures.set(reason, (failures.get(reason) ?? 0) + 1);
  return false;
}

// ---- Text as both sides are compared: entities decoded, invisible characters and whitespace runs normalised ----
function decode(text: string): string {
  let out = '';
  new Parser({ ontext: (part) => void (out += part) }, { decodeEntities: true }).end(text.replaceAll('<', '&lt;'));
  return out;
}
function clean(value: unknown): string {
  if (typeof value !== 'string') return '';
  return decode(decode(value))
    .normalize('NFC')
    .replace(/[\u00ad\u200b-\u200d\u2060\ufeff]/gu, '')
    .replace(/\s+/gu, ' ')
    .trim();
}
const key = (value: unknown) => clean(value).toLowerCase();
const heading = (value: string) => key(value).replace(/\s*:$/u, '');
const words = (text: string) => key(text).match(/[\p{L}\p{N}]+/gu) ?? [];
const strings = (value: unknown): string[] =>
  (Array.isArray(value) ? value : typeof value === 'string' ? value.split('\n') : []).filter(
    (s): s is string => typeof s === 'string' && s.trim() !== '',
  );
const positive = (value: unknown): value is number => typeof value === 'number' && value > 0;
function number(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  const match = typeof value === 'string' ? /\d+(?:[.,]\d+)?/u.exec(value) : null;
  return match ? Number(match[0].replace(',', '.')) : undefined;
}
/** An address as the same page: scheme, 'www.', letter case of the host and a trailing slash aside. */
function address(value: unknown): string {
  if (typeof value !== 'string' || !URL.canParse(value.trim())) return '';
  const url = new URL(value.trim());
  return `${url.host.replace(/^www\./u, '')}${url.pathname.replace(/\/+$/u, '')}${url.search}`;
}
/** The share of `wanted` words (with repeats) found in `got`. */
function overlap(wanted: string[], got: string[]): number {
  const left = new Map<string, number>();
  for (const word of got) left.set(word, (left.get(word) ?? 0) + 1);
  let found = 0;
  for (const word of wanted) {
    const n = left.get(word) ?? 0;
    if (n > 0) {
      found++;
      left.set(word, n - 1);
    }
  }
  return wanted.length === 0 ? 1 : found / wanted.length;
}

pages.forEach((page, index) => judge(page, drafts[index] ?? null));

// ---- Through the worker pool, one page at a time, as an editor's import waits for it ----
const reader = createPageReader({ timeoutMs: 10_000 });
const pooled: number[] = [];
let differing = 0;
let refused = 0;
try {
  for (const page of pages.slice(0, 4)) await reader.read({ kind: 'html', text: page.html }); // workers started
  for (const [index, page] of pages.entries()) {
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
  `worker pool: ${refused} pages refused (time limit 10 s), ${differing} drafts differ from the in-process ones\n`,
);
