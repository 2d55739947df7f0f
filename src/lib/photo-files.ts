// A photo file's name and URL, without zod: the pages' JavaScript imports these (photo-schema.ts would bring zod
// along, a quarter of the page budget). photo-schema.ts re-exports them for everyone else.

const EXTENSIONS = { avif: 'avif', webp: 'webp', jpeg: 'jpg' } as const;
export const CONTENT_TYPES = { avif: 'image/avif', webp: 'image/webp', jpeg: 'image/jpeg' } as const;

/** `<sha256>.<ext>`: a photo file's name in its URL. */
export const photoFileName = (sha256: string, format: keyof typeof EXTENSIONS) => `${sha256}.${EXTENSIONS[format]}`;
export const PHOTO_FILE_NAME = /^([0-9a-f]{64})\.(avif|webp|jpg)$/;

/** A file's URL under the API's base (the site's apiBase, or the server's public API URL). */
export const photoUrl = (apiBase: string, file: string) => `${apiBase.replace(/\/$/, '')}/photos/${file}`;
