// `npm run db:export`, the transfer file's export: every recipe with its ingredients, author, version and timestamps as one document.
// One SELECT reads everything, so the export is one consistent snapshot on PGlite and PostgreSQL alike,
// even while the API keeps writing.
import { asc } from 'drizzle-orm';
import type { Recipe } from '../../src/lib/recipe-schema.ts';
import { exactRecipeColumns, recipeFromStored, type StoredRecipe } from './recipe-rows.ts';
import { recipes } from './schema/recipes.ts';
import { TRANSFER_FORMAT, type TransferDocument } from './transfer-format.ts';
import type { AppDatabase } from './index.ts';

/** Every recipe by id, as stored (the same query serves the import's look at what is already there). */
export async function readAllRecipes(db: AppDatabase): Promise<Recipe[]> {
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

export async function exportTransfer(db: AppDatabase, now = new Date()): Promise<TransferDocument> {
  return { format: TRANSFER_FORMAT, exportedAt: now.toISOString(), recipes: await readAllRecipes(db) };
}

/** The file's text: keys in the order above, two-space indentation (diffable, readable), a final newline. */
export function serialiseDocument(document: TransferDocument): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}
