// What a page says when a recipe could not be read because the API or its database is away (503, no
// answer in time, no network): not that the recipe is missing, but that it cannot be read right now,
// with 'Försök igen' to read it again without reloading the page. A missing recipe (404) is not this.
import '../styles/status.css';

export const UNAVAILABLE_TITLE = 'Receptet kunde inte hämtas';
export const UNAVAILABLE_TEXT = 'Receptet kunde inte hämtas just nu.';
export const UNAVAILABLE_HINT = 'Det kan vara ett tillfälligt fel. Försök igen om en stund.';
export const RETRY = 'Försök igen';

type Props = {
  /** Reads the recipe again. */
  onRetry(): void;
  /** A retry is under way: the button stays (and keeps focus) but does nothing. */
  busy: boolean;
  /** The page has no heading of its own here (the details page): show one. */
  heading?: boolean;
};

export default function LoadFailure({ onRetry, busy, heading = false }: Props) {
  return (
    <div className="card load-failure" aria-busy={busy}>
      {heading ? <h1>{UNAVAILABLE_TITLE}</h1> : null}
      <p className="error-text" role="alert">
        {UNAVAILABLE_TEXT}
      </p>
      <p className="load-failure-hint">{UNAVAILABLE_HINT}</p>
      <button
        type="button"
        className="button button-primary"
        aria-disabled={busy}
        onClick={() => {
          if (!busy) onRetry();
        }}
      >
        {RETRY}
      </button>
    </div>
  );
}
