// `npm start` runs the server with Node's own type stripping (no transpiler), which accepts only
// TypeScript that erases to JavaScript: no parameter properties (`constructor(readonly x: T)`), enums
// or namespaces. tsc does not check this here (the site and tests are not bound by it), so this does,
// for every file the server can load: server/ and the shared src/lib/.
import { readdirSync, readFileSync } from 'node:fs';
import { stripTypeScriptTypes } from 'node:module';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

function tsFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.d.ts'))
    .map((e) => relative(ROOT, join(e.parentPath, e.name)));
}

describe('server code runs under Node type stripping', () => {
  const files = [...tsFiles('server'), ...tsFiles('src/lib')];

  it('finds the server files', () => {
    expect(files).toContain('server/start.ts');
    expect(files).toContain('server/db/data-folder/data-dir-lock.ts');
  });

  it.each(files)('%s uses only erasable TypeScript syntax', (file) => {
    const source = readFileSync(join(ROOT, file), 'utf8');
    expect(() => stripTypeScriptTypes(source, { mode: 'strip' })).not.toThrow();
  });
});
