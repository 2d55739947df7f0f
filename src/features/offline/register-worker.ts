// Registers the service worker (./service-worker.ts, built to /sw.js) and moves a page to a new build without a
// mix of versions: a new worker waits until a reading page asks it to take over, and that page then reloads once,
// so it runs the new build's code with the new build's files. An editor page never asks: an unsaved form is kept,
// and the new build takes over at the next reading page. docs/decisions/056-offline-reading-with-workbox.md
import { readingShell, SKIP_WAITING } from './offline-urls.ts';

export const SERVICE_WORKER_URL = '/sw.js';

function takeOver(waiting: ServiceWorker | null): void {
  // No controller yet: the first visit, nothing old to replace (the worker starts at once).
  if (waiting && navigator.serviceWorker.controller && readingShell(location.pathname) !== undefined)
    waiting.postMessage({ type: SKIP_WAITING });
}

/** Once per page. Does nothing where there are no service workers (an insecure origin, an old browser). */
export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
  const hadController = navigator.serviceWorker.controller !== null;
  let reloading = false;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (!hadController || reloading) return;
    reloading = true;
    location.reload();
  });
  try {
    // Undefined where a harness stubs register() (Playwright's serviceWorkers: 'block').
    const registration: ServiceWorkerRegistration | undefined = await navigator.serviceWorker.register(
      SERVICE_WORKER_URL,
      { scope: '/' },
    );
    if (!registration) return;
    takeOver(registration.waiting);
    registration.addEventListener('updatefound', () => {
      const installing = registration.installing;
      installing?.addEventListener('statechange', () => {
        if (installing.state === 'installed') takeOver(registration.waiting);
      });
    });
  } catch (error) {
    // The site works without it, only not offline.
    console.warn('The service worker could not be registered; the site works, but not offline', error);
  }
}
