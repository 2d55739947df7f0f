import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MESSAGES, recipeInputSchema, recipeSchema, servingsSchema, textUpTo } from '../../../src/lib/recipe-schema.ts';
import { scaleRecipe } from '../../../src/lib/scaling.ts';
import { canonicalJson } from '../../../src/lib/canonical-json.ts';
import { MAX_RECIPE_ID, parseRecipeId } from '../../../src/lib/routes.ts';
import { ORGANISE_MESSAGES } from '../../../src/lib/organise.ts';
import * as repo from '../../db/repositories/recipe-repository.ts';
import { deleteOrTrash } from '../../db/repositories/recipe-trash-repository.ts';
import type { Database } from '../../db/index.ts';
import { bodyErrors, errorBodySchema, HttpError } from '../errors.ts';
import type { DatabaseGate } from '../../db/database-gate.ts';
import { editorOf } from '../access.ts';
import type { ListCache } from '../read-models/list-cache.ts';
import { expectedVersion } from '../expected-version.ts';
import { PhotoRefError } from '../../db/repositories/photo-repository.ts';
import type { PhotoLibrary } from '../../photos/photo-library.ts';

type ReadOptions = { db: Database; gate: DatabaseGate; fullList: ListCache };
type WriteOptions = {
  db: Database;
  gate: DatabaseGate;
  photos: PhotoLibrary;
  /** Days a deleted recipe stays in the trash; 0: DELETE erases it for good (issue 41). */
  trashDays: number;
};

// Path ids are positive 32-bit integers written in decimal: anything else is a 400, not a 404 or a
// database error. The document shows the integer the text stands for (as OpenAPI parameters are).
export const idParams = z.object({
  id: z
    .string()
    .transform(
      (text, ctx) => parseRecipeId(text) ?? (ctx.addIssue({ code: 'custom', message: MESSAGES.notAnId }), z.NEVER),
    )
    .meta({
      type: 'integer',
      minimum: 1,
      maximum: MAX_RECIPE_ID,
      description: 'A recipe id, written in decimal without sign or leading zeros (^[1-9][0-9]{0,9}$)',
    }),
});
const servingsQuery = z.object({
  // Canonical decimal only (no spaces, '+' or leading zeros), as an OpenAPI integer parameter is written.
  servings: z
    .string({ error: MESSAGES.notANumber })
    .regex(/^-?(?:0|[1-9][0-9]*)$/, { error: MESSAGES.notANumber })
    .transform(Number)
    .pipe(servingsSchema)
    .optional()
    .meta({
      type: 'integer',
      minimum: 1,
      maximum: 100,
      pattern: undefined,
      description: 'Scale every quantity to this many servings',
    }),
});

const ifMatch = z
  .string()
  .optional()
  .describe(
    'The version you read, as its ETag ("3", W/"3") or a bare number; a different current version answers 409 and changes nothing. "*" only asks that the recipe exists.',
  );
const ifNoneMatch = z
  .string()
  .optional()
  .describe('An ETag this API sent; 304 without a body while it still names the current data');

const idempotencyKey = z
  .string()
  .regex(/^[\x21-\x7e]{1,255}$/, { error: 'Must be 1 to 255 visible ASCII characters' })
  .optional()
  .describe(
    'Any unique string per recipe you mean to create (a UUID). A retry with the same key and body returns the first answer ' +
      '(the same recipe, 201) instead of creating another; the same key with a different body is refused (422). Kept a day.',
  );

/** The body as the schema parsed it, in a fixed key order: a retry that reorders keys is the same body. */
function hashOf(body: unknown): string {
  return createHash('sha256').update(canonicalJson(body)).digest('base64url');
}

const errors = { 400: errorBodySchema, 404: errorBodySchema, 503: errorBodySchema };

export const notFound = (id: number) => new HttpError(404, `Recipe ${id} not found`);
export const conflict = (id: number, did: 'edited' | 'read', version: number | undefined, currentVersion: number) =>
  new HttpError(
    409,
    `Recipe ${id} was changed by someone else: you ${did} version ${version}, the current version is ${currentVersion}`,
    { currentVersion },
  );

