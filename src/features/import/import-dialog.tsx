// 'Importera recept' on the create page: one field for a page's address or its HTML. The server reads the
// page's schema.org Recipe; the draft goes to the form (onImported) and nothing is saved. A failure keeps
// the dialog open with the text as typed and says in Swedish what went wrong.
import * as Dialog from '@radix-ui/react-dialog';
import { DialogOverlay } from '../../components/dialog-overlay.tsx';
import { useId, useState, type FormEvent } from 'react';
import { ApiError, importRecipe, logApiError, userMessage, type ImportedRecipe } from '../../client/api.ts';
import { apiTokens } from '../../stores/auth.ts';
import Spinner from '../../components/spinner.tsx';
import { TEXT } from '../editor/texts.ts';

type Props = { onImported(draft: ImportedRecipe): void };

/** What the person reads for a failed import (the API's statuses are documented in its OpenAPI document). */
function importMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return userMessage(error);
  const fields = (error.body as { fields?: unknown } | undefined)?.fields;
  if (error.status === 400) return fields ? TEXT.importBadAddress : TEXT.importNotAllowed;
  // A 422 that names the field: the page could not be read in time (too large or too deeply nested).
  if (error.status === 422) return fields ? TEXT.importTooComplex : TEXT.importNoRecipe;
  if (error.status === 502) return TEXT.importNotFetched;
  if (error.status === 503) return TEXT.importBusy;
  if (error.status === 504) return TEXT.importTooSlow;
  if (error.status === 413) return TEXT.importTooLarge;
  return userMessage(error);
}

export default function ImportDialog({ onImported }: Props) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const id = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const source = text.trim();
    if (!source) {
      setError(TEXT.importEmpty);
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      // An address is one line starting with http(s)://; anything else is a pasted page.
      const draft = await importRecipe(apiTokens, /^https?:\/\/\S+$/i.test(source) ? { url: source } : { html: text });
      setOpen(false);
      setText('');
      onImported(draft);
    } catch (e) {
      logApiError(e);
      setError(importMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (busy) return; // an import in flight finishes or fails before the dialog goes
        setOpen(next);
        if (next) setError(undefined);
      }}
    >
      <Dialog.Trigger className="button editor-import">{TEXT.importRecipe}</Dialog.Trigger>
      <Dialog.Portal>
        <DialogOverlay className="editor-overlay" />
        <Dialog.Content className="editor-dialog">
          <Dialog.Title>{TEXT.importRecipe}</Dialog.Title>
          <Dialog.Description>{TEXT.importHint}</Dialog.Description>
          <form className="editor-dialog-form" noValidate onSubmit={(e) => void submit(e)} aria-busy={busy}>
            <div className="field editor-field">
              <label htmlFor={id}>{TEXT.importSource}</label>
              <textarea
                id={id}
                className="input"
                rows={6}
                value={text}
                onChange={(e) => setText(e.target.value)}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
              />
              {error ? (
                <p className="editor-field-error" id={`${id}-error`} role="alert">
                  {error}
                </p>
              ) : null}
            </div>
            {busy ? <Spinner label={TEXT.importing} /> : null}
            <div className="editor-dialog-actions">
              <Dialog.Close className="button" disabled={busy}>
                {TEXT.cancel}
              </Dialog.Close>
              <button type="submit" className="button button-primary" disabled={busy}>
                {TEXT.importButton}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
