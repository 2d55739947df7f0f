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

/** A relative `.js` import by one of drizzle-orm's own files (not a file of a package nested in it). */
export function isDrizzleInternal(specifier: string, parentURL: string | undefined): boolean {
  return (
    parentURL !== undefined &&
    parentURL.startsWith(DRIZZLE) &&
    !parentURL.slice(DRIZZLE.length).includes('node_modules/') &&
    /^\.\.?\//.test(specifier) &&
    specifier.endsWith('.js')
  );
}

registerHooks({
  resolve(specifier, context, nextResolve) {
    if (isDrizzleInternal(specifier, context.parentURL))
      return { url: new URL(specifier, context.parentURL).href, format: 'module', shortCircuit: true };
    return nextResolve(specifier, context);
  },
});
