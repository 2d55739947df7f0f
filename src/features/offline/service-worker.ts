// The service worker (issue 42), built with Workbox by scripts/service-worker.ts into dist/sw.js. What it keeps and
// why: docs/decisions/056-offline-reading-with-workbox.md. In short: the site's files (precached per build), the
// reading pages and the API's public reads (network first, the stored answer when the network fails), photos (their
// names are their content: cache first). Nothing else is routed, so it goes to the network as without a worker:
// editor pages, the identity provider, every write, and every request that carries a token.
import { cleanupOutdatedCaches, matchPrecache, precache, type PrecacheEntry } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import type { RouteHandlerCallbackOptions, RouteMatchCallbackOptions, WorkboxPlugin } from 'workbox-core/types.js';
import { filtersFromParams, hasFilters } from '../../lib/recipe-filters.ts';
import { OFFLINE_CACHES, STAMP_URL } from '../../stores/offline.ts';
import {
  API_READ,
  goneRecipeId,
  namesPage,
  scaledRecipe,
  servingsAsked,
  type StoredName,
  type StoredRecipe,
  withoutRecipe,
} from './offline-answers.ts';
import { PAGE_SHELLS, readingShell, SKIP_WAITING } from './offline-urls.ts';

type WorkerScope = {
  location: Location;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  addEventListener(type: 'activate', listener: (event: Event & { waitUntil(p: Promise<unknown>): void }) => void): void;
};
const worker = self as unknown as WorkerScope;

// A new build's worker waits until a reading page asks it to take over (./register-worker.ts), which then reloads: no page
// ever runs one build's code with another build's files. An editor page never asks, so no form is lost.
worker.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === SKIP_WAITING) void worker.skipWaiting();
});
worker.addEventListener('activate', (event) => event.waitUntil(worker.clients.claim()));

// `self.__WB_MANIFEST` as written: the build (workbox-build's injectManifest) puts this build's file list there.
precache((self as unknown as { __WB_MANIFEST: Array<PrecacheEntry | string> }).__WB_MANIFEST);
cleanupOutdatedCaches();

/** A slow network counts as none after this long: the stored answer is shown instead. */
const NETWORK_TIMEOUT_S = 5;
const onlyOk = new CacheableResponsePlugin({ statuses: [200] });

/** Notes when an answer from the network was stored: the offline banner says since when the data is. */
const stamp: WorkboxPlugin = {
  cacheDidUpdate: async () => {
    await (await caches.open(OFFLINE_CACHES.meta)).put(STAMP_URL, new Response(String(Date.now())));
  },
};

/**
 * A recipe the server now answers 404 for (moved to the trash, or erased) leaves the offline copy when its page or
 * its read says so: otherwise a phone would go on showing it offline as if it still were (issue 52). Awaited before
 * the answer goes to the page, so what the page does next finds the copy without it.
 */
const dropGone: WorkboxPlugin = {
  fetchDidSucceed: async ({ request, response }) => {
    const id = response.status === 404 ? goneRecipeId(new URL(request.url)) : undefined;
    if (id !== undefined) await forgetRecipe(id);
    return response;
  },
};

// The site's own files: this build's, from the precache; any other (a file added after the build) from the network.
const SITE_FILE = /^\/(_astro\/.+|icons\/[\w.-]+\.png|favicon\.svg|manifest\.webmanifest)$/;
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && SITE_FILE.test(url.pathname),
  async ({ request }) => (await matchPrecache(request)) ?? fetch(request),
);

// Reading pages. A recipe opened before comes back as the server wrote it (its head); any other offline: the shell.
const pages = new NetworkFirst({
  cacheName: OFFLINE_CACHES.pages,
  networkTimeoutSeconds: NETWORK_TIMEOUT_S,
  plugins: [onlyOk, dropGone, new ExpirationPlugin({ maxEntries: 200, purgeOnQuotaError: true })],
});
registerRoute(
  ({ request, url, sameOrigin }) =>
    sameOrigin && request.mode === 'navigate' && readingShell(url.pathname) !== undefined,
  async (options) => {
    try {
      return await pages.handle(options);
    } catch (error) {
      const shell = await matchPrecache(readingShell(new URL(options.request.url).pathname) ?? '');
      if (shell) return shell;
      throw error;
    }
  },
);

// Every other page of this site (an editor page, the trash, the identity provider's), when the network is away: the
// offline page (src/pages/offline.astro) in the site's look, not the browser's own error page (issue 54). Nothing
// of these pages is stored: online they come from the network as without a worker. GET only: a form's POST (the
// sign-in page) is never routed.
registerRoute(
  ({ request, url, sameOrigin }) =>
    sameOrigin && request.mode === 'navigate' && readingShell(url.pathname) === undefined,
  async ({ request }) => {
    try {
      return await fetch(request);
    } catch (error) {
      const page = await matchPrecache(PAGE_SHELLS.offline);
      if (page) return page;
      throw error;
    }
  },
);

/** A read anyone may make: GET, no token, no cookies sent to another site. */
function isPublicRead(request: Request): boolean {
  return request.method === 'GET' && !request.headers.has('authorization') && request.credentials !== 'include';
}

