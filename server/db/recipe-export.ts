// `npm run db:export`: every recipe with its ingredients, author, version and timestamps as one document.
// One SELECT reads everything, so the export is one consistent snapshot on PGlite and PostgreSQL alike,
// even while the API keeps writing.
import { sql } from 'drizzle-orm';
import type { Ingredient } from '../../src/lib/recipe-schema.ts';
import type { UnitKey } from '../../src/lib/units.ts';
import { TRANSFER_FORMAT, type ExportedRecipe, type TransferDocument } from './transfer-format.ts';
import type { AppDatabase } from './index.ts';

type Row = Omit<ExportedRecipe, 'ingredients'> & {
  ingredients: { name: string; value: number | null; unit: UnitKey | null }[];
};

// Timestamps as text in UTC with all six fractional digits: a JavaScript Date would cut them to milliseconds.
const UTC_MICROS = 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"';

/** Every recipe by id, as stored (the same query serves the import's look at what is already there). */
export async function readAllRecipes(db: AppDatabase): Promise<ExportedRecipe[]> {
  const result = await db.execute(sql`
    SELECT r.id, r.name, r.author, r.instructions, r.servings, r.version,
      to_char(r.created_at AT TIME ZONE 'UTC', ${UTC_MICROS}) AS "createdAt",
      to_char(r.updated_at AT TIME ZONE 'UTC', ${UTC_MICROS}) AS "updatedAt",
      coalesce((SELECT json_agg(json_build_object('name', i.name, 'value', i.quantity_value, 'unit', i.unit) ORDER BY i.position)
        FROM ingredients i WHERE i.recipe_id = r.id), '[]'::json) AS ingredients
    FROM recipes r ORDER BY r.id`);
  return (result as { rows: Row[] }).rows.map((row) => ({
    id: row.id,
    name: row.name,
    author: row.author,
    instructions: row.instructions,
    servings: row.servings,
    ingredients: row.ingredients.map(toIngredient),
    version: row.version,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  }));
}

function toIngredient(i: Row['ingredients'][number]): Ingredient {
  if (i.value === null || i.unit === null) return { name: i.name };
  // JSON has no NaN or Infinity: a file that could not be read back must not be written.
  if (!Number.isFinite(i.value))
    throw new Error(`ingredient "${i.name}" has the quantity ${i.value}, which JSON cannot hold`);
  return { name: i.name, quantity: { value: i.value, unit: i.unit } };
}

export async function exportRecipes(db: AppDatabase, now = new Date()): Promise<TransferDocument> {
  return { format: TRANSFER_FORMAT, exportedAt: now.toISOString(), recipes: await readAllRecipes(db) };
}

/** The file's text: keys in the order above, two-space indentation (diffable, readable), a final newline. */
export function serialiseDocument(document: TransferDocument): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}
