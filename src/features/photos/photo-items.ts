// The photo field's pure rules: which offered files fit under the limit, which file a preview shows, and what a
// refused upload says. Kept apart from React so they are unit-tested without a browser.
import { ApiError, userMessage } from '../../client/api.ts';
import { photoErrorMessages, type Photo, type PhotoErrorKind, type PhotoFile } from '../../lib/photo-schema.ts';
import type { EditorValues } from '../editor/recipe-form-values.ts';
import { TEXT } from '../editor/texts.ts';

/** A photo in the form: the stored photo with the text alternative as typed. */
export type FormPhoto = EditorValues['photos'][number];

/** The offered files that fit in `slotsLeft` (the first ones, in the order offered) and how many did not. */
export function withinLimit<T>(offered: readonly T[], slotsLeft: number): { taken: T[]; left: number } {
  const room = Math.max(0, slotsLeft);
  return { taken: offered.slice(0, room), left: Math.max(0, offered.length - room) };
}

/**
 * Whether a file may be a picture. A file the browser types as something else (a PDF, a text file) is refused
 * at once; an untyped one goes to the server, which reads the bytes and decides.
 */
export function mayBePicture(file: { type: string }): boolean {
  return file.type === '' || file.type.startsWith('image/');
}

/** The file a preview shows: the 160 px square (small, already cropped to the thumbnail's shape), else the smallest. */
export function previewFile(photo: Pick<Photo, 'files'>): PhotoFile | undefined {
  const square = photo.files.filter((f) => f.use === 'square');
  const pool = square.length > 0 ? square : photo.files.filter((f) => f.use !== 'crop');
  const byFormat = (f: PhotoFile) => ['webp', 'jpeg', 'avif'].indexOf(f.format);
  return [...pool].sort((a, b) => a.width - b.width || byFormat(a) - byFormat(b))[0];
}

const KINDS = Object.keys(photoErrorMessages) as PhotoErrorKind[];

/** Why the API refused an upload: 413 is always 'too large', else the body's `photoError` when it names a kind. */
export function photoErrorKind(error: unknown): PhotoErrorKind | undefined {
  if (!(error instanceof ApiError)) return undefined;
  if (error.status === 413) return 'too-large-bytes';
  const kind = (error.body as { photoError?: unknown } | undefined)?.photoError;
  return KINDS.find((k) => k === kind);
}

/** What the photo field says about a failed upload. */
export function uploadErrorMessage(error: unknown): string {
  const kind = photoErrorKind(error);
  if (kind) return photoErrorMessages[kind];
  if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return userMessage(error);
  return TEXT.photoUploadFailed;
}

/** The list with one photo's text alternative replaced (a new array, so the form sees a change). */
export function withAlt(photos: readonly FormPhoto[], index: number, alt: string): FormPhoto[] {
  return photos.map((p, i) => (i === index ? { ...p, alt } : p));
}

/** The list without the photo at `index`. */
export function withoutPhoto(photos: readonly FormPhoto[], index: number): FormPhoto[] {
  return photos.filter((_, i) => i !== index);
}
