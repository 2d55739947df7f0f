import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';

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
          'Every error body is { status, error, message, fields? }.',
      },
      servers: [{ url: config.apiBasePath }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await api.register(swaggerUi, { routePrefix: '/docs', staticCSP: true, uiConfig: { deepLinking: false } });
  api.get('/openapi.json', { schema: { hide: true } }, async () => api.swagger());
}
