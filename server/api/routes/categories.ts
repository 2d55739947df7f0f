import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DatabaseGate } from '../../db/database-gate.ts';
import { errorBodySchema } from '../errors.ts';
import type { NameIndex } from '../read-models/name-index.ts';

// GET /categories: the categories recipes are in, for the list screen's chips and the editor's suggestions. Counted
// from the name index (every recipe's categories are in it already), so the read costs no query and follows every
// write as the paged names do.
const categoriesSchema = z.object({
  categories: z
    .array(
      z.object({
        name: z.string().describe('The spelling in use (the first one written); GET /recipes/names?category= takes it'),
        count: z.number().int().positive().describe('How many recipes are in it'),
      }),
    )
    .describe('Most used first, then by name in Swedish alphabetical order; a category with no recipe is not listed'),
});

export const categoryRoutes: FastifyPluginAsyncZod<{ index: NameIndex; gate: DatabaseGate }> = async (
  api,
  { index, gate },
) => {
  api.get(
    '/categories',
    {
      schema: {
        summary: 'Every category with the number of recipes in it, most used first',
        response: { 200: categoriesSchema, 503: errorBodySchema },
      },
    },
    async () => ({ categories: await gate.run(() => index.categories()) }),
  );
};
