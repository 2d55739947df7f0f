import { describe, expect, it } from 'vitest';
import { goneRecipeId, withoutRecipe } from '../../../src/features/offline/offline-answers.ts';

// Issue 52, item 3: which recipe a 404 is about, and a stored list page without it. The service worker's dropping
// of the recipe is tested in the browser (tests/e2e/offline.spec.ts).
describe('a recipe the server answers 404 for', () => {
  it.each<[string, number | undefined]>([
    ['https://book.test/api/recipes/42', 42],
    ['https://api.book.test/recipes/7', 7],
    ['https://book.test/42', 42],
    ['https://book.test/api/recipes/names', undefined],
    ['https://book.test/api/recipes', undefined],
    ['https://book.test/api/photos/42', undefined],
    ['https://book.test/42/edit', undefined],
    ['https://book.test/042', undefined],
  ])('%s is about recipe %s', (url, id) => {
    expect(goneRecipeId(new URL(url))).toBe(id);
  });

  it('a stored list page loses its row, and one without it is left as it is', () => {
    const page = {
      recipes: [
        { id: 1, name: 'Kvar' },
        { id: 2, name: 'Borta' },
      ],
      next: null,
    };
    expect(withoutRecipe(page, 2)).toEqual({ recipes: [{ id: 1, name: 'Kvar' }], next: null });
    expect(withoutRecipe(page, 3)).toBeUndefined();
  });
});
