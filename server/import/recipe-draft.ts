// PLACEHOLDER until branch import-lib lands: the real parser (quantities, units, HowToSection, entities)
// replaces this file. Only the interface below is relied on by the route and its tests.
import type { UnitKey } from '../../src/lib/units.ts';

export type ImportedIngredient = { name: string; quantity?: { value: number; unit: UnitKey } };
export type ImportedRecipe = { name: string; servings: number | null; instructions: string; ingredients: ImportedIngredient[] };

const SCRIPT = /<script[^>]*type\s*=\s*["']?application\/ld\+json["']?[^>]*>([\s\S]*?)<\/script>/gi;

/** null: no schema.org Recipe on the page. */
export function recipeFromHtml(html: string): ImportedRecipe | null {
  for (const match of html.matchAll(SCRIPT)) {
    try {
      const recipe = recipeFromJsonLd(JSON.parse(match[1] ?? ''));
      if (recipe) return recipe;
    } catch {
      // A broken block: try the next one.
    }
  }
  return null;
}

const isRecipe = (node: Record<string, unknown>) =>
  node['@type'] === 'Recipe' || (Array.isArray(node['@type']) && node['@type'].includes('Recipe'));

function findRecipe(data: unknown): Record<string, unknown> | null {
  if (Array.isArray(data)) {
    for (const item of data) {
      const found = findRecipe(item);
      if (found) return found;
    }
    return null;
  }
  if (!data || typeof data !== 'object') return null;
  const node = data as Record<string, unknown>;
  if (isRecipe(node)) return node;
  return findRecipe(node['@graph']);
}

function stepsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stepsOf);
  if (value && typeof value === 'object') return stepsOf((value as Record<string, unknown>)['text']);
  return [];
}

export function recipeFromJsonLd(data: unknown): ImportedRecipe | null {
  const node = findRecipe(data);
  if (!node) return null;
  const yieldValue = Array.isArray(node['recipeYield']) ? node['recipeYield'][0] : node['recipeYield'];
  const servings = Number.parseInt(String(yieldValue ?? ''), 10);
  const ingredients = Array.isArray(node['recipeIngredient']) ? node['recipeIngredient'] : [];
  return {
    name: typeof node['name'] === 'string' ? node['name'].trim() : '',
    servings: Number.isInteger(servings) && servings > 0 ? servings : null,
    instructions: stepsOf(node['recipeInstructions']).map((s) => s.trim()).join('\n'),
    ingredients: ingredients.filter((i): i is string => typeof i === 'string').map((name) => ({ name: name.trim() })),
  };
}
