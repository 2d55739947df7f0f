import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { thumbnailSchema } from '../../../src/lib/photo-schema.ts';
import { textUpTo } from '../../../src/lib/recipe-schema.ts';
import {
  filterWords,
  ingredientStems,
  MAX_FILTER_MINUTES,
  MAX_FILTER_TEXT,
  MAX_FILTER_WORDS,
  parseMinutes,
} from '../../../src/lib/recipe-filters.ts';
import { WORDS_LIMIT, type RecipeFind } from '../../db/repositories/recipe-find-repository.ts';
import type { DatabaseGate } from '../../db/database-gate.ts';
import { filterReadRateLimit } from '../../plugins/rate-limit.ts';
import { errorBody, errorBodySchema, HttpError } from '../errors.ts';
import { COUNT_LIMIT, type Cursor, type NameIndex } from '../read-models/name-index.ts';

// GET /recipes/names: the list screen's light, paged read (ids and names only). The full list
// (GET /recipes) stays the contract; this is what a screen showing a few dozen names at a time needs.
export const PAGE_DEFAULT = 50;
export const PAGE_MAX = 200;

/**
 * The cursor is the last (or first) recipe of a page, opaque to clients (base64url JSON): its id and name, and in a
 * best-match list its rank (../read-models/name-index.ts's Cursor).
 */
export function encodeCursor(r: Cursor): string {
  return Buffer.from(JSON.stringify(r.rank === undefined ? [r.id, r.name] : [r.id, r.name, r.rank])).toString(
    'base64url',
  );
}

function decodeCursor(text: string): Cursor | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    const [id, name, rank, ...rest] = Array.isArray(value) ? (value as unknown[]) : [];
    if (typeof id !== 'number' || !Number.isInteger(id) || typeof name !== 'string' || rest.length > 0)
      return undefined;
    if (rank === undefined) return { id, name };
    if (typeof rank === 'number' && Number.isFinite(rank)) return { id, name, rank };
  } catch {
    // Not ours: answered as a 400 below.
  }
  return undefined;
}

const cursor = z
  .string()
  .max(1000, { error: 'Not a cursor from this API' })
  .transform(
    (text, ctx) =>
      decodeCursor(text) ?? (ctx.addIssue({ code: 'custom', message: 'Not a cursor from this API' }), z.NEVER),
  );

const query = z.object({
  search: textUpTo(200, 'Max 200 characters').optional(),
  category: textUpTo(200, 'Max 200 characters')
    .optional()
    .describe(
      'Only recipes in this category (any letter case, as GET /categories names them); an unknown category is an empty page',
    ),
  // Issue 40: the filters beside the name search (src/lib/recipe-filters.ts holds their rules for site and API).
  ingredients: textUpTo(MAX_FILTER_TEXT, `Max ${MAX_FILTER_TEXT} characters`)
    .optional()
    .describe(
      `Only recipes with every one of these words (letters and digits, separated by anything else; at most ${MAX_FILTER_WORDS}) in one of their ingredients' names, any case. A word loses one Swedish definite or plural ending ("äggen" finds "ägg", "löken" "lök") and may stand anywhere in a name ("kyckling" finds "kycklingfilé")`,
    ),
  maxMinutes: z
    .string()
    .refine((text) => parseMinutes(text) !== undefined, { error: `A whole number from 1 to ${MAX_FILTER_MINUTES}` })
    .transform(Number)
    .optional()
    .meta({
      type: 'integer',
      minimum: 1,
      maximum: MAX_FILTER_MINUTES,
      description:
        'Only recipes whose total time (or preparation time, where no total is set) is at most this many minutes; recipes without a time are left out',
    }),
  words: textUpTo(MAX_FILTER_TEXT, `Max ${MAX_FILTER_TEXT} characters`)
    .optional()
    .describe(
      `Full-text search: only recipes with every one of these words (at most ${MAX_FILTER_WORDS}; each also as the beginning of a longer word) in their name, ingredients, instructions or categories, with Swedish stemming (å, ä and ö are letters of their own). The page is then ordered best match first, not by name`,
    ),
  after: cursor.optional().describe('The `next` of the page before: the page after it'),
  before: cursor.optional().describe('The `previous` of the page after: the page before it (scrolling back up)'),
  limit: z
    .string()
    .regex(/^[0-9]{1,4}$/, { error: `A whole number from 1 to ${PAGE_MAX}` })
    .transform(Number)
    .refine((n) => n >= 1 && n <= PAGE_MAX, { error: `A whole number from 1 to ${PAGE_MAX}` })
    .optional()
    .meta({
      type: 'integer',
      minimum: 1,
      maximum: PAGE_MAX,
      pattern: undefined,
      description: `Page size, default ${PAGE_DEFAULT}`,
    }),
});

