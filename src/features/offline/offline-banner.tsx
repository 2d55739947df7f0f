// The offline banner, on every page (src/layouts/Layout.astro): calm, a status rather than an alert, saying that the
// book is offline and since when the data it shows is. Nothing is shown online. The island also registers the
// service worker (./register-worker.ts), which is why it loads on every page.
import { useEffect } from 'react';
import { $offline, PRERENDERED_OFFLINE, watchConnection } from '../../stores/offline.ts';
import { useIslandStore } from '../../stores/use-island-store.ts';
import { registerServiceWorker } from './register-worker.ts';
import './offline-banner.css';

// Made when the banner first says a time, not when the module loads on every page: a Swedish date format costs
// ICU's locale data (Lighthouse on a phone: a 280 ms task on the list's start, for a banner that is rarely shown).
let when: Intl.DateTimeFormat | undefined;
const whenText = (time: number) =>
  (when ??= new Intl.DateTimeFormat('sv-SE', {
    day: 'numeric',
    month: 'long',
    hour: '2-digit',
    minute: '2-digit',
  })).format(time);

/** 'sparades 27 november 14:05', or what to say when nothing was stored. */
export function dataSinceText(since: number | undefined): string {
  return since === undefined
    ? 'Det som finns sparat på den här enheten visas.'
    : `Det du ser hämtades senast ${whenText(since)}.`;
}

export default function OfflineBanner() {
  const { online, dataSince } = useIslandStore($offline, PRERENDERED_OFFLINE);
  useEffect(() => {
    watchConnection();
    void registerServiceWorker();
  }, []);
  return (
    <div role="status" className="offline-banner-region">
      {!online && (
        <p className="offline-banner">
          <strong>Receptboken är offline.</strong> {dataSinceText(dataSince)} Den uppdateras av sig själv när nätet är
          tillbaka.
        </p>
      )}
    </div>
  );
}
