import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { serverNodeFlags } from '../../../bench/node-flags.ts';
import { startScript } from '../../support/start-script.ts';

// The server's V8 flags are written on three command lines (Node refuses --liftoff-only in NODE_OPTIONS): npm start, the
// image's CMD and its `recipe-book` commands (docs/decisions/041 and 043). They must not drift apart; the benches
// and the tests that start Node themselves read npm start's.
const read = (path: string) => readFileSync(new URL(`../../../${path}`, import.meta.url), 'utf8');

describe("the server's V8 flags", () => {
  const npmStart = startScript().flags;

  it('are read from npm start', () => {
    expect(npmStart).toContain('--liftoff-only');
    expect(npmStart.every((flag) => flag.startsWith('--'))).toBe(true);
  });

  it('are what the benches read', () => {
    const saved = process.env.BENCH_NODE_FLAGS;
    delete process.env.BENCH_NODE_FLAGS;
    try {
      expect(serverNodeFlags()).toEqual(npmStart);
    } finally {
      if (saved !== undefined) process.env.BENCH_NODE_FLAGS = saved;
    }
  });

  it("are the image's CMD's", () => {
    const cmd = /^CMD (\[.*\])$/m.exec(read('Dockerfile'))?.[1];
    expect(JSON.parse(cmd ?? '[]')).toEqual(['node', ...npmStart, 'server/start.ts']);
  });

  it("are the image's recipe-book commands'", () => {
    const line = /^exec node (.*) "server\/cli\/\$file-command\.ts" "\$@"$/m.exec(
      read('scripts/container/recipe-book'),
    )?.[1];
    expect(line?.split(' ')).toEqual(npmStart);
  });
});
