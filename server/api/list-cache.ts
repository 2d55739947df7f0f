import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Recipe } from '../../src/lib/recipe-schema.ts';
import type { Database } from '../db/index.ts';
import { recipesByIds, recipesInBatches } from '../db/recipe-repository.ts';
import { compareRecipes, insertByName } from '../../src/lib/recipe-search.ts';
import { matchesEtag } from './http-cache.ts';
import type { DatabaseGate } from '../db/database-gate.ts';
import { deflatePiece, deflatePieceSync, gzipOf, type Piece } from './gzip-pieces.ts';
import { createChangeFeed, follow, type ChangeFeed, type Changes } from '../db/change-feed.ts';

// The full list (GET /recipes, the contract) is what the seed's clients load, and it changes rarely.
// It is kept gzip-compressed, labelled with the database's change stamp. A reader gets a body at least as new as
// the stamp it read when it began, so it always sees the writes acknowledged before it; when the stamp moved,
// it waits for ONE rebuild that all readers share (docs/decisions/036-api-list-cache-read-after-write.md; the waiting and sharing
// are ../db/change-feed.ts's). A rebuild asks the change feed which recipes were written or deleted since the
// stamp of the data it holds (an index read, migration 007) and refetches only those. The recipes are held in segments of
// a few hundred, each deflated on its own (./gzip-pieces.ts): a write recompresses one segment, not
// 60 MB, so at 100,000 recipes it shows in the list within a second.
// `at`: the database stamp the body is up to date with; `stamp`: its label in ETags (with this instance's id).
type Body = { at: bigint; stamp: string; gzip: Buffer; json(): Buffer };
type Entry = { name: string; id: number; json: Buffer };
type Segment = { entries: Entry[]; piece?: Piece };

const [OPEN, COMMA, CLOSE] = ['[', ',', ']'].map((c) => deflatePieceSync(Buffer.from(c))) as [Piece, Piece, Piece];

/** A segment's text; its entries then point into it, so the text is held once, not twice. */
function joined(entries: readonly Entry[]): Buffer {
  const parts: Buffer[] = [];
  for (const e of entries) parts.push(...(parts.length > 0 ? [COMMA.raw, e.json] : [e.json]));
  const raw = Buffer.concat(parts);
  let offset = 0;
  for (const e of entries) {
    e.json = raw.subarray(offset, offset + e.json.length);
    offset += e.json.length + COMMA.raw.length;
  }
  return raw;
}

export type ListCache = ReturnType<typeof createListCache>;

/**
 * `gate`: the request limit a reader's wait is bounded by (the database being away answers 503 within it);
 * `feed`: the change feed it follows (the API's, shared with the name index; its own by default);
 * `segmentSize`: recipes per separately compressed segment (about 250 KB of JSON by
 * default); `readBatch`: recipes per statement when everything is read.
 */
