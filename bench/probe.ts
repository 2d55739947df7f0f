import type { Target } from './scenarios.ts';
import { COMMON_SEARCH, RARE_SEARCH } from './recipe-data.ts';

type WireRecipe = { id: string | number; version?: unknown } & Record<string, unknown>;

async function getJson(url: string): Promise<{ bytes: number; json: unknown }> {
  const res = await fetch(url);
  const body = Buffer.from(await res.arrayBuffer());
  if (!res.ok) throw new Error(`GET ${url} answered ${res.status}: ${body.toString('utf8', 0, 300)}`);
  return { bytes: body.length, json: JSON.parse(body.toString('utf8')) };
}

/**
 * Asks the running server for what the load runs need: the list (its exact bytes go to nginx),
 * ids to rotate over, body sizes, and current recipe bodies for PUT. It also sends one PUT and
 * fails loudly if that is refused: a benchmark of 401s would measure nothing worth printing.
 */
export async function probe(
  base: string,
  editorToken: string,
): Promise<{
  target: Target;
  listBytes: Buffer;
  listMs: number;
  rebuildMs: number;
  readAfterWrite: { p50: number; p99: number };
  categoryAlone: { label: string; p50: number; p95: number }[];
}> {
  const started = performance.now();
  const listRes = await fetch(`${base}/recipes`);
  const listBytes = Buffer.from(await listRes.arrayBuffer());
  // The first list, alone on an idle server: what one visitor waits for, before any load.
  const listMs = performance.now() - started;
  if (!listRes.ok) throw new Error(`GET ${base}/recipes answered ${listRes.status}`);
  const list = JSON.parse(listBytes.toString('utf8')) as WireRecipe[];
  // Every 97th recipe: spread over the whole table, not just the first page of it.
  const ids = list.filter((_, i) => i % 97 === 0).map((r) => String(r.id));

  const one = await getJson(`${base}/recipes/${ids[0]}`);
  const common = await getJson(`${base}/recipes?search=${COMMON_SEARCH}`);
  const rare = await getJson(`${base}/recipes?search=${RARE_SEARCH}`);
  const names = await getJson(`${base}/recipes/names`);
  const namesSearch = await getJson(`${base}/recipes/names?search=${COMMON_SEARCH}&limit=50`);
  const categoryList = await getJson(`${base}/categories`);
  const counted = (categoryList.json as { categories: { name: string; count: number }[] }).categories;
  const picked = [counted[0], counted[Math.floor(counted.length / 2)], counted.at(-1)].filter((c) => c !== undefined);
  const categories = [];
  for (const c of picked) {
    const page = await getJson(`${base}/recipes/names?category=${encodeURIComponent(c.name)}`);
    categories.push({ ...c, pageBytes: page.bytes });
  }

  const putBodies = new Map<string, string>();
  for (const id of ids.slice(0, 50)) {
    const { json } = await getJson(`${base}/recipes/${id}`);
    // No version: the API then simply overwrites, so concurrent PUTs never conflict with 409.
    const { version: _version, ...recipe } = json as WireRecipe;
    putBodies.set(id, JSON.stringify(recipe));
  }
  const [firstId, firstBody] = [...putBodies][0] ?? [];
  const putOnce = async () => {
    const put = await fetch(`${base}/recipes/${firstId}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${editorToken}`, 'content-type': 'application/json' },
      body: firstBody,
    });
    const putText = await put.text();
    if (!put.ok)
      throw new Error(`a probe PUT ${base}/recipes/${firstId} answered ${put.status}: ${putText.slice(0, 300)}`);
    return performance.now();
  };
  // Read-after-write: a PUT, then at once a read of the list (HEAD, so the probe's own download is not counted).
  // The read must carry a new ETag (it includes the write: the API guarantees it); its time is what a reader
  // right after a write waits for the list to catch up.
  const waits: number[] = [];
  let etag = (await fetch(`${base}/recipes`, { method: 'HEAD' })).headers.get('etag');
  for (let i = 0; i < 50; i++) {
    await putOnce();
    const asked = performance.now();
    const head = await fetch(`${base}/recipes`, { method: 'HEAD' });
    waits.push(performance.now() - asked);
    if (head.headers.get('etag') === etag)
      throw new Error('GET /recipes right after an acknowledged PUT did not include it (same ETag)');
    etag = head.headers.get('etag');
  }
  waits.sort((a, b) => a - b);
  const at = (q: number) => waits[Math.min(waits.length - 1, Math.ceil(q * waits.length) - 1)] ?? NaN;
  const readAfterWrite = { p50: at(0.5), p99: at(0.99) };
  // Another PUT moves the stamp again. Ask for the list once more, so the list run measures what visitors
  // mostly get (the cached list) instead of charging one rebuild (seconds of CPU at 100,000 recipes) to its
  // first few requests; the rebuild's cost is `listMs` and `rebuildMs`.
  await putOnce();
  const rebuildStarted = performance.now();
  await (await fetch(`${base}/recipes`)).arrayBuffer();
  const rebuildMs = performance.now() - rebuildStarted;

  // A filtered first page asked one at a time (what one visitor waits for, without 50 others queued in front):
  // 200 each, the first right after a write (the index regroups by category once per change).
  const categoryAlone = [];
  for (const c of categories) {
    await putOnce();
    const times: number[] = [];
    for (let i = 0; i < 200; i++) {
      const asked = performance.now();
      await getJson(`${base}/recipes/names?category=${encodeURIComponent(c.name)}`);
      times.push(performance.now() - asked);
    }
    times.sort((a, b) => a - b);
    const pick = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)] ?? NaN;
    categoryAlone.push({ label: `${c.name} (${c.count} recipes)`, p50: pick(0.5), p95: pick(0.95) });
  }

  return {
    listBytes,
    listMs,
    rebuildMs,
    readAfterWrite,
    categoryAlone,
    target: {
      base,
      editorToken,
      ids,
      putBodies,
      sizes: {
        list: listBytes.length,
        one: one.bytes,
        common: common.bytes,
        rare: rare.bytes,
        names: names.bytes,
        namesSearch: namesSearch.bytes,
        categories: categoryList.bytes,
      },
      categories,
      matches: { common: (common.json as unknown[]).length, rare: (rare.json as unknown[]).length },
    },
  };
}
