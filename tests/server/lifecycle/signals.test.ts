// `npm start` under a steady stream of writes, stopped by one SIGTERM or SIGINT sent to npm or to its
// whole process group (Ctrl-C, systemd's default stop): one graceful stop, exit 0, every write that
// was sent answered, the data folder released and holding every acknowledged recipe.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../scripts/free-ports.ts';
import { LOCK_FILE } from '../../../server/db/data-folder/data-dir-lock.ts';
import { openDatabase } from '../../../server/db/index.ts';
import { recipes } from '../../../server/db/schema/index.ts';
import { editorToken, killGroup, startedFolders, startNpm, writeLoad, type Exit } from './support.ts';

const SCENARIOS = [
  { signal: 'SIGTERM', to: 'npm' },
  { signal: 'SIGINT', to: 'npm' },
  { signal: 'SIGTERM', to: 'the process group' },
  { signal: 'SIGINT', to: 'the process group' },
] as const;

const within = <T>(promise: Promise<T>, ms: number, what: string) =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what}: no answer in ${ms} ms`)), ms)),
  ]);

describe('npm start stops gracefully on one signal under a write load', () => {
  // Each scenario's server starts on its own copy of a folder that has had its first start (seeded, the demo
  // users' hashes, the keys): that work once per file instead of once per scenario.
  let folders: Awaited<ReturnType<typeof startedFolders>>;
  beforeAll(async () => {
    folders = await startedFolders();
  });
  afterAll(() => folders?.remove());

  for (const { signal, to } of SCENARIOS) {
    it(`${signal} to ${to}: exit 0, every write answered, folder released, acknowledged writes kept`, async () => {
      const folder = folders.copy();
      const server = await startNpm(await freePort(), folder.dir);
      try {
        const token = await editorToken(server.baseUrl);
        const load = writeLoad(server.baseUrl, token, 6);
        await within(load.acknowledged(40), 60_000, 'the write load');

        const signalAt = performance.now();
        process.kill(to === 'npm' ? server.pid : -server.pid, signal);
        const exit: Exit = await within(server.exited, 30_000, `npm start after ${signal}`);
        const stopMs = performance.now() - signalAt;
        load.stop();
        await load.done;

        const sentBefore = load.writes.filter((w) => w.sentAt < signalAt);
        const acknowledged = load.writes.filter((w) => w.status === 201);
        const refused = load.writes.filter((w) => w.status === 503);
        console.log(
          `${signal} to ${to}: npm exited ${exit.code ?? exit.signal} ${stopMs.toFixed(0)} ms after the signal; ` +
            `${load.writes.length} writes (${sentBefore.length} sent before it): ${acknowledged.length}×201, ${refused.length}×503, ` +
            `${
              load.writes
                .filter((w) => w.error)
                .map((w) => `${w.error}${w.reused ? ' (reused socket)' : ''}`)
                .join(', ') || 'no errors'
            }`,
        );

        expect(exit, server.output()).toEqual({ code: 0, signal: null });
        // Every write sent before the signal got an HTTP answer: done (201) or refused as closing (503).
        expect(sentBefore.filter((w) => w.status !== 201 && w.status !== 503)).toEqual([]);
        // No request on an open keep-alive socket was reset: the server answered it and said Connection: close.
        expect(load.writes.filter((w) => w.reused && w.status === undefined)).toEqual([]);
        expect(refused.filter((w) => w.connectionHeader !== 'close')).toEqual([]);
        // Nothing but the graceful path ran: no forced exit, no error logged.
        expect(server.output()).not.toMatch(/"level":(50|60)|ELIFECYCLE|npm error/);

        // Released: our lock file, and PGlite's postmaster.pid (removed when it closes).
        expect(existsSync(join(folder.dir, LOCK_FILE))).toBe(false);
        expect(existsSync(join(folder.dir, 'postmaster.pid'))).toBe(false);
        const db = await openDatabase({ dataDir: folder.dir });
        try {
          const stored = new Set((await db.orm.select({ id: recipes.id }).from(recipes)).map((r) => r.id));
          expect(acknowledged.filter((w) => !stored.has(w.id!)).map((w) => w.id)).toEqual([]);
        } finally {
          await db.close();
        }
      } finally {
        killGroup(server.pid);
        folder.remove();
      }
    }, 180_000);
  }
});
