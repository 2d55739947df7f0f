// Unit labels for the 'Enhet' select, fetched once per editor page from {api}/units (NONE is
// dropped by the API client). Spec section 8: no dedicated handling, so a failure is only logged.
import { useEffect, useState } from 'react';
import { listUnits } from '../../client/api.ts';
import { apiTokens } from '../../stores/auth.ts';

export function useUnits(): readonly string[] {
  const [units, setUnits] = useState<readonly string[]>([]);
  useEffect(() => {
    let live = true;
    listUnits(apiTokens)
      .then((labels) => live && setUnits(labels))
      .catch((error: unknown) => console.error('Could not load units', error));
    return () => {
      live = false;
    };
  }, []);
  return units;
}
