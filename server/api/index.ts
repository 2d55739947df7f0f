import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { JWTVerifyGetKey } from 'jose';
import type { Config } from '../config.ts';
import { NOTHING_ALLOWED, policyText } from '../http/content-security-policy.ts';
import type { Database } from '../db/index.ts';
import { apiCorsOptions, cors } from '../plugins/cors.ts';
import { apiRateLimitOptions, rateLimit } from '../plugins/rate-limit.ts';
import { createAuth, type SessionCheck } from './access.ts';
import { createDatabaseGate } from '../db/database-gate.ts';
import { errorBody, registerErrorHandlers } from './errors.ts';
import { registerOpenApi } from './openapi.ts';
import { registerHttpCache } from './http-cache.ts';
import { createChangeFeed } from '../db/repositories/change-feed.ts';
import { keepVersionsPerRecipe } from '../db/repositories/recipe-history-repository.ts';
import { createListCache } from './read-models/list-cache.ts';
import { createNameIndex } from './read-models/name-index.ts';
import { healthRoutes } from './routes/health.ts';
import { unitRoutes } from './routes/unit-keys.ts';
import { recipeRoutes, recipeWriteRoutes } from './routes/recipes.ts';
import { recipeNameRoutes } from './routes/recipe-names.ts';
import { categoryRoutes } from './routes/categories.ts';
import { recipeImportRoutes } from './routes/recipe-imports.ts';
import { photoFileRoutes, photoRoutes } from './routes/photos.ts';
import { editorScope } from './editor-scope.ts';
import { recipeCollectionRoutes } from './routes/recipe-collections.ts';
import { trashSweep } from './trash-sweep.ts';
import { trashRoutes } from './routes/trash.ts';
import { recipeVersionRoutes } from './routes/recipe-versions.ts';
import { createCollectionReader } from '../move-in/apps/collection-reader.ts';
import { createPhotoLibrary } from '../photos/photo-library.ts';
import { createPhotoProcessor } from '../photos/photo-processor.ts';
import { openPhotoStore } from '../photos/photo-stores.ts';

/** `sessionCheck`: the embedded provider's (server/app.ts passes it); `jwks` replaces the remote keys (tests only). */
export type ApiOptions = { config: Config; db: Database; jwks?: JWTVerifyGetKey; sessionCheck?: SessionCheck };

const API_CSP = policyText(NOTHING_ALLOWED);

// The site's DELETE carries Content-Type: application/json without a body; Fastify's own parser
// would call that a 400. This parser accepts an empty body as "no body" and rejects bad JSON.
function registerJsonParser(api: FastifyInstance): void {
  api.removeContentTypeParser('application/json');
  api.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    if (body === '') return done(null, undefined);
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(Object.assign(new Error('The request body is not valid JSON'), { statusCode: 400 }), undefined);
    }
  });
}

