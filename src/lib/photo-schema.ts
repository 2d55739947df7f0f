// A recipe's photos, as the editor sends them and the API answers with them (issue 23). Shared by the API, the
// editor, the recipe page, the list, the JSON-LD and the transfer file. The bytes live behind content-addressed,
// immutable URLs: `${apiBase}/photos/${file}`, where `file` is `<sha256>.<avif|webp|jpg>` of the bytes served.
import { z } from 'zod';
import { ALLOWED_CHARACTERS, characterCount, MESSAGES } from './text-rules.ts';

/** Photos per recipe; the first is the main photo. */
export const MAX_PHOTOS = 8;
/** A text alternative ('Bildtext'): a sentence or two, like an ingredient line's neighbour. */
export const MAX_ALT = 200;

export const PHOTO_MESSAGES = {
  maxPhotos: `Max ${MAX_PHOTOS} photos`,
  maxAlt: `Max ${MAX_ALT} characters`,
  notAPhotoId: 'Not a photo id from this API',
  duplicate: 'A photo can be in a recipe once',
} as const;

/** Upload ids: 16 random bytes, base64url (22 characters). */
export const PHOTO_ID = /^[A-Za-z0-9_-]{22}$/;

export const photoAltSchema = z
  .string({ error: MESSAGES.notText })
  .refine((s) => characterCount(s) <= MAX_ALT, { error: PHOTO_MESSAGES.maxAlt })
  .regex(ALLOWED_CHARACTERS, { error: MESSAGES.invalidCharacters })
  .meta({ maxLength: MAX_ALT });

/** A photo as a recipe body names it: an upload's id (POST /photos) and its text alternative. */
export const photoRefSchema = z.object({
  id: z.string({ error: PHOTO_MESSAGES.notAPhotoId }).regex(PHOTO_ID, { error: PHOTO_MESSAGES.notAPhotoId }),
  alt: photoAltSchema.default('').describe("The text alternative; '' shows the recipe's name instead"),
});

/**
 * A recipe's photo list in a body: at most MAX_PHOTOS, the first the main photo. Each photo once is the server's
 * check (server/db/repositories/photo-repository.ts), as is whether an id may be used: JSON Schema cannot say either.
 */
export const photoListSchema = z
  .array(photoRefSchema, { error: MESSAGES.notAList })
  .max(MAX_PHOTOS, { error: PHOTO_MESSAGES.maxPhotos });

export const PHOTO_USES = ['original', 'square', 'width', 'jpeg', 'crop'] as const;
export const PHOTO_FORMATS = ['avif', 'webp', 'jpeg'] as const;

/**
 * One stored file of a photo. `use`: original (the re-encoded upload, JPEG, at most 2400 px), square (the list's
 * 160 px thumbnail), width (800 and 1600 px wide for the page), jpeg (1200 px wide, for link previews and
 * consumers without AVIF/WebP), crop (16:9, 4:3 and 1:1 JPEGs for search engines' rich results).
 */
export const photoFileSchema = z.object({
  use: z.enum(PHOTO_USES),
  format: z.enum(PHOTO_FORMATS),
  width: z.number().int(),
  height: z.number().int(),
  file: z.string().describe('`<sha256>.<avif|webp|jpg>`: GET {api}/photos/{file}, immutable'),
});

/** A stored photo, as the API answers (an upload's answer, a recipe's photos). */
export const photoSchema = z.object({
  id: z.string(),
  alt: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  placeholder: z.string().describe('ThumbHash, base64: a blurred preview shown until the photo arrives'),
  files: z.array(photoFileSchema),
});

/** The list's small square beside a name: the main photo's square files and its placeholder. */
export const thumbnailSchema = z.object({
  placeholder: z.string(),
  files: z.array(photoFileSchema),
});

export type PhotoRef = z.output<typeof photoRefSchema>;
export type PhotoFile = z.infer<typeof photoFileSchema>;
export type Photo = z.infer<typeof photoSchema>;
export type Thumbnail = z.infer<typeof thumbnailSchema>;

export { CONTENT_TYPES, PHOTO_FILE_NAME, photoFileName, photoUrl } from './photo-files.ts';

/** Why an upload was refused: the API's `photoError` in its 4xx/503 body. */
export const PHOTO_ERROR_KINDS = [
  'too-large-bytes',
  'too-large-pixels',
  'not-a-picture',
  'unreadable',
  'unsupported',
  'busy',
  'timeout',
  'too-many-unsaved',
] as const;
export type PhotoErrorKind = (typeof PHOTO_ERROR_KINDS)[number];

/** What the editor shows under the photo field for each refusal (the API sends the kind, the form the text). */
export const photoErrorMessages: Record<PhotoErrorKind, string> = {
  'too-large-bytes': 'Filen är för stor. Välj en mindre bild.',
  'too-large-pixels': 'Bilden har för många pixlar (högst 40 megapixlar).',
  'not-a-picture': 'Filen är ingen bild som kan användas (JPEG, PNG, WebP eller AVIF).',
  unreadable: 'Bilden kunde inte läsas. Filen kan vara trasig eller ofullständig.',
  unsupported: 'Bildformatet kan inte användas här (HEIC). Spara bilden som JPEG och försök igen.',
  busy: 'Många bilder behandlas just nu. Försök igen om en stund.',
  timeout: 'Bilden tog för lång tid att behandla. Försök med en mindre bild.',
  'too-many-unsaved':
    'Du har många uppladdade bilder som inte sparats i något recept än. Spara receptet först, sedan kan du lägga till fler.',
};
