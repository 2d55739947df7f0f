import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { afterAll, describe, expect, it } from 'vitest';

// `npm run check:deps` must fail on the violations it exists for: a small tree that breaks each rule,
// checked with the project's own .dependency-cruiser.cjs. The command itself runs on the tree that passes and on one
// that breaks a rule; the other cases go through dependency-cruiser's own API in this process (`cruise`, the same
// rules and options from the same file): a depcruise process per case cost about a CPU second each, 45 in all.
const config = resolve('.dependency-cruiser.cjs');
const depcruise = resolve('node_modules/.bin/depcruise');
// Each case spawns depcruise (about a second alone; many on a machine busy with other work).
const SPAWN_TIMEOUT_MS = 60_000;
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

const options = extractDepcruiseOptions(config);
/** The rules broken in `dir`, as `depcruise src server --config .dependency-cruiser.cjs` run there finds them. */
async function brokenRules(dir: string): Promise<string[]> {
  const { ruleSet, ...rest } = await options;
  const result = await cruise(
    ['src', 'server'],
    { ...rest, ruleSet, baseDir: dir, validate: true, tsConfig: { fileName: join(dir, 'tsconfig.json') } },
    {},
    { tsConfig: extractTSConfig(join(dir, 'tsconfig.json')) },
  );
  const { summary } = result.output as ICruiseResult;
  return summary.violations.filter((v) => v.rule.severity === 'error').map((v) => v.rule.name);
}

