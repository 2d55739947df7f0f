import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recipeSchema } from '../../../src/lib/recipe-schema.ts';
import type { Database } from '../../db/index.ts';
import type { DatabaseGate } from '../../db/database-gate.ts';
import { eraseFromTrash, listTrash, restoreFromTrash, sweepStep, type SweepLimits } from '../../db/recipe-trash.ts';
import type { PhotoLibrary } from '../../photos/photo-library.ts';
import { editorOf } from '../access.ts';
import { authErrors, errorBodySchema, HttpError } from '../errors.ts';
import { idParams } from './recipes.ts';

// The trash (issue 41, docs/decisions/057-trash-and-history.md): what DELETE /recipes/{id} moved there, for editors
// only. A visitor never learns of it: every route here asks for the editor role first (401, 403).
type Options = {
  db: Database;
  gate: DatabaseGate;
  library: PhotoLibrary;
  requireEditor: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  writeLimit: ReturnType<FastifyInstance['rateLimit']>;
  keeping: SweepLimits;
};

/** The sweep runs after start and every hour, on whichever instance takes its lock; each step is one short transaction. */
const FIRST_SWEEP_MS = 60 * 1000;
const SWEEP_EVERY_MS = 60 * 60 * 1000;

const trashedSchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  author: z.string().describe('Who wrote the recipe'),
  deletedAt: z.string().describe('When it was deleted (ISO 8601)'),
  deletedBy: z.string().nullable().describe('Who deleted it'),
  erasedAfter: z.string().describe('When the sweep erases it for good (ISO 8601)'),
});
const notInTrash = (id: number) => new HttpError(404, `Recipe ${id} is not in the trash`);
const errors = { 400: errorBodySchema, 404: errorBodySchema, 503: errorBodySchema };

export const trashRoutes: FastifyPluginAsyncZod<Options> = async (
  api,
  { db, gate, library, requireEditor, writeLimit, keeping },
) => {
  const { trashDays } = keeping;
  let timer: NodeJS.Timeout | undefined;
  let closing = false;
  // Erases what stayed in the trash past TRASH_DAYS and prunes histories, a batch at a time, yielding between
  // batches so requests go first; a restart simply sweeps again (nothing is remembered between runs).
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
  // The first sweep a minute after start (not during the start's own database work), then every hour.
  let first: NodeJS.Timeout | undefined;
  api.addHook('onReady', async () => {
    first = setTimeout(run, FIRST_SWEEP_MS).unref();
    timer = setInterval(run, SWEEP_EVERY_MS).unref();
  });
  api.addHook('onClose', async () => {
    closing = true;
    clearTimeout(first);
    clearInterval(timer);
  });
  const read = { onRequest: [requireEditor] };
  const write = { onRequest: [writeLimit, requireEditor] };

  api.get(
    '/trash',
    {
      ...read,
      schema: {
        summary: `The deleted recipes (editor), most recently deleted first; each is erased for good ${trashDays} days after it was deleted`,
        security: [{ bearer: [] }],
        response: { 200: z.object({ recipes: z.array(trashedSchema) }), 503: errorBodySchema, ...authErrors },
      },
    },
    async (_request, reply) => {
      const list = await gate.run(() => listTrash(db.orm));
      const erasedAfter = (deletedAt: string) =>
        new Date(new Date(deletedAt).getTime() + trashDays * 86_400_000).toISOString();
      return reply
        .header('cache-control', 'no-store')
        .send({ recipes: list.map((r) => ({ ...r, erasedAfter: erasedAfter(r.deletedAt) })) });
    },
  );

  api.post(
    '/trash/:id/restore',
    {
      ...write,
      schema: {
        summary:
          'Restore a deleted recipe (editor): it comes back with the same id, its photos and categories, as a new version. Restoring one already back answers it as it is.',
        security: [{ bearer: [] }],
        params: idParams,
        response: { 200: recipeSchema, ...errors, ...authErrors },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const result = await gate.run(
        (deadline) => restoreFromTrash(db.orm, id, editorOf(request).username, deadline),
        'write',
      );
      if (result.kind === 'not-found') throw notInTrash(id);
      return reply.header('etag', `"${result.recipe.version}"`).send(result.recipe);
    },
  );

  api.delete(
    '/trash/:id',
    {
      ...write,
      schema: {
        summary: 'Erase a deleted recipe for good (editor): it, its history and the photos only it kept',
        security: [{ bearer: [] }],
        params: idParams,
        response: { 204: z.null().describe('Erased'), ...errors, ...authErrors },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const files = await gate.run((deadline) => eraseFromTrash(db.orm, id, deadline), 'write');
      if (files === null) throw notInTrash(id);
      library.releaseLater(files);
      return reply.code(204).send(null);
    },
  );
};
