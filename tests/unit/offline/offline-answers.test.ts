// What the service worker answers offline (issue 42): only the API's public reads are kept, and a search, a
// category or other servings are answered from the stored recipes by the API's own rules.
import { describe, expect, it } from 'vitest';
import {
  API_READ,
  namesPage,
  passesFilters,
  scaledRecipe,
  servingsAsked,
  type StoredRecipe,
} from '../../../src/features/offline/offline-answers.ts';
import { readingShell } from '../../../src/features/offline/offline-urls.ts';
import { scaleRecipe } from '../../../src/lib/scaling.ts';
import { ingredientCases } from '../../support/ingredient-cases.ts';

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

  it("applies the list's filters to the recipes read in full, and counts them as the API does", () => {
    const pie: StoredRecipe = {
      ...recipe(1, 'Äppelpaj', ['Bakning']),
      ingredients: [{ name: 'Äpplen' }, { name: 'Socker, strö' }, { name: 'Grönt te' }],
      instructions: 'Skala äpplena. Grädda i ugnen.',
      totalTime: 50,
    };
    const soup: StoredRecipe = {
      ...recipe(2, 'Ärtsoppa'),
      ingredients: [{ name: 'Gula ärtor' }, { name: 'Rökt fläsk' }],
      instructions: 'Koka ärtorna.',
      prepTime: 20,
    };
    const cake: StoredRecipe = {
      ...recipe(3, 'Kakor'),
      ingredients: [{ name: 'Smör' }],
      instructions: 'Baka kakorna.',
    };
    // A row of a stored name page: nothing to judge a filter by, so a filtered answer leaves it out.
    const names = [{ id: 4, name: 'Pajdeg' }];
    const page = (query: string) => namesPage(new URLSearchParams(query), [pie, soup, cake], names);
    const shown = (query: string) => page(query).recipes.map((r) => r.name);
    // Ingredients: Snowball stems, a name word's last part (decision 062); one or two letters as a whole word.
    expect(shown('ingredients=äpplena')).toEqual(['Äppelpaj']);
    expect(shown('ingredients=ärtorna fläsk')).toEqual(['Ärtsoppa']);
    expect(shown('ingredients=TE')).toEqual(['Äppelpaj']);
    expect(shown('ingredients=ä')).toEqual([]);
    // Time: the total, or the preparation where no total is set; no time, left out.
    expect(shown('maxMinutes=30')).toEqual(['Ärtsoppa']);
    expect(shown('maxMinutes=60')).toEqual(['Äppelpaj', 'Ärtsoppa']);
    // Words: each word's stem the beginning of a stemmed word anywhere ("kakorna" finds "Kakor", "kaka").
    expect(shown('words=ugn')).toEqual(['Äppelpaj']);
    expect(shown('words=bakning skala')).toEqual(['Äppelpaj']);
    expect(shown('words=kakorna')).toEqual(['Kakor']);
    expect(shown('words=ko')).toEqual([]);
    // Combined with each other and with the name search; counted.
    expect(page('words=grädda&maxMinutes=60&search=paj')).toMatchObject({ recipes: [{ name: 'Äppelpaj' }], count: 1 });
    expect(page('ingredients=lax').count).toBe(0);
    expect(page('search=paj')).not.toHaveProperty('count');
    expect(shown('search=paj')).toEqual(['Pajdeg', 'Äppelpaj']);
    expect(passesFilters(cake, { ingredients: '', words: '' })).toBe(true);
  });

  it("answers decision 062's table of ingredient cases (the API's own rule: tests/server/api/filters-agree.test.ts)", () => {
    const cases = ingredientCases();
    expect(cases.length).toBeGreaterThanOrEqual(20);
    for (const { word, name, found } of cases) {
      const stored: StoredRecipe = { ...recipe(1, 'Fall'), ingredients: [{ name }] };
      expect(passesFilters(stored, { ingredients: word, words: '' }), `"${word}" in "${name}"`).toBe(found);
    }
    // "Med potatis" no longer finds a pie through its flour (issue 54 item 7).
    const pie: StoredRecipe = { ...recipe(5, 'Mormors rabarberpaj'), ingredients: [{ name: 'Potatismjöl' }] };
    expect(namesPage(new URLSearchParams('ingredients=potatis'), [pie], []).recipes).toEqual([]);
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
