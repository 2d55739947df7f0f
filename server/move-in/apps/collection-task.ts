// The task a collection worker runs (collection-reader.ts): a file on disk -> its recipes, or one photo's bytes.
// The file's kind is told by its first bytes (zip, gzip, else JSON text), a zip's app by its entries' names;
// `fileName` only breaks a tie. Errors go back as data: CollectionFileError's class does not survive the thread.
import { open, stat } from 'node:fs/promises';
import { CollectionFileError, EntryError } from './collection-errors.ts';
import type { AppFormat, CollectionLimits, CollectionScan, PhotoRef } from './collection-types.ts';
import { isRecipeSage, recipesIn, schemaRecipe } from './json-ld-collection.ts';
import { paprikaRecipe } from './paprika.ts';
import { jsonOf } from './json-values.ts';
import { MAX_TEXT_BYTES, readPhoto } from './photo-ref.ts';
import { createBudget, type Budget } from './unpack-budget.ts';
import { openZip, type ZipArchive } from './zip-archive.ts';
import { zipFormat, scanZip } from './zip-formats.ts';

export type CollectionTask =
  | { kind: 'scan'; path: string; fileName?: string; limits: CollectionLimits }
  | { kind: 'photo'; path: string; ref: PhotoRef; limits: CollectionLimits };
export type TaskResult = { scan: CollectionScan } | { photo: Uint8Array } | { error: string };

export type FileKind = 'zip' | 'gzip' | 'text';

export default async function collectionTask(task: CollectionTask): Promise<TaskResult> {
  try {
    const budget = createBudget(task.limits.maxUnpackedBytes);
    const kind = await fileKind(task.path);
    if (task.kind === 'photo') return { photo: await photo(task.path, kind, task.ref, task.limits, budget) };
    return { scan: await scan(task.path, kind, task.limits, budget, task.fileName) };
  } catch (error) {
    if (error instanceof CollectionFileError || error instanceof EntryError) return { error: error.message };
    // JSON nested beyond the stack (100,000 levels parse, but no reader walks them): not a file any app writes.
    if (isStackOverflow(error)) return { error: NOT_READABLE };
    throw error;
  }
}

async function scan(
  path: string,
  kind: FileKind,
  limits: CollectionLimits,
  budget: Budget,
  fileName?: string,
): Promise<CollectionScan> {
  if (kind === 'zip') {
    const zip = await openZip({ path }, budget, limits.maxRecipes);
    try {
      const format = zipFormat(zip.entries.map((e) => e.name));
      const found = await scanZip(format, zip, limits, budget);
      return { format, recipes: found.recipes, notes: [...zip.notes, ...found.notes] };
    } finally {
      zip.close();
    }
  }
  const bytes = await wholeFile(path, limits);
  if (kind === 'gzip') {
    const name = (fileName ?? 'recept.paprikarecipe').replace(/\.paprikarecipe$/iu, '');
    // One recipe alone: a corrupt one is the file's error (paprikaRecipe's entry ''), unpacked once.
    return { format: 'paprika', recipes: [paprikaRecipe(0, '', bytes, limits, budget, name)], notes: [] };
  }
  const value = parseJson(bytes);
  const recipes = recipesIn(value, limits.maxRecipes);
  if (recipes.length === 0)
    throw new CollectionFileError('Filen är JSON men innehåller inga recept (schema.org Recipe) att läsa in.');
  const format: AppFormat = isRecipeSage(value) ? 'recipesage' : 'schema-org';
  return {
    format,
    recipes: recipes.map((recipe, index) => schemaRecipe(index, recipe, limits.maxIngredients)),
    notes: [],
  };
}

async function photo(path: string, kind: FileKind, ref: PhotoRef, limits: CollectionLimits, budget: Budget) {
  if (kind !== 'zip') return readPhoto(null, await wholeFile(path, limits), ref, limits, budget);
  const zip: ZipArchive = await openZip({ path }, budget, limits.maxRecipes);
  try {
    return await readPhoto(zip, null, ref, limits, budget);
  } finally {
    zip.close();
  }
}

const NOT_READABLE =
  'Filen går inte att läsa in: den är varken en export från Paprika, Mealie, Tandoor, Nextcloud Cookbook eller RecipeSage eller recept i JSON.';

function isStackOverflow(error: unknown): boolean {
  return error instanceof RangeError && /call stack/iu.test(error.message);
}

async function fileKind(path: string): Promise<FileKind> {
  const handle = await open(path, 'r');
  try {
    const head = Buffer.alloc(4);
    const { bytesRead } = await handle.read(head, 0, 4, 0);
    if (bytesRead >= 4 && head[0] === 0x50 && head[1] === 0x4b && (head[2] === 3 || head[2] === 5)) return 'zip';
    if (bytesRead >= 2 && head[0] === 0x1f && head[1] === 0x8b) return 'gzip';
    return 'text';
  } finally {
    await handle.close();
  }
}

// A file read whole (gzip, JSON): within the unpacking limit, which is also the most text a scan holds.
async function wholeFile(path: string, limits: CollectionLimits): Promise<Buffer> {
  const { size } = await stat(path);
  if (size > Math.min(limits.maxUnpackedBytes, MAX_TEXT_BYTES))
    throw new CollectionFileError('Filen är för stor för att läsas in som en enda JSON- eller gzip-fil.');
  const handle = await open(path, 'r');
  try {
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}

// JSON text starts with '[' or '{' (after a byte order mark and white space); its values are counted first.
function parseJson(bytes: Buffer): unknown {
  let start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  while ([0x20, 0x09, 0x0a, 0x0d].includes(bytes[start]!)) start++;
  if (bytes[start] !== 0x5b && bytes[start] !== 0x7b) throw new CollectionFileError(NOT_READABLE);
  try {
    return jsonOf(bytes, '');
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    throw new CollectionFileError('Filen ser ut som JSON men är trasig och kan inte läsas.');
  }
}
