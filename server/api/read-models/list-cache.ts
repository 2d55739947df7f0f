import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/index.ts';
import { recipeKeys, recipesByIds, type RecipeKey } from '../../db/repositories/recipe-repository.ts';
import { compareRecipes, insertByName } from '../../../src/lib/recipe-search.ts';
import { matchesEtag } from '../http-cache.ts';
import { varyOnEncoding } from '../../http/read-answer.ts';
import type { DatabaseGate } from '../../db/database-gate.ts';
import { deflatePiece, deflatePieceSync, gzipParts, inflatePiece, type Piece } from './gzip-pieces.ts';
import { createChangeFeed, follow, type ChangeFeed, type Changes } from '../../db/repositories/change-feed.ts';

// The full list (GET /recipes, the contract) is what the seed's clients load, and it changes rarely.
// It is kept gzip-compressed, labelled with the database's change stamp. A reader gets a body at least as new as
// the stamp it read when it began, so it always sees the writes acknowledged before it; when the stamp moved,
// it waits for ONE rebuild that all readers share (docs/decisions/036-api-list-cache-read-after-write.md; the waiting and sharing
// are ../db/repositories/change-feed.ts's). A rebuild asks the change feed which recipes were written or deleted since the
// stamp of the data it holds (an index read, migration 007). The list is held in segments of a few hundred
// recipes in the list's order, each deflated on its own (./gzip-pieces.ts): a write recompresses one segment, not
// 60 MB, so at 100,000 recipes it shows in the list within a second. A segment keeps its recipes' ids, names
// (their order) and text lengths, and its compressed bytes, not the text (60 MB at 100,000 recipes): a segment a
// write touches is inflated, changed and deflated again; everything is read a segment at a time
// (docs/decisions/043-memory-at-100000-recipes.md).
// `at`: the database stamp the body is up to date with; `stamp`: its label in ETags (with this instance's id).
// `parts`: the gzip body, the segments' own compressed bytes among them (held once), `gzipLength` its bytes;
// `length`: the bytes of the JSON text.
type Body = {
  at: bigint;
  stamp: string;
  parts: Buffer[];
  gzipLength: number;
  length: number;
  gzip(): Buffer;
  text(): Readable;
};
// `length`: the bytes of the recipe's JSON in its segment's text; `offset`: where it starts in the text of the
// segment's `stale` piece, while a write has changed the segment and it waits to be compressed again; `json`: the
// text itself, only while the segment is being compressed.
type Entry = RecipeKey & { length: number; offset?: number | undefined; json?: Buffer | undefined };
// `piece`: the segment compressed; `stale`: its last piece, after a write changed which recipes it holds.
type Segment = { entries: Entry[]; piece?: Piece | undefined; stale?: Piece | undefined };

const COMMA_TEXT = Buffer.from(',');
const COMMA_BYTES = COMMA_TEXT.length;
const [OPEN, COMMA, CLOSE] = ['[', ',', ']'].map((c) => deflatePieceSync(Buffer.from(c))) as [Piece, Piece, Piece];

export type ListCache = ReturnType<typeof createListCache>;

/**
 * `gate`: the request limit a reader's wait is bounded by (the database being away answers 503 within it);
 * `feed`: the change feed it follows (the API's, shared with the name index; its own by default);
 * `segmentSize`: recipes per separately compressed segment, and per statement when a segment is read (about
 * 250 KB of JSON by default).
 */
