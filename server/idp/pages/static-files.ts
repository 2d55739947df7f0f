import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Idp } from '../context.ts';
import { NOTHING_ALLOWED, policyText } from '../../http/content-security-policy.ts';
import { PATHS } from '../paths.ts';

// The provider's files (server/idp/pages/public): its stylesheet and icon, and the third-party-cookie check pages
// keycloak-js loads in a hidden iframe before a silent sign-in check (step1 sets a test cookie, reads it back and
// posts "supported" or "unsupported", the message Keycloak's pages post). Files, so every page keeps a CSP without
// 'unsafe-inline'.
const PUBLIC = fileURLToPath(new URL('./public/', import.meta.url));

export async function registerStaticFiles(app: FastifyInstance, idp: Idp): Promise<void> {
  await app.register(fastifyStatic, {
    root: `${PUBLIC}resources`,
    prefix: PATHS.resources,
    decorateReply: false,
    index: false,
    maxAge: 3600_000,
  });
  await app.register(async (frames) => {
    // These pages live inside the app's iframe: the allowed origins may frame them, and nobody else.
    frames.addHook('onSend', async (_request, reply) => {
      reply.removeHeader('x-frame-options');
      reply.header('cache-control', 'no-store');
      reply.header(
        'content-security-policy',
        policyText({
          ...NOTHING_ALLOWED,
          'script-src': ["'self'"],
          'frame-ancestors': ["'self'", ...idp.config.allowedOrigins],
        }),
      );
    });
    await frames.register(fastifyStatic, {
      root: `${PUBLIC}3p-cookies`,
      prefix: PATHS.thirdPartyCookies,
      decorateReply: false,
      index: false,
      cacheControl: false,
    });
  });
}
