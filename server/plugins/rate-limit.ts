import rateLimit, { type RateLimitPluginOptions } from '@fastify/rate-limit';
import type { Config } from '../config.ts';

export { rateLimit };

// How many requests a client may make, in one file. Registered inside the part it applies to (the API, the
// identity provider), each answering 429 in its own error shape.

/**
 * The API (server/api/index.ts): no global limit; each write route sets its own (config.writeRateLimit).
 * `body` makes the API's error shape, so this module needs nothing from the API.
 */
export function apiRateLimitOptions(body: (message: string) => object): RateLimitPluginOptions {
  return {
    global: false,
    errorResponseBuilder: (_request, context) => ({
      ...body(`Too many changes: at most ${context.max} a minute; try again in ${context.after}`),
      statusCode: 429,
    }),
  };
}

/**
 * The route options of GET /recipes/names (server/api/routes/recipe-names.ts): its filtered reads count against
 * `max` a minute per client address (config.filterReadRateLimit, FILTER_READ_RATE_LIMIT), as writes count against
 * theirs: a first read of a filter is database work (issue 52), and a person typing makes a few a second at most. A
 * read without filters (the name index alone, no database work) is not counted. `isFiltered` tells them apart.
 */
export function filterReadRateLimit(
  max: number,
  body: (message: string) => object,
  isFiltered: (query: Record<string, unknown>) => boolean,
): RateLimitPluginOptions {
  return {
    max,
    timeWindow: 60_000,
    allowList: (request) => !isFiltered((request.query ?? {}) as Record<string, unknown>),
    errorResponseBuilder: (_request, context) => ({
      ...body(`Too many filtered searches: at most ${context.max} a minute; try again in ${context.after}`),
      statusCode: 429,
    }),
  };
}

/**
 * The identity provider (server/idp/index.ts): every POST (sign-in, registration and account forms; token,
 * revocation, introspection) counts against one allowance per client address, before any password is
 * checked; pages, discovery and keys are not limited. The body is OAuth's error shape.
 */
export function idpRateLimitOptions(config: Config): RateLimitPluginOptions {
  return {
    max: config.idp.rateLimit,
    timeWindow: 60_000,
    allowList: (request) => request.method !== 'POST',
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      error: 'too_many_requests',
      error_description: `At most ${context.max} requests a minute; try again in ${context.after}`,
    }),
  };
}
