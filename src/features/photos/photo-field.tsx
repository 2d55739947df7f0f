// 'Bilder': the recipe's photos (the list), the uploads under way, the drop zone with 'Välj bilder', and what
// went wrong with the last files offered. The form owns the values and the uploads; this only shows them.
import { useEffect, useId, useRef, useState } from 'react';
import { apiBase } from '../../client/site-config.ts';
import { withoutPhoto, type FormPhoto } from './photo-items.ts';
import PhotoList from './photo-list.tsx';
import { TEXT } from '../editor/texts.ts';
import type { Upload } from './use-photo-uploads.ts';

type Props = {
  photos: readonly FormPhoto[];
  uploads: readonly Upload[];
  /** This offer's refusals and the limit's message. */
  messages: readonly string[];
  /** The list's own rule (at most 8), from the schema. */
  listError: string | undefined;
  errorOf(index: number): string | undefined;
  /** Files are being dragged over the form. */
  dropping: boolean;
  onFiles(files: File[]): void;
  onChange(photos: readonly FormPhoto[]): void;
  onAlt(index: number, alt: string): void;
};

export default function PhotoField(props: Props) {
  const { photos, uploads, messages, listError, dropping } = props;
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const chooser = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const [base, setBase] = useState<string | undefined>();
  // After a removal, focus goes to the next photo's remove button (or 'Välj bilder'), not to the page's top.
  const focusAfterRemoval = useRef<number | undefined>(undefined);

  useEffect(() => {
    void apiBase().then(setBase);
  }, []);

  useEffect(() => {
    const index = focusAfterRemoval.current;
    if (index === undefined) return;
    focusAfterRemoval.current = undefined;
    const buttons = list.current?.querySelectorAll<HTMLButtonElement>('[data-photo-remove]') ?? [];
    (buttons[Math.min(index, buttons.length - 1)] ?? chooser.current)?.focus();
  }, [photos]);

  const remove = (index: number) => {
    focusAfterRemoval.current = index;
    props.onChange(withoutPhoto(photos, index));
  };

  const hintId = `${id}-hint`;
  const altHintId = `${id}-alt-hint`;
  const messagesId = `${id}-messages`;
  const problems = [...messages, ...(listError ? [listError] : [])];

  return (
    <section className="editor-photos-section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{TEXT.photos}</h2>
      <p className="editor-hint" id={hintId}>
        {TEXT.photosHint}
      </p>
      {photos.length > 0 ? (
        <p className="editor-hint" id={altHintId}>
          {TEXT.photoAltHint}
        </p>
      ) : null}
      <PhotoList
        photos={photos}
        apiBase={base}
        hintId={altHintId}
        errorOf={props.errorOf}
        onReorder={props.onChange}
        onAlt={props.onAlt}
        onRemove={remove}
        listRef={list}
      />
      <div role="status">
        {uploads.length > 0 ? (
          <ul className="editor-uploads">
            {uploads.map((u, index) => (
              <li key={u.key} className="editor-upload">
                <span id={`${id}-${u.key}`}>
                  {index === 0 ? TEXT.photoUploading(u.file.name) : TEXT.photoWaiting(u.file.name)}
                </span>
                {index === 0 ? <progress value={u.sent} max={1} aria-labelledby={`${id}-${u.key}`} /> : null}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <div className={dropping ? 'drop-zone editor-photo-drop is-over' : 'drop-zone editor-photo-drop'}>
        <p className="drop-zone-text">{dropping ? TEXT.dropPhotos : TEXT.dragPhotosHere}</p>
        <button
          type="button"
          className="button"
          ref={chooser}
          onClick={() => input.current?.click()}
          aria-describedby={problems.length > 0 ? `${messagesId} ${hintId}` : hintId}
        >
          {TEXT.choosePhotos}
        </button>
        {/* Not `capture`: a phone's picker then offers the camera and the photo library alike. */}
        <input
          ref={input}
          type="file"
          accept="image/*"
          multiple
          hidden
          onChange={(event) => {
            props.onFiles([...(event.target.files ?? [])]);
            event.target.value = ''; // the same file chosen again (after a removal) is a change too
          }}
        />
      </div>
      <div id={messagesId}>
        {problems.map((message, index) => (
          <p key={`${index}-${message}`} className="editor-field-error" role="alert">
            {message}
          </p>
        ))}
      </div>
    </section>
  );
}
