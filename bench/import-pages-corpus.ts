// The pages bench/import-pages.ts reads: the committed fixtures (tests/fixtures/import-corpus, named in its SOURCES),
// or recipe-scrapers' whole test data from a git copy of it or a folder of <site>/<page>.testhtml + <page>.json.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export type CorpusPage = { id: string; html: string; expected: Record<string, unknown>; tags: string[] };

const FIXTURES = new URL('../tests/fixtures/import-corpus/', import.meta.url).pathname;
const TEST_DATA = 'tests/test_data';

export function loadCorpus(path?: string): CorpusPage[] {
  if (!path) return fixtures();
  // A clone's work tree or a folder of pages is read as files; anything else (a bare mirror) through git.
  if (existsSync(join(path, TEST_DATA))) return fromFolder(join(path, TEST_DATA));
  if (!existsSync(join(path, 'HEAD'))) return fromFolder(path);
  return fromGit(path);
}

function fixtures(): CorpusPage[] {
  return readFileSync(join(FIXTURES, 'SOURCES'), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'))
    .map((line) => {
      const id = line.split('\t')[0]!;
      return page(
        id,
        readFileSync(join(FIXTURES, `${id}.html`), 'utf8'),
        readFileSync(join(FIXTURES, `${id}.json`), 'utf8'),
      );
    });
}

function fromFolder(root: string): CorpusPage[] {
  const pages: CorpusPage[] = [];
  for (const site of readdirSync(root, { withFileTypes: true }).filter((d) => d.isDirectory())) {
    for (const file of readdirSync(join(root, site.name))
      .filter((f) => f.endsWith('.testhtml'))
      .sort()) {
      const base = join(root, site.name, file.slice(0, -'.testhtml'.length));
      if (!existsSync(`${base}.json`)) continue;
      pages.push(
        page(
          `${site.name}/${file.slice(0, -9)}`,
          readFileSync(`${base}.testhtml`, 'utf8'),
          readFileSync(`${base}.json`, 'utf8'),
        ),
      );
    }
  }
  return pages;
}

/** The pairs in HEAD's test data, read with one `git cat-file --batch` per 100 files (a mirror may lack a blob: skipped). */
function fromGit(repo: string): CorpusPage[] {
  const tree = execFileSync('git', ['-C', repo, 'ls-tree', '-r', '-z', 'HEAD', TEST_DATA], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const blobs = new Map<string, string>(); // path -> object id
  for (const entry of tree.split('\0').filter(Boolean)) {
    const [meta, path] = entry.split('\t');
    blobs.set(path!, meta!.split(' ')[2]!);
  }
  const pairs = [...blobs.keys()]
    .filter((p) => p.endsWith('.testhtml') && blobs.has(p.replace(/\.testhtml$/u, '.json')))
    .sort()
    .map((p) => p.slice(TEST_DATA.length + 1, -'.testhtml'.length));
  const pages: CorpusPage[] = [];
  for (let at = 0; at < pairs.length; at += 50) {
    const chunk = pairs.slice(at, at + 50);
    const ids = chunk.flatMap((id) => [
      blobs.get(`${TEST_DATA}/${id}.testhtml`)!,
      blobs.get(`${TEST_DATA}/${id}.json`)!,
    ]);
    const texts = catFile(repo, ids);
    for (const id of chunk) {
      const html = texts.get(blobs.get(`${TEST_DATA}/${id}.testhtml`)!);
      const json = texts.get(blobs.get(`${TEST_DATA}/${id}.json`)!);
      if (html !== undefined && json !== undefined) pages.push(page(id, html, json));
    }
  }
  return pages;
}

function catFile(repo: string, ids: string[]): Map<string, string> {
  const out = execFileSync('git', ['-C', repo, 'cat-file', '--batch'], {
    input: ids.join('\n') + '\n',
    maxBuffer: 1024 * 1024 * 1024,
  });
  const texts = new Map<string, string>();
  let at = 0;
  while (at < out.length) {
    const end = out.indexOf(10, at);
    const [id, kind, size] = out.subarray(at, end).toString('utf8').split(' ');
    at = end + 1;
    if (kind === 'missing' || size === undefined) continue;
    texts.set(id!, out.subarray(at, at + Number(size)).toString('utf8'));
    at += Number(size) + 1;
  }
  return texts;
}

const JSON_LD_RECIPE = /"@type"\s*:\s*(?:\[[^\]]*)?"(?:https?:\/\/schema\.org\/)?Recipe"/u;
const MICRODATA_RECIPE = /itemtype\s*=\s*["']?https?:\/\/schema\.org\/Recipe\b/iu;
const PLUGIN = /\b(?:wprm-recipe|tasty-recipes|mv-create|easyrecipe|zlrecipe|wpzoom-recipe|cooked-recipe|wpurp)/u;
const US_MEASURE = /\b(?:cups?|tbsp|tablespoons?|tsp|teaspoons?|oz|ounces?|lbs?|pounds?|sticks?)\b/iu;

/** A page and its answer, tagged with what it offers (found by looking at the page, not by reading it). */
function page(id: string, html: string, json: string): CorpusPage {
  const expected = JSON.parse(json) as Record<string, unknown>;
  const jsonLd = /application\/ld\+json/iu.test(html) && JSON_LD_RECIPE.test(html);
  const microdata = MICRODATA_RECIPE.test(html);
  const groups = Array.isArray(expected.ingredient_groups)
    ? (expected.ingredient_groups as { purpose?: unknown }[])
    : [];
  const tags = [
    jsonLd ? 'JSON-LD Recipe' : microdata ? 'microdata only' : 'no JSON-LD, no microdata',
    ...(microdata ? ['microdata'] : []),
    ...(PLUGIN.test(html) ? ['recipe plugin HTML'] : []),
    ...(groups.some((g) => typeof g.purpose === 'string' && g.purpose.trim() !== '') ? ['ingredient groups'] : []),
    ...(US_MEASURE.test(texts(expected.ingredients).join('\n')) ? ['US measures'] : []),
    ...(texts(expected.language).some((l) => l.startsWith('sv')) || /\.se$|tasteline/u.test(id.split('/')[0]!)
      ? ['Swedish']
      : []),
  ];
  return { id, html, expected, tags };
}

const texts = (value: unknown): string[] => [value].flat().filter((v): v is string => typeof v === 'string');
