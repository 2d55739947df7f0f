// The JSON document that `npm run db:export` writes and `npm run db:import` reads: its version, the rules
// for one recipe in it (the shared recipe rules of src/lib plus what only an export carries: id, author,
// version and the two timestamps) and timestamps compared to the microsecond, as PostgreSQL stores them.
import { z } from 'zod';
import { MAX_DATABASE_INTEGER } from '../../../src/lib/limits.ts';
import {
  MAX_PHOTOS,
  PHOTO_FILE_NAME,
  PHOTO_ID,
  PHOTO_MESSAGES,
  photoAltSchema,
  photoFileSchema,
  photoSchema,
  type Photo,
} from '../../../src/lib/photo-schema.ts';
import { categoryKey } from '../../../src/lib/organise.ts';
import {
  characterCount,
  ingredientExtras,
  recipeInputSchema,
  type Ingredient,
  type Recipe,
} from '../../../src/lib/recipe-schema.ts';

/**
 * Version 2 carries photos: each recipe's `photos` as the API answers them, and the document's `files`, every file
 * those photos list (name -> bytes in base64), each once. Version 3 (issue 25) carries `categories`, `prepTime`,
 * `totalTime`, `source` and the ingredients' `heading` and `doNotScale`: a version 2 reader refuses the file instead
 * of dropping them. Version 4 (issue 37) carries the ingredients' `note`, which a version 3 reader would drop
 * without a word. Files of versions 1 (no photos), 2 and 3 are still read.
 */
export const TRANSFER_FORMAT = 'recipe-book/4';
/**
 * Version 5 (issue 41) is version 4 plus the trash and every recipe's saved versions (`trash`, `history` and
 * `keptPhotos`), written only when asked for (`db:export -- FILE --with-trash-and-history`): the move to PostgreSQL
 * keeps them, and a version 4 reader refuses the file instead of dropping them.
 */
export const KEEPING_FORMAT = 'recipe-book/5';
export const READABLE_FORMATS: readonly string[] = [
  'recipe-book/1',
  'recipe-book/2',
  'recipe-book/3',
  TRANSFER_FORMAT,
  KEEPING_FORMAT,
];

/** One recipe as exported: a recipe as the API returns it, timestamps in UTC with microseconds (2025-03-01T12:00:00.123456Z). */
export type ExportedRecipe = Recipe;

/** A recipe in the trash: its content is its `version` in the history. */
export type ExportedTrashEntry = {
  id: number;
  name: string;
  author: string;
  createdAt: string;
  version: number;
  deletedAt: string;
  deletedBy: string | null;
};
/** One saved version of a recipe (live or in the trash): the recipe as the API answered it after that save. */
export type ExportedVersion = {
  recipeId: number;
  version: number;
  savedAt: string;
  savedBy: string | null;
  recipe: Recipe;
};
/** A photo no recipe shows any more that a saved version of `keptFor` names. */
export type ExportedKeptPhoto = Photo & { keptFor: number; uploadedBy: string };

export type TransferDocument = {
  format: typeof TRANSFER_FORMAT | typeof KEEPING_FORMAT;
  exportedAt: string;
  recipes: ExportedRecipe[];
  /** Version 5 only: the trash, the saved versions and the photos only versions name. */
  trash?: ExportedTrashEntry[];
  history?: ExportedVersion[];
  keptPhotos?: ExportedKeptPhoto[];
  /** Every file the recipes' photos list: `<sha256>.<ext>` -> the bytes, base64. */
  files: Record<string, string>;
};

// RFC 3339 with a four-digit year from 1000, an explicit zone and at most microseconds (PostgreSQL's precision).
const RFC3339 = /^([1-9]\d{3})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,6}))?(Z|[+-]\d{2}:\d{2})$/;

/** The zone offsets PostgreSQL accepts in a timestamp: hours up to 15 (it refuses "+16:00", "+18:00"). */
export const ZONE_MESSAGE = 'The time-zone offset must be from -15:59 to +15:59';
const zoneAccepted = (zone: string) =>
  zone === 'Z' || (Number(zone.slice(1, 3)) <= 15 && Number(zone.slice(4, 6)) <= 59);

/** Microseconds since 1970 of an RFC 3339 timestamp, or null when it is not one, names no real moment or has a zone PostgreSQL refuses. */
export function timestampMicros(text: string): bigint | null {
  const m = RFC3339.exec(text);
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const ms = Date.UTC(year, month - 1, day, hour, minute, second);
  const date = new Date(ms);
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day || hour > 23 || minute > 59 || second > 59)
    return null;
  const zone = m[8] ?? 'Z';
  if (!zoneAccepted(zone)) return null;
  const offsetMinutes =
    zone === 'Z' ? 0 : (zone[0] === '-' ? -1 : 1) * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(4, 6)));
  return (BigInt(ms) - BigInt(offsetMinutes) * 60_000n) * 1000n + BigInt((m[7] ?? '').padEnd(6, '0'));
}

// Checked here, with its own message, so that the database never sees a timestamp it would refuse: its refusal
// would abort the whole import's transaction.
const timestamp = z
  .string({ error: 'Must be text' })
  .refine(
    (s) => {
      const zone = RFC3339.exec(s)?.[8];
      return zone === undefined || zoneAccepted(zone);
    },
    { error: ZONE_MESSAGE, abort: true },
  )
  .refine((s) => timestampMicros(s) !== null, { error: 'Must be a timestamp like 2025-03-01T12:00:00.000000Z' });

/**
 * The highest id an imported recipe may keep and the highest version it may have: half of PostgreSQL's integer
 * range. An id at the top would move the id sequence there (every later create fails) and a version at the top
 * would make every later save of that recipe fail, so a file may not take more than half of the room.
 */
