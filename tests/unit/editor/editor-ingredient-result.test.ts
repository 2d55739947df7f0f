import { describe, expect, it } from 'vitest';
import { applyIngredientResult, moveItem } from '../../../src/features/editor/ingredient-result.ts';

type Item = { name: string };
const list: readonly Item[] = [{ name: 'Mjöl' }, { name: 'Mjölk' }, { name: 'Salt' }];

describe('applyIngredientResult (spec section 4: the dialog results)', () => {
  it('add appends the new ingredient at the end', () => {
    const next = applyIngredientResult(list, null, { ingredient: { name: 'Ägg' }, shouldBeDeleted: false });
    expect(next.map((i) => i.name)).toEqual(['Mjöl', 'Mjölk', 'Salt', 'Ägg']);
    expect(list).toHaveLength(3); // never mutated
  });

  it('edit replaces the ingredient in place', () => {
    const next = applyIngredientResult(list, 1, { ingredient: { name: 'Havremjölk' }, shouldBeDeleted: false });
    expect(next.map((i) => i.name)).toEqual(['Mjöl', 'Havremjölk', 'Salt']);
  });

  it('remove (shouldBeDeleted) takes the ingredient out of the list', () => {
    const next = applyIngredientResult(list, 0, { ingredient: list[0]!, shouldBeDeleted: true });
    expect(next.map((i) => i.name)).toEqual(['Mjölk', 'Salt']);
  });

  it('cancel (no result) changes nothing and keeps the same array', () => {
    expect(applyIngredientResult(list, 2, undefined)).toBe(list);
    expect(applyIngredientResult(list, null, undefined)).toBe(list);
  });

  it('ignores a result for a row that no longer exists', () => {
    expect(applyIngredientResult(list, 7, { ingredient: { name: 'X' }, shouldBeDeleted: false })).toBe(list);
  });
});

describe('moveItem (drag and drop)', () => {
  it('moves down and up', () => {
    expect(moveItem(list, 0, 2).map((i) => i.name)).toEqual(['Mjölk', 'Salt', 'Mjöl']);
    expect(moveItem(list, 2, 0).map((i) => i.name)).toEqual(['Salt', 'Mjöl', 'Mjölk']);
  });

  it('leaves the list alone for the same or an out-of-range index', () => {
    expect(moveItem(list, 1, 1)).toBe(list);
    expect(moveItem(list, -1, 1)).toBe(list);
    expect(moveItem(list, 0, 3)).toBe(list);
  });
});
