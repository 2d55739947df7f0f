// /sitemap.xml (a sitemap index) and /sitemap-{n}.xml (at most SITEMAP_LIMIT addresses each, sitemaps.org's
// limit), written from a copy of every recipe's id and last change that the change feed keeps up to date: a
// request reads the change stamp, and only when it moved are the recipes written since read (at 100,000 recipes
// no request reads them all). The copy is made at the first request, not at start-up.
import { randomBytes } from 'node:crypto';
import { follow, type ChangeFeed, type Changes, type Follower } from '../db/repositories/change-feed.ts';
import type { Database } from '../db/index.ts';
import { recipeUpdateTimes } from '../db/repositories/recipe-repository.ts';
import { escapeHtml } from '../http/escape-html.ts';

/** sitemaps.org: at most 50,000 URLs (and 50 MB) in one sitemap file. */
export const SITEMAP_LIMIT = 50_000;

const XMLNS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** One file of the sitemap: its recipes, in id order, each with its last change (ISO 8601). */
type Entry = { id: number; lastmod: string };

/** The sitemap at one stamp: the index and each file written once, when first asked for. */
export type Sitemap = {
  etag: string;
  files: number;
  index(): SitemapText;
  /** File `n` (1-based), or undefined past the last one. */
  file(n: number): SitemapText | undefined;
};
export type SitemapText = { xml: string; lastModified: string | undefined };

const newest = (entries: Entry[]) =>
  entries.reduce<string | undefined>((a, e) => (!a || e.lastmod > a ? e.lastmod : a), undefined);

function memo<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

function publish(entries: Entry[], origin: string, perFile: number, etag: string): Sitemap {
  const files: Entry[][] = [];
  for (let i = 0; i < entries.length; i += perFile) files.push(entries.slice(i, i + perFile));
  if (files.length === 0) files.push([]); // an index names at least one file: an empty one
  const loc = (path: string) => `<loc>${escapeHtml(`${origin}${path}`)}</loc>`;
  const lastmod = (at: string | undefined) => (at ? `<lastmod>${at}</lastmod>` : '');
  const head = '<?xml version="1.0" encoding="UTF-8"?>\n';
  const written = files.map((urls) =>
    memo(() => ({
      xml: `${head}<urlset xmlns="${XMLNS}">\n${urls.map((e) => `<url>${loc(`/${e.id}`)}${lastmod(e.lastmod)}</url>\n`).join('')}</urlset>\n`,
      lastModified: newest(urls),
    })),
  );
  const index = memo(() => ({
    xml: `${head}<sitemapindex xmlns="${XMLNS}">\n${files
      .map((urls, i) => `<sitemap>${loc(`/sitemap-${i + 1}.xml`)}${lastmod(newest(urls))}</sitemap>\n`)
      .join('')}</sitemapindex>\n`,
    lastModified: newest(entries),
  }));
  return { etag, files: files.length, index, file: (n) => written[n - 1]?.() };
}

/**
 * The sitemap as of now. `perFile` is SITEMAP_LIMIT but for tests, which page with a small number. The ETag
 * names this process and the stamp the sitemap was written at (stamps restart in a new database).
 */
export function createSitemap(
  db: Database,
  feed: ChangeFeed,
  { origin, perFile = SITEMAP_LIMIT }: { origin: string; perFile?: number },
): Follower<Sitemap> {
  const instance = randomBytes(6).toString('base64url');
  const lastmods = new Map<number, string>();
  let current: Sitemap | undefined;
  let changed = true;
  return follow(feed, {
    async catchUp(changes: Changes) {
      changed = true;
      if (changes.kind === 'everything') {
        const all = await recipeUpdateTimes(db.orm);
        lastmods.clear();
        for (const r of all) lastmods.set(r.id, r.updatedAt);
        return;
      }
      // Dropped first, then refetched: an id in both was deleted, then imported again.
      for (const id of changes.removed) lastmods.delete(id);
      for (const r of await recipeUpdateTimes(db.orm, changes.changed)) lastmods.set(r.id, r.updatedAt);
    },
    publish(at) {
      if (current && !changed) return current;
      changed = false;
      const entries = [...lastmods].map(([id, lastmod]) => ({ id, lastmod })).sort((a, b) => a.id - b.id);
      current = publish(entries, origin, perFile, `W/"sitemap-${instance}-${at}"`);
      return current;
    },
  });
}

/** /robots.txt: everything may be crawled; the sitemap's absolute address (robots.txt asks for one). */
export function robotsTxt(origin: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${origin}/sitemap.xml\n`;
}
