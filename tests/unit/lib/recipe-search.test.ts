import { describe, expect, it } from 'vitest';
import { compareRecipes, matchesName, searchRecipes, sortByName } from '../../../src/lib/recipe-search.ts';

const recipes = [
  { id: 1, name: 'Ärtsoppa' },
  { id: 2, name: 'Äppelpaj' },
  { id: 3, name: 'Köttbullar' },
  { id: 4, name: 'Zucchinisoppa' },
  { id: 5, name: 'Ostkaka' },
  { id: 6, name: 'Åkerärtsgryta' },
  { id: 7, name: 'apelsinsallad' },
  { id: 8, name: 'Kanelbullar' },
];

describe('sortByName', () => {
  it('orders by Swedish collation: å ä ö after z, case does not split the list', () => {
    expect(sortByName(recipes).map((r) => r.name)).toEqual([
      'apelsinsallad',
      'Kanelbullar',
      'Köttbullar',
      'Ostkaka',
      'Zucchinisoppa',
      'Åkerärtsgryta',
      'Äppelpaj',
      'Ärtsoppa',
    ]);
  });

  it('orders numbers naturally and ignores case and accents, the rule the API sorts by too', () => {
    const input = [
      { id: 1, name: 'Recept 10' },
      { id: 2, name: 'Recept 9' },
      { id: 3, name: 'recept 1' },
      { id: 4, name: 'Crème brûlée' },
      { id: 5, name: 'Creme' },
    ];
    expect(sortByName(input).map((r) => r.name)).toEqual([
      'Creme',
      'Crème brûlée',
      'recept 1',
      'Recept 9',
      'Recept 10',
    ]);
    expect(compareRecipes({ id: 7, name: 'SOPPA' }, { id: 3, name: 'soppa' })).toBeGreaterThan(0);
  });

  it('does not change its input and keeps equal names in id order', () => {
    const input = [
      { id: 9, name: 'Soppa' },
      { id: 2, name: 'Soppa' },
    ];
    expect(sortByName(input).map((r) => r.id)).toEqual([2, 9]);
    expect(input[0]?.id).toBe(9);
  });
});

describe('searching', () => {
  it('matches a case-insensitive substring of the name', () => {
    expect(matchesName('Köttbullar', 'BULL')).toBe(true);
    expect(matchesName('Ärtsoppa', 'ärt')).toBe(true);
    expect(matchesName('Ärtsoppa', 'ÄRT')).toBe(true);
    expect(matchesName('Ostkaka', 'soppa')).toBe(false);
  });

  it('an empty or blank query keeps everything', () => {
    expect(searchRecipes(recipes, '  ')).toHaveLength(recipes.length);
  });

  it('filters and sorts together', () => {
    expect(searchRecipes(recipes, 'soppa').map((r) => r.name)).toEqual(['Zucchinisoppa', 'Ärtsoppa']);
    expect(searchRecipes(recipes, 'bullar').map((r) => r.id)).toEqual([8, 3]);
    expect(searchRecipes(recipes, 'xyz')).toEqual([]);
  });
});
