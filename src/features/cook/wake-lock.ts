// The screen stays awake while cook mode is open (Screen Wake Lock API, where the browser has it). Loaded with cook
// mode's code, only when cook mode opens (docs/decisions/065-budget-for-code-loaded-on-demand.md).
import { useEffect, useState } from 'react';

type WakeLock = { release(): Promise<void> };
type WakeLockApi = { request(type: 'screen'): Promise<WakeLock> };

/** Holds a screen wake lock while mounted; taken again when the page becomes visible (browsers drop it when hidden). */
export function useWakeLock(): 'held' | 'unavailable' | 'off' {
  const [state, setState] = useState<'held' | 'unavailable' | 'off'>('off');
  useEffect(() => {
    const api = (navigator as Navigator & { wakeLock?: WakeLockApi }).wakeLock;
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
  }, []);
  return state;
}
