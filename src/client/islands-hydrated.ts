// The page's own work first: resolves once every island on the page has hydrated (Astro removes an
// island's `ssr` attribute and fires `astro:hydrate` on it when done), then waits for the browser to
// be idle. A page whose island never hydrates (its script failed) goes on after `giveUpMs`.
export function afterIslandsHydrated(giveUpMs = 3000): Promise<void> {
  const pending = [...document.querySelectorAll('astro-island[ssr]')].map(
    (island) => new Promise<void>((done) => island.addEventListener('astro:hydrate', () => done(), { once: true })),
  );
  const giveUp = new Promise<void>((done) => setTimeout(done, giveUpMs));
  return Promise.race([Promise.all(pending), giveUp]).then(
    () =>
      new Promise<void>((done) =>
        'requestIdleCallback' in window ? requestIdleCallback(() => done(), { timeout: 500 }) : setTimeout(done, 0),
      ),
  );
}