const pageSchema = z.object({
  recipes: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      thumbnail: thumbnailSchema.optional().describe("The main photo's square files; left out without photos"),
    }),
  ),
  next: z.string().nullable().describe('Cursor (`after`) of the next page; null on the last page'),
  previous: z.string().nullable().describe('Cursor (`before`) of the page before; null on the first page'),
  count: z
    .number()
    .int()
    .optional()
    .describe(
      'How many recipes match in all, up to a limit (see `more`); only when `ingredients`, `maxMinutes` or `words` is given',
    ),
  more: z
    .literal(true)
    .optional()
    .describe(
      `More recipes match than \`count\` says, as a search engine's estimated total: with \`words\`, they matched more than ${WORDS_LIMIT} recipes and only the first ${WORDS_LIMIT} found are ranked, listed and counted; otherwise more than ${COUNT_LIMIT} match (\`count\` is ${COUNT_LIMIT}), and every one of them can still be paged through`,
    ),
});

/** Whether a raw query names a filter (counted by the filtered reads' rate limit). */
const hasFilter = (raw: Record<string, unknown>) =>
  ['ingredients', 'maxMinutes', 'words'].some((name) => typeof raw[name] === 'string' && raw[name] !== '');

/** The filters of a query, or undefined when it has none (the name list as before). */
function findOf(query: { ingredients?: string; maxMinutes?: number; words?: string }): RecipeFind | undefined {
  const stems = ingredientStems(query.ingredients ?? '');
  const words = filterWords(query.words ?? '');
  if (stems.length === 0 && query.maxMinutes === undefined && words.length === 0) return undefined;
  return { ingredientStems: stems, maxMinutes: query.maxMinutes, words };
}

export const recipeNameRoutes: FastifyPluginAsyncZod<{
  index: NameIndex;
  gate: DatabaseGate;
  filterReadsPerMinute: number;
}> = async (api, { index, gate, filterReadsPerMinute }) => {
  // Built at start-up, not by the first visitor (about a second at 100,000 recipes), once every plugin has
  // loaded (as the full list, routes/recipes.ts).
  api.addHook('onReady', async () => index.refreshSoon());

  api.get(
    '/recipes/names',
    {
      // A filtered read may ask the database (issue 52): counted per client, as writes are.
      config: { rateLimit: filterReadRateLimit(filterReadsPerMinute, (message) => errorBody(429, message), hasFilter) },
      schema: {
        summary:
          'Recipe ids and names in Swedish alphabetical order, a page at a time; `search` keeps those whose name contains it (any case), `category` those in that category, and `ingredients`, `maxMinutes` and `words` those that pass each filter (all combine)',
        querystring: query,
        response: { 200: pageSchema, 400: errorBodySchema, 429: errorBodySchema, 503: errorBodySchema },
      },
    },
    async (request) => {
      const { search, category, after, before, limit = PAGE_DEFAULT, ...filters } = request.query;
      if (after && before) throw new HttpError(400, 'Send after or before, not both');
      const page = await gate.run(() =>
        index.page({
          search: search?.trim() || undefined,
          category: category?.trim() ? category : undefined,
          after,
          before,
          limit,
          find: findOf(filters),
        }),
      );
      const cursorOf = (r: Cursor | null) => (r ? encodeCursor(r) : null);
      return {
        recipes: page.recipes,
        next: cursorOf(page.next),
        previous: cursorOf(page.previous),
        ...(page.count === undefined ? {} : { count: page.count }),
        ...(page.more ? { more: page.more } : {}),
      };
    },
  );
};