const data = new NetworkFirst({
  cacheName: OFFLINE_CACHES.data,
  networkTimeoutSeconds: NETWORK_TIMEOUT_S,
  plugins: [onlyOk, stamp, dropGone, new ExpirationPlugin({ maxEntries: 5000, purgeOnQuotaError: true })],
});

/** Every key typed into the search bar or a filter is a question of its own: these answers are many. */
const searches = new NetworkFirst({
  cacheName: OFFLINE_CACHES.searches,
  networkTimeoutSeconds: NETWORK_TIMEOUT_S,
  plugins: [onlyOk, stamp, new ExpirationPlugin({ maxEntries: 200, purgeOnQuotaError: true })],
});
/** A list read that asks a typed question: a name search or one of the filters (src/lib/recipe-filters.ts). */
const typedQuestion = (url: URL) =>
  url.pathname.endsWith('/recipes/names') &&
  ((url.searchParams.get('search') ?? '') !== '' || hasFilters(filtersFromParams(url.searchParams)));

// The runtime config, from this origin.
registerRoute(
  ({ url, request, sameOrigin }) => sameOrigin && url.pathname === '/config.json' && isPublicRead(request),
  data,
);

// The API's reads, wherever it is (the CSP lets the page reach only its own origin, the API's and the identity
// provider's, whose paths never end like these).
const isApiRead = ({ url, request }: RouteMatchCallbackOptions) =>
  isPublicRead(request) && !url.pathname.includes('/photos/') && API_READ.test(url.pathname);
registerRoute(isApiRead, async (options: RouteHandlerCallbackOptions) => {
  try {
    return await (typedQuestion(new URL(options.request.url)) ? searches : data).handle(options);
  } catch (error) {
    const answer = await offlineAnswer(new URL(options.request.url));
    if (answer) return answer;
    throw error;
  }
});

registerRoute(
  ({ url, request }) => isPublicRead(request) && url.pathname.includes('/photos/') && API_READ.test(url.pathname),
  new CacheFirst({
    cacheName: OFFLINE_CACHES.photos,
    plugins: [onlyOk, new ExpirationPlugin({ maxEntries: 3000, purgeOnQuotaError: true })],
  }),
);

/** The stored answers of these caches (the data cache by default) whose path matches `path`, read as JSON. */
async function storedJson<T>(path: RegExp, names: string[] = [OFFLINE_CACHES.data]): Promise<T[]> {
  const bodies = await Promise.all(
    names.map(async (name) => {
      const cache = await caches.open(name);
      const keys = (await cache.keys()).filter((k) => path.test(new URL(k.url).pathname));
      return Promise.all(
        keys.map(async (k): Promise<unknown> => (await cache.match(k))?.json().catch(() => undefined)),
      );
    }),
  );
  return bodies.flat().filter((b) => b !== undefined) as T[];
}

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });

/** An answer made from what is stored, for a read never made online: a search, a category, other servings. */
async function offlineAnswer(url: URL): Promise<Response | undefined> {
  if (url.pathname.endsWith('/recipes/names')) {
    const recipes = await storedJson<StoredRecipe>(/\/recipes\/[1-9][0-9]*$/);
    const pages = await storedJson<{ recipes?: StoredName[] }>(/\/recipes\/names$/, [
      OFFLINE_CACHES.data,
      OFFLINE_CACHES.searches,
    ]);
    return json(
      namesPage(
        url.searchParams,
        recipes,
        pages.flatMap((p) => p.recipes ?? []),
      ),
    );
  }
  const servings = servingsAsked(url.searchParams);
  if (servings !== undefined && /\/recipes\/[1-9][0-9]*$/.test(url.pathname)) {
    const plain = await (await caches.open(OFFLINE_CACHES.data)).match(`${url.origin}${url.pathname}`);
    if (plain) return json(scaledRecipe((await plain.json()) as StoredRecipe, servings));
  }
  return undefined;
}

/** Forgets recipe `id`: its stored reads (at any servings), its page, and its row in every stored list page. */
async function forgetRecipe(id: number): Promise<void> {
  const own = (path: string) => path === `/${id}` || path.endsWith(`/recipes/${id}`);
  await Promise.all(
    [OFFLINE_CACHES.pages, OFFLINE_CACHES.data, OFFLINE_CACHES.searches].map(async (name) => {
      const cache = await caches.open(name);
      for (const key of await cache.keys()) {
        const path = new URL(key.url).pathname;
        if (own(path)) await cache.delete(key);
        else if (path.endsWith('/recipes/names')) {
          const stored = await cache.match(key);
          const page = (await stored
            ?.clone()
            .json()
            .catch(() => undefined)) as { recipes?: StoredName[] } | undefined;
          const kept = page && withoutRecipe(page, id);
          if (!stored || !kept) continue;
          const headers = new Headers(stored.headers);
          headers.delete('content-length');
          await cache.put(key, new Response(JSON.stringify(kept), { headers }));
        }
      }
    }),
  );
}
