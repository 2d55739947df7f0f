// Test-data builders for recipe bodies, a shortcut to store recipes through the API, and one to store them
// straight through the repository (the API's own write path, without HTTP).
import type { FastifyInstance } from 'fastify';
import { createRecipeOnce } from '../../server/db/repositories/recipe-repository.ts';
import type { AppDatabase } from '../../server/db/index.ts';
import type { Recipe, RecipeInput } from '../../src/lib/recipe-schema.ts';

export type RecipeBody = {
  id?: unknown;
  name?: unknown;
  instructions?: unknown;
  servings?: unknown;
  ingredients?: unknown;
  version?: unknown;
  [extra: string]: unknown;
};

export function recipeBody(overrides: RecipeBody = {}): RecipeBody {
  return {
    name: 'Pannkakor',
    instructions: 'Vispa ihop mjöl och hälften av mjölken.\nStek tunna pannkakor.',
    servings: 4,
    ingredients: [
      { name: 'Vetemjöl', quantity: { value: 2.5, unit: 'DECILITER' } },
      { name: 'Mjölk', quantity: { value: 6, unit: 'DECILITER' } },
      { name: 'Ägg', quantity: { value: 3, unit: 'PIECES' } },
      { name: 'Salt', quantity: { value: 0.5, unit: 'TEASPOON' } },
      { name: 'Smör till stekning' },
    ],
    ...overrides,
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** POSTs a recipe as an editor and returns what the API stored. */
export async function postRecipe(
  app: FastifyInstance,
  token: string,
  body: RecipeBody = recipeBody(),
): Promise<Recipe> {
  const response = await app.inject({ method: 'POST', url: '/api/recipes', headers: bearer(token), payload: body });
  if (response.statusCode !== 201) throw new Error(`POST failed: ${response.statusCode} ${response.body}`);
  return response.json();
}

/** Stores a recipe through the repository, as POST does (no Idempotency-Key). */
export async function addRecipe(db: AppDatabase, input: RecipeInput, author: string): Promise<Recipe> {
  const result = await createRecipeOnce(db, input, author, undefined);
  if (result.kind === 'key-reused') throw new Error('no Idempotency-Key was given');
  return result.recipe;
}