/** The recipes API, registered with prefix config.apiBasePath. Encapsulated: its hooks stay inside. */
const api: FastifyPluginAsync<ApiOptions> = async (instance, { config, db, jwks, sessionCheck }) => {
  instance.setValidatorCompiler(validatorCompiler);
  // Responses are built by our own code from typed rows; the zod response schemas document them
  // (OpenAPI) without re-validating every list on the way out.
  instance.setSerializerCompiler(() => (data) => JSON.stringify(data));
  registerErrorHandlers(instance);
  registerJsonParser(instance);
  instance.decorateRequest('caller', null);

  // Third-party plugins scoped to the API; their options live in server/plugins/.
  await instance.register(cors, apiCorsOptions(config));
  await instance.register(
    rateLimit,
    apiRateLimitOptions((message) => errorBody(429, message)),
  );

  const docsPrefix = `${config.apiBasePath}/docs`;
  instance.addHook('onSend', async (request, reply) => {
    if (!request.url.startsWith(docsPrefix)) reply.header('content-security-policy', API_CSP);
  });

  const gate = createDatabaseGate(config.database.requestTimeoutMs, instance.log);
  // The database's change stamp and change log, read in one place for the ETags and the caches below.
  const feed = createChangeFeed(db);
  registerHttpCache(instance, feed, gate, [`${config.apiBasePath}/recipes`, `${config.apiBasePath}/categories`]);
  await registerOpenApi(instance, config);
  // The session's read is database work like any other: bounded by the gate (503 when the database is away).
  const { requireEditor } = createAuth(config, jwks, sessionCheck && ((token) => gate.run(() => sessionCheck(token))));
  // The caches labelled with the database's change stamp. A read waits until they hold every write acknowledged
  // before it began (on any instance); a write answered here starts their catch-up at once (the stamp to reach read
  // once for both), so readers rarely wait.
  const fullList = createListCache(db, { gate, feed });
  const names = createNameIndex(db, { feed });
  const writeRoutes = new Set(
    ['/recipes', '/recipes/:id', '/recipes/:id/versions/:version/restore', '/trash/:id/restore'].map(
      (path) => `${config.apiBasePath}${path}`,
    ),
  );
  instance.addHook('onResponse', async (request, reply) => {
    if (request.method === 'GET' || request.method === 'HEAD' || reply.statusCode >= 300) return;
    if (!writeRoutes.has(request.routeOptions.url ?? '')) return;
    feed.refreshSoon();
  });
  await instance.register(unitRoutes);
  await instance.register(healthRoutes, { db, gate });
  await instance.register(recipeNameRoutes, { index: names, gate, filterReadsPerMinute: config.filterReadRateLimit });
  await instance.register(categoryRoutes, { index: names, gate });
  // One allowance for every write an editor makes: recipes, photo uploads and web imports alike.
  const writeLimit = instance.rateLimit({ max: config.writeRateLimit, timeWindow: 60_000 });
  const photos = createPhotoLibrary({
    db,
    gate,
    store: await openPhotoStore(config, db.orm),
    processor: createPhotoProcessor({ timeoutMs: config.photos.timeoutMs }),
    log: instance.log,
    unsaved: config.photos.unsaved,
  });
  // Every save prunes its recipe's history to HISTORY_MAX_VERSIONS in its own transaction (issue 52), not only the sweep.
  keepVersionsPerRecipe(config.keeping.history.versions);
  const { trashDays } = config.keeping;
  await instance.register(recipeRoutes, { db, gate, fullList });
  await editorScope(instance, { requireEditor, writeLimit }, async (editor) => {
    await editor.register(recipeWriteRoutes, { db, gate, photos, trashDays });
    await editor.register(trashRoutes, { db, gate, library: photos, keeping: config.keeping });
    await editor.register(recipeVersionRoutes, { db, gate, library: photos });
  });
  await instance.register(trashSweep, { db, gate, library: photos, keeping: config.keeping });
  await editorScope(instance, { requireEditor, writeLimit }, async (editor) => {
    await editor.register(photoRoutes, { library: photos, maxBytes: config.photos.maxBytes });
  });
  await instance.register(photoFileRoutes, { library: photos });
  await editorScope(instance, { requireEditor, writeLimit }, async (editor) => {
    await editor.register(recipeImportRoutes, { config, photos });
  });
  // Moving in from another app: the export file is read in worker threads, its photos through the library above.
  const { maxBytes, maxRecipes, maxIngredients, maxUnpackedBytes, readTimeoutMs } = config.collections;
  const collections = createCollectionReader({
    maxRecipes,
    maxIngredients,
    maxUnpackedBytes,
    photoMaxBytes: config.photos.maxBytes,
    timeoutMs: readTimeoutMs,
  });
  instance.addHook('onClose', () => collections.close());
  await editorScope(instance, { requireEditor, writeLimit }, async (editor) => {
    await editor.register(recipeCollectionRoutes, { db, gate, feed, library: photos, reader: collections, maxBytes });
  });
};

export default api;