describe('the dependency rules', () => {
  it(
    'pass a tree that keeps the layering',
    async () => {
      const dir = tree({
        'src/lib/rule.ts': 'export const rule = 1;\n',
        'src/client/api.ts': "import { rule } from '../lib/rule.ts';\nexport const api = rule;\n",
        'src/stores/auth.ts': "import { api } from '../client/api.ts';\nexport const auth = api;\n",
        'server/db/index.ts': "import { rule } from '../../src/lib/rule.ts';\nexport const db = rule;\n",
        'server/api/routes.ts': "import { db } from '../db/index.ts';\nexport const routes = db;\n",
        'server/drafts/recipe-draft.ts': "import { rule } from '../../src/lib/rule.ts';\nexport const draft = rule;\n",
        'server/import/page-draft.ts':
          "import { draft } from '../drafts/recipe-draft.ts';\nexport const page = draft;\n",
        'server/move-in/apps/app-draft.ts':
          "import { draft } from '../../drafts/recipe-draft.ts';\nexport const app = draft;\n",
        'server/scan/read-pages.ts': "import { draft } from '../drafts/recipe-draft.ts';\nexport const scan = draft;\n",
      });
      expect(check(dir)).toMatchObject({ status: 0 });
      expect(await brokenRules(dir)).toEqual([]);
    },
    SPAWN_TIMEOUT_MS,
  );

  it(
    'fail the command on a broken rule, naming it',
    () => {
      const dir = tree({
        'src/lib/ok.ts': 'export {};\n',
        'server/db/a.ts': "import { b } from './b.ts';\nexport const a = () => b;\n",
        'server/db/b.ts': "import { a } from './a.ts';\nexport const b = () => a;\n",
      });
      const { status, output } = check(dir);
      expect(status).not.toBe(0);
      expect(output).toContain('no-circular');
    },
    SPAWN_TIMEOUT_MS,
  );

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
      "the data folder's code reading recipes",
      'db-data-folder-holds-no-recipes',
      {
        'server/db/repositories/recipe-repository.ts': 'export const r = 1;\n',
        'server/db/data-folder/backup.ts':
          "import { r } from '../repositories/recipe-repository.ts';\nexport const b = r;\n",
      },
    ],
    [
      'the connection importing a repository',
      'db-connection-below-the-rooms',
      {
        'server/db/repositories/recipe-repository.ts': 'export const r = 1;\n',
        'server/db/index.ts': "import { r } from './repositories/recipe-repository.ts';\nexport const db = r;\n",
      },
    ],
    [
      'a repository importing the transfer file',
      'db-repositories-below-the-transfer',
      {
        'server/db/transfer/transfer-format.ts': 'export const f = 1;\n',
        'server/db/repositories/recipe-repository.ts':
          "import { f } from '../transfer/transfer-format.ts';\nexport const r = f;\n",
      },
    ],
    [
      "the transfer file importing the data folder's lock",
      'db-transfer-not-the-folder',
      {
        'server/db/data-folder/data-dir-lock.ts': 'export const l = 1;\n',
        'server/db/transfer/transfer-import.ts':
          "import { l } from '../data-folder/data-dir-lock.ts';\nexport const t = l;\n",
      },
    ],
    [
      'an API read model importing a route',
      'api-read-models-below-the-routes',
      {
        'server/api/routes/recipes.ts': 'export const r = 1;\n',
        'server/api/read-models/name-index.ts': "import { r } from '../routes/recipes.ts';\nexport const n = r;\n",
      },
    ],
    [
      'the scanner reading with the web import',
      'scan-below-the-parts',
      {
        'server/import/page-draft.ts': 'export const p = 1;\n',
        'server/scan/read-pages.ts': "import { p } from '../import/page-draft.ts';\nexport const r = p;\n",
      },
    ],
    [
      'the scanner importing the database',
      'scan-below-the-parts',
      {
        'server/db/index.ts': 'export const db = 1;\n',
        'server/scan/read-pages.ts': "import { db } from '../db/index.ts';\nexport const r = db;\n",
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
        'server/api/access.ts': "import { k } from '../idp/keys.ts';\nexport const a = k;\n",
      },
    ],
    [
      "the provider's users importing its sign-in pages",
      'idp-users-below-the-flows',
      {
        'server/idp/pages/html.ts': 'export const h = 1;\n',
        'server/idp/users/admin.ts': "import { h } from '../pages/html.ts';\nexport const a = h;\n",
      },
    ],
    [
      "the provider's throttles importing its pages",
      'idp-abuse-control-below-the-pages',
      {
        'server/idp/pages/login.ts': 'export const l = 1;\n',
        'server/idp/abuse/throttle.ts': "import { l } from '../pages/login.ts';\nexport const t = l;\n",
      },
    ],
    [
      'server/http importing the API',
      'http-below-the-parts',
      {
        'server/api/errors.ts': 'export const e = 1;\n',
        'server/http/csp.ts': "import { e } from '../api/errors.ts';\nexport const c = e;\n",
      },
    ],
    [
      'the worker pool importing what it runs',
      'worker-pool-stands-alone',
      {
        'server/photos/process.ts': 'export const p = 1;\n',
        'server/worker-pool.ts': "import { p } from './photos/process.ts';\nexport const w = p;\n",
      },
    ],
    [
      'the draft rules importing the web import',
      'drafts-read-values-only',
      {
        'server/import/page-draft.ts': 'export const p = 1;\n',
        'server/drafts/recipe-draft.ts': "import { p } from '../import/page-draft.ts';\nexport const r = p;\n",
      },
    ],
    [
      'the web import reading the database',
      'import-reads-pages-only',
      {
        'server/db/index.ts': 'export const db = 1;\n',
        'server/import/read.ts': "import { db } from '../db/index.ts';\nexport const r = db;\n",
      },
    ],
    [
      'photos importing the API',
      'photos-below-the-parts',
      {
        'server/api/errors.ts': 'export const e = 1;\n',
        'server/photos/store.ts': "import { e } from '../api/errors.ts';\nexport const s = e;\n",
      },
    ],
    [
      'the moving-in service answering HTTP itself',
      'move-in-below-the-parts',
      {
        'server/api/errors.ts': 'export const e = 1;\n',
        'server/move-in/import-collection.ts': "import { e } from '../api/errors.ts';\nexport const i = e;\n",
      },
    ],
    [
      "an app's export format writing to the database",
      'move-in-apps-read-files-only',
      {
        'server/db/index.ts': 'export const db = 1;\n',
        'server/move-in/apps/paprika.ts': "import { db } from '../../db/index.ts';\nexport const p = db;\n",
      },
    ],
    [
      "the web import using moving in's formats",
      'import-reads-pages-only',
      {
        'server/move-in/apps/app-draft.ts': 'export const a = 1;\n',
        'server/import/page-draft.ts': "import { a } from '../move-in/apps/app-draft.ts';\nexport const r = a;\n",
      },
    ],
    [
      'a command-line entry building the app',
      'cli-works-without-http',
      {
        'server/app.ts': 'export const app = 1;\n',
        'server/cli/users-command.ts': "import { app } from '../app.ts';\nexport const u = app;\n",
      },
    ],
    [
      'the server importing a command-line entry',
      'nothing-imports-the-cli',
      {
        'server/cli/users-command.ts': 'export const u = 1;\n',
        'server/start.ts': "import { u } from './cli/users-command.ts';\nexport const s = u;\n",
      },
    ],
  ])(
    'fail on %s (%s)',
    async (_what, rule, files) => {
      const dir = tree({ 'src/lib/ok.ts': 'export {};\n', 'server/ok.ts': 'export {};\n', ...files });
      expect(await brokenRules(dir)).toContain(rule);
    },
    SPAWN_TIMEOUT_MS,
  );
});

// Every folder of code has a rule of its own: one whose `from` takes the folder's files and not those of a folder
// the rules have never heard of. A new folder without one fails here until its place in the layering is written down.
describe('every folder of code under server/ and src/', () => {
  type Rule = { name: string; from: { path?: string; pathNot?: string | string[] } };
  const rules = (createRequire(import.meta.url)(config) as { forbidden: Rule[] }).forbidden;
  const takes = (rule: Rule, file: string) => {
    const not = [rule.from.pathNot ?? []].flat();
    return !!rule.from.path && new RegExp(rule.from.path).test(file) && !not.some((p) => new RegExp(p).test(file));
  };
  const folders = ['server', 'src'].flatMap((top) =>
    readdirSync(top, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => `${top}/${entry.name}`)
      .filter((folder) => readdirSync(folder, { recursive: true }).some((f) => /\.tsx?$/.test(String(f)))),
  );

  it.each(folders)('%s has a layering rule of its own', (folder) => {
    const own = rules.filter((rule) => takes(rule, `${folder}/x.ts`) && !takes(rule, `${folder}-unheard-of/x.ts`));
    expect(own.map((rule) => rule.name)).not.toEqual([]);
  });
});
