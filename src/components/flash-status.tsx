// The polite live region that shows a confirmation kept by src/client/flash.ts ('Receptet sparades.',
// 'Receptet togs bort.') on the page the editor went to. The region is in the prerendered HTML (empty),
// so assistive technology knows it before the text arrives and announces it; the text goes after a while.
// In the page's flow above its toolbar, never over it: pinned to the screen's bottom edge it covered whatever
// control lay there on a phone (issue 39). When the text goes, the room it took stays until the page is left,
// so nothing moves up under a finger about to tap. Not printed (src/styles/status.css).
// A deleted recipe's message carries 'Ångra' (issue 41): it brings the recipe back from the trash and opens it. The
// message then stays longer, and never goes while the pointer or the keyboard's focus is on it (WCAG 2.2.1).
import { useEffect, useRef, useState } from 'react';
import { FLASH_RESTORED, setFlash, takeFlash, type Flash } from '../client/flash.ts';
import { recipeHref } from '../lib/routes.ts';
import '../styles/status.css';

/** How long the confirmation stays on screen; one with 'Ångra' stays longer. */
export const FLASH_VISIBLE_MS = 6_000;
export const FLASH_UNDO_VISIBLE_MS = 12_000;
export const UNDO = 'Ångra';
export const UNDO_FAILED = 'Receptet kunde inte återställas. Försök igen, eller hämta det i Papperskorgen.';

export default function FlashStatus() {
  const [flash, setShown] = useState<Flash | undefined>();
  const [keptHeight, setKeptHeight] = useState<number>();
  const [held, setHeld] = useState(false); // pointer or focus on the message: it stays
  const [undoing, setUndoing] = useState(false);
  const [failed, setFailed] = useState(false);
  const region = useRef<HTMLDivElement>(null);
  useEffect(() => setShown(takeFlash(window.location.pathname)), []);
  useEffect(() => {
    if (!flash || held || undoing) return undefined;
    const timer = setTimeout(
      () => {
        setKeptHeight(region.current?.getBoundingClientRect().height);
        setShown(undefined);
      },
      flash.undo ? FLASH_UNDO_VISIBLE_MS : FLASH_VISIBLE_MS,
    );
    return () => clearTimeout(timer);
  }, [flash, held, undoing]);

  const undo = async (id: number) => {
    setUndoing(true);
    setFailed(false);
    try {
      // Loaded on use: the list and details islands stay light (no API client or sign-in code for a message).
      const [{ restoreTrashed }, { apiTokens }] = await Promise.all([
        import('../client/api.ts'),
        import('../stores/auth.ts'),
      ]);
      await restoreTrashed(apiTokens, id);
      setFlash(FLASH_RESTORED, recipeHref(id));
      window.location.assign(recipeHref(id));
    } catch {
      setFailed(true);
      setUndoing(false);
    }
  };

  return (
    <div
      ref={region}
      className="flash-region"
      role="status"
      aria-live="polite"
      aria-atomic="true"
      style={keptHeight ? { minHeight: keptHeight } : undefined}
      onPointerEnter={() => setHeld(true)}
      onPointerLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
    >
      {flash ? (
        <p className="flash-message">
          {flash.message}
          {flash.undo ? (
            <>
              {' '}
              <button
                type="button"
                className="button flash-undo"
                aria-disabled={undoing}
                onClick={() => {
                  if (!undoing && flash.undo) void undo(flash.undo);
                }}
              >
                {UNDO}
              </button>
            </>
          ) : null}
        </p>
      ) : null}
      {failed ? (
        <p className="error-text" role="alert">
          {UNDO_FAILED}
        </p>
      ) : null}
    </div>
  );
}
