import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { UNIT_KEYS } from '../../../src/lib/units.ts';

// GET /units: the unit keys the API accepts, in the order the editor offers them.
export const unitRoutes: FastifyPluginAsyncZod = async (api) => {
  api.get(
    '/units',
    {
      schema: { summary: 'Every unit key, NONE included', response: { 200: z.array(z.enum(UNIT_KEYS)) } },
    },
    async () => [...UNIT_KEYS],
  );
};
