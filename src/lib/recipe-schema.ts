// THE validation rules of spec section 5, written once. The React forms (via zodResolver) and the
// API (via fastify-type-provider-zod) both import from here, so a rule or message cannot drift.
import { z } from 'zod';
import { MAX_PHOTOS, PHOTO_MESSAGES, photoAltSchema, photoListSchema, photoSchema } from './photo-schema.ts';
import {
  ALLOWED_CHARACTERS,
  characterCount,
  MAX_INGREDIENTS,
  MAX_VERSION,
  MESSAGES,
  NO_CONTROL_OR_FORMAT,
} from './text-rules.ts';
import {
  isWebAddress,
  MAX_CATEGORIES,
  MAX_CATEGORY,
  MAX_HEADING,
  MAX_MINUTES,
  MAX_SOURCE_NAME,
  MAX_SOURCE_URL,
  normaliseCategories,
  ORGANISE_MESSAGES,
  timesInOrder,
} from './organise.ts';
import { AMOUNT_SOURCE, parseAmount } from './quantity-format.ts';
import { asUnitLabel, UNIT_KEYS, type UnitLabel } from './units.ts';

export { ALLOWED_CHARACTERS, characterCount, MAX_INGREDIENTS, MAX_VERSION, MESSAGES } from './text-rules.ts';

const text = (error: string) => z.string({ error });
const allowed = { error: MESSAGES.invalidCharacters };

// Each rule is written so the OpenAPI document states it exactly (a client or validator generated from
// the document accepts what the server accepts): the length as maxLength in characters, "not blank"
// as the pattern \S (trim() strips exactly JavaScript's \s, so a name with a non-\s character is
// not blank), the allowed characters as a pattern.
const NOT_BLANK = /\S/;
const limitedText = (max: number, tooLong: string, typeError: string) =>
  text(typeError).refine((s) => characterCount(s) <= max, { error: tooLong });

/** Text of at most `max` characters (code points), documented as maxLength (e.g. the API's search). */
export const textUpTo = (max: number, tooLong: string) =>
  limitedText(max, tooLong, MESSAGES.notText).meta({ maxLength: max });

/** A recipe's name, in characters (the import's drafts are fitted to it too: server/drafts/fit-draft.ts). */
export const MAX_RECIPE_NAME = 64;
export const recipeNameSchema = limitedText(MAX_RECIPE_NAME, MESSAGES.max64, MESSAGES.nameRequired)
  .regex(NOT_BLANK, { error: MESSAGES.nameRequired })
  .regex(ALLOWED_CHARACTERS, allowed)
  .meta({ maxLength: MAX_RECIPE_NAME });

/** The instructions, in characters. */
export const MAX_INSTRUCTIONS = 10_000;
export const instructionsSchema = limitedText(MAX_INSTRUCTIONS, MESSAGES.max10000, MESSAGES.notText)
  .regex(ALLOWED_CHARACTERS, allowed)
  .meta({ maxLength: MAX_INSTRUCTIONS });

/** An ingredient's name, in characters: short enough for the list's name column. */
export const MAX_INGREDIENT_NAME = 34;
export const ingredientNameSchema = limitedText(MAX_INGREDIENT_NAME, MESSAGES.max34, MESSAGES.nameRequired)
  .regex(NOT_BLANK, { error: MESSAGES.nameRequired })
  .regex(ALLOWED_CHARACTERS, allowed)
  .meta({ maxLength: MAX_INGREDIENT_NAME });

/** A category ('Bakning'): written like an ingredient name. */
export const categorySchema = limitedText(MAX_CATEGORY, MESSAGES.max34, MESSAGES.nameRequired)
  .regex(NOT_BLANK, { error: MESSAGES.nameRequired })
  .regex(ALLOWED_CHARACTERS, allowed)
  .meta({ maxLength: MAX_CATEGORY });

/**
 * A recipe's categories: tidied and each once whatever its letter case (the first spelling kept), so a client
 * sending 'Bakning' and 'bakning' stores one. Across recipes the spelling already in use wins (the repository).
 */
export const categoryListSchema = z
  .array(categorySchema, { error: MESSAGES.notAList })
  .max(MAX_CATEGORIES, { error: ORGANISE_MESSAGES.maxCategories })
  .transform((names) => normaliseCategories(names));

