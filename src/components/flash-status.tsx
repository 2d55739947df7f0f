// The polite live region that shows a confirmation kept by src/client/flash.ts ('Receptet sparades.',
// 'Receptet togs bort.') on the page the editor went to. The region is in the prerendered HTML (empty),
// so assistive technology knows it before the text arrives and announces it; the text goes after a while.
// Fixed at the bottom of the viewport: nothing on the page moves when it comes or goes.
import { useEffect, useState } from 'react';
import { takeFlash } from '../client/flash.ts';
import '../styles/status.css';

/** How long the confirmation stays on screen. */
export const FLASH_VISIBLE_MS = 6_000;

export default function FlashStatus() {
  const [message, setMessage] = useState('');
  useEffect(() => {
    const text = takeFlash(window.location.pathname);
    if (!text) return;
    setMessage(text);
    const timer = setTimeout(() => setMessage(''), FLASH_VISIBLE_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <div className="flash-region" role="status" aria-live="polite" aria-atomic="true">
      {message ? <p className="flash-message">{message}</p> : null}
    </div>
  );
}
