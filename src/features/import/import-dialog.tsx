// 'Importera recept' on the create page: one field for a page's address, its HTML, or a recipe as plain text. The
// server reads it; the draft goes to the form (onImported) and nothing is saved. A failure keeps the dialog open
// with the text as typed and says in Swedish what went wrong; what the server says about a draft that did come
// (its `notices`: the page's picture could not be fetched) stays beside the button, above the form it filled.
// Photos of a paper recipe (issue 56) take the same way: read by the server into a draft for the form, and the text
// read stays beside the button ('Läst text', folded) so each field can be checked against it. Asked to, the dialog
// also keeps the photos as the recipe's photos ('Spara fotot med receptet'): uploaded as the photo field uploads.
import * as Dialog from '@radix-ui/react-dialog';
import { DialogOverlay } from '../../components/dialog-overlay.tsx';
import { useId, useRef, useState, type FormEvent } from 'react';
import { importRecipe, logApiError, type ImportedRecipe } from '../../client/api.ts';
import { uploadPhoto } from '../../client/photo-upload.ts';
import { scanRecipe } from '../../client/recipe-scan.ts';
import type { Photo } from '../../lib/photo-schema.ts';
import { apiTokens } from '../../stores/auth.ts';
import Spinner from '../../components/spinner.tsx';
import { TEXT } from '../editor/texts.ts';
import { uploadErrorMessage } from '../photos/photo-items.ts';
import PhotoPages, { FieldAlert, type ChosenPage } from './photo-pages.tsx';
import { importMessage, type Source } from './import-message.ts';
import { scanMessage } from './scan-message.ts';
import ScannedText from './scanned-text.tsx';
import { SCAN_TEXT } from './scan-texts.ts';
import './import.css';

type Props = { onImported(draft: ImportedRecipe): void };

// A tag, a doctype or a comment: pasted HTML. "a < b" or "<3" in a recipe's text is none of them.
const MARKUP = /<(?:!doctype\b|!--|\/?[a-z][a-z0-9-]*(?:\s[^<>]*)?\/?>)/i;

/** What was pasted, as the API takes it: an address is one line starting with http(s)://; markup is a page; else text. */
export function importSource(typed: string): Source {
  const source = typed.trim();
  if (/^https?:\/\/\S+$/i.test(source)) return { url: source };
  return MARKUP.test(typed) ? { html: typed } : { text: typed };
}

