// 'Spara för offline' on the profile page (issue 42): saves the whole book on this device within the budget shown,
// and says how far it got. The reading itself is ./save-offline.ts; the service worker keeps what it reads.
import { useState } from 'react';
import { apiBase } from '../../client/site-config.ts';
import { sizeText } from '../../lib/byte-size.ts';
import { SAVE_BUDGET_BYTES } from '../../stores/offline.ts';
import { saveForOffline, type SaveProgress } from './save-offline.ts';

const megabytes = (bytes: number) => sizeText(bytes, { inMegabytes: true });

type State =
  | { step: 'idle' }
  | { step: 'saving'; progress?: SaveProgress }
  | { step: 'done'; recipes: number; of: number; bytes: number; complete: boolean }
  | { step: 'failed'; message: string };

/** The service worker that keeps the answers, once it controls this page (it may still be starting on a first visit). */
async function controllingWorker(): Promise<boolean> {
  if (!('serviceWorker' in navigator)) return false;
  await navigator.serviceWorker.ready;
  if (navigator.serviceWorker.controller) return true;
  await new Promise((resolve) => {
    navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true });
    setTimeout(resolve, 3000);
  });
  return navigator.serviceWorker.controller !== null;
}

export default function SaveOfflinePanel() {
  const [state, setState] = useState<State>({ step: 'idle' });

  const save = async () => {
    setState({ step: 'saving' });
    try {
      if (!(await controllingWorker()))
        return setState({ step: 'failed', message: 'Den här webbläsaren kan inte spara receptboken för offline.' });
      // Asks the browser not to clear the saved book when space runs short (it may say no; saving works anyway).
      void navigator.storage?.persist?.().catch(() => false);
      const result = await saveForOffline(await apiBase(), (progress) => setState({ step: 'saving', progress }));
      setState({ step: 'done', ...result });
    } catch (error) {
      console.error('Could not save the book for offline reading', error);
      setState({ step: 'failed', message: 'Det gick inte att spara allt. Försök igen när nätet fungerar.' });
    }
  };

  return (
    <section className="card save-offline" aria-labelledby="save-offline-heading">
      <h2 id="save-offline-heading">Receptboken utan nät</h2>
      <p>
        Recept du har öppnat finns kvar när nätet försvinner. Spara hela boken på den här enheten för att kunna läsa
        alla recept offline, med bilder i den storlek skärmen visar. Högst {megabytes(SAVE_BUDGET_BYTES)} sparas.
      </p>
      <button type="button" className="button" disabled={state.step === 'saving'} onClick={() => void save()}>
        Spara för offline
      </button>
      <p role="status" className="notice">
        {state.step === 'saving' &&
          (state.progress
            ? `Sparar… ${state.progress.recipes} av ${state.progress.of} recept (${megabytes(state.progress.bytes)}).`
            : 'Sparar…')}
        {state.step === 'done' &&
          (state.complete
            ? `Klart: ${state.recipes} recept är sparade (${megabytes(state.bytes)} av ${megabytes(SAVE_BUDGET_BYTES)}).`
            : `${state.recipes} av ${state.of} recept sparades: gränsen ${megabytes(SAVE_BUDGET_BYTES)} nåddes.`)}
        {state.step === 'failed' && state.message}
      </p>
    </section>
  );
}
