import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { JWTVerifyGetKey } from 'jose';
import type { Config } from './config.ts';
import type { Database } from './db/index.ts';
import { serverOptions } from './server-options.ts';
import { compress, compressOptions } from './plugins/compress.ts';
import { helmet, helmetOptions } from './plugins/helmet.ts';
import apiPlugin from './api/index.ts';
import idpPlugin from './idp/index.ts';
import { createSessionCheck } from './idp/protocol/session-check.ts';
import sitePlugin from './site/index.ts';

/** `jwks` replaces the identity provider's remote keys (tests only). */
export type AppOptions = { config: Config; db: Database; jwks?: JWTVerifyGetKey };

/**
 * The whole product as one Fastify plugin: the root-wide third-party plugins (security headers, compression),
 * then the API, the identity provider and the site, each an encapsulated plugin of its own.
 */
export async function serviceApp(app: FastifyInstance, { config, db, jwks }: AppOptions): Promise<void> {
  await app.register(helmet, helmetOptions(config));
  await app.register(compress, compressOptions);

  // With the embedded provider the API refuses tokens of sessions that ended (logout, revocation) at once,
  // not only when they expire: both run in this process and share the database.
  const sessionCheck = config.embeddedIdp ? createSessionCheck(db, config.idp.refreshTokenSeconds) : undefined;
  await app.register(apiPlugin, {
    prefix: config.apiBasePath,
    config,
    db,
    ...(jwks ? { jwks } : {}),
    ...(sessionCheck ? { sessionCheck } : {}),
  });
  if (config.embeddedIdp) {
    await app.register(idpPlugin, { prefix: `/realms/${config.keycloakRealm}`, config, db });
  }
  if (config.serveSite) await app.register(sitePlugin, { config, db });
}

export type BuildOptions = {
  db: Database;
  logger?: FastifyServerOptions['logger'];
  jwks?: JWTVerifyGetKey;
  /** Runs on the bare instance before the app is registered: hooks that must come first or before ready()
   *  (server/start.ts: the graceful shutdown; tests: recording every exchange). */
  before?: (app: FastifyInstance) => void;
};

/**
 * A ready instance: Fastify with the server options (server/server-options.ts) and the app plugin. The one way
 * to get the product, for `npm start`, the bench and the tests alike. The app is registered through
 * fastify-plugin, so its hooks (helmet's headers), error handlers and 404 belong to the root: they apply to
 * every response, including those no route answers.
 */
export async function buildApp(config: Config, { db, logger, jwks, before }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify(serverOptions(config, logger));
  before?.(app);
  await app.register(fp(serviceApp, { name: 'recipe-book' }), { config, db, ...(jwks ? { jwks } : {}) });
  await app.ready();
  return app;
}
