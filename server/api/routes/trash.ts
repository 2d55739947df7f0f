import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recipeSchema } from '../../../src/lib/recipe-schema.ts';
import type { Database } from '../../db/index.ts';
import type { DatabaseGate } from '../../db/database-gate.ts';
import {
  eraseFromTrash,
  listTrash,
  restoreFromTrash,
  type SweepLimits,
} from '../../db/repositories/recipe-trash-repository.ts';
import type { PhotoLibrary } from '../../photos/photo-library.ts';
import { editorOf } from '../access.ts';
import { errorBodySchema, HttpError } from '../errors.ts';
import { idParams } from './recipes.ts';

// The trash (issue 41, docs/decisions/057-trash-and-history.md): what DELETE /recipes/{id} moved there, for editors
// only. A visitor never learns of it: registered in the editor scope (server/api/editor-scope.ts), every route here
// asks for the editor role first (401, 403).
type Options = {
  db: Database;
  gate: DatabaseGate;
  library: PhotoLibrary;
  keeping: SweepLimits;
};

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

export const trashRoutes: FastifyPluginAsyncZod<Options> = async (api, { db, gate, library, keeping }) => {
  const { trashDays } = keeping;

  api.get(
    '/trash',
    {
      schema: {
        summary: `The deleted recipes (editor), most recently deleted first; each is erased for good ${trashDays} days after it was deleted`,
        response: { 200: z.object({ recipes: z.array(trashedSchema) }), 503: errorBodySchema },
      },
    },
    async (_request, reply) => {
      const recipes = await gate.run(() => listTrash(db.orm, trashDays));
      return reply.header('cache-control', 'no-store').send({ recipes });
    },
  );

  api.post(
    '/trash/:id/restore',
    {
      schema: {
        summary:
          'Restore a deleted recipe (editor): it comes back with the same id, its photos and categories, as a new version. Restoring one already back answers it as it is.',
        params: idParams,
        response: { 200: recipeSchema, ...errors },
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
      schema: {
        summary: 'Erase a deleted recipe for good (editor): it, its history and the photos only it kept',
        params: idParams,
        response: { 204: z.null().describe('Erased'), ...errors },
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
