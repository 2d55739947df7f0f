import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_VERSION, recipeSchema } from '../../../src/lib/recipe-schema.ts';
import type { Database } from '../../db/index.ts';
import type { DatabaseGate } from '../../db/database-gate.ts';
import { listVersions, readVersion } from '../../db/repositories/recipe-history-repository.ts';
import { restoreVersion } from '../../db/repositories/recipe-repository.ts';
import type { PhotoLibrary } from '../../photos/photo-library.ts';
import { editorOf } from '../access.ts';
import { errorBodySchema, HttpError } from '../errors.ts';
import { expectedVersion } from '../expected-version.ts';
import { conflict, idParams, notFound } from './recipes.ts';

// A recipe's history (issue 41, docs/decisions/057-trash-and-history.md), for editors only: every saved version,
// one version whole, and restoring one, which saves it as a new version (nothing is rewritten). Registered in the
// editor scope (server/api/editor-scope.ts).
type Options = {
  db: Database;
  gate: DatabaseGate;
  library: PhotoLibrary;
};

const versionSummary = z.object({
  version: z.number().int().positive(),
  savedAt: z.string().describe('When it was saved (ISO 8601)'),
  savedBy: z.string().nullable().describe('Who saved it'),
});
const versionParams = idParams.extend({
  version: z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/, { error: 'Must be a version number' })
    .transform(Number)
    .pipe(z.number().int().max(MAX_VERSION, { error: 'Must be a version number' }))
    .meta({ type: 'integer', minimum: 1, maximum: MAX_VERSION, pattern: undefined, description: 'A version number' }),
});
const errors = { 400: errorBodySchema, 404: errorBodySchema, 503: errorBodySchema };
const noVersion = (id: number, version: number) => new HttpError(404, `Recipe ${id} has no version ${version}`);

export const recipeVersionRoutes: FastifyPluginAsyncZod<Options> = async (api, { db, gate, library }) => {
  api.get(
    '/recipes/:id/versions',
    {
      schema: {
        summary: "A recipe's saved versions (editor), newest first; the first is the recipe as it is",
        params: idParams,
        response: { 200: z.object({ versions: z.array(versionSummary) }), ...errors },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const versions = await gate.run(() => listVersions(db.orm, id));
      if (versions.length === 0) throw notFound(id);
      return reply.header('cache-control', 'no-store').send({ versions });
    },
  );

  api.get(
    '/recipes/:id/versions/:version',
    {
      schema: {
        summary: 'One saved version of a recipe (editor): the recipe as it was then',
        params: versionParams,
        response: { 200: versionSummary.extend({ recipe: recipeSchema }), ...errors },
      },
    },
    async (request, reply) => {
      const { id, version } = request.params;
      const saved = await gate.run(() => readVersion(db.orm, id, version));
      if (!saved) throw noVersion(id, version);
      return reply.header('cache-control', 'no-store').send(saved);
    },
  );

  api.post(
    '/recipes/:id/versions/:version/restore',
    {
      schema: {
        summary:
          'Restore a saved version (editor): saved as a new version of the recipe (restoring what it already is saves nothing). Send If-Match with the version you read to refuse overwriting newer changes (409).',
        params: versionParams,
        headers: z.looseObject({
          'if-match': z
            .string()
            .optional()
            .describe('The current version you read, as its ETag ("3") or a bare number; "*" only asks that it exists'),
        }),
        response: { 200: recipeSchema, ...errors, 409: errorBodySchema },
      },
    },
    async (request, reply) => {
      const { id, version } = request.params;
      const expected = expectedVersion(undefined, request.headers['if-match']);
      const caller = editorOf(request).username;
      const result = await gate.run(
        (deadline) => restoreVersion(db.orm, id, version, caller, expected, deadline),
        'write',
      );
      if (result.kind === 'no-version') throw noVersion(id, version);
      if (result.kind === 'not-found') throw notFound(id);
      if (result.kind === 'conflict') throw conflict(id, 'read', expected, result.currentVersion);
      library.releaseLater(result.droppedFiles);
      return reply.header('etag', `"${result.recipe.version}"`).send(result.recipe);
    },
  );
};