/** Preparation or total time, in whole minutes. */
export const minutesSchema = z
  .number({ error: MESSAGES.notANumber })
  .int({ error: ORGANISE_MESSAGES.wholeMinutes })
  .min(0, { error: ORGANISE_MESSAGES.wholeMinutes })
  .max(MAX_MINUTES, { error: ORGANISE_MESSAGES.maxMinutes });

const sourceNameSchema = limitedText(MAX_SOURCE_NAME, MESSAGES.max64, MESSAGES.notText)
  .regex(ALLOWED_CHARACTERS, allowed)
  .meta({ maxLength: MAX_SOURCE_NAME });

// A control or format character is named as such (section 5's message) before the address's form is judged.
const sourceUrlSchema = z
  .string({ error: MESSAGES.notText })
  .max(MAX_SOURCE_URL, { error: ORGANISE_MESSAGES.maxSourceUrl })
  .regex(NO_CONTROL_OR_FORMAT, allowed)
  .refine(isWebAddress, { error: ORGANISE_MESSAGES.notAWebAddress })
  // isWebAddress as the document's pattern (JSON Schema patterns have no flags: the scheme's letters in both cases;
  // \p{...} is read as Unicode, as ECMA-262's u flag reads it).
  .meta({
    maxLength: MAX_SOURCE_URL,
    format: 'uri',
    pattern: '^[Hh][Tt][Tt][Pp][Ss]?://[^\\s\\p{Cc}\\p{Cf}/?#@]+(?:[/?#][^\\s\\p{Cc}\\p{Cf}]*)?$',
  });

/** Where a recipe came from ('Källa'): a web address, a name (a cookbook, a person), or both. */
export const sourceSchema = z
  .object({ url: sourceUrlSchema.optional(), name: sourceNameSchema.optional() })
  .refine((s) => s.url !== undefined || (s.name !== undefined && s.name.trim() !== ''), {
    error: ORGANISE_MESSAGES.sourceEmpty,
  })
  // The rule above as the document states it: an address, or a name that is not blank.
  .meta({ anyOf: [{ required: ['url'] }, { required: ['name'], properties: { name: { pattern: '\\S' } } }] });

/** The heading of an ingredient section ('Till degen'). */
export const headingSchema = limitedText(MAX_HEADING, MESSAGES.max64, ORGANISE_MESSAGES.headingRequired)
  .regex(NOT_BLANK, { error: ORGANISE_MESSAGES.headingRequired })
  .regex(ALLOWED_CHARACTERS, allowed)
  .meta({ maxLength: MAX_HEADING });

/** What goes with an ingredient beside its name ('finhackad', '1 cup on the page'): shown after the name. */
export const MAX_INGREDIENT_NOTE = 100;
export const ingredientNoteSchema = limitedText(MAX_INGREDIENT_NOTE, MESSAGES.max100Characters, MESSAGES.notText)
  .regex(ALLOWED_CHARACTERS, allowed)
  .meta({ maxLength: MAX_INGREDIENT_NOTE });

export const servingsSchema = z
  .number({ error: MESSAGES.notANumber })
  .int({ error: MESSAGES.notANumber })
  .min(1, { error: MESSAGES.min1 })
  .max(100, { error: MESSAGES.max100 });

/** Finite, and small enough that scaling by up to 100 cannot overflow to Infinity. */
export const MAX_QUANTITY = Number.MAX_VALUE / 100;
export const quantityValueSchema = z
  .number({ error: MESSAGES.notANumber })
  .min(-MAX_QUANTITY, { error: MESSAGES.notANumber })
  .max(MAX_QUANTITY, { error: MESSAGES.notANumber });

export const unitKeySchema = z.enum(UNIT_KEYS, { error: MESSAGES.unknownUnit });

// ---- API bodies (z.object strips unknown keys, so an `author` in a body is never stored) ----

export const quantitySchema = z.object({ value: quantityValueSchema, unit: unitKeySchema });

