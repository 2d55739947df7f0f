import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { OpenAPIV3_1 } from 'openapi-types';
import type { Config } from '../config.ts';
import { describeScanBodies } from './routes/recipe-imports.ts';

type Document = OpenAPIV3_1.Document;
type Responses = OpenAPIV3_1.ResponsesObject;

const header = (description: string): OpenAPIV3_1.HeaderObject => ({ description, schema: { type: 'string' } });
const ETAG = header(
  'The validator of this answer: a recipe\'s is its version ("3"), to send back in If-Match; send any of them in If-None-Match to revalidate',
);
const CACHE_CONTROL = header('How long a shared cache may keep the answer');
const RETRY_AFTER = header('Seconds to wait before trying again');
const LOCATION = header("The new recipe's URL");

function addHeaders(responses: Responses, status: string, headers: Record<string, OpenAPIV3_1.HeaderObject>) {
  const response = responses[status] as OpenAPIV3_1.ResponseObject | undefined;
  if (response) response.headers = { ...response.headers, ...headers };
}

/**
 * Response headers the route schemas cannot express, in one place: every GET answers with an ETag
 * (and 304 to a matching If-None-Match), writes name the stored version, limits say when to retry.
 */
export function describeHeaders(document: Document): Document {
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of ['get', 'post', 'put', 'delete'] as const) {
      const responses = item?.[method]?.responses;
      if (!responses) continue;
      if (method === 'get') {
        responses['304'] ??= { description: 'Not modified: the If-None-Match ETag still names the current data' };
        addHeaders(responses, '200', { ETag: ETAG, 'Cache-Control': CACHE_CONTROL });
        addHeaders(responses, '304', { ETag: ETAG, 'Cache-Control': CACHE_CONTROL });
      }
      if (method === 'post' && path.endsWith('/recipes'))
        addHeaders(responses, '201', { ETag: ETAG, Location: LOCATION });
      if (method === 'put') addHeaders(responses, '200', { ETag: ETAG });
      addHeaders(responses, '429', { 'Retry-After': RETRY_AFTER });
      addHeaders(responses, '503', { 'Retry-After': RETRY_AFTER });
    }
  }
  return document;
}

/**
 * The reference page's Content-Security-Policy: swagger-ui's own (its assets and the hashes of its inline
 * blocks) without what the page never uses: style and font sources on any https: origin, the online
 * validator (validatorUrl is null) and upgrade-insecure-requests (the product may run on plain HTTP, where
 * it would send the page's own assets to an https: address that does not answer).
 */
export function docsPolicy(header: string): string {
  return header
    .split(';')
    .map((directive) => directive.trim())
    .filter((directive) => directive !== '' && directive !== 'upgrade-insecure-requests')
    .map((directive) =>
      directive
        .split(/\s+/)
        .filter((source) => source !== 'https:' && source !== 'validator.swagger.io')
        .join(' '),
    )
    .join('; ');
}

// The OpenAPI 3.1 document is generated from the same zod schemas that validate requests, so the
// reference cannot drift from the behaviour. Swagger UI's assets ship in the package (no CDN).
export async function registerOpenApi(api: FastifyInstance, config: Config): Promise<void> {
  await api.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Receptboken API',
        version: '1.0.0',
        description:
          'Recipes with ingredients. Reads are public; writes need a bearer token with the editor role. ' +
          'Every error body is { status, error, message, fields?, currentVersion? }. ' +
          'A stale version (in the body or If-Match) answers 409 with currentVersion.',
      },
      servers: [{ url: config.apiBasePath }],
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description:
              "An access token of the realm (RS256, typ Bearer, azp = the site's client). Answered 401: an expired token, " +
              'one that lives longer than the provider issues them (exp - iat), one issued in the future (beyond 30 s ' +
              'of clock skew), and with the embedded provider one whose session was revoked or logged out.',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: (document) =>
      describeScanBodies(describeHeaders(('openapiObject' in document ? document.openapiObject : {}) as Document)),
  });
  // The page's asset links are absolute when its address has no trailing slash (/api/docs): swagger-ui builds
  // them from routePrefix alone, so indexPrefix adds the API's prefix (api.prefix, where this plugin runs).
  await api.register(swaggerUi, {
    routePrefix: '/docs',
    indexPrefix: api.prefix,
    staticCSP: true,
    transformStaticCSP: docsPolicy,
    // BaseLayout: the reference without Swagger's top bar, whose logo is an SVG with a <style> element the
    // policy would refuse (and whose address field has nothing to explore here: one document).
    uiConfig: { deepLinking: false, layout: 'BaseLayout' },
  });
  api.get('/openapi.json', { schema: { hide: true } }, async () => api.swagger());
}
