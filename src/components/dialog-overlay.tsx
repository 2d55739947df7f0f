// The backdrop of our modal dialogs, in place of Radix's Dialog.Overlay, with the page scroll lock done here.
//
// Radix's Overlay locks the page through react-remove-scroll, whose react-remove-scroll-bar writes a <style>
// element into <head> (react-style-singleton). The site's policy allows only the hashed inline blocks Astro
// builds (server/site/csp.ts, no 'unsafe-inline'), so the browser refuses that element: a CSP violation on
// every opening and a page that keeps scrolling behind the dialog. A nonce cannot help (static hosts send one
// fixed header) and a hash cannot either (the CSS holds the measured scrollbar width). Styles set through the
// CSSOM (element.style) are not subject to style-src, so the lock sets body's overflow that way.
//
// Everything that makes the dialog modal stays with Radix's Dialog.Content: the focus trap, aria-hidden on the
// rest of the page and pointer events outside switched off. Render this inside Dialog.Portal, where Radix mounts
// it only while the dialog is open.
import { useLayoutEffect, type ComponentPropsWithRef } from 'react';
import '../styles/dialog.css';

let holders = 0;
let saved: { overflow: string; paddingRight: string } | undefined;

/**
 * Stops the page behind from scrolling until the returned function is called; open dialogs share one lock.
 * The scrollbar's width is added to body's right padding so the page does not shift when the bar goes.
 */
export function lockPageScroll(): () => void {
  const body = document.body;
  if (holders++ === 0) {
    saved = { overflow: body.style.overflow, paddingRight: body.style.paddingRight };
    const scrollbar = window.innerWidth - document.documentElement.clientWidth;
    if (scrollbar > 0) {
      const padding = Number.parseFloat(getComputedStyle(body).paddingRight) || 0;
      body.style.paddingRight = `${padding + scrollbar}px`;
    }
    body.style.overflow = 'hidden';
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    if (--holders > 0 || !saved) return;
    body.style.overflow = saved.overflow;
    body.style.paddingRight = saved.paddingRight;
    saved = undefined;
  };
}

/** `<DialogOverlay className="editor-overlay" />` where `<Dialog.Overlay className="editor-overlay" />` was. */
export function DialogOverlay({ style, ...props }: ComponentPropsWithRef<'div'>) {
  useLayoutEffect(lockPageScroll, []);
  // Radix turns pointer events off on body while a modal dialog is open; the backdrop takes them, like Radix's own.
  return <div data-state="open" {...props} style={{ pointerEvents: 'auto', ...style }} />;
}