export function createListCache(
  db: Database,
  {
    gate,
    feed = createChangeFeed(db),
    segmentSize = 400,
    readBatch = 2000,
  }: { gate?: DatabaseGate; feed?: ChangeFeed; segmentSize?: number; readBatch?: number } = {},
) {
  const bounded = <T>(work: () => Promise<T>): Promise<T> => (gate ? gate.run(work) : work());
  // Stamps restart at 0 in a new database; this keeps ETags of different databases apart.
  const instance = randomBytes(4).toString('hex');
  let segments: Segment[] = [];
  const segmentOf = new Map<number, Segment>();
  // Whether the segments changed since `current` was laid together from them.
  let dirty = true;
  // The body last laid together.
  let current: Body | undefined;

  const entry = (r: Recipe): Entry => ({ name: r.name, id: r.id, json: Buffer.from(JSON.stringify(r)) });

  /** Cuts sorted entries into segments and files each entry under its segment. */
  function cut(entries: Entry[]): Segment[] {
    const cuts: Segment[] = [];
    for (let i = 0; i < entries.length; i += segmentSize) {
      const segment: Segment = { entries: entries.slice(i, i + segmentSize) };
      for (const e of segment.entries) segmentOf.set(e.id, segment);
      cuts.push(segment);
    }
    return cuts;
  }

  /** The segment a new entry belongs in: the last one whose first entry sorts before it. */
  function segmentFor(e: Entry): Segment {
    let low = 1;
    let high = segments.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (compareRecipes((segments[mid] as Segment).entries[0] as Entry, e) <= 0) low = mid + 1;
      else high = mid;
    }
    if (segments.length === 0) segments.push({ entries: [] });
    return segments[low - 1] as Segment;
  }

  /** Brings the segments up to date. Safe to repeat after a failure: the stamp they hold moves only after it. */
  async function catchUp(changes: Changes): Promise<void> {
    if (changes.kind === 'everything') {
      // A batch at a time, each turned into its entry text at once: neither the driver nor this
      // cache holds 100,000 recipe objects together. Later writes are in the next refresh's changes.
      const all: Entry[] = [];
      for await (const batch of recipesInBatches(db.orm, readBatch)) for (const r of batch) all.push(entry(r));
      all.sort(compareRecipes);
      segmentOf.clear();
      segments = cut(all);
      dirty = true;
    } else if (changes.changed.length > 0 || changes.removed.length > 0) {
      for (const id of [...changes.changed, ...changes.removed]) {
        const segment = segmentOf.get(id);
        if (!segment) continue;
        segment.entries = segment.entries.filter((e) => e.id !== id);
        segment.piece = undefined;
        segmentOf.delete(id);
      }
      segments = segments.filter((s) => s.entries.length > 0);
      dirty = true;
      for (const e of (await recipesByIds(db.orm, changes.changed)).map(entry)) {
        const segment = segmentFor(e);
        // Its place in Swedish order by binary search: no re-sort of 100,000 names.
        insertByName(segment.entries, e);
        segment.piece = undefined;
        segmentOf.set(e.id, segment);
      }
      segments = segments.flatMap((s) => (s.entries.length > 2 * segmentSize ? cut(s.entries) : [s]));
    }
  }

  /** The body at `at`, the stamp the segments were brought up to. */
  async function build(at: bigint): Promise<Body> {
    const label = `${instance}-${at}`;
    if (!dirty && current) return (current = { ...current, at, stamp: label });
    await Promise.all(
      segments.filter((s) => !s.piece).map(async (s) => (s.piece = await deflatePiece(joined(s.entries)))),
    );
    const pieces = [
      OPEN,
      ...segments.flatMap((s, i) => (i === 0 ? [s.piece as Piece] : [COMMA, s.piece as Piece])),
      CLOSE,
    ];
    dirty = false;
    // The uncompressed text only for the rare client that accepts no gzip, laid together once.
    let json: Buffer | undefined;
    return (current = {
      at,
      stamp: label,
      gzip: gzipOf(pieces),
      json: () => (json ??= Buffer.concat(pieces.map((p) => p.raw))),
    });
  }

  const list = follow(feed, { catchUp, publish: build });

  /**
   * The list as of now: a body that holds every write acknowledged before the call, on this instance or another on
   * the same database. A write usually started its build already (`refreshSoon`); otherwise this waits for the
   * change-log refresh (tens of milliseconds at 100,000 recipes) or, after a TRUNCATE or a bulk load, for a full read.
   */
  function fullList(): Promise<Body> {
    return list.now();
  }

  /**
   * What a request is answered with. Once a body exists, the whole wait is under the request's database limit
   * (`gate`): the database being away answers 503 within it, as every other read does; so may the seconds of a
   * full read after a bulk load at 100,000 recipes. The very first build is waited for (bounded by the statement
   * limit), so the first visitors of 100,000 recipes get the list, not a 503.
   */
  async function forRequest(): Promise<Body> {
    if (list.ready()) return bounded(fullList);
    return list.at(await bounded(() => feed.stamp()));
  }

  /** After a write of this process: catch up now, so that the next reader rarely waits. */
  function refreshSoon(): void {
    void fullList().catch(() => undefined);
  }

  /** Answers GET /recipes: 304 on a matching ETag, else the stored gzip bytes (or the text, for a client without gzip). */
  async function send(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const body = await forRequest();
    const etag = `"list-${body.stamp}"`;
    reply.header('etag', etag).header('vary', 'accept-encoding');
    if (matchesEtag(request, etag)) return reply.code(304).send(null);
    reply.type('application/json; charset=utf-8');
    if (!/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) return reply.send(body.json());
    return reply.header('content-encoding', 'gzip').send(body.gzip);
  }

  /** Starts the first build in the background (seconds at 100,000 recipes): called once the app is ready. */
  function warm(): void {
    refreshSoon();
  }

  return { fullList, send, warm, refreshSoon };
}
