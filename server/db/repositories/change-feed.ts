import type { Database } from '../index.ts';
import { recipeChangesSince, recipeListStamp } from './recipe-repository.ts';

// The database's change feed, read in one place: the change stamp (migration 003: it moves with every write,
// through the API or past it, on any instance) and which recipes were written or deleted after a stamp
// (migration 007: an index read). Its users are the in-memory copies labelled with a stamp (the full list,
// api/read-models/list-cache.ts; the name index, api/read-models/name-index.ts; the sitemap, site/sitemap.ts) and the ETags of recipe
// reads (api/http-cache.ts). It lives in db/ (with database-gate.ts) so that both api/ and site/ can use it.
// docs/decisions/036-api-list-cache-read-after-write.md ("a change log", "a read includes every write acknowledged before it").

/**
 * What a copy labelled with a stamp must do to catch up: refetch these recipes and drop those (an id can be in
 * both: deleted, then imported again under the same id; drop it, then refetch it), or read everything again.
 */
export type Changes = { kind: 'changes'; changed: number[]; removed: number[] } | { kind: 'everything' };

// More changes than this since a copy's stamp (a bulk load): one read of everything is quicker.
export const MAX_PATCH = 1000;

export type ChangeFeed = {
  /** The change stamp now. Read it BEFORE the data it labels: the data is then at least as new as the stamp. */
  stamp(): Promise<bigint>;
  /**
   * What changed after stamp `since`, or everything for a copy that holds nothing yet (`since` undefined), after a
   * TRUNCATE or once deletions it would need are forgotten, and when more than `maxPatch` recipes changed.
   */
  changesSince(since: bigint | undefined): Promise<Changes>;
  /**
   * A write was acknowledged by this process: every copy that follows this feed starts catching up now to the stamp
   * read after the write (once for all of them), so that the next reader rarely waits.
   */
  refreshSoon(): void;
  /** Registers a copy for `refreshSoon` (done by `follow`). */
  add(follower: Follower<unknown>): void;
};

export function createChangeFeed(db: Database, { maxPatch = MAX_PATCH }: { maxPatch?: number } = {}): ChangeFeed {
  const followers = new Set<Follower<unknown>>();
  return {
    stamp: async () => BigInt(await recipeListStamp(db.orm)),
    async changesSince(since) {
      const changes = since === undefined ? null : await recipeChangesSince(db.orm, String(since));
      if (!changes || changes.changed.length > maxPatch) return { kind: 'everything' };
      return { kind: 'changes', changed: changes.changed, removed: changes.removed };
    },
    refreshSoon() {
      if (followers.size === 0) return;
      // Through the object, not the closure: a test's spy on `stamp` sees this read too.
      void this.stamp()
        .then((stamp) => Promise.all([...followers].map((f) => f.at(stamp))))
        .catch(() => undefined);
    },
    add(follower) {
      followers.add(follower);
    },
  };
}

/**
 * A copy kept in step with the database. `catchUp` brings the copy's data from the stamp it holds to a newer one
 * (never two at once); `publish` then returns what readers get of it at stamp `at` (it may reuse what it returned
 * before when nothing changed). A failed `catchUp` leaves the held stamp as it was: the next one is asked for the
 * same changes again, so applying changes must be safe to repeat.
 */
export type Consumer<T> = {
  catchUp(changes: Changes): Promise<void>;
  publish(at: bigint): T | Promise<T>;
};

export type Follower<T> = {
  /**
   * A value holding every write acknowledged before stamp `wanted` was read, on this instance or another on the
   * same database: one published at that stamp or later. Concurrent readers share one update.
   */
  at(wanted: bigint): Promise<T>;
  /** The value as of now: the stamp is read first, so it is at least as new as the moment of the call. */
  now(): Promise<T>;
  /** Whether a value was published yet (the first one is the slow full read). */
  ready(): boolean;
};

// An update in progress: `at` is the stamp it brings the copy up to (read when it starts).
type Update<T> = { at: Promise<bigint>; done: Promise<{ at: bigint; value: T }> };

/**
 * The machinery every copy shares: one update at a time, shared by all readers; a reader waits until the copy is
 * at least as new as the stamp it read. A new update reads the stamp first and brings the copy up to it (every
 * write before it started, however many), so under a stream of writes a reader waits for at most two updates.
 * A failed update leaves the published value as it was; its failure is the failure of the readers waiting on it.
 */
export function follow<T>(feed: ChangeFeed, consumer: Consumer<T>): Follower<T> {
  // The stamp the consumer's data is up to date with (read before the data, so the data is at least that new).
  let held: bigint | undefined;
  let current: { at: bigint; value: T } | undefined;
  let running: Update<T> | undefined;

  async function update(at: bigint): Promise<{ at: bigint; value: T }> {
    if (held !== at) {
      await consumer.catchUp(await feed.changesSince(held));
      held = at;
    }
    return { at, value: await consumer.publish(at) };
  }

  function start(): Update<T> {
    if (running) return running;
    const at = feed.stamp();
    const next: Update<T> = { at, done: at.then(update) };
    running = next;
    next.done
      .then((published) => {
        if (!current || published.at >= current.at) current = published;
      })
      .catch(() => undefined)
      .finally(() => {
        if (running === next) running = undefined;
      });
    return next;
  }

  async function at(wanted: bigint): Promise<T> {
    for (;;) {
      if (current && current.at >= wanted) return current.value;
      const update = start();
      // An update that read its stamp before this one cannot hold every write: let it finish, then update again.
      if ((await update.at) >= wanted) return (await update.done).value;
      await update.done;
    }
  }

  const follower: Follower<T> = {
    at,
    now: async () => at(await feed.stamp()),
    ready: () => current !== undefined,
  };
  feed.add(follower);
  return follower;
}
