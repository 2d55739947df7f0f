// Why a photo was refused, as a kind the API can map to a status and a Swedish sentence the form can show as is.
// The worker (process-photo.ts) returns a kind rather than throwing: an Error's own fields do not survive the
// trip back from a worker thread, a plain object does.

export type PhotoErrorKind = 'too-large-pixels' | 'not-a-picture' | 'unreadable' | 'unsupported' | 'busy' | 'timeout';

/** The one place the form's texts live (the editor sees them under the photo field). */
export const photoErrorMessages: Record<PhotoErrorKind, string> = {
  'too-large-pixels': 'Bilden har för många pixlar (högst 40 megapixlar).',
  'not-a-picture': 'Filen är ingen bild som kan användas (JPEG, PNG, WebP eller AVIF).',
  unreadable: 'Bilden kunde inte läsas. Filen kan vara trasig eller ofullständig.',
  unsupported: 'Bildformatet kan inte användas här (HEIC). Spara bilden som JPEG och försök igen.',
  busy: 'Många bilder behandlas just nu. Försök igen om en stund.',
  timeout: 'Bilden tog för lång tid att behandla. Försök med en mindre bild.',
};

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
