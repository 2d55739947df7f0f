// Which app made a zip, by its entries' names, and the scan of each. The apps' layouts:
// Paprika *.paprikarecipe (gzipped JSON); Mealie's backup database.json + data/recipes/{id}/images/, its recipe
// export recipes/{slug}/{slug}.json + images/; Nextcloud Cookbook {folder}/recipe.json + full.jpg; Tandoor
// {id}.zip each holding recipe.json + image.*; else JSON files of schema.org Recipes.
import { CollectionFileError, EntryError } from './collection-errors.ts';
import type { AppFormat, CollectionLimits, CollectionRecipe } from './collection-types.ts';
import { unreadableRecipe } from './app-draft.ts';
import { recipesIn, schemaRecipe } from './json-ld-collection.ts';
import { mealieBackup, mealieExport, MEALIE_BACKUP, MEALIE_EXPORT } from './mealie.ts';
import { nextcloudRecipes } from './nextcloud.ts';
import { paprikaRecipe } from './paprika.ts';
import { tandoorRecipes } from './tandoor.ts';
import type { Budget } from './unpack-budget.ts';
import { MAX_TEXT_BYTES } from './photo-ref.ts';
import type { ZipArchive } from './zip-archive.ts';
import { baseName, entryJson, recipeEntries, visible, type Found, type ZipScan } from './zip-entries.ts';

export function zipFormat(names: string[]): AppFormat {
  const files = names.filter(visible);
  if (files.some((n) => /\.paprikarecipe$/iu.test(n))) return 'paprika';
  if (files.some((n) => MEALIE_BACKUP.test(n) || MEALIE_EXPORT.test(n))) return 'mealie';
  if (files.some((n) => /(?:^|\/)recipe\.json$/iu.test(n))) return 'nextcloud';
  if (files.some((n) => /^[^/]+\.zip$/iu.test(n))) return 'tandoor';
  if (files.some((n) => /\.json$/iu.test(n))) return 'schema-org';
  throw new CollectionFileError(
    'Zip-filen är ingen export som går att läsa in: den har inga recept från Paprika, Mealie, Tandoor eller Nextcloud Cookbook.',
  );
}

export async function scanZip(
  format: AppFormat,
  zip: ZipArchive,
  limits: CollectionLimits,
  budget: Budget,
): Promise<Found> {
  const scan = { zip, limits, budget };
  switch (format) {
    case 'paprika':
      return paprikaZip(scan);
    case 'mealie':
      return zip.entries.some((e) => visible(e.name) && MEALIE_BACKUP.test(e.name))
        ? mealieBackup(scan)
        : mealieExport(scan);
    case 'nextcloud':
      return nextcloudRecipes(scan);
    case 'tandoor':
      return tandoorRecipes(scan);
    default:
      return jsonFiles(scan);
  }
}

async function paprikaZip(scan: ZipScan): Promise<Found> {
  const entries = recipeEntries(scan, /\.paprikarecipe$/iu);
  const recipes: CollectionRecipe[] = [];
  for (const [index, entry] of entries.entries()) {
    try {
      const bytes = await scan.zip.read(entry, MAX_TEXT_BYTES);
      recipes.push(paprikaRecipe(index, entry.name, bytes, scan.limits, scan.budget, baseName(entry.name)));
    } catch (error) {
      if (!(error instanceof EntryError)) throw error;
      recipes.push(unreadableRecipe(index, baseName(entry.name), error.message));
    }
  }
  return { recipes, notes: [] };
}

async function jsonFiles(scan: ZipScan): Promise<Found> {
  const entries = scan.zip.entries.filter((e) => visible(e.name) && /\.json$/iu.test(e.name));
  const recipes: CollectionRecipe[] = [];
  const notes: string[] = [];
  for (const entry of entries) {
    let found;
    try {
      found = recipesIn(await entryJson(scan.zip, entry), scan.limits.maxRecipes - recipes.length);
    } catch (error) {
      if (!(error instanceof EntryError)) throw error;
      notes.push(error.message);
      continue;
    }
    for (const recipe of found) recipes.push(schemaRecipe(recipes.length, recipe, scan.limits.maxIngredients));
  }
  if (recipes.length === 0)
    throw new CollectionFileError('Zip-filen innehåller JSON men inga recept (schema.org Recipe) att läsa in.');
  return { recipes, notes };
}
