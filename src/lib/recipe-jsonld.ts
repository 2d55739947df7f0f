// The details page's schema.org `Recipe` (JSON-LD), so search engines and recipe apps can read the recipe
// shown. Pure: built from the recipe as the site holds it (unit labels), written into a data block that
// browsers never run.
import { formatIngredientQuantity } from './quantity-format.ts';
import type { Recipe, WithUnitLabels } from './recipe-schema.ts';

/**
 * The recipe's fields that the JSON-LD leaves out on purpose; every other field of the recipe schema is in it
 * (tests/server/db/recipe-fields.test.ts checks both).
 */
export const JSONLD_LEFT_OUT = {
  id: 'the page address (`url`) names the recipe',
  version: 'an edit counter: nothing a reader or a search engine uses',
} as const;

type Dates = 'createdAt' | 'updatedAt';
/** The recipe as the page shows it (unit labels); a recipe not saved yet has no dates. */
type Shown = Omit<WithUnitLabels<Recipe>, keyof typeof JSONLD_LEFT_OUT | Dates> & Partial<Pick<Recipe, Dates>>;

/** The instructions as steps: one per non-empty line (JSON-LD's HowToSteps, cook mode's checklist). */
export function instructionSteps(instructions: string): string[] {
  return instructions
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

export function recipeJsonLd(recipe: Shown, url: string): Record<string, unknown> {
  const steps = instructionSteps(recipe.instructions);
  return {
    '@context': 'https://schema.org',
    '@type': 'Recipe',
    name: recipe.name,
    url,
    author: { '@type': 'Person', name: recipe.author },
    recipeYield: `${recipe.servings} portioner`,
    recipeIngredient: recipe.ingredients.map((i) =>
      [formatIngredientQuantity(i.quantity), i.name].filter(Boolean).join(' '),
    ),
    recipeInstructions: steps.map((text) => ({ '@type': 'HowToStep', text })),
    ...(recipe.createdAt ? { datePublished: recipe.createdAt } : {}),
    ...(recipe.updatedAt ? { dateModified: recipe.updatedAt } : {}),
    inLanguage: 'sv',
  };
}

/** JSON for a <script type="application/ld+json"> block: '<' escaped, so no text can end the block early. */
export function jsonLdText(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
