// Why a photo was refused, as a kind the API maps to a status and the form to a Swedish sentence
// (src/lib/photo-schema.ts holds the sentences, the one place the form and the tests read them from).
// The photo process (process-photo.ts in photo-child.ts) returns a kind rather than throwing: an Error's own fields
// do not survive the trip back from a child process, a plain object does.
import { photoErrorMessages, type PhotoErrorKind } from '../../src/lib/photo-schema.ts';

export { photoErrorMessages, type PhotoErrorKind };

export class PhotoError extends Error {
  readonly kind: PhotoErrorKind;
  /** Swedish, for the form. `message` stays English, for the log. */
  readonly swedish: string;
  constructor(kind: PhotoErrorKind, message: string) {
    super(message);
    this.name = 'PhotoError';
    this.kind = kind;
    this.swedish = photoErrorMessages[kind];
  }
}

/**
 * The status each refusal answers, for POST /photos and for a scan's photos (POST /recipe-imports) alike: the file
 * is too large (413), of the wrong type (415), a picture that cannot be used (422), too many uploads not yet saved
 * with a recipe (429), or the server is busy (503).
 */
export const PHOTO_ERROR_STATUS: Record<PhotoErrorKind, number> = {
  'too-large-bytes': 413,
  'not-a-picture': 415,
  unsupported: 415,
  'too-large-pixels': 422,
  unreadable: 422,
  timeout: 422,
  'too-many-unsaved': 429,
  busy: 503,
};
