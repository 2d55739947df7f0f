// Shown when the save answered 409: someone saved the recipe after this page loaded it. The
// user's input stays in the form until they choose to replace it with the latest version.
import { TEXT } from './texts.ts';

export default function ConflictNotice({ onLoadLatest }: { onLoadLatest(): void }) {
  return (
    <div className="editor-conflict" role="alert">
      <p className="error-text">{TEXT.conflict}</p>
      <p>{TEXT.conflictHint}</p>
      <button type="button" className="button" onClick={onLoadLatest}>
        {TEXT.loadLatest}
      </button>
    </div>
  );
}
