import { describe, expect, it } from 'vitest';
import { ingredientGroups } from '../../../src/lib/ingredient-groups.ts';
import { categoryHref } from '../../../src/lib/routes.ts';

describe('the recipe page groups ingredients under their headings', () => {
  it('a heading starts a section that runs to the next; those before the first heading have none', () => {
    const groups = ingredientGroups([
      { name: 'Salt' },
      { name: 'Mjöl', heading: 'Till degen' },
      { name: 'Jäst' },
      { name: 'Ägg', heading: 'Till pensling' },
    ]);
    expect(groups.map((g) => [g.heading, g.items.map((i) => [i.ingredient.name, i.index])])).toEqual([
      [undefined, [['Salt', 0]]],
      [
        'Till degen',
        [
          ['Mjöl', 1],
          ['Jäst', 2],
        ],
      ],
      ['Till pensling', [['Ägg', 3]]],
    ]);
  });

  it('a recipe without headings is one section, and no ingredients none', () => {
    const plain: { name: string; heading?: string }[] = [{ name: 'a' }, { name: 'b' }];
    expect(ingredientGroups(plain)).toHaveLength(1);
    expect(ingredientGroups([])).toEqual([]);
  });
});

describe('a category link', () => {
  it('goes to the list narrowed to it, the name encoded', () => {
    expect(categoryHref('Bakning')).toBe('/?category=Bakning');
    expect(categoryHref(' Till fest & fika ')).toBe('/?category=Till%20fest%20%26%20fika');
  });
});