export const ingredientSchema = z.object({
  name: ingredientNameSchema,
  quantity: quantitySchema.optional(),
  note: ingredientNoteSchema
    .optional()
    .describe(
      "Shown after the name ('finhackad'); left out when there is none. A PUT replaces the whole ingredient list: send it back as read to keep it",
    ),
  heading: headingSchema
    .optional()
    .describe(
      'Starts a section: the heading shown above this ingredient and those after it, up to the next heading. A PUT replaces the whole ingredient list: send it back as read to keep it',
    ),
  doNotScale: z
    .boolean({ error: MESSAGES.notABoolean })
    .optional()
    .describe(
      "true: the quantity stays as written whatever the servings ('Skala inte med portionerna'). A PUT replaces the whole ingredient list: send it back as read to keep it",
    ),
});

/** A recipe's ingredient list, in the API and in the form alike: the limit and its message exist once. */
function ingredientList<T extends z.ZodType>(item: T) {
  return z.array(item, { error: MESSAGES.notAList }).max(MAX_INGREDIENTS, { error: MESSAGES.maxIngredients });
}

// ---- The recipe: ONE shape. Every other recipe type (API input and output, the site's, the editor's, the web
// import's draft, the transfer file's) derives from these schemas; docs/architecture.md, "Adding a field to a
// recipe", lists each place a new field goes. ----

const idSchema = z
  .number({ error: MESSAGES.notAnId })
  .int({ error: MESSAGES.notAnId })
  .min(1, { error: MESSAGES.notAnId })
  .max(MAX_VERSION, { error: MESSAGES.notAnId });

const versionSchema = z
  .number({ error: MESSAGES.notANumber })
  .int({ error: MESSAGES.notANumber })
  .min(1, { error: MESSAGES.min1 })
  .max(MAX_VERSION, { error: MESSAGES.maxVersion });

/** What an editor writes: the content of a recipe, with section 5's rules. */
export const recipeContentSchema = z.object({
  name: recipeNameSchema,
  instructions: instructionsSchema.default(''),
  servings: servingsSchema,
  ingredients: ingredientList(ingredientSchema).default([]),
  photos: photoListSchema
    .optional()
    .describe(
      'Uploads (POST /photos) by id with their text alternatives, the first the main photo. Left out of a PUT, the photos stay as they are; [] removes them',
    ),
  // Issue 25's fields, like photos: left out of a PUT, a field stays as it is (a client that does not know it
  // cannot erase it); [] or null removes it.
  categories: categoryListSchema
    .optional()
    .describe(
      "Categories to browse by ('Bakning'); the same name in another letter case is one category. Left out of a PUT, they stay as they are; [] removes them",
    ),
  prepTime: minutesSchema
    .nullable()
    .optional()
    .describe(
      'Preparation time in minutes, at most the total time when both are in the body. Left out of a PUT, it stays as it is; null removes it',
    ),
  totalTime: minutesSchema
    .nullable()
    .optional()
    .describe('Total time in minutes. Left out of a PUT, it stays as it is; null removes it'),
  source: sourceSchema
    .nullable()
    .optional()
    .describe(
      'Where the recipe came from: an http(s) address, a name, or both. Left out of a PUT, it stays as it is; null removes it',
    ),
});

/**
 * The rules across fields, on every schema of a whole recipe (the body, the form; schemas that extend them keep
 * them): the preparation time within the total, said under the preparation time. JSON Schema cannot compare two
 * values, so the document says it in words.
 */
const TIMES_IN_ORDER = { error: ORGANISE_MESSAGES.prepOverTotal, path: ['prepTime'] };

/**
 * A whole recipe's object schema with the rules across its fields. zod refuses to replace a field of a schema that
 * has them (`.extend`): a schema built from another one's fields (the editor's rows) applies them again with this.
 */
export function withRecipeRules<S extends z.ZodObject>(object: S) {
  return object.refine(timesInOrder, TIMES_IN_ORDER);
}

/** A POST or PUT body: the content, plus the id and version a client may name. */
export const recipeInputSchema = withRecipeRules(
  z.object({
    id: idSchema.optional(),
    ...recipeContentSchema.shape,
    version: versionSchema.optional(),
  }),
);

