import { randomBytes } from 'node:crypto';
import type { Database } from '../db/index.ts';
import { listRecipes, recipeListStamp } from '../db/recipe-repository.ts';

// The full list is what every visitor loads first, and it changes rarely. Serialising it for each
// request costs O(all recipes); instead keep the JSON text labelled with the database's change stamp
// and rebuild it only when the stamp moved. Concurrent misses share one rebuild.
export function createListCache(db: Database) {
  // Stamps restart at 0 in a new database; this keeps ETags of different databases apart.
  const instance = randomBytes(4).toString('hex');
  let cached: { stamp: string; json: Promise<Buffer> } | undefined;

  /** The full list as UTF-8 JSON bytes (encoded once, not per request), and an ETag-able label. */
  return async function fullListJson(): Promise<{ stamp: string; json: Buffer }> {
    const stamp = await recipeListStamp(db.orm);
    if (cached?.stamp !== stamp) {
      const entry = { stamp, json: listRecipes(db.orm).then((list) => Buffer.from(JSON.stringify(list))) };
      cached = entry;
      entry.json.catch(() => {
        if (cached === entry) cached = undefined;
      });
    }
    return { stamp: `${instance}-${stamp}`, json: await cached.json };
  };
}