export function createListCache(
  db: Database,
  {
    gate,
    feed = createChangeFeed(db),
    segmentSize = 400,
  }: { gate?: DatabaseGate; feed?: ChangeFeed; segmentSize?: number } = {},
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

  /** Cuts sorted entries into segments and files each entry under its segment (`stale`: the piece they were in). */
  function cut(entries: Entry[], stale?: Piece): Segment[] {
    const cuts: Segment[] = [];
    for (let i = 0; i < entries.length; i += segmentSize) {
      const segment: Segment = { entries: entries.slice(i, i + segmentSize), stale };
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

  /**
   * A write changes which recipes a compressed segment holds: its piece becomes `stale`, each entry notes where its
   * text starts in it, and `compress` takes the texts kept from it (a segment at a time, however many a write
   * touched).
   */
  function unseal(segment: Segment): void {
    if (!segment.piece) return;
    let offset = 0;
    for (const e of segment.entries) {
      e.offset = offset;
      offset += e.length + COMMA_BYTES;
    }
    segment.stale = segment.piece;
    segment.piece = undefined;
  }

  /**
   * Brings the segments up to date. After a write only the recipes written are read; the segments they leave or
   * join are compressed again by `build`. Everything: ids and names only (a few MB at 100,000 recipes), the recipes
   * are read a segment at a time by `build`. Safe to repeat after a failure: the stamp they hold moves only after
   * it, and the database is read before anything is changed.
   */
  async function catchUp(changes: Changes): Promise<void> {
    if (changes.kind === 'everything') {
      const all = (await recipeKeys(db.orm)).map((k): Entry => ({ ...k, length: 0 })).sort(compareRecipes);
      segmentOf.clear();
      segments = cut(all);
      dirty = true;
      return;
    }
    const written = await recipesByIds(db.orm, changes.changed);
    for (const id of [...changes.changed, ...changes.removed]) {
      const segment = segmentOf.get(id);
      if (!segment) continue;
      unseal(segment);
      segment.entries = segment.entries.filter((e) => e.id !== id);
      segmentOf.delete(id);
      dirty = true;
    }
    segments = segments.filter((s) => s.entries.length > 0);
    for (const r of written) {
      const e: Entry = { id: r.id, name: r.name, length: 0, json: Buffer.from(JSON.stringify(r)) };
      const segment = segmentFor(e);
      unseal(segment);
      // Its place in Swedish order by binary search: no re-sort of 100,000 names.
      insertByName(segment.entries, e);
      segmentOf.set(e.id, segment);
      dirty = true;
    }
    segments = segments.flatMap((s) => (s.entries.length > 2 * segmentSize ? cut(s.entries, s.stale) : [s]));
  }

  /**
   * A segment's text, deflated; its entries then hold only their lengths. The text of a recipe comes from the
   * segment's stale piece (inflated), from the write that brought it, or else from the database: one statement for
   * the segment (after everything was read). One deleted since its id was read leaves the segment, and one written
   * since is as it is now (the next catch-up has both).
   */
  async function compress(segment: Segment): Promise<Piece> {
    if (segment.stale) {
      const text = await inflatePiece(segment.stale);
      for (const e of segment.entries)
        if (!e.json && e.offset !== undefined) e.json = text.subarray(e.offset, e.offset + e.length);
    }
    const missing = segment.entries.filter((e) => !e.json).map((e) => e.id);
    if (missing.length > 0) {
      const found = new Map((await recipesByIds(db.orm, missing)).map((r) => [r.id, r]));
      for (const e of segment.entries) {
        const recipe = found.get(e.id);
        if (recipe) e.json = Buffer.from(JSON.stringify(recipe));
        else if (!e.json) segmentOf.delete(e.id);
      }
      segment.entries = segment.entries.filter((e) => e.json);
    }
    const parts: Buffer[] = [];
    for (const e of segment.entries) {
      const json = e.json as Buffer;
      if (parts.length > 0) parts.push(COMMA_TEXT);
      parts.push(json);
    }
    const piece = await deflatePiece(Buffer.concat(parts));
    for (const e of segment.entries) {
      e.length = (e.json as Buffer).length;
      e.json = undefined;
      e.offset = undefined;
    }
    segment.stale = undefined;
    return piece;
  }

  /** The body at `at`, the stamp the segments were brought up to. */
  async function build(at: bigint): Promise<Body> {
    const label = `${instance}-${at}`;
    if (!dirty && current) return (current = { ...current, at, stamp: label });
    // One segment at a time: only one segment's recipes and text are held while the list is compressed. A
    // failure leaves the segments not yet compressed as they are, for the next build.
    for (const segment of segments) segment.piece ??= await compress(segment);
    const filled = segments.map((s) => s.piece as Piece).filter((p) => p.length > 0);
    const pieces = [OPEN, ...filled.flatMap((p, i) => (i === 0 ? [p] : [COMMA, p])), CLOSE];
    dirty = false;
    const parts = gzipParts(pieces);
    const gzipLength = parts.reduce((sum, p) => sum + p.length, 0);
    const length = pieces.reduce((sum, p) => sum + p.length, 0);
    // The uncompressed text only for the rare client that accepts no gzip, inflated as it is sent.
    const text = () => Readable.from(parts).pipe(createGunzip());
    return (current = { at, stamp: label, parts, gzipLength, length, gzip: () => Buffer.concat(parts), text });
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
    // Added to Vary, not put in its place: the CORS answer varies by Origin.
    reply.header('etag', etag);
    varyOnEncoding(reply);
    if (matchesEtag(request, etag)) return reply.code(304).send(null);
    reply.type('application/json; charset=utf-8');
    // HEAD: the headers only (Fastify drains a stream it is given for HEAD: nothing to inflate or send).
    const head = request.method === 'HEAD';
    if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
      reply.header('content-encoding', 'gzip').header('content-length', String(body.gzipLength));
      return reply.send(Readable.from(head ? [] : body.parts));
    }
    reply.header('content-length', String(body.length));
    return reply.send(head ? Readable.from([]) : body.text());
  }

  /** Starts the first build in the background (seconds at 100,000 recipes): called once the app is ready. */
  function warm(): void {
    refreshSoon();
  }

  return { fullList, send, warm, refreshSoon };
}
