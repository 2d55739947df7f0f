import type { LoadRun } from './load.ts';
import { COMMON_SEARCH, RARE_SEARCH } from './recipe-data.ts';

/** What the bench learned from the running server before loading it. */
export type Target = {
  base: string; // http://127.0.0.1:PORT/api
  editorToken: string;
  ids: string[];
  /** Current bodies of a few recipes, sent back unchanged (and without a version) by the PUT run. */
  putBodies: Map<string, string>;
  sizes: Record<'list' | 'one' | 'common' | 'rare' | 'names' | 'namesSearch' | 'categories', number>;
  matches: Record<'common' | 'rare', number>;
  /** The most used category, one in the middle and the least used (GET /categories), with their counts. */
  categories: { name: string; count: number; pageBytes: number }[];
};

export type Durations = { seconds: number; connections: number; bigListConnections: number; bigListRequests: number };

/** Cycles through `paths` so no run hammers one row (and one cache line) only. */
function rotating(paths: string[]): LoadRun['requests'] {
  let next = 0;
  return [
    {
      setupRequest: (request) => {
        const path = paths[next++ % paths.length] ?? paths[0];
        return { ...request, path };
      },
    },
  ];
}

export function scenarios(t: Target, d: Durations, bigList: boolean): LoadRun[] {
  const api = new URL(t.base).pathname;
  const listConnections = bigList ? d.bigListConnections : d.connections;
  const putIds = [...t.putBodies.keys()];
  let nextPut = 0;
  return [
    {
      label: 'GET /recipes',
      url: `${t.base}/recipes`,
      connections: listConnections,
      seconds: d.seconds,
      // Seconds per answer at 100,000 recipes: count requests, or a timed run may finish none.
      ...(bigList ? { amount: d.bigListRequests } : {}),
      bodyBytes: t.sizes.list,
    },
    {
      label: 'GET /recipes/{id}',
      url: `${t.base}/recipes`,
      connections: d.connections,
      seconds: d.seconds,
      bodyBytes: t.sizes.one,
      requests: rotating(t.ids.map((id) => `${api}/recipes/${id}`)),
    },
    {
      label: `GET ?search=${COMMON_SEARCH} (${t.matches.common} hits)`,
      url: `${t.base}/recipes?search=${COMMON_SEARCH}`,
      connections: d.connections,
      seconds: d.seconds,
      bodyBytes: t.sizes.common,
    },
    {
      label: `GET ?search=${RARE_SEARCH} (${t.matches.rare} hits)`,
      url: `${t.base}/recipes?search=${RARE_SEARCH}`,
      connections: d.connections,
      seconds: d.seconds,
      bodyBytes: t.sizes.rare,
    },
    {
      label: 'GET /recipes/names (first page)',
      url: `${t.base}/recipes/names`,
      connections: d.connections,
      seconds: d.seconds,
      bodyBytes: t.sizes.names,
    },
    {
      label: `GET /recipes/names?search=${COMMON_SEARCH}&limit=50`,
      url: `${t.base}/recipes/names?search=${COMMON_SEARCH}&limit=50`,
      connections: d.connections,
      seconds: d.seconds,
      bodyBytes: t.sizes.namesSearch,
    },
    {
      label: 'GET /categories',
      url: `${t.base}/categories`,
      connections: d.connections,
      seconds: d.seconds,
      bodyBytes: t.sizes.categories,
    },
    // Issue 25's target: a filtered first page within 50 ms p95 at 100,000 recipes and 500 categories.
    ...t.categories.map((c) => ({
      label: `GET /recipes/names?category= (${c.count} recipes)`,
      url: `${t.base}/recipes/names?category=${encodeURIComponent(c.name)}`,
      connections: d.connections,
      seconds: d.seconds,
      bodyBytes: c.pageBytes,
    })),
    {
      label: 'PUT /recipes/{id}',
      url: `${t.base}/recipes`,
      connections: d.connections,
      seconds: d.seconds,
      requests: [
        {
          method: 'PUT',
          headers: { authorization: `Bearer ${t.editorToken}`, 'content-type': 'application/json' },
          setupRequest: (request) => {
            const id = putIds[nextPut++ % putIds.length] ?? '';
            return { ...request, path: `${api}/recipes/${id}`, body: t.putBodies.get(id) ?? '' };
          },
        },
      ],
    },
  ];
}
