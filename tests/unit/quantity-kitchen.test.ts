import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatIngredientQuantity, kitchenAmount } from '../../src/lib/quantity-format.ts';
import { scaleRecipe } from '../../src/lib/scaling.ts';
import { UNIT_LABELS } from '../../src/lib/units.ts';

// docs/quantities.md: what a kitchen measures, per unit, at small, middle and large amounts.
const shown = (value: number, unit: string) => formatIngredientQuantity({ value, unit });

describe('the kitchen amount of each unit', () => {
  it.each([
    // krm: quarters, 1 krm the least (a pinch).
    [0.01, 'krm', '1 krm'],
    [0.5, 'krm', '1 krm'],
    [1, 'krm', '1 krm'],
    [1.3, 'krm', '1 ¼ krm'],
    [2.6, 'krm', '2 ½ krm'],
    [2.9, 'krm', '3 krm'],
    [12, 'krm', '12 krm'],
    // tsk: quarters, ¼ tsk the least.
    [0.01, 'tsk', '¼ tsk'],
    [0.13, 'tsk', '¼ tsk'],
    [0.38, 'tsk', '½ tsk'],
    [0.333333, 'tsk', '¼ tsk'],
    [0.666667, 'tsk', '¾ tsk'],
    [1.75, 'tsk', '1 ¾ tsk'],
    [2, 'tsk', '2 tsk'],
    [13.4, 'tsk', '13 ½ tsk'],
    // msk: quarters, ¼ msk the least.
    [0.05, 'msk', '¼ msk'],
    [0.625, 'msk', '¾ msk'],
    [1.1, 'msk', '1 msk'],
    [30.2, 'msk', '30 ¼ msk'],
    // dl: the nearer of a quarter and one decimal, 0,1 dl the least.
    [0.02, 'dl', '0,1 dl'],
    [0.24, 'dl', '¼ dl'],
    [0.333333, 'dl', '0,3 dl'],
    [0.5, 'dl', '½ dl'],
    [0.75, 'dl', '¾ dl'],
    [1.3, 'dl', '1,3 dl'],
    [1.5, 'dl', '1 ½ dl'],
    [1.88, 'dl', '1,9 dl'],
    [2.26, 'dl', '2 ¼ dl'],
    [25, 'dl', '25 dl'],
    // l: one decimal (a half as ½), 0,1 l the least.
    [0.01, 'l', '0,1 l'],
    [0.5, 'l', '½ l'],
    [0.33, 'l', '0,3 l'],
    [1.25, 'l', '1,3 l'],
    [1.5, 'l', '1 ½ l'],
    [12.34, 'l', '12,3 l'],
    // ml: whole, 1 ml the least.
    [0.2, 'ml', '1 ml'],
    [2.5, 'ml', '3 ml'],
    [37.4, 'ml', '37 ml'],
    [1500, 'ml', '1500 ml'],
    // g: whole under 10 g, 5 g under 100 g, 10 g from 100 g; 1 g the least.
    [0.3, 'g', '1 g'],
    [7, 'g', '7 g'],
    [9.4, 'g', '9 g'],
    [12, 'g', '10 g'],
    [12.5, 'g', '15 g'],
    [62.5, 'g', '65 g'],
    [97.6, 'g', '100 g'],
    [123, 'g', '120 g'],
    [1234, 'g', '1230 g'],
    // kg: grams below 1 kg, one decimal from 1 kg.
    [0.0001, 'kg', '1 g'],
    [0.0625, 'kg', '65 g'],
    [0.45, 'kg', '450 g'],
    [0.999, 'kg', '1 kg'],
    [1.04, 'kg', '1 kg'],
    [1.25, 'kg', '1,3 kg'],
    [1.5, 'kg', '1,5 kg'],
    [12.34, 'kg', '12,3 kg'],
    // mg: whole, 1 mg the least.
    [0.3, 'mg', '1 mg'],
    [12.5, 'mg', '13 mg'],
    [1500, 'mg', '1500 mg'],
    // st: halves, ½ st the least.
    [0.1, 'st', '½ st'],
    [0.75, 'st', '1 st'],
    [1.5, 'st', '1 ½ st'],
    [2.25, 'st', '2 ½ st'],
    [2.2, 'st', '2 st'],
    [24, 'st', '24 st'],
    // No unit ('' on the site, NONE on the wire): counted like st.
    [0.1, '', '½'],
    [0.5, '', '½'],
    [2.75, '', '3'],
    [3, '', '3'],
    [40.5, '', '40 ½'],
  ])('%s %s is shown as %s', (value, unit, text) => {
    expect(shown(value, unit)).toBe(text);
  });

  it('keeps two decimals for a unit it does not know, never 0', () => {
    expect(shown(1.2345, 'kopp')).toBe('1,23 kopp');
    expect(shown(0.001, 'kopp')).toBe('0,01 kopp');
  });

  it('has a rule for every unit label', () => {
    for (const unit of Object.values(UNIT_LABELS)) expect(shown(1, unit)).toBe(`1 ${unit}`);
  });

  it('never shows 0, a negative amount, a point or binary noise for a positive value', () => {
    const units = [...Object.values(UNIT_LABELS), ''];
    fc.assert(
      fc.property(fc.double({ min: 1e-9, max: 1e9, noNaN: true }), fc.constantFrom(...units), (value, unit) => {
        const amount = kitchenAmount(value, unit);
        expect(amount).toBeDefined();
        expect(amount!.value).toBeGreaterThan(0);
        expect(amount!.text).toMatch(/^(?:\d+(?:,\d)?|(?:\d+ )?[¼½¾])$/);
      }),
      { numRuns: 300 },
    );
  });

  it('shows the issue’s scaled amounts as a cook measures them', () => {
    const recipe = {
      servings: 8,
      ingredients: [
        { name: 'Mjölk', quantity: { value: 7.5, unit: 'dl' } },
        { name: 'Salt', quantity: { value: 1.5, unit: 'tsk' } },
        { name: 'Ägg', quantity: { value: 9, unit: 'st' } },
        { name: 'Kanel', quantity: { value: 0.5, unit: 'tsk' } },
      ],
    };
    const at = (servings: number) =>
      scaleRecipe(recipe, servings).ingredients.map((i) => formatIngredientQuantity(i.quantity));
    // Unrounded these were 1,88 dl, 0,38 tsk, 2,25 st and 0,13 tsk.
    expect(at(2)).toEqual(['1,9 dl', '½ tsk', '2 ½ st', '¼ tsk']);
    expect(at(3)).toEqual(['2,8 dl', '½ tsk', '3 ½ st', '¼ tsk']);
  });
});
