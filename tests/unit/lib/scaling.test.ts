import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { round6, scaleRecipe } from '../../../src/lib/scaling.ts';

const recipe = (servings: number, values: (number | undefined)[]) => ({
  name: 'x',
  servings,
  ingredients: values.map((value, i) =>
    value === undefined ? { name: `i${i}` } : { name: `i${i}`, quantity: { value, unit: 'DECILITER' } },
  ),
});

describe('round6', () => {
  it('removes binary noise', () => {
    expect(0.1 * 3).not.toBe(0.3);
    expect(round6(0.1 * 3)).toBe(0.3);
    expect(round6(1 / 3)).toBe(0.333333);
    expect(round6(2 / 3)).toBe(0.666667);
    expect(round6(123456789)).toBe(123457000);
    expect(round6(0.000123456789)).toBe(0.000123457);
    expect(round6(0)).toBe(0);
    expect(round6(-0)).toBe(0);
    expect(round6(-1 / 3)).toBe(-0.333333);
  });

  it('keeps at most 6 significant digits and stays within rounding error', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e12, max: 1e12, noNaN: true }), (x) => {
        const r = round6(x);
        expect(Math.abs(r - x)).toBeLessThanOrEqual(Math.abs(x) * 5e-6 + Number.EPSILON);
        expect(round6(r)).toBe(r);
      }),
      { numRuns: 200 },
    );
  });
});

describe('scaleRecipe', () => {
  it('scales 3 x 0.1 to 0.3', () => {
    const scaled = scaleRecipe(recipe(1, [0.1]), 3);
    expect(scaled.servings).toBe(3);
    expect(scaled.ingredients[0]?.quantity?.value).toBe(0.3);
  });

  it('scales to a third', () => {
    expect(scaleRecipe(recipe(3, [1, 2, 0.5]), 1).ingredients.map((i) => i.quantity?.value)).toEqual([
      0.333333, 0.666667, 0.166667,
    ]);
  });

  it('keeps exact halves exact and leaves ingredients without a quantity alone', () => {
    const scaled = scaleRecipe(recipe(4, [2, undefined, 2.5]), 2);
    expect(scaled.ingredients).toEqual([
      { name: 'i0', quantity: { value: 1, unit: 'DECILITER' } },
      { name: 'i1' },
      { name: 'i2', quantity: { value: 1.25, unit: 'DECILITER' } },
    ]);
  });

  it('does not change the input and keeps other fields', () => {
    const original = recipe(4, [2]);
    const scaled = scaleRecipe(original, 8);
    expect(original.ingredients[0]?.quantity?.value).toBe(2);
    expect(scaled.name).toBe('x');
  });

  it('scaling to the same servings is the identity (up to 6 digits)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100 }),
        fc.double({ min: -1e6, max: 1e6, noNaN: true }),
        (servings, value) => {
          expect(scaleRecipe(recipe(servings, [value]), servings).ingredients[0]?.quantity?.value).toBe(round6(value));
        },
      ),
      { numRuns: 100 },
    );
  });

  it('refuses servings that are not positive integers', () => {
    expect(() => scaleRecipe(recipe(4, [1]), 0)).toThrow(RangeError);
    expect(() => scaleRecipe(recipe(4, [1]), 1.5)).toThrow(RangeError);
  });
});
