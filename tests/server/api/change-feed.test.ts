import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../../server/db/index.ts';
import { deleteRecipe, listRecipes, updateRecipe } from '../../../server/db/repositories/recipe-repository.ts';
import { addRecipe } from '../../support/recipes.ts';
import {
  createChangeFeed,
  follow,
  type Changes,
  type ChangeFeed,
} from '../../../server/db/repositories/change-feed.ts';
import { createListCache } from '../../../server/api/read-models/list-cache.ts';
import { closeTestDatabase, createTestDatabase, DATABASE_KINDS, emptyRecipes } from '../../support/database.ts';

// server/db/repositories/change-feed.ts on its own: the stamp, the changes since a stamp and the "too many: read everything"
// rule; and the machinery its users share (one update for all readers; a reader waits until the copy is at least
// as new as the stamp it read). The users' own behaviour is in list-cache.test.ts and name-index.test.ts.
const recipe = (name: string) => ({ name, instructions: '', servings: 1, ingredients: [{ name: 'Salt' }] });
const sorted = (changes: Changes): Changes =>
  changes.kind === 'everything'
    ? changes
    : {
        kind: 'changes',
        changed: [...changes.changed].sort((a, b) => a - b),
        removed: [...changes.removed].sort((a, b) => a - b),
      };

/** Records what the feed told its followers. */
function recorded(feed: ChangeFeed): Changes[] {
  const told: Changes[] = [];
  const changesSince = feed.changesSince.bind(feed);
  feed.changesSince = async (since) => {
    const changes = await changesSince(since);
    told.push(sorted(changes));
    return changes;
  };
  return told;
}

describe.each(DATABASE_KINDS)('the change feed (%s)', (kind) => {
  let db: Database;
  beforeAll(async () => {
    db = await createTestDatabase(kind);
  });
  afterAll(() => closeTestDatabase(db));

  it('says which recipes changed after a stamp, or that everything must be read again', async () => {
    await emptyRecipes(db);
    const feed = createChangeFeed(db, { maxPatch: 2 });
    const since = async (stamp: bigint | undefined) => sorted(await feed.changesSince(stamp));
    expect(await since(undefined)).toEqual({ kind: 'everything' });

    const s0 = await feed.stamp();
    expect(typeof s0).toBe('bigint');
    expect(await since(s0)).toEqual({ kind: 'changes', changed: [], removed: [] });
    const a = await addRecipe(db.orm, recipe('A'), 'x');
    const b = await addRecipe(db.orm, recipe('B'), 'x');
    const s1 = await feed.stamp();
    expect(s1).toBeGreaterThan(s0);
    expect(await since(s0)).toEqual({ kind: 'changes', changed: [a.id, b.id], removed: [] });
    // Three changed recipes are more than two: read everything. Deletions are not counted.
    const c = await addRecipe(db.orm, recipe('C'), 'x');
    expect(await since(s0)).toEqual({ kind: 'everything' });
    expect(await since(s1)).toEqual({ kind: 'changes', changed: [c.id], removed: [] });
    const s2 = await feed.stamp();
    for (const r of [a, b, c]) await deleteRecipe(db.orm, r.id);
    expect(await since(s2)).toEqual({ kind: 'changes', changed: [], removed: [a.id, b.id, c.id] });

    const s3 = await feed.stamp();
    await db.orm.execute('TRUNCATE recipes CASCADE');
    expect(await since(s3)).toEqual({ kind: 'everything' });
    expect(await since(await feed.stamp())).toEqual({ kind: 'changes', changed: [], removed: [] });
  });
});

