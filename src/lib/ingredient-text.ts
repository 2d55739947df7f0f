// An ingredient as one line of text (issue 53 item 2: one ingredient-as-text): its amount, its name, and its note
// after a comma ('2 ½ dl vetemjöl, siktat'; a blank note adds nothing). The recipe's JSON-LD, the history's changes
// and moving in's tidying write it with this; the recipe page writes the same line in elements of its own
// (recipe-details.tsx, IngredientText), the note in a quieter style.

export type IngredientWords = { name: string; note?: string | undefined };

/** The line: `amount` (already written as the caller shows amounts; '' for none), the name, ', ' and the note. */
export function ingredientLine(ingredient: IngredientWords, amount = ''): string {
  const line = [amount, ingredient.name].filter(Boolean).join(' ');
  return ingredient.note?.trim() ? `${line}, ${ingredient.note}` : line;
}
