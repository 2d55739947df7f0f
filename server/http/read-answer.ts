import type { FastifyReply } from 'fastify';

// What a read's answer says, 200 or 304, for the API (server/api/http-cache.ts) and the site (server/site/index.ts)
// alike: a cache merges a 304's headers into the answer it keeps (RFC 9110 §15.4.5, RFC 9111 §4.3.4), so a 304 says
// what its 200 would and carries no header of a body. Vary names Accept-Encoding on both: compression (and the
// site's precompressed files) is chosen per answer, and a 304 cannot know whether its 200 was compressed.

/** The headers that describe a body: a 304 has none. */
const BODY_HEADERS = ['content-type', 'content-length', 'content-encoding'] as const;

/** Drops a 304's body headers; returns the payload to send (none). */
export function bodilessNotModified(reply: FastifyReply): null {
  for (const name of BODY_HEADERS) reply.removeHeader(name);
  return null;
}

/** Adds accept-encoding to Vary (kept once), as @fastify/compress writes it. */
export function varyOnEncoding(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  const names = (Array.isArray(vary) ? vary : vary === undefined ? [] : [String(vary)]).join(', ');
  if (/\baccept-encoding\b/i.test(names)) return;
  reply.header('vary', names ? `${names}, accept-encoding` : 'accept-encoding');
}

/** A read's 200 or 304 in onSend: Vary on the encoding, and a 304 without body headers. Returns the payload to send. */
export function readAnswer(reply: FastifyReply, payload: unknown): unknown {
  varyOnEncoding(reply);
  return reply.statusCode === 304 ? bodilessNotModified(reply) : payload;
}
