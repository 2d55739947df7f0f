import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// `npm run check:deps` must fail on the violations it exists for: a small tree that breaks each rule,
// checked with the project's own .dependency-cruiser.cjs.
const config = resolve('.dependency-cruiser.cjs');
const depcruise = resolve('node_modules/.bin/depcruise');
const root = mkdtempSync(join(tmpdir(), 'deps-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(join(root, 'case-'));
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        allowImportingTsExtensions: true,
        noEmit: true,
        module: 'ESNext',
        moduleResolution: 'Bundler',
      },
    }),
  );
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

function check(dir: string): { status: number | null; output: string } {
  const run = spawnSync(depcruise, ['src', 'server', '--config', config], { cwd: dir, encoding: 'utf8' });
  return { status: run.status, output: run.stdout + run.stderr };
}

describe('the dependency rules', () => {
  it('pass a tree that keeps the layering', () => {
    const dir = tree({
      'src/lib/rule.ts': 'export const rule = 1;\n',
      'src/client/api.ts': "import { rule } from '../lib/rule.ts';\nexport const api = rule;\n",
      'src/stores/auth.ts': "import { api } from '../client/api.ts';\nexport const auth = api;\n",
      'server/db/index.ts': "import { rule } from '../../src/lib/rule.ts';\nexport const db = rule;\n",
      'server/api/routes.ts': "import { db } from '../db/index.ts';\nexport const routes = db;\n",
    });
    expect(check(dir)).toMatchObject({ status: 0 });
  });

  it.each([
    [
      'a cycle',
      'no-circular',
      {
        'server/db/a.ts': "import { b } from './b.ts';\nexport const a = () => b;\n",
        'server/db/b.ts': "import { a } from './a.ts';\nexport const b = () => a;\n",
      },
    ],
    [
      'src/lib using Node',
      'lib-no-node',
      { 'src/lib/bad.ts': "import { readFileSync } from 'node:fs';\nexport const bad = readFileSync;\n" },
    ],
    [
      'src/client using a store',
      'client-below-stores',
      {
        'src/stores/auth.ts': 'export const auth = 1;\n',
        'src/client/api.ts': "import { auth } from '../stores/auth.ts';\nexport const api = auth;\n",
      },
    ],
    [
      'the site importing server code',
      'site-not-server',
      {
        'server/db/index.ts': 'export const db = 1;\n',
        'src/lib/x.ts': "import { db } from '../../server/db/index.ts';\nexport const x = db;\n",
      },
    ],
    [
      'server/db importing the API',
      'db-knows-nothing-above',
      {
        'server/api/errors.ts': 'export const e = 1;\n',
        'server/db/index.ts': "import { e } from '../api/errors.ts';\nexport const db = e;\n",
      },
    ],
    [
      'server/plugins importing the API',
      'plugins-below-the-parts',
      {
        'server/api/errors.ts': 'export const e = 1;\n',
        'server/plugins/cors.ts': "import { e } from '../api/errors.ts';\nexport const c = e;\n",
      },
    ],
    [
      'the API importing the identity provider',
      'api-not-idp-or-site',
      {
        'server/idp/keys.ts': 'export const k = 1;\n',
        'server/api/auth.ts': "import { k } from '../idp/keys.ts';\nexport const a = k;\n",
      },
    ],
  ])('fail on %s (%s)', (_what, rule, files) => {
    const { status, output } = check(
      tree({ 'src/lib/ok.ts': 'export {};\n', 'server/ok.ts': 'export {};\n', ...files }),
    );
    expect(status).not.toBe(0);
    expect(output).toContain(rule);
  });
});
