// "Already here": a recipe of the file is the same as one in the book when its name and its content (ingredients and
// instructions) are, once letter case, spacing and Unicode forms are set aside. The same name with other content is a
// different recipe (a family's own kanelbullar beside the app's). Compared in JavaScript, not SQL: PostgreSQL's
// lower() depends on the database's locale (PGlite's C locale leaves Å as it is), this does not.
import type { Ingredient, Recipe, RecipeInput } from '../../src/lib/recipe-schema.ts';
import type { Database } from '../db/index.ts';
import type { DatabaseGate } from '../db/database-gate.ts';
import { recipeKeys, recipesByIds } from '../db/repositories/recipe-repository.ts';

/** Text as compared: NFC, lower case, every run of white space one space, no space at either end. */
export function normalText(text: string | undefined): string {
  return (text ?? '').normalize('NFC').toLocaleLowerCase('sv').replace(/\s+/gu, ' ').trim();
}

export const nameKey = (name: string) => normalText(name);

// A quantity as stored in float8 and read back through JSON can differ in the last bits; six significant digits
// (what the page shows, src/lib/scaling.ts) are the quantity.
const amount = (value: number) => Number(value.toPrecision(6));

/** The content compared: each ingredient (name, quantity, note, section heading) and the instructions. */
export function contentKey(recipe: { ingredients: readonly Ingredient[]; instructions: string }): string {
  const ingredients = recipe.ingredients.map((i) => [
    normalText(i.heading),
    normalText(i.name),
    i.quantity ? `${amount(i.quantity.value)} ${i.quantity.unit}` : '',
    normalText(i.note),
  ]);
  return JSON.stringify([ingredients, normalText(recipe.instructions)]);
}

/** How many recipes are read per statement when their content is compared. */
const READ_SLICE = 200;

export type SameRecipe = { kind: 'new' } | { kind: 'same-name' } | { kind: 'here'; id: number };

/**
 * The book's recipes as the matcher knows them: every name (read once), and the content of those whose name a
 * recipe of the file has (read when first asked). `remember` adds a recipe the import just wrote.
 */
export async function createRecipeMatcher(db: Database, gate: DatabaseGate) {
  const idsByName = new Map<string, number[]>();
  for (const { id, name } of await gate.run(() => recipeKeys(db.orm))) {
    const key = nameKey(name);
    idsByName.set(key, [...(idsByName.get(key) ?? []), id]);
  }
  const contentById = new Map<number, string>();

  async function readContent(ids: number[]): Promise<void> {
    const missing = ids.filter((id) => !contentById.has(id));
    for (let start = 0; start < missing.length; start += READ_SLICE) {
      const slice = missing.slice(start, start + READ_SLICE);
      const read: Recipe[] = await gate.run(() => recipesByIds(db.orm, slice));
      for (const recipe of read) contentById.set(recipe.id, contentKey(recipe));
    }
  }

  return {
    /** Reads the content of every recipe named like one of `names` at once (the preview asks about all of them). */
    async prepare(names: readonly string[]): Promise<void> {
      await readContent(names.flatMap((name) => idsByName.get(nameKey(name)) ?? []));
    },
    async find(input: Pick<RecipeInput, 'name' | 'ingredients' | 'instructions'>): Promise<SameRecipe> {
      const ids = idsByName.get(nameKey(input.name)) ?? [];
      if (ids.length === 0) return { kind: 'new' };
      await readContent(ids);
      const key = contentKey(input);
      // A recipe deleted since the names were read has no content: it is not here any more.
      const here = ids.find((id) => contentById.get(id) === key);
      return here === undefined ? { kind: 'same-name' } : { kind: 'here', id: here };
    },
    remember(id: number, input: Pick<RecipeInput, 'name' | 'ingredients' | 'instructions'>): void {
      const key = nameKey(input.name);
      idsByName.set(key, [...(idsByName.get(key) ?? []), id]);
      contentById.set(id, contentKey(input));
    },
  };
}

export type RecipeMatcher = Awaited<ReturnType<typeof createRecipeMatcher>>;
