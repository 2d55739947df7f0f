// `npm run db:export`, the transfer file's export: every recipe with its ingredients, photos, author, version and
// timestamps as one document, with the photos' files.
// One SELECT reads everything, so the export is one consistent snapshot on PGlite and PostgreSQL alike,
// even while the API keeps writing.
import { asc } from 'drizzle-orm';
import type { Recipe } from '../../../src/lib/recipe-schema.ts';
import { exactRecipeColumns, recipeFromStored, type StoredRecipe } from '../repositories/recipe-rows.ts';
import { recipes } from '../schema/recipe-tables.ts';
import { KEEPING_FORMAT, TRANSFER_FORMAT, type TransferDocument } from './transfer-format.ts';
import { readKeeping } from './transfer-keeping.ts';
import type { AppDatabase } from '../index.ts';
import type { Transaction as Tx } from '../types.ts';
import { createDatabasePhotoStore } from '../../photos/database-store.ts';
import type { PhotoStore } from '../../photos/photo-store.ts';

/** Every recipe by id, as stored (the same query serves the import's look at what is already there). */
export async function readAllRecipes(db: AppDatabase | Tx): Promise<Recipe[]> {
  const rows: StoredRecipe[] = await db.select(exactRecipeColumns).from(recipes).orderBy(asc(recipes.id));
  return rows.map(recipeFromStored).map(writableAsJson);
}

/** JSON has no NaN or Infinity: a file that could not be read back must not be written. */
function writableAsJson(recipe: Recipe): Recipe {
  for (const i of recipe.ingredients)
    if (i.quantity && !Number.isFinite(i.quantity.value))
      throw new Error(`ingredient "${i.name}" has the quantity ${i.quantity.value}, which JSON cannot hold`);
  return recipe;
}

/**
 * The document: every recipe, and the bytes of every file their photos list, read from `store` (the database's
 * by default; the S3 bucket's when the photos live there).
 */
export async function exportTransfer(
  db: AppDatabase,
  now = new Date(),
  store: PhotoStore = createDatabasePhotoStore(db),
  { withTrashAndHistory = false } = {},
): Promise<TransferDocument> {
  // With the trash and the history: one snapshot of several tables (repeatable read), as one statement is alone.
  const [recipes, keeping] = withTrashAndHistory
    ? await db.transaction(async (tx) => [await readAllRecipes(tx), await readKeeping(tx)] as const, {
        isolationLevel: 'repeatable read',
        accessMode: 'read only',
      })
    : [await readAllRecipes(db), undefined];
  const files: Record<string, string> = {};
  for (const photo of [...recipes.flatMap((r) => r.photos ?? []), ...(keeping?.keptPhotos ?? [])])
    for (const { file } of photo.files) {
      if (file in files) continue;
      const found = await store.get(file);
      if (!found)
        throw new Error(`the photo file ${file} of photo ${photo.id} is missing from the ${store.kind} store`);
      files[file] = Buffer.from(found.bytes).toString('base64');
    }
  if (!keeping) return { format: TRANSFER_FORMAT, exportedAt: now.toISOString(), recipes, files };
  return { format: KEEPING_FORMAT, exportedAt: now.toISOString(), recipes, ...keeping, files };
}

/** The file's text: keys in the order above, two-space indentation (diffable, readable), a final newline. */
export function serialiseDocument(document: TransferDocument): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}
