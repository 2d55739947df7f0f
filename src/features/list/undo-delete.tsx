// 'Ångra' beside 'Receptet togs bort.' on the list (issue 41): brings the recipe just deleted back from the trash and
// opens it. Only the list shows it (src/components/flash-status.tsx takes it as its `undo`), so the other pages do not
// load the trash's requests. While it works, the message stays; a failure says so beside it and changes nothing.
import { useState } from 'react';
import { FLASH_RESTORED, setFlash } from '../../client/flash.ts';
import { restoreTrashed } from '../../client/keeping-api.ts';
import { recipeHref } from '../../lib/routes.ts';
import { apiTokens } from '../../stores/auth.ts';

export const UNDO = 'Ångra';
export const UNDO_FAILED = 'Receptet kunde inte återställas. Försök igen, eller hämta det i Papperskorgen.';

export default function UndoDelete({ id, busy }: { id: number; busy(on: boolean): void }) {
  const [working, setWorking] = useState(false);
  const [failed, setFailed] = useState(false);
  const undo = async () => {
    setWorking(true);
    busy(true);
    setFailed(false);
    try {
      await restoreTrashed(apiTokens, id);
      setFlash(FLASH_RESTORED, recipeHref(id));
      window.location.assign(recipeHref(id));
    } catch {
      setFailed(true);
      setWorking(false);
      busy(false);
    }
  };
  return (
    <>
      <button
        type="button"
        className="button flash-undo"
        aria-disabled={working}
        onClick={() => {
          if (!working) void undo();
        }}
      >
        {UNDO}
      </button>
      {failed ? (
        <span className="error-text flash-undo-failed" role="alert">
          {UNDO_FAILED}
        </span>
      ) : null}
    </>
  );
}
