import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Recipe } from '../../src/lib/recipe-schema.ts';
import type { Database } from '../db/index.ts';
import { listRecipes, recipeListStamp, recipesByIds, recipeVersions } from '../db/recipe-repository.ts';
import { insertByName } from '../../src/lib/recipe-search.ts';
import { matchesEtag } from './http-cache.ts';
import type { DatabaseGate } from './database-gate.ts';

// The full list (GET /recipes, the contract) is what the seed's clients load, and it changes rarely.
// It is kept as JSON bytes, also brotli- and gzip-compressed once, labelled with the database's change
// stamp. When the stamp moves, readers keep getting the previous body while ONE rebuild runs beside
// them (docs/decisions/list-cache.md): at 100,000 recipes a full rebuild takes seconds, so a rebuild
// refetches only the recipes whose version changed (or all of them when none did: a write that
// bypassed the API) and re-joins the per-recipe JSON.
const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
// Fast settings: this runs after every write; the list's repetitive JSON still shrinks ~10x.
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 3 } };
const GZIP = { level: 4 };

type Body = { stamp: string; json: Buffer; br: Buffer; gzip: Buffer };
type Entry = { name: string; id: number; version: number; json: string };

export function createListCache(db: Database) {
  // Stamps restart at 0 in a new database; this keeps ETags of different databases apart.
  const instance = randomBytes(4).toString('hex');
  const entries = new Map<number, Entry>();
  let order: Entry[] = [];
  let current: Body | undefined;
  let building: { stamp: string; done: Promise<Body> } | undefined;

  const entry = (r: Recipe): Entry => ({ name: r.name, id: r.id, version: r.version, json: JSON.stringify(r) });

  async function refresh(): Promise<void> {
    const versions = await recipeVersions(db.orm);
    const seen = new Set<number>();
    const changed: number[] = [];
    for (const { id, version } of versions) {
      seen.add(id);
      if (entries.get(id)?.version !== version) changed.push(id);
    }
    const removed = [...entries.keys()].filter((id) => !seen.has(id));
    if (entries.size === 0 || (changed.length === 0 && removed.length === 0) || changed.length > 1000) {
      // First build, a change no version shows (raw SQL on ingredients), or a bulk load: read all.
      order = (await listRecipes(db.orm)).map(entry);
      entries.clear();
      for (const e of order) entries.set(e.id, e);
      return;
    }
    const gone = new Set([...changed, ...removed]);
    order = order.filter((e) => !gone.has(e.id));
    for (const id of removed) entries.delete(id);
    for (const e of (await recipesByIds(db.orm, changed)).map(entry)) {
      entries.set(e.id, e);
      // Its place in Swedish order by binary search: no re-sort of 100,000 names.
      insertByName(order, e);
    }
  }

  async function build(stamp: string): Promise<Body> {
    await refresh();
    const json = Buffer.from(`[${order.map((e) => e.json).join(',')}]`);
    // On libuv's thread pool: the event loop keeps serving while these run.
    const [br, gzip] = await Promise.all([brotli(json, BROTLI), gz(json, GZIP)]);
    return { stamp: `${instance}-${stamp}`, json, br, gzip };
  }

  /**
   * The newest complete body; starts a rebuild when the stamp moved, and waits only when there is none yet.
   * `gate` bounds the stamp's read (the database being away answers 503 at once); the first build of a big
   * collection may take longer than a request's database limit, and is waited for (it is bounded by the
   * statement limit), so the first visitors of 100,000 recipes get the list, not a 503.
   */
  async function fullList(gate?: DatabaseGate): Promise<Body> {
    // Read BEFORE the data: the body is at least as new as its label.
    const stamp = await (gate ? gate.run(() => recipeListStamp(db.orm)) : recipeListStamp(db.orm));
    if (current?.stamp === `${instance}-${stamp}`) return current;
    if (!building) {
      const next = { stamp, done: build(stamp) };
      building = next;
      next.done
        .then((body) => (current = body))
        .catch(() => undefined)
        .finally(() => {
          if (building === next) building = undefined;
        });
    }
    return current ?? building.done;
  }

  /** Answers GET /recipes: 304 on a matching ETag, else the stored bytes in the encoding the client accepts. */
  async function send(request: FastifyRequest, reply: FastifyReply, gate: DatabaseGate): Promise<FastifyReply> {
    const body = await fullList(gate);
    const etag = `"list-${body.stamp}"`;
    reply.header('etag', etag).header('vary', 'accept-encoding');
    if (matchesEtag(request, etag)) return reply.code(304).send(null);
    const accepts = String(request.headers['accept-encoding'] ?? '');
    const [encoding, bytes] = /\bbr\b/.test(accepts) ? ['br', body.br] : /\bgzip\b/.test(accepts) ? ['gzip', body.gzip] : [undefined, body.json];
    if (encoding) reply.header('content-encoding', encoding);
    return reply.type('application/json; charset=utf-8').send(bytes);
  }

  // Built at start-up, not by the first visitor (seconds at 100,000 recipes).
  void fullList().catch(() => undefined);

  return { fullList, send };
}
