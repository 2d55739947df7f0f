import cors, { type FastifyCorsOptions } from '@fastify/cors';
import type { Config } from '../config.ts';

export { cors };

// Who may call us from a browser, in one file. Registered inside the part it applies to (each has its own
// rules), never at the root: the site and everything else answers no cross-origin request.

/** The API (registered by server/api/index.ts): the site's origins, the methods and headers the site sends. */
export function apiCorsOptions(config: Config): FastifyCorsOptions {
  return {
    origin: [...config.allowedOrigins],
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
    allowedHeaders: [
      'Authorization',
      'Content-Type',
      'If-Match',
      'If-None-Match',
      'Idempotency-Key',
      'X-XSRF-TOKEN',
      // The export file's name on POST /recipe-collections (its format): a site on another origin sends it too.
      'X-File-Name',
    ],
    exposedHeaders: ['ETag', 'Location', 'Retry-After'],
    maxAge: 600,
  };
}

/**
 * The embedded identity provider (server/idp/index.ts): keycloak-js calls token, userinfo and account with
 * fetch(credentials: 'include'), so an allowed origin gets itself back with Access-Control-Allow-Credentials
 * (never '*'), on those URLs only (`urls`: full paths, prefix included).
 */
export function idpCorsOptions(config: Config, urls: ReadonlySet<string>): FastifyCorsOptions {
  return {
    delegator: (request, callback) => {
      const path = (request.url ?? '').split('?')[0] ?? '';
      callback(
        null,
        urls.has(path)
          ? {
              origin: [...config.allowedOrigins],
              credentials: true,
              methods: ['GET', 'POST'],
              allowedHeaders: ['Authorization', 'Content-Type'],
              maxAge: 3600,
            }
          : { origin: false },
      );
    },
  };
}
