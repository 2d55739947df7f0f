import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../db/index.ts';
import type { DatabaseGate } from '../db/database-gate.ts';
import { sweepStep, type SweepLimits } from '../db/repositories/recipe-trash-repository.ts';
import type { PhotoLibrary } from '../photos/photo-library.ts';

// The trash's and the history's sweep (issue 41, docs/decisions/057-trash-and-history.md): it erases what stayed in
// the trash past TRASH_DAYS and prunes histories, a batch at a time, yielding between batches so requests go first;
// a restart simply sweeps again (nothing is remembered between runs). Several instances: each step takes a lock.
type Options = { db: Database; gate: DatabaseGate; library: PhotoLibrary; keeping: SweepLimits };

/** The first sweep a minute after start (not during the start's own database work), then every hour. */
const FIRST_SWEEP_MS = 60 * 1000;
const SWEEP_EVERY_MS = 60 * 60 * 1000;

export const trashSweep: FastifyPluginAsync<Options> = async (api, { db, gate, library, keeping }) => {
  let closing = false;
  const sweep = async () => {
    for (let step = await gate.run(() => sweepStep(db.orm, keeping, new Date()), 'write'); ;) {
      library.releaseLater(step.files);
      if (step.erased || step.pruned)
        api.log.info({ erased: step.erased, pruned: step.pruned }, 'trash and history swept');
      if (step.done || closing) return;
      await new Promise((resolve) => setImmediate(resolve));
      step = await gate.run(() => sweepStep(db.orm, keeping, new Date()), 'write');
    }
  };
  const run = () => void sweep().catch((error: unknown) => api.log.warn({ err: error }, 'trash sweep failed'));
  let first: NodeJS.Timeout | undefined;
  let timer: NodeJS.Timeout | undefined;
  api.addHook('onReady', async () => {
    first = setTimeout(run, FIRST_SWEEP_MS).unref();
    timer = setInterval(run, SWEEP_EVERY_MS).unref();
  });
  api.addHook('onClose', async () => {
    closing = true;
    clearTimeout(first);
    clearInterval(timer);
  });
};
