// server/drizzle-loading.ts (docs/decisions/072): drizzle-orm's own files resolved without Node's package scope
// lookup, to the very modules Node's resolution loads, in the same order; everything else left to Node.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { drizzleFileURL } from '../../server/drizzle-loading.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const DRIZZLE = new URL('./', import.meta.resolve('drizzle-orm')).href;

// Every module loaded while drizzle-orm's entry points the server uses are imported, and what each exports.
const PROBE = `
import { registerHooks } from 'node:module';
const loaded = [];
registerHooks({ load(url, context, next) { loaded.push(url); return next(url, context); } });
const exported = [];
for (const name of ['drizzle-orm', 'drizzle-orm/pg-core', 'drizzle-orm/pglite', 'drizzle-orm/node-postgres'])
  exported.push(Object.keys(await import(name)).sort().join());
console.log(JSON.stringify({ loaded, exported }));
`;

function probe(flags: string[]): { loaded: string[]; exported: string[] } {
  const run = spawnSync(process.execPath, [...flags, '--input-type=module', '-e', PROBE], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
  return JSON.parse(run.stdout) as { loaded: string[]; exported: string[] };
}

describe("drizzle-orm's loading", () => {
  it("loads the modules Node's own resolution loads, in the same order, with the same exports", () => {
    const plain = probe([]);
    const hooked = probe(['--import=./server/drizzle-loading.ts']);
    expect(hooked.exported).toEqual(plain.exported);
    expect(hooked.loaded.filter((url) => url.startsWith(DRIZZLE))).toEqual(
      plain.loaded.filter((url) => url.startsWith(DRIZZLE)),
    );
    // The entry points' own files and those they import: the ones the hook resolves.
    expect(plain.loaded.filter((url) => url.startsWith(DRIZZLE)).length).toBeGreaterThan(100);
  });

  it("takes only drizzle-orm's relative .js imports of its own files", () => {
    const inside = `${DRIZZLE}pg-core/db.js`;
    expect(drizzleFileURL('./dialect.js', inside)).toBe(`${DRIZZLE}pg-core/dialect.js`);
    expect(drizzleFileURL('../entity.js', inside)).toBe(`${DRIZZLE}entity.js`);
    // Another package, a file without .js, a path out of the folder, a file of a package nested in drizzle-orm's
    // folder, a caller elsewhere, no caller.
    expect(drizzleFileURL('@electric-sql/pglite', inside)).toBeUndefined();
    expect(drizzleFileURL('./dialect.cjs', inside)).toBeUndefined();
    expect(drizzleFileURL('../../pg/lib/index.js', inside)).toBeUndefined();
    expect(drizzleFileURL('./index.js', `${DRIZZLE}node_modules/other/lib/a.js`)).toBeUndefined();
    expect(drizzleFileURL('./node_modules/other/a.js', `${DRIZZLE}index.js`)).toBeUndefined();
    expect(drizzleFileURL('./entity.js', new URL('server/app.ts', `file://${ROOT}`).href)).toBeUndefined();
    expect(drizzleFileURL('./entity.js', undefined)).toBeUndefined();
  });
});
