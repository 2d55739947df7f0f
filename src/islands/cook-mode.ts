// Cook mode on the details page: the screen stays awake (Screen Wake Lock API, where the browser has it)
// while the cook ticks off ingredients and steps. Nothing is stored anywhere: leaving the page forgets it.
import { useEffect, useState } from 'react';

type WakeLock = { release(): Promise<void> };
type WakeLockApi = { request(type: 'screen'): Promise<WakeLock> };

/** Holds a screen wake lock while `on`; taken again when the page becomes visible (browsers drop it when hidden). */
export function useWakeLock(on: boolean): 'held' | 'unavailable' | 'off' {
  const [state, setState] = useState<'held' | 'unavailable' | 'off'>('off');
  useEffect(() => {
    const api = (navigator as Navigator & { wakeLock?: WakeLockApi }).wakeLock;
    if (!on) return setState('off');
    if (!api) return setState('unavailable');
    let lock: WakeLock | undefined;
    let stopped = false;
    const take = () => {
      api.request('screen').then(
        (taken) => (stopped ? void taken.release() : ((lock = taken), setState('held'))),
        () => setState('unavailable'),
      );
    };
    const onVisible = () => document.visibilityState === 'visible' && take();
    take();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      stopped = true;
      document.removeEventListener('visibilitychange', onVisible);
      void lock?.release().catch(() => undefined);
    };
  }, [on]);
  return state;
}
