// Copies the packages the server runs with from ROOT/node_modules to TARGET/node_modules: the production
// dependencies of package.json less those only the site's build uses, and everything they depend on, found
// as Node resolves them (nested node_modules first, then the folders above). The Dockerfile's build stage
// runs it; `npm prune` and `npm uninstall` did the same in minutes, this takes a second.
//   node scripts/container/runtime-modules.ts ROOT TARGET [PACKAGE_NOT_NEEDED …]
import { cpSync, existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

type Manifest = {
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
};

const [rootArgument, target, ...notNeeded] = process.argv.slice(2);
if (!rootArgument || !target) {
  console.error('Usage: node scripts/container/runtime-modules.ts ROOT TARGET [PACKAGE_NOT_NEEDED …]');
  process.exit(2);
}
const root: string = rootArgument;
const read = (dir: string) => JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Manifest;

/** The folder `name` resolves to from a package in `from`, as Node looks it up. */
function resolvePackage(name: string, from: string): string | undefined {
  for (let dir = from; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (dir === root || dirname(dir) === dir) return undefined;
  }
}

const needed = new Set<string>();
function visit(dir: string): void {
  if (needed.has(dir)) return;
  needed.add(dir);
  const m = read(dir);
  const optional = new Set([
    ...Object.keys(m.optionalDependencies ?? {}),
    ...Object.entries(m.peerDependenciesMeta ?? {})
      .filter(([, meta]) => meta.optional)
      .map(([name]) => name),
  ]);
  for (const name of Object.keys({ ...m.dependencies, ...m.optionalDependencies, ...m.peerDependencies })) {
    const found = resolvePackage(name, dir);
    if (found) visit(found);
    else if (!optional.has(name)) throw new Error(`${relative(root, dir)} needs ${name}, which is not installed`);
  }
}

const skip = new Set(notNeeded);
for (const name of Object.keys(read(root).dependencies ?? {})) {
  if (skip.has(name)) continue;
  const found = resolvePackage(name, root);
  if (!found) throw new Error(`${name} is not installed: run npm ci first`);
  visit(found);
}
needed.delete(root);
// Left out: what only editors, type checkers and debuggers read (type declarations, source maps, docs);
// licence files stay.
const unused = /(\.d\.[cm]?ts|\.map|\.md|\.markdown|\/(CHANGELOG|HISTORY)[^/]*)$/;
const licence = /\/(LICEN[CS]E|COPYING)[^/]*$/i;
const keep = (path: string) => licence.test(path) || !unused.test(path);
for (const dir of needed) {
  cpSync(dir, join(target, relative(root, dir)), { recursive: true, verbatimSymlinks: true, filter: keep });
}
console.log(`${needed.size} packages copied to ${join(target, 'node_modules')}`);
