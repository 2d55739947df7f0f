// The recipe's photos in the form, in order (the first is the main photo): each with its preview, its text
// alternative, a remove button and a drag handle. Reordered like the ingredients: by mouse, touch or keyboard.
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useId, type Ref } from 'react';
import { photoUrl } from '../../lib/photo-files.ts';
import { photoDragInstructions } from '../editor/dnd-texts.ts';
import { previewFile, type FormPhoto } from './photo-items.ts';
import { RowHandle, SortableList } from '../editor/sortable-parts.tsx';
import { TEXT } from '../editor/texts.ts';

type Props = {
  photos: readonly FormPhoto[];
  /** The API's base for the previews' URLs; undefined until the runtime config has loaded. */
  apiBase: string | undefined;
  /** The id of the hint every 'Bildtext' field points at. */
  hintId: string;
  errorOf(index: number): string | undefined;
  onReorder(photos: readonly FormPhoto[]): void;
  onAlt(index: number, alt: string): void;
  onRemove(index: number): void;
  listRef?: Ref<HTMLUListElement>;
};

export default function PhotoList({ photos, apiBase, hintId, errorOf, onReorder, onAlt, onRemove, listRef }: Props) {
  if (photos.length === 0) return null;

  return (
    <SortableList
      items={photos}
      idOf={(p) => p.id}
      nameOf={(_, position) => TEXT.photoName(position)}
      instructions={photoDragInstructions}
      onReorder={onReorder}
    >
      <ul className="editor-photos" ref={listRef}>
        {photos.map((photo, index) => (
          <SortablePhoto
            key={photo.id}
            photo={photo}
            position={index + 1}
            src={apiBase === undefined ? undefined : previewSrc(apiBase, photo)}
            hintId={hintId}
            error={errorOf(index)}
            onAlt={(alt) => onAlt(index, alt)}
            onRemove={() => onRemove(index)}
          />
        ))}
      </ul>
    </SortableList>
  );
}

function previewSrc(apiBase: string, photo: FormPhoto) {
  const file = previewFile(photo);
  return file ? { url: photoUrl(apiBase, file.file), width: file.width, height: file.height } : undefined;
}

type ItemProps = {
  photo: FormPhoto;
  position: number;
  src: { url: string; width: number; height: number } | undefined;
  hintId: string;
  error: string | undefined;
  onAlt(alt: string): void;
  onRemove(): void;
};

function SortablePhoto({ photo, position, src, hintId, error, onAlt, onRemove }: ItemProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const sortable = useSortable({ id: photo.id, attributes: { roleDescription: 'flyttbar bild' } });
  const { setNodeRef, transform, transition, isDragging } = sortable;
  const name = TEXT.photoName(position);
  return (
    <li
      ref={setNodeRef}
      className={['editor-photo', isDragging ? 'is-dragging' : '', error ? 'is-invalid' : ''].filter(Boolean).join(' ')}
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      <div className="editor-photo-preview">
        {/* The text alternative is the field beside it; the preview only shows which photo this is. Not draggable:
            the browser would drag it as a file, and dropped on the form it would be uploaded again. */}
        {src ? (
          <img src={src.url} width={src.width} height={src.height} alt="" decoding="async" draggable={false} />
        ) : null}
      </div>
      <p className="editor-photo-name">
        {position === 1 ? <span className="editor-photo-main">{TEXT.mainPhoto}</span> : name}
      </p>
      <div className="field editor-field editor-photo-alt">
        <label htmlFor={id}>
          {TEXT.photoAlt}
          <span className="visually-hidden"> {name}</span>
        </label>
        <input
          id={id}
          className="input"
          type="text"
          autoComplete="off"
          value={photo.alt}
          onChange={(e) => onAlt(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${errorId} ${hintId}` : hintId}
        />
        {error ? (
          <p className="editor-field-error" id={errorId}>
            {error}
          </p>
        ) : null}
      </div>
      <button type="button" className="link-button editor-photo-remove" data-photo-remove="" onClick={onRemove}>
        {TEXT.removePhoto}
        <span className="visually-hidden"> {position}</span>
      </button>
      <RowHandle sortable={sortable} label={TEXT.dragHandle(name.toLowerCase())} className="editor-photo-handle" />
    </li>
  );
}