export const MAX_IMPORTED_NUMBER = Math.floor(MAX_DATABASE_INTEGER / 2);

// Who wrote the recipe: the API stores the author's username; any non-blank visible text is kept as it is.
const author = z
  .string({ error: 'Must be text' })
  .regex(/\S/, { error: 'Author is required' })
  .regex(/^[^\p{Cc}]*$/u, { error: 'Must not contain control characters' })
  .refine((s) => characterCount(s) <= 255, { error: 'Max 255 characters' });

const shape = recipeInputSchema.shape;

const EXTENSION_OF = { avif: 'avif', webp: 'webp', jpeg: 'jpg' } as const;

/** A photo as exported: the API's, with its rules (the bytes of its files are the document's `files`). */
const transferPhotoSchema = photoSchema.extend({
  id: z.string().regex(PHOTO_ID, { error: PHOTO_MESSAGES.notAPhotoId }),
  alt: photoAltSchema,
  width: z.number().int().min(1).max(100_000),
  height: z.number().int().min(1).max(100_000),
  placeholder: z.string().max(200),
  files: z
    .array(
      photoFileSchema.refine((f) => PHOTO_FILE_NAME.exec(f.file)?.[2] === EXTENSION_OF[f.format], {
        error: 'Must be <sha256>.<ext> with the extension of its format',
      }),
    )
    .min(1)
    .max(30),
});

/** One recipe of an import file: the API's rules for a recipe body, plus the fields only an export has. */
export const transferRecipeSchema = recipeInputSchema.safeExtend({
  id: shape.id
    .unwrap()
    .max(MAX_IMPORTED_NUMBER, { error: `Must be at most ${MAX_IMPORTED_NUMBER}, so that new recipes still get ids` }),
  version: shape.version.unwrap().max(MAX_IMPORTED_NUMBER, {
    error: `Must be at most ${MAX_IMPORTED_NUMBER}, so that the recipe can still be saved`,
  }),
  author,
  createdAt: timestamp,
  updatedAt: timestamp,
  photos: z.array(transferPhotoSchema).max(MAX_PHOTOS, { error: PHOTO_MESSAGES.maxPhotos }).optional(),
});

export type TransferRecipe = z.output<typeof transferRecipeSchema>;

const recipeId = shape.id.unwrap().max(MAX_IMPORTED_NUMBER, { error: `Must be at most ${MAX_IMPORTED_NUMBER}` });
const versionNumber = shape.version
  .unwrap()
  .max(MAX_IMPORTED_NUMBER, { error: `Must be at most ${MAX_IMPORTED_NUMBER}` });
const who = author.nullable();

/** Version 5: a recipe in the trash. */
export const trashEntrySchema = z.object({
  id: recipeId,
  name: shape.name,
  author,
  createdAt: timestamp,
  version: versionNumber,
  deletedAt: timestamp,
  deletedBy: who,
});

/** Version 5: a saved version; its recipe follows the rules of the file's recipes (its id is the version's recipe). */
export const versionEntrySchema = z.object({
  recipeId,
  version: versionNumber,
  savedAt: timestamp,
  savedBy: who,
  recipe: transferRecipeSchema,
});

/** Version 5: a photo kept for a recipe's history. */
export const keptPhotoSchema = transferPhotoSchema.extend({ keptFor: recipeId, uploadedBy: author });

/** The first problem of a recipe that breaks the rules, as "field: message" (e.g. "ingredients.2.name: Max 34 characters"). */
export function firstProblem(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'invalid';
  return issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message;
}

// The fields that make a recipe's content: every field of the file's recipe but its id, in the schema's order.
type Content = Omit<TransferRecipe, 'id'>;
const CONTENT_FIELDS = Object.keys(transferRecipeSchema.shape).filter((key) => key !== 'id') as (keyof Content)[];
const TIMESTAMPS: ReadonlySet<string> = new Set(['createdAt', 'updatedAt']);

/** JSON with object keys sorted, so two equal values always give the same text. */
const canonical = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(canonical)
    : value !== null && typeof value === 'object'
      ? Object.fromEntries(
          Object.keys(value)
            .sort()
            .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
        )
      : value;

/**
 * What makes two recipes "the same" for an import: every field of the schema but the id (a new field takes part
 * without a change here), timestamps compared as instants. Two recipes created at the same microsecond with equal
 * content are one recipe.
 */
export function contentKey(r: Content): string {
  const stored = asStored(r);
  return JSON.stringify(
    CONTENT_FIELDS.map((key) =>
      TIMESTAMPS.has(key) ? String(timestampMicros(stored[key] as string)) : canonical(stored[key]),
    ),
  );
}

/**
 * The content as the database keeps it, so that a file's recipe and the one it was stored as have one key: no
 * categories, no time and no source are all "left out" (not [] or null), a category in any letter case is one, a
 * source's blank name is none, an ingredient's blank note is none and its `doNotScale` only counts when true.
 */
function asStored(r: Content): Content {
  const ingredient = ({ note, heading, doNotScale, ...rest }: Ingredient): Ingredient => ({
    ...rest,
    ...ingredientExtras({ note, heading, doNotScale }),
  });
  const source = r.source && {
    ...(r.source.url === undefined ? {} : { url: r.source.url }),
    ...(r.source.name?.trim() ? { name: r.source.name } : {}),
  };
  return {
    ...r,
    ingredients: r.ingredients.map(ingredient),
    categories: r.categories?.length ? r.categories.map(categoryKey) : undefined,
    prepTime: r.prepTime ?? undefined,
    totalTime: r.totalTime ?? undefined,
    source: source ?? undefined,
  };
}
