// A store's value in an island. During hydration React asks for the value the page was prerendered with (the
// store's first value, `prerendered`), so a store that changed before React finished hydrating (the sign-in check
// answered, the network went away; on a slow machine hydration can end after afterIslandsHydrated gives up) never
// makes the island's first render differ from the server's markup (React error #418). Right after, the store's own.
import { useSyncExternalStore } from 'react';
import type { ReadableAtom } from 'nanostores';

export function useIslandStore<T>(store: ReadableAtom<T>, prerendered: T): T {
  return useSyncExternalStore(store.listen, store.get, () => prerendered);
}
