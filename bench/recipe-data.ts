// Deterministic, valid recipes for the bench (every name and text passes the section 5 rules).

import type { Ingredient, RecipeInput } from '../src/lib/recipe-schema.ts';

// The shared schema's types (src/lib/recipe-schema.ts), plus the author a bulk insert writes itself.
export type BenchIngredient = Ingredient;
export type BenchRecipe = Omit<RecipeInput, 'id' | 'version'> & { author: string };

const DISHES = [
  'Kanelbullar',
  'Köttbullar',
  'Pannkakor',
  'Ärtsoppa',
  'Laxpudding',
  'Janssons frestelse',
  'Kycklinggryta',
  'Raggmunk',
  'Kåldolmar',
  'Semlor',
  'Sill i dill',
  'Kroppkakor',
  'Pytt i panna',
  'Kladdkaka',
  'Äppelpaj',
  'Fiskgratäng',
  'Biff Lindström',
  'Wallenbergare',
  'Skagenröra',
  'Prinsesstårta',
];
const INGREDIENTS: BenchIngredient[] = [
  { name: 'Vetemjöl', quantity: { value: 5, unit: 'DECILITER' } },
  { name: 'Smör', quantity: { value: 75, unit: 'GRAM' } },
  { name: 'Mjölk', quantity: { value: 2.5, unit: 'DECILITER' } },
  { name: 'Ägg', quantity: { value: 2, unit: 'PIECES' } },
  { name: 'Salt', quantity: { value: 1, unit: 'PINCH' } },
  { name: 'Socker', quantity: { value: 1, unit: 'TABLESPOON' } },
  { name: 'Kanel', quantity: { value: 2, unit: 'TEASPOON' } },
  { name: 'Potatis', quantity: { value: 1, unit: 'KILOGRAM' } },
  { name: 'Grädde', quantity: { value: 300, unit: 'MILLILITER' } },
  { name: 'Gul lök', quantity: { value: 1, unit: 'PIECES' } },
  { name: 'Persilja' },
  { name: 'Svartpeppar' },
];
const INSTRUCTIONS =
  'Sätt ugnen på 200°. Blanda de torra ingredienserna i en bunke, tillsätt resten och rör till en jämn smet.\n' +
  'Låt vila 30 minuter. Grädda mitt i ugnen tills ytan är gyllenbrun – cirka 25 min. Servera varm!';

/** The word most often searched for: one dish in twenty, so about 5 % of all recipes match. */
export const COMMON_SEARCH = 'kanelbullar';
/** A number inside a handful of names only ("nr 4711", "nr 14711", …): a selective search. */
export const RARE_SEARCH = '4711';

/** Categories in use (issue 25's target: 500 at 100,000 recipes). */
export const BENCH_CATEGORIES = Array.from({ length: 500 }, (_, n) => `Kategori ${n + 1}`);

/**
 * Recipe i's categories: none to three (1.5 on average), drawn so that use is skewed as on a real site: 'Kategori 1'
 * in about one recipe in six, the last ones in about one in a thousand.
 */
export function benchCategories(i: number): string[] {
  const picked = new Set<string>();
  for (let j = 0; j < i % 4; j++) {
    const u = (Math.imul(i + 1, 2654435761) ^ Math.imul(j + 1, 2246822519)) >>> 0;
    const index = Math.floor(BENCH_CATEGORIES.length * (u / 2 ** 32) ** 3);
    picked.add(BENCH_CATEGORIES[index] ?? 'Kategori 1');
  }
  return [...picked];
}

export function benchRecipe(i: number): BenchRecipe {
  const dish = DISHES[i % DISHES.length] ?? 'Recept';
  const count = 3 + (i % 4);
  const ingredients: BenchIngredient[] = [];
  for (let k = 0; k < count; k++) {
    const ingredient = INGREDIENTS[(i + k * 5) % INGREDIENTS.length];
    if (ingredient) ingredients.push(ingredient);
  }
  return {
    name: `${dish} nr ${i}`,
    author: `kock${i % 50}`,
    instructions: INSTRUCTIONS,
    servings: 1 + (i % 8),
    ingredients,
    categories: benchCategories(i),
  };
}
