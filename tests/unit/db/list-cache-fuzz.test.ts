import { gunzipSync } from 'node:zlib';
import { text } from 'node:stream/consumers';
import { describe, expect, it, vi } from 'vitest';
import type { ChangeFeed, Changes } from '../../../server/db/repositories/change-feed.ts';
import type { Database } from '../../../server/db/index.ts';

// server/api/read-models/list-cache.ts against a book in memory (the repository mocked) and a change feed of its own, through
// thousands of random writes: renames, deletions, a deletion and a new recipe under the same id, writes landing
// while a segment is being read, reads that fail (the database away) and segments that cannot be inflated. After
// every read with nothing happening, the body equals a fresh sorted read; every body is valid JSON and its text
// (the no-gzip path) equals its gzip. The real database's cases are in tests/server/api/list-cache.test.ts.
type Stored = { id: number; name: string; body: string };
const book = {
  recipes: new Map<number, Stored>(),
  stamp: 0n,
  log: [] as { stamp: bigint; id: number; removed: boolean }[],
  readFails: 0,
  inflateFails: 0,
  // Runs once, inside the next read of recipes by id: writes that land while a segment is read.
  duringRead: undefined as undefined | (() => void),
  random: Math.random,
};

function write(id: number, recipe: Stored | undefined): void {
  book.stamp++;
  if (recipe) book.recipes.set(id, recipe);
  else book.recipes.delete(id);
  book.log.push({ stamp: book.stamp, id, removed: !recipe });
}

vi.mock('../../../server/db/repositories/recipe-repository.ts', () => ({
  recipeKeys: async () => [...book.recipes.values()].map(({ id, name }) => ({ id, name })),
  recipesByIds: async (_db: unknown, ids: readonly number[]) => {
    if (book.random() < book.readFails) throw new Error('database away');
    const during = book.duringRead;
    book.duringRead = undefined;
    during?.();
    return ids.flatMap((id) => {
      const found = book.recipes.get(id);
      return found ? [{ ...found }] : [];
    });
  },
}));
vi.mock('../../../server/api/read-models/gzip-pieces.ts', async (original) => {
  const real = await original<typeof import('../../../server/api/read-models/gzip-pieces.ts')>();
  return {
    ...real,
    inflatePiece: async (piece: Parameters<typeof real.inflatePiece>[0]) => {
      if (book.random() < book.inflateFails) throw new Error('inflate failed');
      return real.inflatePiece(piece);
    },
  };
});
const { createListCache } = await import('../../../server/api/read-models/list-cache.ts');
const { compareRecipes } = await import('../../../src/lib/recipe-search.ts');

/** The change feed of the book in memory: more than 3 recipes changed means everything is read again. */
const feed: ChangeFeed = {
  stamp: async () => book.stamp,
  async changesSince(since): Promise<Changes> {
    if (since === undefined) return { kind: 'everything' };
    const after = book.log.filter((l) => l.stamp > since);
    const changed = [...new Set(after.filter((l) => !l.removed).map((l) => l.id))];
    const removed = [...new Set(after.filter((l) => l.removed).map((l) => l.id))];
    return changed.length > 3 ? { kind: 'everything' } : { kind: 'changes', changed, removed };
  },
  refreshSoon() {},
  add() {},
};

const fresh = () => JSON.stringify([...book.recipes.values()].sort(compareRecipes));
const NAMES = ['Äpple', 'apple', 'Bröd', 'Öl', 'Ål', 'Zucchini', 'Recept 9', 'Recept 10', 'Citron', 'ärter', 'Aaa'];

describe('the full list through random writes and failures', () => {
  it('stays valid JSON, its text equals its gzip, and a quiet read equals a fresh one', async () => {
    let seed = 12345;
    book.random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const pick = <T>(items: T[]) => items[Math.floor(book.random() * items.length)] as T;
    let nextId = 1;
    const mutate = () => {
      const r = book.random();
      const ids = [...book.recipes.keys()];
      const some = () => book.recipes.get(pick(ids)) as Stored;
      if (r < 0.4 || ids.length === 0) {
        const id = nextId++;
        write(id, { id, name: pick(NAMES), body: 'x'.repeat(Math.floor(book.random() * 20)) });
      } else if (r < 0.6) {
        const recipe = some();
        write(recipe.id, { ...recipe, name: pick(NAMES) });
      } else if (r < 0.75) {
        const recipe = some();
        write(recipe.id, { ...recipe, body: 'ö'.repeat(Math.floor(book.random() * 30)) });
      } else if (r < 0.95) write(pick(ids), undefined);
      else {
        const id = pick(ids);
        write(id, undefined);
        write(id, { id, name: pick(NAMES), body: 'again' });
      }
    };
    for (let i = 0; i < 30; i++) mutate();
    let failures = 0;
    for (const segmentSize of [1, 2, 3]) {
      const cache = createListCache({} as Database, { feed, segmentSize });
      for (let round = 0; round < 500; round++) {
        for (let k = Math.floor(book.random() * 4); k > 0; k--) mutate();
        book.readFails = 0.15;
        book.inflateFails = 0.1;
        if (book.random() < 0.3) {
          let writes = 1 + Math.floor(book.random() * 3);
          book.duringRead = () => {
            while (writes-- > 0) mutate();
          };
        }
        try {
          const body = await cache.fullList();
          const json = gunzipSync(body.gzip()).toString('utf8');
          expect(() => JSON.parse(json) as unknown).not.toThrow();
          expect(await text(body.text())).toBe(json);
          expect(body.length).toBe(Buffer.byteLength(json));
        } catch (error) {
          if (!(error instanceof Error && ['database away', 'inflate failed'].includes(error.message))) throw error;
          failures++;
        }
        book.readFails = 0;
        book.inflateFails = 0;
        book.duringRead = undefined;
        const quiet = await cache.fullList();
        expect(gunzipSync(quiet.gzip()).toString('utf8'), `segments of ${segmentSize}, round ${round}`).toBe(fresh());
      }
    }
    // The failures did happen (the test would prove little without them).
    expect(failures).toBeGreaterThan(150);
  }, 60_000);
});
