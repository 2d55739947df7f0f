// The import dialog's photo part (issue 56): one or more photos of a paper recipe, listed in the order chosen (a
// recipe over two pages is two photos), each removable, then read by the server into a draft.
// No `capture` attribute: on a phone it would open the camera only, and a photo taken earlier (or a scan saved in
// the library) could not be chosen. Without it the phone offers both, the camera first.
import { useId, useRef } from 'react';
import { MAX_SCAN_PAGES, SCAN_TEXT } from './scan-texts.ts';

export type ChosenPage = { id: number; file: File };

type Props = {
  pages: ChosenPage[];
  busy: boolean;
  error?: string;
  /** Whether the photos are kept as the recipe's photos after they are read ('Spara fotot med receptet'). */
  keep: boolean;
  onKeep(keep: boolean): void;
  onChange(pages: ChosenPage[], error?: string): void;
  onRead(): void;
};

let nextId = 1;

/** The pages after adding `files`: pictures only, at most MAX_SCAN_PAGES; else the pages as they were and why. */
export function addPages(pages: ChosenPage[], files: File[]): { pages: ChosenPage[]; error?: string } {
  // `accept` is a hint a file manager may ignore; the server judges the bytes, this only spares a needless upload.
  const other = files.find((file) => file.type !== '' && !file.type.startsWith('image/'));
  if (other) return { pages, error: SCAN_TEXT.notAPicture(other.name) };
  if (pages.length + files.length > MAX_SCAN_PAGES) return { pages, error: SCAN_TEXT.tooMany };
  return { pages: [...pages, ...files.map((file) => ({ id: nextId++, file }))] };
}

export default function PhotoPages({ pages, busy, error, keep, onKeep, onChange, onRead }: Props) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const described = [`${id}-hint`, error ? `${id}-error` : ''].filter(Boolean).join(' ');

  return (
    <fieldset className="import-photos">
      <legend>{SCAN_TEXT.photos}</legend>
      <div className="field editor-field">
        <label htmlFor={id}>{SCAN_TEXT.choose}</label>
        <p className="import-photos-hint" id={`${id}-hint`}>
          {SCAN_TEXT.chooseHint}
        </p>
        <input
          ref={input}
          id={id}
          type="file"
          accept="image/*"
          multiple
          disabled={busy}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
          onChange={(e) => {
            const next = addPages(pages, [...(e.target.files ?? [])]);
            // Emptied, so the same photo can be chosen again after it was removed.
            e.target.value = '';
            onChange(next.pages, next.error);
          }}
        />
        <FieldAlert id={`${id}-error`} error={error} />
      </div>
      {pages.length > 0 ? (
        <>
          <ol className="import-pages" aria-label={SCAN_TEXT.pages}>
            {pages.map((page, i) => (
              <li key={page.id}>
                <span className="import-page-name">{SCAN_TEXT.page(i + 1, page.file.name)}</span>
                <button
                  type="button"
                  className="button"
                  disabled={busy}
                  aria-label={SCAN_TEXT.removePage(i + 1)}
                  onClick={() => {
                    onChange(pages.filter((p) => p.id !== page.id));
                    // The button goes with its page: focus stays in the part, on the way to choose another.
                    input.current?.focus();
                  }}
                >
                  {SCAN_TEXT.remove}
                </button>
              </li>
            ))}
          </ol>
          <div className="field editor-field editor-checkbox import-keep">
            <input
              id={`${id}-keep`}
              type="checkbox"
              checked={keep}
              disabled={busy}
              aria-describedby={`${id}-keep-hint`}
              onChange={(e) => onKeep(e.target.checked)}
            />
            <label htmlFor={`${id}-keep`}>{SCAN_TEXT.keep(pages.length)}</label>
            <p className="import-photos-hint" id={`${id}-keep-hint`}>
              {SCAN_TEXT.keepHint}
            </p>
          </div>
          <button type="button" className="button button-primary import-read" disabled={busy} onClick={onRead}>
            {SCAN_TEXT.read(pages.length)}
          </button>
        </>
      ) : null}
    </fieldset>
  );
}

/** What went wrong with a field of the import dialog, under it and read out at once; the field points at it by `id`. */
export function FieldAlert({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p className="editor-field-error" id={id} role="alert">
      {error}
    </p>
  ) : null;
}
