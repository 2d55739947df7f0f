import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { UNIT_KEYS } from '../../../src/lib/units.ts';
import type { Database } from '../../db/index.ts';
import { errorBody, errorBodySchema } from '../errors.ts';

const PING_TIMEOUT_MS = 3_000;

// A hung database must turn into a prompt 503, not a hung health check.
function pingWithTimeout(db: Database): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('database ping timed out')), PING_TIMEOUT_MS);
  });
  return Promise.race([db.ping(), timeout]).finally(() => clearTimeout(timer));
}

const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.object({ kind: z.enum(['pglite', 'postgres']), state: z.literal('up') }),
});

export const metaRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (api, { db }) => {
  api.get('/units', {
    schema: { summary: 'Every unit key, NONE included', response: { 200: z.array(z.enum(UNIT_KEYS)) } },
  }, async () => [...UNIT_KEYS]);

  api.get('/health', {
    schema: {
      summary: "The API's and the database's state",
      response: { 200: healthSchema, 503: errorBodySchema.extend({ database: z.object({ kind: z.string(), state: z.literal('down') }) }) },
    },
  }, async (request, reply) => {
    try {
      await pingWithTimeout(db);
      return { status: 'ok' as const, database: { kind: db.kind, state: 'up' as const } };
    } catch (error) {
      request.log.warn({ err: error }, 'health: database unreachable');
      return reply
        .code(503)
        .send({ ...errorBody(503, 'The database cannot be reached'), database: { kind: db.kind, state: 'down' as const } });
    }
  });
};
