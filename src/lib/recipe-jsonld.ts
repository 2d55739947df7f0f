// The details page's schema.org `Recipe` (JSON-LD), so search engines and recipe apps can read the recipe
// shown. Pure: built from the recipe as the site holds it (unit labels), written into a data block that
// browsers never run.
import { isoDuration } from './organise.ts';
import { photoUrl } from './photo-files.ts';
import type { Photo } from './photo-schema.ts';
import { formatIngredientAmounts } from './kitchen-amount.ts';
import { ingredientLine } from './ingredient-text.ts';
import type { Recipe, WithUnitLabels } from './recipe-schema.ts';

/**
 * The recipe's fields that the JSON-LD leaves out on purpose; every other field of the recipe schema is in it
 * (tests/server/db/recipe-fields.test.ts checks both).
 */
export const JSONLD_LEFT_OUT = {
  id: 'the page address (`url`) names the recipe',
  version: 'an edit counter: nothing a reader or a search engine uses',
} as const;

/**
 * The fields of an ingredient that its `recipeIngredient` line leaves out on purpose (schema.org's line is plain
 * text, one per ingredient); its name, quantity and note are in the line (tests/server/db/recipe-fields.test.ts).
 */
export const JSONLD_INGREDIENT_LEFT_OUT = {
  heading: 'schema.org has no ingredient sections: the lines stay one per ingredient, in order',
  doNotScale: 'the lines are written at the servings shown; schema.org has no word for an amount that does not scale',
} as const;

type Dates = 'createdAt' | 'updatedAt';
/** The recipe as the page shows it (unit labels); a recipe not saved yet has no dates. */
type Shown = Omit<WithUnitLabels<Recipe>, keyof typeof JSONLD_LEFT_OUT | Dates> & Partial<Pick<Recipe, Dates>>;

/** The instructions as steps: one per non-empty line (JSON-LD's HowToSteps, cook mode's checklist). */
export function instructionSteps(instructions: string): string[] {
  return instructions
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

/** The id of the block the server writes into `/{id}`'s head; the page's island replaces it (one Recipe per page). */
export const RECIPE_JSONLD_ID = 'recipe-jsonld';

// Search results and link previews show about this much of a description.
const DESCRIPTION_LENGTH = 160;

/** The recipe's description: the start of its instructions on one line, cut at a word with '…'. */
export function recipeDescription(instructions: string): string {
  const text = instructionSteps(instructions).join(' ');
  if (text.length <= DESCRIPTION_LENGTH) return text;
  const cut = text.slice(0, DESCRIPTION_LENGTH - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > DESCRIPTION_LENGTH / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

// Google's Recipe guidelines: images of at least 50,000 pixels, ideally in 16:9, 4:3 and 1:1.
const MIN_IMAGE_PIXELS = 50_000;

/**
 * The main photo for search engines: its crops, widest aspect first (16:9, 4:3, 1:1), that are large enough, then
 * the 1200 px JPEG; absolute URLs (the API may be on another host, `apiBase` may be a path under the page's).
 */
export function photoImages(photo: Photo, apiBase: string, pageUrl: string): string[] {
  const crops = photo.files
    .filter((f) => f.use === 'crop' && f.width * f.height >= MIN_IMAGE_PIXELS)
    .sort((a, b) => b.width / b.height - a.width / a.height);
  const jpeg = photo.files.filter((f) => f.use === 'jpeg');
  return [...crops, ...jpeg].map((f) => absolute(photoUrl(apiBase, f.file), pageUrl));
}

// src/lib has no URL class (no DOM or Node types): an API_URL is absolute or a path on the site's origin.
function absolute(address: string, pageUrl: string): string {
  if (/^https?:\/\//i.test(address)) return address;
  const origin = /^https?:\/\/[^/]+/i.exec(pageUrl)?.[0] ?? '';
  return `${origin}${address.startsWith('/') ? '' : '/'}${address}`;
}

/** `apiBase`: where the photos' files are (the runtime config's API_URL). */
export function recipeJsonLd(recipe: Shown, url: string, apiBase = '/api'): Record<string, unknown> {
  const steps = instructionSteps(recipe.instructions);
  const main = recipe.photos?.[0];
  const description = recipeDescription(recipe.instructions);
  return {
    '@context': 'https://schema.org',
    '@type': 'Recipe',
    name: recipe.name,
    ...(description ? { description } : {}),
    url,
    ...(main ? { image: photoImages(main, apiBase, url) } : {}),
    author: { '@type': 'Person', name: recipe.author },
    recipeYield: `${recipe.servings} portioner`,
    recipeIngredient: recipeIngredients(recipe.ingredients),
    recipeInstructions: steps.map((text) => ({ '@type': 'HowToStep', text })),
    ...organised(recipe),
    ...(recipe.createdAt ? { datePublished: recipe.createdAt } : {}),
    ...(recipe.updatedAt ? { dateModified: recipe.updatedAt } : {}),
    inLanguage: 'sv',
  };
}

/** The `recipeIngredient` lines, with the amounts the page shows for the list (one list writes dl one way). */
function recipeIngredients(ingredients: Shown['ingredients']): string[] {
  const amounts = formatIngredientAmounts(ingredients);
  return ingredients.map((ingredient, i) => ingredientLine(ingredient, amounts[i]));
}

/**
 * Issue 25's fields as schema.org names them: the categories as `recipeCategory` and as `keywords` (one text,
 * comma-separated), the times as ISO 8601 durations, the source as `isBasedOn` (its address, else its name). An
 * ingredient's heading and "do not scale" change nothing here (JSONLD_INGREDIENT_LEFT_OUT).
 */
function organised(recipe: Shown): Record<string, unknown> {
  const categories = recipe.categories ?? [];
  const basedOn = recipe.source?.url ?? recipe.source?.name;
  return {
    ...(categories.length > 0 ? { recipeCategory: categories, keywords: categories.join(', ') } : {}),
    ...(typeof recipe.prepTime === 'number' ? { prepTime: isoDuration(recipe.prepTime) } : {}),
    ...(typeof recipe.totalTime === 'number' ? { totalTime: isoDuration(recipe.totalTime) } : {}),
    ...(basedOn ? { isBasedOn: basedOn } : {}),
  };
}

/** JSON for a <script type="application/ld+json"> block: '<' escaped, so no text can end the block early. */
export function jsonLdText(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
