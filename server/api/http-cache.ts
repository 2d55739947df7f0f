import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ChangeFeed } from '../db/repositories/change-feed.ts';
import type { DatabaseGate } from '../db/database-gate.ts';
import { bodilessNotModified, varyOnEncoding } from '../http/read-answer.ts';

// Cache headers and validators for every API GET, in one place (README: "A CDN in front of the API").
// A shared cache (CDN) may keep an answer 1 s and then serve it while it revalidates; the site's own
// reads ask with cache: 'no-cache', so a browser revalidates every time (a 304 when nothing changed)
// and an editor always sees the change just saved.
export const API_CACHE_CONTROL = 'public, max-age=1, stale-while-revalidate=30';

// Stamps restart at 0 in a new database and /units or the OpenAPI document change only with a
// deploy: the process's own id keeps validators of different databases and releases apart.
const instance = randomBytes(4).toString('hex');

const isRead = (request: FastifyRequest) => request.method === 'GET' || request.method === 'HEAD';

/** true when If-None-Match names `etag` (weak comparison, as RFC 9110 asks for GET). */
export function matchesEtag(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header === '*' || header.split(',').some((tag) => bare(tag) === bare(etag));
}

function notModified(reply: FastifyReply, etag: string): FastifyReply {
  return reply.code(304).header('etag', etag).header('cache-control', API_CACHE_CONTROL).send();
}

/**
 * Recipe reads (and the categories, counted from them) are labelled by the database's change stamp, read BEFORE the data: an answer is at
 * least as new as its label, so a revalidation can never keep stale data. A match answers 304
 * before any recipe is read. Routes that set their own ETag (one recipe: its version) keep it.
 */
export function registerHttpCache(
  api: FastifyInstance,
  feed: ChangeFeed,
  gate: DatabaseGate,
  stampedPrefixes: readonly string[],
): void {
  api.decorateRequest('stampEtag', null);
  api.addHook('preHandler', async (request, reply) => {
    if (!isRead(request)) return;
    const path = request.url.split('?')[0] ?? '';
    const etag = stampedPrefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))
      ? `W/"r-${instance}-${await gate.run(() => feed.stamp())}"`
      : `W/"p-${instance}"`;
    request.stampEtag = etag;
    if (matchesEtag(request, etag)) return notModified(reply, etag);
  });
  // A 304 (from the hook above, a route, or a route's own validator below) says what its 200 says about caching:
  // the same Cache-Control, ETag and Vary, and the route's own headers (a photo's Cross-Origin-Resource-Policy).
  api.addHook('onSend', async (request, reply, payload) => {
    if (!isRead(request) || (reply.statusCode !== 200 && reply.statusCode !== 304)) return payload;
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', API_CACHE_CONTROL);
    varyOnEncoding(reply);
    if (reply.statusCode === 304) return bodilessNotModified(reply);
    const own = reply.getHeader('etag');
    const etag = typeof own === 'string' ? own : request.stampEtag;
    if (!etag) return payload;
    reply.header('etag', etag);
    if (!matchesEtag(request, etag)) return payload;
    // A route's own validator matched (the answer was built already; only the bytes are saved).
    reply.code(304);
    return bodilessNotModified(reply);
  });
}

declare module 'fastify' {
  interface FastifyRequest {
    stampEtag: string | null;
  }
}
