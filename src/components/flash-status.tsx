// The polite live region that shows a confirmation kept by src/client/flash.ts ('Receptet sparades.',
// 'Receptet togs bort.') on the page the editor went to. The region is in the prerendered HTML (empty),
// so assistive technology knows it before the text arrives and announces it; the text goes after a while.
// In the page's flow above its toolbar, never over it: pinned to the screen's bottom edge it covered whatever
// control lay there on a phone (issue 39). When the text goes, the room it took stays until the page is left,
// so nothing moves up under a finger about to tap. Not printed (src/styles/status.css).
import { useEffect, useRef, useState } from 'react';
import { takeFlash } from '../client/flash.ts';
import '../styles/status.css';

/** How long the confirmation stays on screen. */
export const FLASH_VISIBLE_MS = 6_000;

export default function FlashStatus() {
  const [message, setMessage] = useState('');
  const [keptHeight, setKeptHeight] = useState<number>();
  const region = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const text = takeFlash(window.location.pathname);
    if (!text) return;
    setMessage(text);
    const timer = setTimeout(() => {
      setKeptHeight(region.current?.getBoundingClientRect().height);
      setMessage('');
    }, FLASH_VISIBLE_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <div
      ref={region}
      className="flash-region"
      role="status"
      aria-live="polite"
      aria-atomic="true"
      style={keptHeight ? { minHeight: keptHeight } : undefined}
    >
      {message ? <p className="flash-message">{message}</p> : null}
    </div>
  );
}
