// bench/import-pages.ts --compare recipe-scrapers: the peers' import library (recipe-scrapers, which Mealie and Tandoor
// import through) run over the same saved pages, its answers turned into drafts for the same judge (issue 55 item 4).
// A development tool: the library is run from its source by a Python that has its dependencies (Debian's
// python3-bs4, python3-extruct, python3-isodate); the product never depends on it. When any of it is missing the
// bench says what and goes on without the comparison.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CorpusPage } from './import-pages-corpus.ts';
import type { Draft } from './import-pages-judge.ts';

export type PeerMode = 'sites' | 'generic';
export type PeerRun = { drafts: Map<string, Draft | null>; version: string };

const SCRIPT = new URL('./recipe-scrapers-run.py', import.meta.url).pathname;

/**
 * The folder holding the `recipe_scrapers` package: `path` itself, its work tree, or (a bare mirror or a clone)
 * the package at its HEAD, unpacked to a temporary folder with `git archive`. A reason string when there is none.
 */
export function peerSource(path: string | undefined): { dir: string; version: string } | string {
  if (!path) return 'no recipe-scrapers source: give --compare-source <path> (a git copy of hhursev/recipe-scrapers)';
  if (existsSync(join(path, 'recipe_scrapers', '__init__.py'))) return { dir: path, version: gitHead(path) };
  try {
    const dir = mkdtempSync(join(tmpdir(), 'recipe-scrapers-'));
    const archive = execFileSync('git', ['-C', path, 'archive', 'HEAD', 'recipe_scrapers'], {
      stdio: ['ignore', 'pipe', 'ignore'],
      maxBuffer: 256 * 1024 * 1024,
    });
    execFileSync('tar', ['-x', '-C', dir], { input: archive });
    return { dir, version: gitHead(path) };
  } catch {
    return `no recipe_scrapers package in ${path} (neither a folder holding it nor a git copy with it at HEAD)`;
  }
}

function gitHead(path: string): string {
  try {
    return execFileSync('git', ['-C', path, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    return 'unknown version';
  }
}

/**
 * A Python that can import the library's dependencies: RECIPE_SCRAPERS_PYTHON, else `python3` on the PATH, else
 * the system's /usr/bin/python3 (where Debian's packages go when a version manager shadows it). A reason when none.
 */
export function peerPython(): { python: string } | string {
  const candidates = [process.env.RECIPE_SCRAPERS_PYTHON, 'python3', '/usr/bin/python3'].filter((c): c is string =>
    Boolean(c),
  );
  for (const python of candidates) {
    try {
      execFileSync(python, ['-c', 'import bs4, extruct, isodate'], { stdio: 'ignore' });
      return { python };
    } catch {
      // not installed, or without the packages: try the next
    }
  }
  return `no Python with bs4, extruct and isodate (tried ${candidates.join(', ')}): apt-get install python3-bs4 python3-extruct python3-isodate`;
}

/** Every page read by recipe-scrapers in `mode`: a draft per page id, null where it found no recipe. */
export async function runPeer(
  python: string,
  source: { dir: string; version: string },
  pages: CorpusPage[],
  mode: PeerMode,
): Promise<PeerRun> {
  const child = spawn(python, [SCRIPT, mode], {
    env: { ...process.env, PYTHONPATH: source.dir, PYTHONWARNINGS: 'ignore' },
    stdio: ['pipe', 'pipe', 'ignore'],
  });
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => void (out += chunk));
  const done = new Promise<number>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve(code ?? 1));
  });
  for (const page of pages) {
    const line = `${JSON.stringify({ id: page.id, host: page.id.split('/')[0], html: page.html })}\n`;
    if (!child.stdin.write(line)) await new Promise((resolve) => child.stdin.once('drain', resolve));
  }
  child.stdin.end();
  const code = await done;
  if (code !== 0) throw new Error(`recipe-scrapers' run ended with ${code}`);
  const drafts = new Map<string, Draft | null>();
  for (const line of out.split('\n').filter(Boolean)) {
    const answer = JSON.parse(line) as { id: string; fields?: Record<string, unknown> };
    drafts.set(answer.id, answer.fields ? asDraft(answer.fields) : null);
  }
  return { drafts, version: source.version };
}

/**
 * recipe-scrapers' answer as a draft, so the same judge scores both: its ingredient lines are the ingredients' names
 * (it does not split a line; the judge looks for a name's words in the page's lines), each group's purpose the
 * heading of its first line, its steps a line each, the servings the first number of its yields. Without a title it
 * has no recipe (as the product's draft needs a name).
 */
export function asDraft(fields: Record<string, unknown>): Draft | null {
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  const name = text(fields.title).trim();
  const lines = Array.isArray(fields.ingredients) ? fields.ingredients.filter((l) => typeof l === 'string') : [];
  const steps = Array.isArray(fields.instructions_list)
    ? fields.instructions_list.filter((l): l is string => typeof l === 'string' && l.trim() !== '')
    : [];
  if (name === '' && lines.length === 0 && steps.length === 0) return null;
  const headings = new Map<string, string>();
  for (const group of Array.isArray(fields.ingredient_groups) ? fields.ingredient_groups : []) {
    const { purpose, ingredients } = group as { purpose?: unknown; ingredients?: unknown };
    const first = Array.isArray(ingredients) ? ingredients[0] : undefined;
    if (typeof purpose === 'string' && purpose.trim() !== '' && typeof first === 'string') headings.set(first, purpose);
  }
  const yields = /\d+(?:[.,]\d+)?/u.exec(text(fields.yields))?.[0];
  const minutes = (v: unknown) => (typeof v === 'number' && v > 0 ? Math.round(v) : undefined);
  const prepTime = minutes(fields.prep_time);
  const totalTime = minutes(fields.total_time);
  const url = text(fields.canonical_url);
  const site = text(fields.site_name);
  return {
    name,
    servings: yields === undefined ? null : Math.round(Number(yields.replace(',', '.'))),
    ingredients: lines.map((line: string) => ({
      name: line,
      ...(headings.has(line) ? { heading: headings.get(line)! } : {}),
    })),
    instructions: steps.join('\n'),
    ...(prepTime === undefined ? {} : { prepTime }),
    ...(totalTime === undefined ? {} : { totalTime }),
    ...(text(fields.image) ? { imageUrl: text(fields.image) } : {}),
    ...(url || site ? { source: { ...(url ? { url } : {}), ...(site ? { name: site } : {}) } } : {}),
  } as Draft;
}
