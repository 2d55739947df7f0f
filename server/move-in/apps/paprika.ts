// Paprika (paprikaapp.com): a .paprikarecipes file is a zip of NAME.paprikarecipe entries, each one recipe as
// gzipped JSON; a single .paprikarecipe is one such entry on its own. The fields, as Paprika 3 writes them and the
// community's readers (Mealie's migration, paprika-recipes tools) read them: name, ingredients and directions
// (text, a line each), servings ('4 portioner'), prep_time/cook_time/total_time as text ('1 hr 20 mins'),
// categories (names), source and source_url, notes, nutritional_info, description, difficulty, rating (0-5), the
// main photo as base64 in photo_data and further photos in photos[] ({name, filename, data}).
import { CollectionFileError, EntryError } from './collection-errors.ts';
import type { CollectionLimits, CollectionRecipe, PhotoRef } from './collection-types.ts';
import { collectionRecipe, isObject, leftOutFields, text, unreadableRecipe, withCookTime } from './app-draft.ts';
import { jsonOf } from './json-values.ts';
import { isGzip, MAX_TEXT_BYTES } from './photo-ref.ts';
import type { Budget } from './unpack-budget.ts';

const FIELDS: Record<string, string | null> = {
  name: null,
  ingredients: null,
  directions: null,
  servings: null,
  prep_time: null,
  cook_time: null, // withCookTime
  total_time: null,
  categories: null,
  source: null,
  source_url: null,
  photo_data: null,
  photos: null,
  image_url: null, // said apart when there is no photo in the file
  // Paprika's bookkeeping
  uid: null,
  created: null,
  hash: null,
  photo: null,
  photo_hash: null,
  photo_large: null,
  scale: null,
  in_trash: null,
  is_pinned: null,
  on_favorites: null,
  on_grocery_list: null,
  description: 'beskrivningen',
  notes: 'anteckningarna',
  nutritional_info: 'näringsvärdet',
  difficulty: 'svårighetsgraden',
  rating: 'betyget',
};

/** One gzipped recipe (`entry` its name in the zip, '' when it is the file itself: then a corrupt gzip is the
 *  file's error, not the recipe's problem). */
export function paprikaRecipe(
  index: number,
  entry: string,
  gzipped: Buffer,
  limits: CollectionLimits,
  budget: Budget,
  fallbackName: string,
): CollectionRecipe {
  if (!isGzip(gzipped)) return unreadableRecipe(index, fallbackName, 'Receptet är trasigt (inte en gzip-fil).');
  let recipe: unknown;
  try {
    recipe = jsonOf(budget.gunzip(entry || fallbackName, gzipped, MAX_TEXT_BYTES), entry);
  } catch (error) {
    if (error instanceof EntryError && entry === '')
      throw new CollectionFileError('Filen är en trasig gzip-fil och kan inte läsas.');
    if (error instanceof EntryError)
      return unreadableRecipe(index, fallbackName, 'Receptet är trasigt (inte en läsbar gzip-fil).');
    if (error instanceof SyntaxError)
      return unreadableRecipe(index, fallbackName, 'Receptet är trasigt (inte läsbar JSON).');
    throw error;
  }
  if (!isObject(recipe)) return unreadableRecipe(index, fallbackName, 'Receptet är trasigt (inget recept).');
  const photos: PhotoRef[] = [];
  if (text(recipe.photo_data).trim() !== '') photos.push({ entry, field: 'photo_data' });
  if (Array.isArray(recipe.photos))
    recipe.photos.forEach((photo, i) => {
      if (isObject(photo) && text(photo.data).trim() !== '') photos.push({ entry, field: `photos/${i}/data` });
    });
  const cooked = withCookTime({ prepTime: recipe.prep_time, totalTime: recipe.total_time }, recipe.cook_time);
  const sourceUrl = text(recipe.source_url).trim();
  const source = text(recipe.source).trim();
  return collectionRecipe(
    index,
    {
      schema: {
        ...cooked.schema,
        name: recipe.name,
        recipeYield: recipe.servings,
        recipeIngredient: text(recipe.ingredients),
        recipeInstructions: text(recipe.directions),
        recipeCategory: Array.isArray(recipe.categories) ? recipe.categories.filter((c) => typeof c === 'string') : [],
        ...(sourceUrl ? { url: sourceUrl } : {}),
        ...(source && source !== sourceUrl ? { publisher: { name: source } } : {}),
      },
      photos,
      leftOut: [
        ...leftOutFields(recipe, FIELDS),
        ...cooked.leftOut,
        ...(photos.length === 0 && text(recipe.image_url).trim() !== ''
          ? ['bilden (den finns bara som webbadress)']
          : []),
      ],
      fallbackName,
    },
    limits.maxIngredients,
  );
}
