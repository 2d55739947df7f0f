// npm start's command line (package.json's start script), for the tests that start the server or a CLI with Node
// themselves (inside a pid namespace, as a container's entry point does): the same V8 flags and allocator setting,
// read on every call, so that such a process costs what `npm start`'s does. Without the script's `--liftoff-only`,
// V8 compiled PGlite's WebAssembly a second time with its optimising compiler: about half of a start's CPU on
// these 2 cores (docs/ci-budget.md).
import { readFileSync } from 'node:fs';

export type StartScript = {
  /** The variables the script sets with a default (`MALLOC_ARENA_MAX=${MALLOC_ARENA_MAX:-2}`), as it would set them. */
  env: Record<string, string>;
  /** Node's flags, before the file. */
  flags: string[];
  file: string;
};

/**
 * Node's flags for a CLI or holder process the tests start themselves: npm start's `--liftoff-only` and `--import`s
 * (drizzle-orm's loading, docs/decisions/072), without its memory settings.
 */
export function cliNodeFlags(): string[] {
  return startScript().flags.filter((flag) => flag === '--liftoff-only' || flag.startsWith('--import='));
}

export function startScript(): StartScript {
  const scripts = (
    JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      scripts: Record<string, string>;
    }
  ).scripts;
  const match = /^((?:\w+=\$\{\w+:-[^}\s]*\} )*)exec node((?: --[\w-]+(?:=\S+)?)*) (server\/start\.ts)$/.exec(
    scripts['start'] ?? '',
  );
  if (!match)
    throw new Error(
      `npm start is "${scripts['start']}", not "[NAME=\${NAME:-VALUE} ...] exec node FLAGS server/start.ts"`,
    );
  const env: Record<string, string> = {};
  for (const [, name, fallback] of match[1]!.matchAll(/(\w+)=\$\{\w+:-([^}\s]*)\} /g))
    env[name!] = process.env[name!] || fallback!;
  return { env, flags: match[2]!.trim().split(' ').filter(Boolean), file: match[3]! };
}