export default function ImportDialog({ onImported }: Props) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [notices, setNotices] = useState<string[]>([]);
  const [pages, setPages] = useState<ChosenPage[]>([]);
  const [photoError, setPhotoError] = useState<string | undefined>();
  const [reading, setReading] = useState(0); // pages being read, for 'Läser bilden …'
  // Not kept unless asked: a kept photo becomes the recipe's main photo (its picture in the list) when it has no
  // other, and a photo of a printed page is seldom what a recipe should be shown by; a handwritten card is worth
  // one tick. The draft's photos can still be removed in the form before anything is saved.
  const [keep, setKeep] = useState(false);
  const [keeping, setKeeping] = useState(0); // pages being uploaded as the recipe's photos, for 'Sparar fotot …'
  const [scanned, setScanned] = useState<{ text: string; pages: File[] } | undefined>();
  const id = useId();
  // The text in the field now: an answer that comes after the text was changed is about text no longer there.
  const current = useRef('');
  const edit = (next: string) => {
    current.current = next;
    setText(next);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) {
      setError(TEXT.importEmpty);
      return;
    }
    setBusy(true);
    setError(undefined);
    const sent = text;
    const source = importSource(sent);
    try {
      const draft = await importRecipe(apiTokens, source);
      // New text was pasted while this one was read: the person wants that one now (Importera reads it).
      if (current.current !== sent) return;
      setOpen(false);
      edit('');
      setNotices(draft.notices ?? []);
      setScanned(undefined);
      onImported(draft);
    } catch (e) {
      logApiError(e);
      // 'Sidan kunde inte hämtas.' about an address no longer in the field would describe the new text.
      if (current.current === sent) setError(importMessage(e, source));
    } finally {
      setBusy(false);
    }
  };

  // The pages cannot change while read (their controls are disabled), so the answer is always about them.
  const read = async () => {
    setBusy(true);
    setError(undefined);
    setPhotoError(undefined);
    setReading(pages.length);
    try {
      const draft = await scanRecipe(
        apiTokens,
        pages.map((page) => page.file),
      );
      // Only a page that was read is kept: a refused scan leaves the photos chosen, to be read again or removed.
      const kept = keep ? await keepPages(pages.map((page) => page.file)) : { photos: [], notices: [] };
      setOpen(false);
      setPages([]);
      setKeep(false); // the next scan is not kept unless asked again
      setNotices([...(draft.notices ?? []), ...kept.notices]);
      setScanned(draft.scannedText ? { text: draft.scannedText, pages: pages.map((page) => page.file) } : undefined);
      onImported(kept.photos.length > 0 ? { ...draft, photos: [...(draft.photos ?? []), ...kept.photos] } : draft);
    } catch (e) {
      logApiError(e);
      setPhotoError(scanMessage(e));
    } finally {
      setBusy(false);
      setReading(0);
      setKeeping(0);
    }
  };

  // The pages as the recipe's photos, through POST /photos as the photo field sends them, one at a time and in order
  // (the server's photo pool is small). One that is refused is named beside the form; the draft comes all the same.
  const keepPages = async (files: File[]) => {
    setReading(0);
    setKeeping(files.length);
    const photos: Photo[] = [];
    const problems: string[] = [];
    for (const [i, file] of files.entries()) {
      try {
        const photo = await uploadPhoto(apiTokens, file);
        photos.push({ ...photo, alt: SCAN_TEXT.keptAlt(i + 1, files.length) });
      } catch (e) {
        logApiError(e);
        problems.push(SCAN_TEXT.notKept(i + 1, files.length, uploadErrorMessage(e)));
      }
    }
    return { photos, notices: problems };
  };

  return (
    <>
      <Dialog.Root
        open={open}
        onOpenChange={(next) => {
          if (busy) return; // an import in flight finishes or fails before the dialog goes
          setOpen(next);
          if (next) {
            setError(undefined);
            setPhotoError(undefined);
          }
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
                  onChange={(e) => {
                    edit(e.target.value);
                    // What went wrong was about the text before: it does not describe what is there now.
                    setError(undefined);
                  }}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${id}-error` : undefined}
                />
                <FieldAlert id={`${id}-error`} error={error} />
              </div>
              <PhotoPages
                pages={pages}
                busy={busy}
                error={photoError}
                keep={keep}
                onKeep={setKeep}
                onChange={(next, problem) => {
                  setPages(next);
                  setPhotoError(problem);
                }}
                onRead={() => void read()}
              />
              {busy && reading === 0 && keeping === 0 ? <Spinner label={TEXT.importing} /> : null}
              {reading > 0 ? (
                <div className="import-reading">
                  <Spinner label={SCAN_TEXT.reading(reading)} />
                  {/* Seen as well as heard: reading takes seconds a page. The spinner's status says it once. */}
                  <p aria-hidden="true">{SCAN_TEXT.reading(reading)}</p>
                </div>
              ) : null}
              {keeping > 0 ? (
                <div className="import-reading">
                  <Spinner label={SCAN_TEXT.keeping(keeping)} />
                  <p aria-hidden="true">{SCAN_TEXT.keeping(keeping)}</p>
                </div>
              ) : null}
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
      {notices.length > 0 ? (
        <div className="import-notices" role="status" aria-label={TEXT.importNotices}>
          <ul>
            {notices.map((notice, i) => (
              <li key={i}>{notice}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {scanned ? <ScannedText text={scanned.text} pages={scanned.pages} /> : null}
    </>
  );
}
