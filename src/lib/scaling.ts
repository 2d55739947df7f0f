// Scaling a recipe to another number of servings. Values are rounded to 6 significant digits so
// floating-point noise never reaches people (3 x 0.1 is 0.3, not 0.30000000000000004).

/** Round to 6 significant digits; 0 and non-finite values pass through untouched. */
export function round6(value: number): number {
  if (value === 0 || !Number.isFinite(value)) return value === 0 ? 0 : value;
  return Number(value.toPrecision(6));
}

type Scalable = {
  servings: number;
  ingredients: ReadonlyArray<{ quantity?: { value: number } | undefined; doNotScale?: boolean | undefined }>;
};

/**
 * The same recipe for `servings` people: every quantity multiplied by servings / stored servings, except an
 * ingredient marked `doNotScale` ('1 ägg till pensling'), which stays as written.
 * Multiplying before dividing keeps exact cases exact (2 dl for 4 -> 1 dl for 2).
 */
export function scaleRecipe<T extends Scalable>(recipe: T, servings: number): T {
  if (!Number.isInteger(servings) || servings < 1)
    throw new RangeError(`servings must be a positive integer, got ${servings}`);
  const from = recipe.servings;
  return {
    ...recipe,
    servings,
    ingredients: recipe.ingredients.map((ingredient) =>
      ingredient.quantity && !ingredient.doNotScale
        ? {
            ...ingredient,
            quantity: { ...ingredient.quantity, value: round6((ingredient.quantity.value * servings) / from) },
          }
        : ingredient,
    ),
  };
}
