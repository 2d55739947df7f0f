// The import under way (and, once it ended, how far it came): a real <progress> and "X av N". The visible count
// follows every recipe; the polite live region says it at most every few seconds (and always at the end), so a
// screen reader is not queued a thousand announcements.
import { useEffect, useId, useRef, useState, type Ref } from 'react';
import type { CollectionProgress } from '../../client/api.ts';
import { MOVE_IN_TEXT as TEXT } from './move-in-texts.ts';

const ANNOUNCE_EVERY_MS = 3000;

/** `text`, changed at most once every `ms` (the last change always comes through). */
function useThrottled(text: string, ms: number): string {
  const [shown, setShown] = useState(text);
  const last = useRef(0);
  useEffect(() => {
    const wait = last.current + ms - Date.now();
    const show = () => {
      last.current = Date.now();
      setShown(text);
    };
    if (wait <= 0) {
      show();
      return undefined;
    }
    const timer = setTimeout(show, wait);
    return () => clearTimeout(timer);
  }, [text, ms]);
  return shown;
}

/** `finished`: the import has ended and its result follows; the bar stays to show it reached the end. */
export default function MoveInProgress({
  progress,
  finished = false,
  headingRef,
}: {
  progress: CollectionProgress;
  finished?: boolean;
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  const id = useId();
  const text = TEXT.progress(progress.done, progress.total);
  const announced = useThrottled(text, ANNOUNCE_EVERY_MS);
  return (
    <section className="move-in-progress" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} ref={headingRef} tabIndex={-1}>
        {finished ? TEXT.imported : TEXT.importing}
      </h2>
      <progress value={progress.done} max={Math.max(progress.total, 1)} aria-labelledby={`${id}-heading`} />
      <p className="move-in-count" aria-hidden="true">
        {text}
      </p>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announced}
      </p>
      {finished ? null : <p className="move-in-hint">{TEXT.leaveWhileImporting}</p>}
    </section>
  );
}