/** The recipes as anyone reads them. */
export const recipeRoutes: FastifyPluginAsyncZod<ReadOptions> = async (api, { db, gate, fullList }) => {
  // Built at start-up, not by the first visitor; but only once every plugin has loaded: PGlite reads the
  // 100,000 recipes on this thread, and a build started during registration made the provider's plugin miss
  // Fastify's plugin timeout.
  api.addHook('onReady', async () => fullList.warm());

  api.get(
    '/recipes',
    {
      schema: {
        summary: 'Every recipe in Swedish alphabetical order, optionally only those whose name contains `search`',
        querystring: z.object({ search: textUpTo(200, 'Max 200 characters').optional() }),
        headers: z.looseObject({ 'if-none-match': ifNoneMatch }),
        response: {
          200: z.array(recipeSchema),
          304: z.null().describe('Not modified (If-None-Match)'),
          400: errorBodySchema,
          503: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const { search } = request.query;
      if (search) return gate.run(() => repo.listRecipes(db.orm, search));
      // Stored bytes (compressed once per change), sent as they are; 304 on a matching ETag.
      return fullList.send(request, reply);
    },
  );

  api.get(
    '/recipes/:id',
    {
      schema: {
        summary: 'One recipe; with `servings` every quantity is scaled to that many servings',
        params: idParams,
        querystring: servingsQuery,
        headers: z.looseObject({ 'if-none-match': ifNoneMatch }),
        response: { 200: recipeSchema, 304: z.null().describe('Not modified (If-None-Match)'), ...errors },
      },
    },
    async (request, reply) => {
      const recipe = await gate.run(() => repo.getRecipe(db.orm, request.params.id));
      if (!recipe) throw notFound(request.params.id);
      const { servings } = request.query;
      if (servings === undefined) return reply.header('etag', `"${recipe.version}"`).send(recipe);
      return scaleRecipe(recipe, servings);
    },
  );
};

/**
 * The editor's writes: registered in the editor scope (server/api/editor-scope.ts), which counts each against the
 * address's write allowance and asks for the editor role before the body is parsed or validated (no token: 401,
 * not 400 or 413).
 */
export const recipeWriteRoutes: FastifyPluginAsyncZod<WriteOptions> = async (api, { db, gate, photos, trashDays }) => {
  // A body naming a photo the caller may not attach, or times out of order with a stored one, changes nothing: 400.
  const photoChecked = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof PhotoRefError)
        throw new HttpError(400, 'The body names a photo it cannot have: upload it first (POST /photos)', {
          fields: { [error.field]: error.message },
        });
      // The schema's rule, on a PUT that kept the stored time it left out: the same answer as the schema's.
      if (error instanceof repo.TimesOutOfOrderError)
        throw new HttpError(400, 'Invalid body', { fields: { prepTime: ORGANISE_MESSAGES.prepOverTotal } });
      throw error;
    }
  };

  api.post(
    '/recipes',
    {
      schema: {
        summary: 'Create a recipe (editor). The author is the signed-in user.',
        headers: z.looseObject({ 'idempotency-key': idempotencyKey }),
        body: recipeInputSchema,
        response: {
          201: recipeSchema,
          400: errorBodySchema,
          ...bodyErrors,
          422: errorBodySchema,
          503: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const author = editorOf(request).username;
      const key = request.headers['idempotency-key'];
      const idempotency = key === undefined ? undefined : { key, bodyHash: hashOf(request.body) };
      const result = await photoChecked(() =>
        gate.run((deadline) => repo.createRecipeOnce(db.orm, request.body, author, idempotency, deadline), 'write'),
      );
      if (result.kind === 'key-reused') {
        throw new HttpError(
          422,
          'This Idempotency-Key was used for a different recipe: send a new key for a new recipe',
          {
            fields: { 'idempotency-key': 'Already used with another body' },
          },
        );
      }
      const { recipe } = result;
      return reply
        .code(201)
        .header('location', `${request.url.split('?')[0]}/${recipe.id}`)
        .header('etag', `"${recipe.version}"`)
        .send(recipe);
    },
  );

  api.put(
    '/recipes/:id',
    {
      schema: {
        summary: 'Replace a recipe (editor). Send its `version` (or If-Match) to refuse overwriting newer changes.',
        params: idParams,
        headers: z.looseObject({ 'if-match': ifMatch }),
        body: recipeInputSchema,
        response: { 200: recipeSchema, ...errors, 409: errorBodySchema, ...bodyErrors },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      if (request.body.id !== undefined && request.body.id !== id) {
        throw new HttpError(400, `The body's id ${request.body.id} differs from the path's ${id}`, {
          fields: { id: 'Must match the id in the path' },
        });
      }
      const version = expectedVersion(request.body.version, request.headers['if-match']);
      const caller = editorOf(request).username;
      const result = await photoChecked(() =>
        gate.run((deadline) => repo.updateRecipe(db.orm, id, request.body, version, deadline, caller), 'write'),
      );
      if (result.kind === 'not-found') throw notFound(id);
      if (result.kind === 'conflict') throw conflict(id, 'edited', version, result.currentVersion);
      photos.releaseLater(result.droppedFiles);
      return reply.header('etag', `"${result.recipe.version}"`).send(result.recipe);
    },
  );

  api.delete(
    '/recipes/:id',
    {
      schema: {
        summary:
          'Delete a recipe (editor): it goes to the trash (GET /trash), from where it can be restored for TRASH_DAYS days. Send If-Match to refuse deleting a recipe changed since you read it.',
        params: idParams,
        headers: z.looseObject({ 'if-match': ifMatch }),
        response: {
          204: z.null().describe('Deleted'),
          ...errors,
          409: errorBodySchema,
          413: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const version = expectedVersion(undefined, request.headers['if-match']);
      const result = await gate.run(
        (deadline) => deleteOrTrash(db.orm, id, editorOf(request).username, trashDays, version, deadline),
        'write',
      );
      if (result.kind === 'not-found') throw notFound(id);
      if (result.kind === 'conflict') throw conflict(id, 'read', version, result.currentVersion);
      if (result.kind === 'deleted') photos.releaseLater(result.droppedFiles);
      return reply.code(204).send(null);
    },
  );
};
