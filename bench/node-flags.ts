import { readFileSync } from 'node:fs';

/**
 * The V8 flags `npm start` gives the server (package.json's start script: the image and `recipe-book` use the
 * same, tests/unit/project/node-flags.test.ts checks), so that a bench measures what runs. `BENCH_NODE_FLAGS` replaces
 * them, to compare others.
 */
export function serverNodeFlags(): string[] {
  if (process.env.BENCH_NODE_FLAGS !== undefined) return process.env.BENCH_NODE_FLAGS.split(/\s+/).filter(Boolean);
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    scripts: { start: string };
  };
  const flags = /\bnode((?: --[\w-]+(?:=\S+)?)*) server\/start\.ts/.exec(pkg.scripts.start)?.[1];
  if (flags === undefined) throw new Error(`cannot read the node flags of: ${pkg.scripts.start}`);
  return flags.split(' ').filter(Boolean);
}
