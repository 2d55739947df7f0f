// A save the form refuses (issue 39): focus goes to the first control in error, scrolled into view, and the form
// says next to its save button how many need fixing, until none does. "In error" is what the page shows: a field
// with aria-invalid, or a control marked data-invalid (an ingredient row's button, which opens the dialog that
// fixes the row). Read from the form's DOM, so the count and the focus always agree with the messages on screen,
// whichever component (category field, photo list, row) drew them.
import { useEffect, useState, type RefObject } from 'react';

/** The controls that show an error, in the form's own order. */
export const IN_ERROR = '[aria-invalid="true"], [data-invalid]';

/**
 * `refusal`: which refused save this is (react-hook-form's submitCount after a refused submit), 0 when the last
 * submit was not refused. Returns how many controls are in error since that refusal, kept up to date while they
 * are fixed: 0 before any refusal and once nothing is left.
 */
export function useRefusedSave(formRef: RefObject<HTMLFormElement | null>, refusal: number): number {
  const [found, setFound] = useState({ refusal: 0, count: 0 });

  useEffect(() => {
    const form = formRef.current;
    if (refusal === 0 || !form) return;
    let focused = false;
    const update = () => {
      const controls = [...form.querySelectorAll<HTMLElement>(IN_ERROR)];
      const first = controls[0];
      if (first && !focused) {
        focused = true;
        // Centred, so the message under it (a row's message is below its button) is on screen too.
        first.scrollIntoView({ block: 'center' });
        first.focus({ preventScroll: true });
      }
      setFound({ refusal, count: controls.length });
      if (controls.length === 0 && focused) observer.disconnect(); // all fixed: quiet until the next refusal
    };
    // Fields re-render on their own (a category typed, a row fixed in its dialog): watch what they show.
    const observer = new MutationObserver(update);
    observer.observe(form, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['aria-invalid', 'data-invalid'],
    });
    update();
    return () => observer.disconnect();
  }, [refusal, formRef]);

  // A new refusal renders 0 until its effect has counted: the live region empties and fills again, so a second
  // refusal with the same count is spoken again.
  return found.refusal === refusal ? found.count : 0;
}
