// Loaded before anything else in every server process: `node --import=./server/drizzle-loading.ts` in npm start, the
// image's CMD and `recipe-book` commands, and the server tests' workers (docs/decisions/072-drizzle-loading.md).
//
// For each module it resolves, Node 24's ESM loader looks up the file's package scope to learn its format, and the
// lookup parses that package's whole "exports" map again. drizzle-orm's package.json is 179 kB and the server loads
// about a hundred of its files: some 18 MB of JSON parsed at every start, about 0.9 s of a core, half the cost of
// importing server/app.ts. drizzle-orm is "type": "module" and its files import each other by relative paths ending
// in .js, so those are resolved here, to the URL Node's own resolution gives, without the lookup. Everything else,
// drizzle-orm's imports of other packages included, goes to Node's resolution unchanged.
import { registerHooks } from 'node:module';

/** drizzle-orm's folder, as Node resolves it (its real path). */
const DRIZZLE = new URL('./', import.meta.resolve('drizzle-orm')).href;

/**
 * The URL of one of drizzle-orm's own files that another of them imports by a relative `.js` path, or undefined for
 * any other import (another package, a file of a package nested in drizzle-orm's folder, a path out of the folder).
 */
export function drizzleFileURL(specifier: string, parentURL: string | undefined): string | undefined {
  if (!parentURL?.startsWith(DRIZZLE) || !/^\.\.?\//.test(specifier) || !specifier.endsWith('.js')) return undefined;
  const url = new URL(specifier, parentURL).href;
  const inside = (href: string) => href.startsWith(DRIZZLE) && !href.slice(DRIZZLE.length).includes('node_modules/');
  return inside(parentURL) && inside(url) ? url : undefined;
}

registerHooks({
  resolve(specifier, context, nextResolve) {
    const url = drizzleFileURL(specifier, context.parentURL);
    return url ? { url, format: 'module', shortCircuit: true } : nextResolve(specifier, context);
  },
});
