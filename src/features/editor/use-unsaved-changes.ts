// Asks before leaving a form with unsaved changes. Closing the tab or reloading gets the browser's
// own beforeunload prompt (its text cannot be set); in-site links, the back buttons and the
// header's links get a Swedish window.confirm, caught once at the document so every link is covered
// without the other components knowing about the editor.
import { useEffect, useRef } from 'react';
import { TEXT } from './texts.ts';

export function useUnsavedChanges(dirty: boolean): { allowLeaving(): void } {
  const dirtyRef = useRef(dirty);
  const allowed = useRef(false);
  dirtyRef.current = dirty;

  useEffect(() => {
    const guarding = () => dirtyRef.current && !allowed.current;

    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!guarding()) return;
      event.preventDefault();
      // Older Chromium needs returnValue set to show the prompt.
      event.returnValue = '';
    };

    const onClick = (event: MouseEvent) => {
      if (!guarding() || event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return; // new tab/window
      const link = (event.target as Element | null)?.closest?.('a[href]');
      if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== '_self')) return;
      if (link.hasAttribute('download')) return;
      const url = new URL(link.href, location.href);
      if (url.origin !== location.origin) return; // leaving the site: beforeunload asks
      if (url.pathname === location.pathname && url.search === location.search && url.hash) return;
      if (window.confirm(TEXT.confirmLeave)) {
        allowed.current = true; // the user chose: do not ask a second time in beforeunload
      } else {
        // Stop it here, before any component's own click handler navigates.
        event.preventDefault();
        event.stopPropagation();
      }
    };

    // A search submitted from the search bar also leaves the page.
    const onSubmit = (event: SubmitEvent) => {
      if (!guarding() || event.defaultPrevented) return;
      const form = event.target as HTMLFormElement | null;
      if (!form || form.dataset.editorForm !== undefined) return;
      if (window.confirm(TEXT.confirmLeave)) allowed.current = true;
      else event.preventDefault();
    };

    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    document.addEventListener('submit', onSubmit, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
      document.removeEventListener('submit', onSubmit, true);
    };
  }, []);

  return {
    /** Call right before navigating away on purpose (after a successful save or delete). */
    allowLeaving() {
      allowed.current = true;
    },
  };
}