describe('following the change feed', () => {
  let db: Database;
  beforeAll(async () => {
    db = await createTestDatabase('pglite');
  });
  afterAll(() => closeTestDatabase(db));

  /** A copy that only counts: its value is the stamp it was published at and what it was told. */
  function counting(feed: ChangeFeed, catchUp: (changes: Changes) => Promise<void> = async () => undefined) {
    const caughtUp: Changes[] = [];
    const follower = follow(feed, {
      async catchUp(changes) {
        await catchUp(changes);
        caughtUp.push(sorted(changes));
      },
      publish: (at) => ({ at, told: caughtUp.length }),
    });
    return { follower, caughtUp };
  }

  it('shares one update among concurrent readers and updates only when a reader needs a newer stamp', async () => {
    await emptyRecipes(db);
    const feed = createChangeFeed(db);
    const { follower, caughtUp } = counting(feed);
    expect(follower.ready()).toBe(false);
    const readers = await Promise.all(Array.from({ length: 5 }, () => follower.now()));
    expect(caughtUp).toEqual([{ kind: 'everything' }]);
    expect(new Set(readers).size).toBe(1);
    expect(follower.ready()).toBe(true);
    const stamp = await feed.stamp();
    expect(readers[0]?.at).toBe(stamp);
    // Nothing written: the value held is the answer, with no update.
    expect(await follower.now()).toBe(readers[0]);
    expect(await follower.at(stamp - 1n)).toBe(readers[0]);

    const r = await addRecipe(db.orm, recipe('Ny'), 'x');
    const after = await follower.now();
    expect(after.at).toBe(await feed.stamp());
    expect(caughtUp).toEqual([{ kind: 'everything' }, { kind: 'changes', changed: [r.id], removed: [] }]);
  });

  it('a reader whose stamp is newer than the running update waits for it and then for one that covers it', async () => {
    await emptyRecipes(db);
    const feed = createChangeFeed(db);
    let release!: () => void;
    let entered!: () => void;
    const held = new Promise<void>((done) => (release = done));
    const inside = new Promise<void>((done) => (entered = done));
    const { follower, caughtUp } = counting(feed, () => (entered(), held));
    const first = follower.now();
    // The first update read its stamp and is held in its catch-up; a write lands meanwhile.
    await inside;
    const before = await feed.stamp();
    const r = await addRecipe(db.orm, recipe('Under tiden'), 'x');
    const second = follower.now();
    await new Promise((done) => setTimeout(done, 50));
    release();
    const [a, b] = await Promise.all([first, second]);
    expect(a.at).toBe(before);
    expect(b.at).toBe(await feed.stamp());
    expect(b.at).toBeGreaterThan(before);
    expect(caughtUp).toEqual([{ kind: 'everything' }, { kind: 'changes', changed: [r.id], removed: [] }]);
  });

  it('after a failed update keeps the value it had and asks for the same changes again', async () => {
    await emptyRecipes(db);
    const feed = createChangeFeed(db);
    let fail = false;
    const { follower, caughtUp } = counting(feed, async () => {
      if (fail) throw new Error('the database is away');
    });
    const good = await follower.now();
    const r = await addRecipe(db.orm, recipe('Efter felet'), 'x');
    fail = true;
    await expect(follower.now()).rejects.toThrow('the database is away');
    await expect(follower.at(good.at)).resolves.toBe(good);
    fail = false;
    const recovered = await follower.now();
    expect(recovered.at).toBeGreaterThan(good.at);
    expect(caughtUp).toEqual([{ kind: 'everything' }, { kind: 'changes', changed: [r.id], removed: [] }]);
  });

  it('after a write answered here, brings every follower up to date (the stamp to reach read once)', async () => {
    await emptyRecipes(db);
    const feed = createChangeFeed(db);
    const copies = [counting(feed), counting(feed)];
    await Promise.all(copies.map((c) => c.follower.now()));
    const r = await addRecipe(db.orm, recipe('Skriven här'), 'x');
    const stamp = await feed.stamp();
    const stamps = vi.spyOn(feed, 'stamp');
    feed.refreshSoon();
    for (const { caughtUp } of copies)
      await vi.waitFor(() => expect(caughtUp.at(-1)).toEqual({ kind: 'changes', changed: [r.id], removed: [] }));
    for (const { follower } of copies) expect((await follower.at(stamp)).at).toBe(stamp);
    // One read for the stamp to reach, then one per update (each brings its copy up to the stamp it starts at).
    expect(stamps).toHaveBeenCalledTimes(3);
  });

  it('the full list reads everything after more changes than a patch takes, and equals a fresh read', async () => {
    await emptyRecipes(db);
    const feed = createChangeFeed(db, { maxPatch: 3 });
    const told = recorded(feed);
    const cache = createListCache(db, { feed, segmentSize: 2 });
    const inStep = async () =>
      expect(gunzipSync((await cache.fullList()).gzip()).toString('utf8')).toBe(
        JSON.stringify(await listRecipes(db.orm)),
      );
    const ids: number[] = [];
    for (const name of ['Öl', 'Apelsin', 'Zucchini']) ids.push((await addRecipe(db.orm, recipe(name), 'x')).id);
    await inStep();
    expect(told.map((t) => t.kind)).toEqual(['everything']);
    await updateRecipe(db.orm, ids[0] as number, recipe('Ål'));
    await inStep();
    expect(told.at(-1)?.kind).toBe('changes');
    for (const name of ['Äpple', 'Bröd', 'Citron', 'ärter']) ids.push((await addRecipe(db.orm, recipe(name), 'x')).id);
    await deleteRecipe(db.orm, ids[1] as number);
    await inStep();
    expect(told.at(-1)?.kind).toBe('everything');
    await db.orm.execute(`UPDATE recipes SET name = lower(name)`);
    await inStep();
    expect(told.map((t) => t.kind)).toEqual(['everything', 'changes', 'everything', 'everything']);
  });
});
