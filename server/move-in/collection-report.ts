// What the moving-in service answers, as zod schemas (the route documents them in OpenAPI; the types derive from
// them): the preview of a file, and the import's progress and report lines. The command line prints the same report.
import { z } from 'zod';
import { APP_NAMES, type AppFormat } from './apps/collection-reader.ts';

const FORMATS = Object.keys(APP_NAMES) as [AppFormat, ...AppFormat[]];

const index = z.number().int().min(0).describe("The recipe's place in the file, from 0");
const notes = z.array(z.string()).describe('What the person should know about this recipe, in Swedish');

const review = z
  .array(z.string())
  .optional()
  .describe("Why a person should look at the recipe once it is in ('Granska'), in Swedish; absent when nothing");

export const previewSchema = z.object({
  format: z.enum(FORMATS),
  formatName: z.string().describe("The format's name for people ('Paprika')"),
  recipes: z.array(
    z.object({
      index,
      name: z.string(),
      photos: z.number().int().min(0).describe('Photos the file has for it'),
      alreadyHere: z.boolean().describe('A recipe with the same name and content is in the book: it is skipped'),
      problem: z.string().optional().describe('Why it cannot be imported, in Swedish; absent when it can'),
      notes,
      review,
    }),
  ),
  count: z.object({
    recipes: z.number().int(),
    withPhotos: z.number().int(),
    alreadyHere: z.number().int(),
    cannotImport: z.number().int(),
    toReview: z.number().int().describe("Recipes that will come in with something to check ('Granska')"),
  }),
  notes: z.array(z.string()).describe('What the person should know about the whole file, in Swedish'),
});

const progressSchema = z.object({
  type: z.literal('progress'),
  done: z.number().int().describe('Recipes handled (imported or skipped)'),
  total: z.number().int(),
});

export const reportSchema = z.object({
  imported: z.array(z.object({ index, name: z.string(), id: z.number().int(), notes, review })),
  skipped: z.array(z.object({ index, name: z.string(), reason: z.string().describe('Why, in Swedish') })),
});

/** One line of the import's answer: a progress line after each recipe, the report last. */
export const collectionLineSchema = z.discriminatedUnion('type', [
  progressSchema,
  reportSchema.extend({ type: z.literal('report') }),
]);

export type CollectionPreview = z.infer<typeof previewSchema>;
export type PreviewRecipe = CollectionPreview['recipes'][number];
export type CollectionReport = z.infer<typeof reportSchema>;
export type ProgressLine = z.infer<typeof progressSchema>;

/** The reasons a recipe is skipped, in Swedish, as the report and the screen show them. */
export const SKIPPED = {
  alreadyHere: 'Finns redan i receptboken.',
  earlierInFile: 'Samma recept står tidigare i filen.',
} as const;

/** A recipe whose name another recipe here has, with other content: imported, and said so. */
export const SAME_NAME_NOTE = 'Ett annat recept med samma namn finns redan i receptboken; båda finns nu kvar.';
/** The preview's note on a recipe the file has twice. */
export const TWICE_IN_FILE_NOTE = 'Samma recept står två gånger i filen; det läses in en gång.';

/** A recipe's name as the report shows it: its own, or its place in the file when it has none. */
export const shownName = (name: string, at: number) => name.trim() || `Recept ${at + 1}`;
