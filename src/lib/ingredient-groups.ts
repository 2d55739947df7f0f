// A recipe's ingredients in their sections for the recipe page, cook mode and print: an ingredient with a
// `heading` starts a section that runs to the next heading. Ingredients before the first heading form a
// section without one. Each keeps its place in the whole list (cook mode's ticks are keyed by it).

export type IngredientGroup<T> = { heading?: string; items: { ingredient: T; index: number }[] };

export function ingredientGroups<T extends { heading?: string | undefined }>(
  ingredients: readonly T[],
): IngredientGroup<T>[] {
  const groups: IngredientGroup<T>[] = [];
  ingredients.forEach((ingredient, index) => {
    const current = groups.at(-1);
    if (ingredient.heading !== undefined || !current) {
      groups.push({ ...(ingredient.heading === undefined ? {} : { heading: ingredient.heading }), items: [] });
    }
    groups.at(-1)?.items.push({ ingredient, index });
  });
  return groups;
}
