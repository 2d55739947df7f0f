import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MESSAGES, recipeInputSchema, recipeSchema, servingsFormSchema } from '../../../src/lib/recipe-schema.ts';
import { scaleRecipe } from '../../../src/lib/scaling.ts';
import * as repo from '../../db/recipe-repository.ts';
import type { Database } from '../../db/index.ts';
import { errorBodySchema, HttpError } from '../errors.ts';
import { createListCache } from '../list-cache.ts';
import { expectedVersion } from './versions.ts';

type Options = {
  db: Database;
  requireEditor: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  writeRateLimit: number;
};

// Path ids are positive 32-bit integers: anything else is a 400, not a 404 or a database error.
const idParams = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, { error: MESSAGES.notAnId })
    .transform(Number)
    .refine((n) => n <= 2_147_483_647, { error: MESSAGES.notAnId }),
});

const errors = { 400: errorBodySchema, 404: errorBodySchema };
const writeErrors = { ...errors, 401: errorBodySchema, 403: errorBodySchema, 413: errorBodySchema, 429: errorBodySchema };

const notFound = (id: number) => new HttpError(404, `Recipe ${id} not found`);

export const recipeRoutes: FastifyPluginAsyncZod<Options> = async (api, { db, requireEditor, writeRateLimit }) => {
  const fullList = createListCache(db);
  // Every write attempt counts against its address's allowance first, signed in or not (an anonymous
  // or non-editor flood is limited too); then auth, before the body is parsed or validated: no token
  // means 401, not 400 or 413.
  const write = { onRequest: [api.rateLimit({ max: writeRateLimit, timeWindow: 60_000 }), requireEditor] };

  api.get('/recipes', {
    schema: {
      summary: 'Every recipe in Swedish alphabetical order, optionally only those whose name contains `search`',
      querystring: z.object({ search: z.string({ error: MESSAGES.notText }).max(200, { error: 'Max 200 characters' }).optional() }),
      response: { 200: z.array(recipeSchema), 304: z.null().describe('Not modified (If-None-Match)'), 400: errorBodySchema },
    },
  }, async (request, reply) => {
    if (request.query.search) return repo.listRecipes(db.orm, request.query.search);
    // Stored bytes (compressed once per change), sent as they are; 304 on a matching ETag.
    return fullList.send(request, reply);
  });

  api.get('/recipes/:id', {
    schema: {
      summary: 'One recipe; with `servings` every quantity is scaled to that many servings',
      params: idParams,
      querystring: z.object({ servings: servingsFormSchema.optional() }),
      response: { 200: recipeSchema, ...errors },
    },
  }, async (request, reply) => {
    const recipe = await repo.getRecipe(db.orm, request.params.id);
    if (!recipe) throw notFound(request.params.id);
    const { servings } = request.query;
    if (servings === undefined) return reply.header('etag', `"${recipe.version}"`).send(recipe);
    return scaleRecipe(recipe, servings);
  });

  api.post('/recipes', {
    ...write,
    schema: {
      summary: 'Create a recipe (editor). The author is the signed-in user.',
      security: [{ bearer: [] }],
      body: recipeInputSchema,
      response: { 201: recipeSchema, ...writeErrors },
    },
  }, async (request, reply) => {
    const author = request.caller?.username;
    if (!author) throw new HttpError(401, 'Sign in to do this: a bearer token is required');
    const recipe = await repo.createRecipe(db.orm, request.body, author);
    return reply
      .code(201)
      .header('location', `${request.url.split('?')[0]}/${recipe.id}`)
      .header('etag', `"${recipe.version}"`)
      .send(recipe);
  });

  api.put('/recipes/:id', {
    ...write,
    schema: {
      summary: 'Replace a recipe (editor). Send its `version` (or If-Match) to refuse overwriting newer changes.',
      security: [{ bearer: [] }],
      params: idParams,
      body: recipeInputSchema,
      response: { 200: recipeSchema, 409: errorBodySchema, ...writeErrors },
    },
  }, async (request, reply) => {
    const { id } = request.params;
    if (request.body.id !== undefined && request.body.id !== id) {
      throw new HttpError(400, `The body's id ${request.body.id} differs from the path's ${id}`, {
        fields: { id: 'Must match the id in the path' },
      });
    }
    const version = expectedVersion(request.body.version, request.headers['if-match']);
    const result = await repo.updateRecipe(db.orm, id, request.body, version);
    if (result.kind === 'not-found') throw notFound(id);
    if (result.kind === 'conflict') {
      throw new HttpError(
        409,
        `Recipe ${id} was changed by someone else: you edited version ${version}, the current version is ${result.currentVersion}`,
        { currentVersion: result.currentVersion },
      );
    }
    return reply.header('etag', `"${result.recipe.version}"`).send(result.recipe);
  });

  api.delete('/recipes/:id', {
    ...write,
    schema: {
      summary: 'Delete a recipe (editor). Send If-Match to refuse deleting a recipe changed since you read it.',
      security: [{ bearer: [] }],
      params: idParams,
      response: { 204: z.null().describe('Deleted'), 409: errorBodySchema, ...writeErrors },
    },
  }, async (request, reply) => {
    const { id } = request.params;
    const version = expectedVersion(undefined, request.headers['if-match']);
    const result = await repo.deleteRecipe(db.orm, id, version);
    if (result.kind === 'not-found') throw notFound(id);
    if (result.kind === 'conflict') {
      throw new HttpError(409, `Recipe ${id} was changed by someone else: you read version ${version}, the current version is ${result.currentVersion}`, {
        currentVersion: result.currentVersion,
      });
    }
    return reply.code(204).send(null);
  });
};
