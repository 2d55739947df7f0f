import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/index.ts';
import { errorBody, errorBodySchema, RETRY_AFTER_SECONDS } from '../errors.ts';
import type { DatabaseGate } from '../../db/database-gate.ts';

// GET /health: the API's and the database's state, for load balancers and operators.
const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.object({ kind: z.enum(['pglite', 'postgres']), state: z.literal('up') }),
});

export const healthRoutes: FastifyPluginAsyncZod<{ db: Database; gate: DatabaseGate }> = async (api, { db, gate }) => {
  api.get(
    '/health',
    {
      schema: {
        summary: "The API's and the database's state",
        response: {
          200: healthSchema,
          503: errorBodySchema.extend({ database: z.object({ kind: z.string(), state: z.literal('down') }) }),
        },
      },
    },
    async (_request, reply) => {
      try {
        // A hung database turns into a prompt 503 (DB_REQUEST_TIMEOUT_MS), not a hung health check.
        await gate.run(() => db.ping());
        return { status: 'ok' as const, database: { kind: db.kind, state: 'up' as const } };
      } catch {
        // The gate logs an outage once when it starts and once when it ends.
        return reply
          .code(503)
          .header('retry-after', String(RETRY_AFTER_SECONDS))
          .send({
            ...errorBody(503, 'The database cannot be reached'),
            database: { kind: db.kind, state: 'down' as const },
          });
      }
    },
  );
};
