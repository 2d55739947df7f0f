// Offline reading (issue 42): whether the network is there, since when the cached data is, and the caches'
// names, which the service worker (src/features/offline/service-worker.ts), the banner, 'Spara för offline' and
// sign-out (./auth.ts) share. docs/decisions/056-offline-reading-with-workbox.md
import { atom } from 'nanostores';

/** The service worker's runtime caches. The precache (the site's shell and assets) has Workbox's own name. */
export const OFFLINE_CACHES = {
  /** GET answers of the API read without a token: lists, categories, recipes; and /config.json. */
  data: 'recipes-data-v1',
  /**
   * The list's answers to a typed question (a name search or a filter: every key typed is one), kept apart and
   * fewer, so that typing never pushes a recipe saved for offline out of `data`.
   */
  searches: 'recipes-searches-v1',
  /** Recipe photos (content-addressed file names: never change). */
  photos: 'recipes-photos-v1',
  /** Pages the visitor opened (/, /{id}, /profile), as the server answered them. */
  pages: 'recipes-pages-v1',
  /** One entry: when the service worker last stored an answer from the network (STAMP_URL). */
  meta: 'recipes-meta-v1',
} as const;

/** The meta cache's one entry; its body is the time (ms since 1970) of the last answer stored. */
export const STAMP_URL = '/offline-stamp';

/** What 'Spara för offline' may store at most (bytes): the budget shown on the profile page. */
export const SAVE_BUDGET_BYTES = 50 * 1024 * 1024;

export type OfflineState = {
  /** navigator.onLine: false when the browser knows it has no network. */
  online: boolean;
  /** When the newest cached data was fetched (ms), if any is cached. */
  dataSince?: number;
};

/** What every page is prerendered with: online (src/stores/use-island-store.ts). */
export const PRERENDERED_OFFLINE: OfflineState = { online: true };
export const $offline = atom<OfflineState>(PRERENDERED_OFFLINE);

/** The time of the last answer the service worker stored, or undefined (no cache, or no service worker). */
export async function readDataSince(): Promise<number | undefined> {
  if (typeof caches === 'undefined') return undefined;
  const stamp = await (await caches.open(OFFLINE_CACHES.meta)).match(STAMP_URL);
  const time = stamp ? Number(await stamp.text()) : NaN;
  return Number.isFinite(time) ? time : undefined;
}

/** Follows the browser's online and offline events; call once per page. */
export function watchConnection(): void {
  if (typeof window === 'undefined') return;
  const update = async () => {
    const online = navigator.onLine;
    $offline.set({ online, dataSince: online ? undefined : await readDataSince().catch(() => undefined) });
  };
  window.addEventListener('online', () => void update());
  window.addEventListener('offline', () => void update());
  void update();
}

/**
 * Removes everything the visitor read that the caches hold (data, photos, pages), keeping the site's own files.
 * Signing out calls it, so the next person on this device finds nothing of what an editor saw.
 */
export async function clearOfflineData(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await Promise.all(Object.values(OFFLINE_CACHES).map((name) => caches.delete(name)));
}
