// Nextcloud Cookbook: a folder per recipe, holding recipe.json (a schema.org Recipe with the app's extras: id,
// dateCreated, imageUrl, printImage, tool, nutrition) and the photo as full.jpg (with thumb.jpg and thumb16.jpg
// beside it, the same photo smaller). The folders zipped are what a person can export from their Nextcloud.
import { EntryError } from './collection-errors.ts';
import type { CollectionRecipe, PhotoRef } from './collection-types.ts';
import { isObject, unreadableRecipe } from './app-draft.ts';
import { schemaRecipe } from './json-ld-collection.ts';
import { baseName, entryJson, recipeEntries, type Found, type ZipScan } from './zip-entries.ts';

export async function nextcloudRecipes(scan: ZipScan): Promise<Found> {
  const names = new Set(scan.zip.entries.map((e) => e.name));
  const recipes: CollectionRecipe[] = [];
  for (const [index, entry] of recipeEntries(scan, /(?:^|\/)recipe\.json$/iu).entries()) {
    const folder = entry.name.slice(0, entry.name.length - 'recipe.json'.length);
    const name = baseName(folder.replace(/\/$/u, '')) || 'recept';
    try {
      const recipe = await entryJson(scan.zip, entry);
      if (!isObject(recipe)) throw new EntryError('recipe.json är inget recept.');
      const full = ['full.jpg', 'full.jpeg', 'full.png', 'full.webp'].map((f) => folder + f).find((f) => names.has(f));
      const photos: PhotoRef[] = full ? [{ entry: full }] : [];
      recipes.push(schemaRecipe(index, { '@type': 'Recipe', ...recipe }, scan.limits.maxIngredients, photos, name));
    } catch (error) {
      if (!(error instanceof EntryError)) throw error;
      recipes.push(unreadableRecipe(index, name, error.message));
    }
  }
  return { recipes, notes: [] };
}