/** What the server adds to the content when it stores a recipe. */
const storedShape = {
  id: z.number().int().positive(),
  author: z.string(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
};

// The answer states the content's types, not its input rules: a stored recipe is returned as it is. `satisfies`
// makes a content field missing here a type error.
const storedContentShape = {
  name: z.string(),
  instructions: z.string(),
  servings: z.number().int(),
  ingredients: z.array(ingredientSchema),
  photos: z.array(photoSchema).optional().describe('Left out when the recipe has no photos'),
  categories: z.array(z.string()).optional().describe('Left out when the recipe has none'),
  prepTime: z.number().int().optional().describe('Minutes; left out when not given'),
  totalTime: z.number().int().optional().describe('Minutes; left out when not given'),
  source: z.object({ url: z.string().optional(), name: z.string().optional() }).optional(),
} satisfies Record<keyof typeof recipeContentSchema.shape, z.ZodType>;

/** A recipe as the API returns it: the stored content and what the server added. */
const { id: storedId, ...storedRest } = storedShape;
export const recipeSchema = z.object({ id: storedId, ...storedContentShape, ...storedRest });

/**
 * 'Importera recept': a recipe page read as a draft for the create form, nothing cut to our limits (the form
 * shows its own messages). A page need not name its servings.
 */
export const importedRecipeSchema = recipeSchema
  .pick({
    name: true,
    instructions: true,
    photos: true,
    categories: true,
    prepTime: true,
    totalTime: true,
    source: true,
  })
  .extend({
    servings: z.number().int().nullable().describe('null when the page names no number of servings'),
    ingredients: z.array(
      ingredientSchema.extend({
        name: z.string(),
        quantity: quantitySchema.extend({ value: z.number() }).optional(),
        note: z.string().optional(),
        heading: z.string().optional(),
      }),
    ),
    notices: z
      .array(z.string())
      .optional()
      .describe(
        "What the editor should know about the draft, in Swedish ('Bilden kunde inte hämtas.'); left out when nothing",
      ),
  });

export type Quantity = z.infer<typeof quantitySchema>;
export type Ingredient = z.infer<typeof ingredientSchema>;
export type RecipeContent = z.output<typeof recipeContentSchema>;
export type RecipeInput = z.output<typeof recipeInputSchema>;
export type Recipe = z.infer<typeof recipeSchema>;
export type ImportedRecipe = z.infer<typeof importedRecipeSchema>;

/**
 * An ingredient's optional fields as a recipe keeps them: `note` only when it is not blank (a blank note is none),
 * `heading` only when set (not null, not ''), `doNotScale` only when true (false is no key). Spread after the name
 * and quantity.
 */
export function ingredientExtras(i: {
  note?: string | null | undefined;
  heading?: string | null | undefined;
  doNotScale?: boolean | null | undefined;
}): Pick<Ingredient, 'note' | 'heading' | 'doNotScale'> {
  return {
    ...(i.note && i.note.trim() !== '' ? { note: i.note } : {}),
    ...(i.heading ? { heading: i.heading } : {}),
    ...(i.doNotScale ? { doNotScale: true } : {}),
  };
}

/**
 * The site's version of a recipe type: a unit is the label people see ('dl'; '' for none) instead of the wire's
 * key ('DECILITER'). src/client/api.ts converts on the way in and out.
 */
export type WithUnitLabels<R extends { ingredients: Ingredient[] }> = Omit<R, 'ingredients'> & {
  ingredients: (Omit<Ingredient, 'quantity'> & { quantity?: Omit<Quantity, 'unit'> & { unit: string } })[];
};

// ---- Forms (react-hook-form + zodResolver): quantity and servings are typed as text ----

/**
 * Spec section 5's decimal number (optional sign, digits, optional decimal part with '.' or ','), and the
 * fractions a cook writes and the web import reads: '1/2', '½', '1 1/2', '1½' (docs/quantities.md).
 */
export const QUANTITY_PATTERN = new RegExp(`^[-+]?(?:${AMOUNT_SOURCE})$`, 'u');

export const quantityTextSchema = z
  .string()
  .max(5, { error: MESSAGES.max5 })
  .refine((s) => s === '' || (QUANTITY_PATTERN.test(s) && parseQuantityText(s) !== undefined), {
    error: MESSAGES.notANumber,
  });

/** '1,5' -> 1.5, '1 1/2' -> 1.5, '1/3' -> 0.333333; '' (or anything that is not a quantity) -> undefined. */
export function parseQuantityText(input: string): number | undefined {
  return parseAmount(input);
}

/** The ingredient dialog: name, quantity as text, unit as a label ('' = Ingen), its note ('' = none), and whether it scales. */
export const ingredientFormSchema = z.object({
  name: ingredientNameSchema,
  quantity: quantityTextSchema,
  unit: z.string(),
  note: ingredientNoteSchema.optional(),
  doNotScale: z.boolean().optional(),
});

/** The heading dialog ('Lägg till rubrik'). */
export const headingFormSchema = z.object({ heading: headingSchema });

/** A time as typed: '' (none) or whole minutes. */
export const minutesTextSchema = z.string().transform((v, ctx) => {
  const s = v.trim();
  if (s === '') return undefined;
  if (!/^\d+$/u.test(s)) {
    ctx.addIssue({ code: 'custom', message: ORGANISE_MESSAGES.wholeMinutes });
    return z.NEVER;
  }
  const n = Number(s);
  if (n > MAX_MINUTES) {
    ctx.addIssue({ code: 'custom', message: ORGANISE_MESSAGES.maxMinutes });
    return z.NEVER;
  }
  return n;
});

/** The source as typed: both fields empty means none; an address must be a web address. */
export const sourceFormSchema = z
  .object({
    url: z
      .string()
      .max(MAX_SOURCE_URL, { error: ORGANISE_MESSAGES.maxSourceUrl })
      .regex(NO_CONTROL_OR_FORMAT, allowed)
      .refine((u) => u.trim() === '' || isWebAddress(u.trim()), { error: ORGANISE_MESSAGES.notAWebAddress }),
    name: sourceNameSchema,
  })
  .transform(({ url, name }) => {
    const u = url.trim();
    const n = name.trim();
    if (u === '' && n === '') return undefined;
    return { ...(u === '' ? {} : { url: u }), ...(n === '' ? {} : { name: n }) };
  });

/** Servings as typed (or as a number from a select): whole, optional minus sign, 1..100. */
export const servingsFormSchema = z
  .union([z.string(), z.number()], { error: MESSAGES.notANumber })
  .transform((v, ctx) => {
    const s = String(v).trim();
    if (!/^-?\d+$/.test(s)) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.notANumber });
      return z.NEVER;
    }
    const n = Number(s);
    if (n < 1) ctx.addIssue({ code: 'custom', message: MESSAGES.min1 });
    else if (n > 100) ctx.addIssue({ code: 'custom', message: MESSAGES.max100 });
    return n;
  });

