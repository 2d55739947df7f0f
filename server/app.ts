import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import helmet from '@fastify/helmet';
import compress from '@fastify/compress';
import type { Config } from './config.ts';
import type { Database } from './db/index.ts';
import apiPlugin from './api/index.ts';
import idpPlugin from './idp/index.ts';
import sitePlugin from './site/index.ts';

export type AppDeps = { db: Database; logger?: FastifyServerOptions['logger'] };

// Query parameters that carry credentials (logout's id_token_hint, a stray code) never reach the logs.
const SECRET_PARAMS = /([?&](?:id_token_hint|code|token|refresh_token|access_token|session_state)=)[^&#]*/gi;

export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  if (config.logLevel === 'silent') return false;
  return {
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({
        method: req.method,
        url: req.url.replace(SECRET_PARAMS, '$1[redacted]'),
        ip: req.ip,
      }),
    },
  };
}

/** The whole product as one Fastify app: security headers, then the API, the identity provider and the site. */
export async function buildApp(config: Config, deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ?? loggerOptions(config),
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    return503OnClosing: true,
    // Keep-alive sockets must not hold a graceful shutdown open for their full timeout.
    forceCloseConnections: 'idle',
  });

  // Each part sets the Content-Security-Policy that fits its responses (API: none at all; pages: their own).
  await app.register(helmet, { contentSecurityPolicy: false, crossOriginEmbedderPolicy: false });
  // Dynamic text (JSON, the provider's pages) compressed per response when the client accepts it;
  // responses that already carry Content-Encoding (precompressed files, the cached list) pass as they are.
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: 1024 });

  await app.register(apiPlugin, { prefix: config.apiBasePath, config, db: deps.db });
  if (config.embeddedIdp) {
    await app.register(idpPlugin, { prefix: `/realms/${config.keycloakRealm}`, config, db: deps.db });
  }
  if (config.serveSite) await app.register(sitePlugin, { config });
  return app;
}
