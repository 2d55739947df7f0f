// What the service worker answers offline (issue 42): only the API's public reads are kept, and a search, a
// category or other servings are answered from the stored recipes by the API's own rules.
import { describe, expect, it } from 'vitest';
import {
  API_READ,
  namesPage,
  scaledRecipe,
  servingsAsked,
  type StoredRecipe,
} from '../../src/features/offline/offline-answers.ts';
import { readingShell } from '../../src/features/offline/offline-urls.ts';
import { scaleRecipe } from '../../src/lib/scaling.ts';

const recipe = (id: number, name: string, categories: string[] = []): StoredRecipe => ({
  id,
  name,
  servings: 4,
  categories,
  ingredients: [{ quantity: { value: 2, unit: 'DECILITER' } }, { quantity: { value: 1 }, doNotScale: true }],
});

describe('offline answers', () => {
  it('keeps the API reads the reading pages make, and nothing else', () => {
    for (const path of ['/api/recipes', '/api/recipes/names', '/api/recipes/12', '/api/categories', '/recipes/3'])
      expect(API_READ.test(path), path).toBe(true);
    expect(API_READ.test(`/api/photos/${'a'.repeat(64)}.avif`)).toBe(true);
    for (const path of ['/api/recipes/12/x', '/api/units', '/api/recipe-imports', '/realms/x/account', '/api/users'])
      expect(API_READ.test(path), path).toBe(false);
  });

  it('answers a search and a category from the stored recipes, in Swedish order', () => {
    const stored = [recipe(1, 'Äppelpaj', ['Bakning']), recipe(2, 'Pannkakor', ['Frukost']), recipe(3, 'Ärtsoppa')];
    const names = [{ id: 4, name: 'Pajdeg' }];
    const page = (query: string) => namesPage(new URLSearchParams(query), stored, names).recipes.map((r) => r.name);
    expect(page('')).toEqual(['Pajdeg', 'Pannkakor', 'Äppelpaj', 'Ärtsoppa']);
    expect(page('search=PAJ')).toEqual(['Pajdeg', 'Äppelpaj']);
    expect(page('category=bakning')).toEqual(['Äppelpaj']);
    expect(namesPage(new URLSearchParams(''), stored, names).next).toBeNull();
  });

  it('scales a stored recipe as the API does, for the servings the API takes', () => {
    expect(servingsAsked(new URLSearchParams('servings=6'))).toBe(6);
    for (const bad of ['servings=0', 'servings=101', 'servings=2.5', 'servings=x', ''])
      expect(servingsAsked(new URLSearchParams(bad)), bad).toBeUndefined();
    expect(scaledRecipe(recipe(1, 'Soppa'), 6)).toEqual(scaleRecipe(recipe(1, 'Soppa'), 6));
    expect(scaledRecipe(recipe(1, 'Soppa'), 6).ingredients.map((i) => i.quantity?.value)).toEqual([3, 1]);
  });

  it('gives a cached shell to the reading pages only, never to editor pages', () => {
    expect(readingShell('/')).toBe('/');
    expect(readingShell('/42')).toBe('/offline-recipe.html');
    for (const path of ['/42/edit', '/new-recipe', '/move-in', '/realms/recipes/account', '/0'])
      expect(readingShell(path), path).toBeUndefined();
  });
});