/** An ingredient in the form's list: the quantity is already a number, the unit a label or ''. */
export const ingredientItemSchema = ingredientSchema.extend({
  quantity: quantitySchema.extend({ unit: z.string() }).optional(),
});

/** The editor's form: the recipe's content, with servings as typed and ingredients with unit labels. */
export const recipeFormSchema = withRecipeRules(
  recipeContentSchema.extend({
    servings: servingsFormSchema,
    instructions: instructionsSchema,
    ingredients: ingredientList(ingredientItemSchema),
    // The whole photo (for its preview), with the text alternative as typed; sent as { id, alt }.
    photos: z.array(photoSchema.extend({ alt: photoAltSchema })).max(MAX_PHOTOS, { error: PHOTO_MESSAGES.maxPhotos }),
    categories: categoryListSchema.prefault([]),
    prepTime: minutesTextSchema.prefault(''),
    totalTime: minutesTextSchema.prefault(''),
    source: sourceFormSchema.prefault({ url: '', name: '' }),
  }),
);

export type IngredientFormValues = z.input<typeof ingredientFormSchema>;
export type IngredientItem = Omit<z.output<typeof ingredientItemSchema>, 'quantity'> & {
  quantity?: { value: number; unit: UnitLabel | '' };
};
export type RecipeFormOutput = z.output<typeof recipeFormSchema>;
/** What the form holds while it is edited: servings as text (so every servings message can be reached by typing). */
export type RecipeFormValues = Omit<z.input<typeof recipeFormSchema>, 'servings' | 'ingredients'> & {
  servings: string;
};

/** The dialog's values -> a list item (empty quantity text means no quantity). */
export function ingredientFormToItem(values: IngredientFormValues): IngredientItem {
  const value = parseQuantityText(values.quantity);
  const unit = asUnitLabel(values.unit);
  const item: IngredientItem =
    value === undefined ? { name: values.name } : { name: values.name, quantity: { value, unit } };
  return { ...item, ...ingredientExtras({ note: values.note, doNotScale: values.doNotScale }) };
}
