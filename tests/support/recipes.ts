// Test-data builders for recipe bodies and a shortcut to store recipes through the API.
import type { FastifyInstance } from 'fastify';
import type { Recipe } from '../../src/lib/recipe-schema.ts';

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
