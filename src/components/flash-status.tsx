// The polite live region that shows a confirmation kept by src/client/flash.ts ('Receptet sparades.',
// 'Receptet togs bort.') on the page the editor went to. The region is in the prerendered HTML (empty),
// so assistive technology knows it before the text arrives and announces it; the text goes after a while.
// In the page's flow above its toolbar, never over it: pinned to the screen's bottom edge it covered whatever
// control lay there on a phone (issue 39). When the text goes, the room it took stays until the page is left,
// so nothing moves up under a finger about to tap. Not printed (src/styles/status.css).
// A deleted recipe's message carries 'Ångra' (issue 41): it brings the recipe back from the trash and opens it. The
// message then stays longer, and never goes while the pointer or the keyboard's focus is on it (WCAG 2.2.1).
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { takeFlash, type Flash } from '../client/flash.ts';
import '../styles/status.css';

/** How long the confirmation stays on screen; one with 'Ångra' stays longer. */
export const FLASH_VISIBLE_MS = 6_000;
export const FLASH_UNDO_VISIBLE_MS = 12_000;
/**
 * `undo`: what a message that carries a deleted recipe's id shows beside it ('Ångra', src/features/list/undo-delete.tsx);
 * only the list passes it, so the pages that never show one do not load it. `busy` holds the message on screen.
 */
type Props = { undo?: (id: number, busy: (on: boolean) => void) => ReactNode };

export default function FlashStatus({ undo }: Props) {
  const [flash, setShown] = useState<Flash | undefined>();
  const [keptHeight, setKeptHeight] = useState<number>();
  const [held, setHeld] = useState(false); // pointer or focus on the message: it stays
  const [undoing, setUndoing] = useState(false);
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
          {flash.undo && undo ? <> {undo(flash.undo, setUndoing)}</> : null}
        </p>
      ) : null}
    </div>
  );
}
