import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// docs/architecture.md is the map of the code, and this test keeps it true both ways.
//
// The rule. The map is the doc's plain code blocks (``` with no language, or ```text) that hold a tree: one
// entry per line, `name` or `name/` (a folder), then two or more spaces and what it is for. Indentation of two
// spaces per level puts an entry inside the folder above it, so `photos/` indented under `server/` is
// server/photos/. A line indented deeper than one level below the entry before it continues that entry's text.
// An entry may be a glob: `*` stands for any characters but `/`, and `**` for everything below its folder
// (used for the migrations, `*.sql`, and the provider's static files, `public/**`).
//
// The test fails when
// - a file git tracks under server/ or src/ has no entry (by its own name, or by a glob matching it);
// - a file entry has no text saying what it is for;
// - an entry, of any folder, names nothing git tracks (a file renamed or removed, a glob matching nothing);
// - a path in backticks anywhere in the doc, starting with server/ or src/, names nothing git tracks.
// Folders need no entry of their own beyond the path to their files, but a folder entry must exist.

type MapEntry = { path: string; text: string; line: number };

const PATH_NAME = /^[A-Za-z0-9_.*[\]{}@-]+\/?$/;

function mapEntries(doc: string): MapEntry[] {
  const entries: MapEntry[] = [];
  const lines = doc.split('\n');
  let inTree = false;
  let inOtherBlock = false;
  // The folders enclosing the current line, outermost first.
  let stack: string[] = [];
  let last: MapEntry | null = null;
  lines.forEach((raw, index) => {
    const fence = /^```(\S*)\s*$/.exec(raw);
    if (fence) {
      if (inTree || inOtherBlock) {
        inTree = inOtherBlock = false;
      } else if (fence[1] === '' || fence[1] === 'text') {
        inTree = true;
        stack = [];
        last = null;
      } else {
        inOtherBlock = true;
      }
      return;
    }
    if (!inTree || raw.trim() === '') return;
    const indent = raw.length - raw.trimStart().length;
    const [name = '', ...rest] = raw.trimStart().split(/\s{2,}/);
    const depth = indent / 2;
    // A folder entry has pushed itself, so stack.length is one level below it, or the level of a file entry.
    if (!Number.isInteger(depth) || depth > stack.length || !PATH_NAME.test(name)) {
      // A continuation of the entry before it.
      if (last) last.text = `${last.text} ${raw.trim()}`.trim();
      return;
    }
    stack = stack.slice(0, depth);
    const entry: MapEntry = { path: stack.join('') + name, text: rest.join('  ').trim(), line: index + 1 };
    entries.push(entry);
    if (name.endsWith('/')) stack.push(name);
    last = entry;
  });
  return entries;
}

function globRegExp(glob: string): RegExp {
  const source = glob
    .split(/(\*\*|\*)/)
    .map((part) => (part === '**' ? '.+' : part === '*' ? '[^/]+' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}$`);
}

function covers(entry: string, file: string): boolean {
  if (entry.endsWith('/')) return false;
  return entry.includes('*') ? globRegExp(entry).test(file) : entry === file;
}

function namesSomething(path: string, files: readonly string[]): boolean {
  const bare = path.replace(/\/$/, '');
  if (bare.includes('*')) return files.some((file) => globRegExp(bare).test(file));
  return files.some((file) => file === bare || file.startsWith(`${bare}/`));
}

function backtickedPaths(doc: string): string[] {
  const outsideBlocks = doc.replace(/^```[^\n]*\n[\s\S]*?^```/gm, '');
  return [...outsideBlocks.matchAll(/`((?:server|src)\/[^`\s]*)`/g)].map((match) => match[1] ?? '');
}

function mapProblems(doc: string, tracked: readonly string[]): string[] {
  const entries = mapEntries(doc);
  const files = entries.filter((entry) => !entry.path.endsWith('/'));
  const problems: string[] = [];
  for (const file of tracked.filter((path) => /^(server|src)\//.test(path))) {
    if (!files.some((entry) => covers(entry.path, file))) problems.push(`not in the map: ${file}`);
  }
  for (const entry of entries) {
    if (!namesSomething(entry.path, tracked)) problems.push(`line ${entry.line}: no such file: ${entry.path}`);
    else if (!entry.path.endsWith('/') && entry.text === '')
      problems.push(`line ${entry.line}: no job given: ${entry.path}`);
  }
  for (const path of backtickedPaths(doc)) {
    if (!namesSomething(path, tracked)) problems.push(`in backticks, no such file: ${path}`);
  }
  return problems;
}

// The map's naming rule: a module's file name says what it is, so no two modules of server/ and src/ share one;
// `index.ts`, a part's entry, is the one name that repeats.
function repeatedNames(tracked: readonly string[]): string[] {
  const byName = new Map<string, string[]>();
  for (const path of tracked.filter((file) => /^(server|src)\/.*\.tsx?$/.test(file))) {
    const name = path.slice(path.lastIndexOf('/') + 1);
    if (name !== 'index.ts') byName.set(name, [...(byName.get(name) ?? []), path]);
  }
  return [...byName.values()].filter((paths) => paths.length > 1).map((paths) => paths.join(' and '));
}

describe('the map in docs/architecture.md', () => {
  it('the rule: nesting, globs, missing files, stale names', () => {
    const doc = [
      '```',
      'server/                 the API',
      '  db/                   the database',
      '    index.ts            openDatabase',
      '                        (a continued line)',
      '    migrations/',
      '      *.sql             the migrations',
      '  gone.ts               renamed long ago',
      '  app.ts',
      '```',
      'See `server/db/index.ts` and `server/old.ts`.',
    ].join('\n');
    const tracked = [
      'server/db/index.ts',
      'server/db/migrations/001-a.sql',
      'server/db/migrations/002-b.sql',
      'server/app.ts',
      'server/config.ts',
      'README.md',
    ];
    expect(mapEntries(doc).map((entry) => entry.path)).toEqual([
      'server/',
      'server/db/',
      'server/db/index.ts',
      'server/db/migrations/',
      'server/db/migrations/*.sql',
      'server/gone.ts',
      'server/app.ts',
    ]);
    expect(mapEntries(doc)[2]?.text).toBe('openDatabase (a continued line)');
    expect(mapProblems(doc, tracked)).toEqual([
      'not in the map: server/config.ts',
      'line 8: no such file: server/gone.ts',
      'line 9: no job given: server/app.ts',
      'in backticks, no such file: server/old.ts',
    ]);
  });

  it('names every file under server/ and src/, and nothing that is gone', () => {
    const doc = readFileSync('docs/architecture.md', 'utf8');
    const tracked = execFileSync('git', ['ls-files', '-z'], { encoding: 'utf8' }).split('\0').filter(Boolean);
    expect(tracked.some((path) => path.startsWith('server/'))).toBe(true);
    expect(mapProblems(doc, tracked)).toEqual([]);
  });

  it("no two modules share a file name, but a part's index.ts", () => {
    expect(
      repeatedNames(['server/cli/users.ts', 'server/db/users.ts', 'server/api/index.ts', 'src/index.ts', 'src/a.css']),
    ).toEqual(['server/cli/users.ts and server/db/users.ts']);
    const tracked = execFileSync('git', ['ls-files', '-z'], { encoding: 'utf8' }).split('\0').filter(Boolean);
    expect(repeatedNames(tracked)).toEqual([]);
  });
});
