// What every zip format's scan needs: the recipe entries (within maxRecipes), an entry's JSON, a path's name.
import { EntryError, tooManyRecipes } from './collection-errors.ts';
import type { CollectionLimits, CollectionRecipe } from './collection-types.ts';
import { jsonOf } from './json-values.ts';
import { MAX_TEXT_BYTES } from './photo-ref.ts';
import type { Budget } from './unpack-budget.ts';
import type { ZipArchive, ZipEntry } from './zip-archive.ts';

export type Found = { recipes: CollectionRecipe[]; notes: string[] };
export type ZipScan = { zip: ZipArchive; limits: CollectionLimits; budget: Budget };

/** Entries an app wrote, not a Mac's or an editor's leftovers (__MACOSX/, ._x, .DS_Store). */
export function visible(name: string): boolean {
  const base = name.slice(name.lastIndexOf('/') + 1);
  return !name.startsWith('__MACOSX/') && !base.startsWith('.');
}

/** The entries matching `pattern`, at most maxRecipes of them (beyond: the file is refused). */
export function recipeEntries({ zip, limits }: ZipScan, pattern: RegExp): ZipEntry[] {
  const entries = zip.entries.filter((e) => visible(e.name) && pattern.test(e.name));
  if (entries.length > limits.maxRecipes) throw tooManyRecipes(limits.maxRecipes);
  return entries;
}

/** An entry's JSON; EntryError when it is corrupt (that recipe's problem), CollectionFileError beyond
 *  MAX_JSON_VALUES (a file built to fill memory). */
export async function entryJson(zip: ZipArchive, entry: ZipEntry): Promise<unknown> {
  const bytes = await zip.read(entry, MAX_TEXT_BYTES);
  try {
    return jsonOf(bytes, entry.name);
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    throw new EntryError(`”${entry.name}” är inte läsbar JSON.`);
  }
}

/** The last part of a path without its extension: 'recipes/kanelbullar/kanelbullar.json' -> 'kanelbullar'. */
export function baseName(name: string): string {
  return name.slice(name.lastIndexOf('/') + 1).replace(/\.[^.]*$/u, '');
}
