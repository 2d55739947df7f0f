import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Idp } from './context.ts';

// keycloak-js calls token, userinfo and account with fetch(credentials: 'include'), so an allowed origin gets
// itself back plus Access-Control-Allow-Credentials, never '*'.
export function applyCors(idp: Idp, request: FastifyRequest, reply: FastifyReply): void {
  const origin = request.headers.origin;
  reply.header('vary', 'Origin');
  if (origin && idp.config.allowedOrigins.includes(origin)) {
    reply.header('access-control-allow-origin', origin);
    reply.header('access-control-allow-credentials', 'true');
  }
}

/** Adds CORS headers to GET/POST on `paths` and answers their preflights. */
export function registerCors(app: FastifyInstance, idp: Idp, paths: string[]): void {
  // routeOptions.url carries the prefix (/realms/{realm}) of the plugin.
  const urls = new Set(paths.map((p) => `${app.prefix}${p}`));
  app.addHook('onRequest', async (request, reply) => {
    if (urls.has(request.routeOptions.url ?? '')) applyCors(idp, request, reply);
  });
  for (const path of paths) {
    app.options(path, async (request, reply) => {
      applyCors(idp, request, reply);
      return reply
        .code(204)
        .header('access-control-allow-methods', 'GET, POST, OPTIONS')
        .header('access-control-allow-headers', 'Authorization, Content-Type')
        .header('access-control-max-age', '3600')
        .send();
    });
  }
}
