import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  MESSAGES,
  canScaleBy,
  factorText,
  readAmountAtHand,
  scaleByAmount,
  servingsText,
} from '../../../src/lib/scale-by-amount.ts';
import { formatIngredientAmounts } from '../../../src/lib/kitchen-amount.ts';

// Issue 57, item 5: "I have 300 g färs, the recipe wants 500 g" scales the whole recipe and says the servings.
const RECIPE = {
  servings: 4,
  ingredients: [
    { name: 'Köttfärs', quantity: { value: 500, unit: 'g' } },
    { name: 'Vetemjöl', quantity: { value: 3, unit: 'dl' } },
    { name: 'Ägg', quantity: { value: 2, unit: 'st' } },
    { name: 'Mjölk', quantity: { value: 5, unit: 'dl' } },
    { name: 'Ägg', note: 'till pensling', quantity: { value: 1, unit: 'st' }, doNotScale: true },
    { name: 'Salt och peppar' },
    { name: 'Lagerblad', quantity: { value: 2, unit: '' } },
    { name: 'Smör', quantity: { value: 0.1, unit: 'kg' } },
  ],
};
const FARS = 0;
const MJOL = 1;
const AGG = 2;
const MJOLK = 3;
const PENSLING = 4;
const SALT = 5;
const LAGERBLAD = 6;
const SMOR = 7;

function scaled(index: number, typed: string) {
  const result = scaleByAmount(RECIPE, index, typed);
  if (!result.ok) throw new Error(result.error);
  return result;
}

describe('reading the amount at hand', () => {
  it.each([
    ['300 g', 300, 'g'],
    ['300g', 300, 'g'],
    [' 300  G ', 300, 'g'],
    ['1,5 kg', 1.5, 'kg'],
    ['1.5 kg', 1.5, 'kg'],
    ['3 dl', 3, 'dl'],
    ['1 ½ dl', 1.5, 'dl'],
    ['1/2 l', 0.5, 'l'],
    ['2', 2, ''],
    ['3 hg', 3, 'hg'],
    ['2 st', 2, 'st'],
    ['2 st.', 2, 'st'],
    ['2 msk', 2, 'msk'],
    ['1 liter', 1, 'liter'],
  ])('%j: %d %s', (text, value, unit) => expect(readAmountAtHand(text)).toEqual({ value, unit }));

  it.each([
    ['', MESSAGES.empty],
    ['   ', MESSAGES.empty],
    ['mycket', MESSAGES.unreadable],
    ['g 300', MESSAGES.unreadable],
    ['3 4 dl', MESSAGES.unreadable],
    ['1,5,5 kg', MESSAGES.unreadable],
    ['1/0 dl', MESSAGES.unreadable],
    ['300 g smör', MESSAGES.unreadable],
    ['2 koppar', MESSAGES.unknownUnit('koppar')],
    ['8 oz', MESSAGES.unknownUnit('oz')],
    ['0', MESSAGES.notPositive],
    ['0 g', MESSAGES.notPositive],
    ['-2 dl', MESSAGES.notPositive],
  ])('%j: %s', (text, error) => expect(readAmountAtHand(text)).toEqual({ error }));
});

describe('scaling by what you have', () => {
  it('300 g of 500 g köttfärs: the recipe times 0,6, about 2 ½ servings', () => {
    const result = scaled(FARS, '300 g');
    expect(result.factor).toBeCloseTo(0.6);
    expect(result.factorText).toBe('0,6');
    expect(result.servingsText).toBe('≈ 2 ½ portioner');
    expect(formatIngredientAmounts(result.ingredients)).toEqual([
      '300 g',
      '1,8 dl',
      '1', // eggs are counted whole: 1,2 shows as 1
      '3 dl',
      '1', // "don't scale" stays as written
      '',
      '1', // bay leaves are counted whole: 1,2 shows as 1
      '60 g',
    ]);
  });

  it('"≈ 3 portioner" for an amount that makes about three', () => {
    expect(scaled(FARS, '375 g').servingsText).toBe('3 portioner');
    expect(scaled(FARS, '380 g').servingsText).toBe('≈ 3 portioner');
  });

  it.each([
    ['0,3 kg', 0.6],
    ['3 hg', 0.6],
    ['1 ½ kg', 3],
    ['1000', 2], // the number alone is in the recipe's own unit (g)
  ])('köttfärs %j: times %d', (typed, factor) => expect(scaled(FARS, typed).factor).toBeCloseTo(factor, 9));

  it.each([
    ['1,5 dl', 0.5],
    ['150 ml', 0.5],
    ['15 cl', 0.5],
    ['0,6 l', 2],
    ['10 msk', 0.5],
    ['30 tsk', 0.5],
    ['4 ½', 1.5],
  ])('vetemjöl %j: times %d', (typed, factor) => expect(scaled(MJOL, typed).factor).toBeCloseTo(factor, 9));

  it('converts a weight of vetemjöl to the recipe’s decilitres through the density table (60 g per dl)', () => {
    const result = scaled(MJOL, '360 g');
    expect(result.factor).toBeCloseTo(2, 9);
    expect(result.servingsText).toBe('8 portioner');
    expect(scaled(MJOL, '0,09 kg').factor).toBeCloseTo(0.5, 9);
  });

  it('converts a volume of smör to the recipe’s kg through the density table (95 g per dl)', () => {
    expect(scaled(SMOR, '2 dl').factor).toBeCloseTo(1.9, 9);
  });

  it('counts eggs: "3" or "3 st" of 2 is 1,5 times, 6 servings', () => {
    expect(scaled(AGG, '3')).toMatchObject({ factorText: '1,5', servingsText: '6 portioner' });
    expect(scaled(AGG, '3 st').factor).toBe(1.5);
    expect(scaled(LAGERBLAD, '1').factor).toBe(0.5);
  });

  it('says why a unit of another kind cannot be used', () => {
    expect(scaleByAmount(RECIPE, FARS, '3 dl')).toEqual({ ok: false, error: MESSAGES.weight('Köttfärs') });
    expect(scaleByAmount(RECIPE, MJOLK, '200 g')).toEqual({ ok: false, error: MESSAGES.volume('Mjölk') });
    expect(scaleByAmount(RECIPE, AGG, '100 g')).toEqual({ ok: false, error: MESSAGES.count('Ägg') });
    expect(scaleByAmount(RECIPE, AGG, '1 dl')).toEqual({ ok: false, error: MESSAGES.count('Ägg') });
    expect(MESSAGES.weight('Köttfärs')).toBe('Receptet anger ”Köttfärs” i vikt: skriv mängden i g, hg eller kg.');
  });

  it('never reads a count ("2 st") as a weight or a volume, not even where the density table knows the ingredient', () => {
    expect(scaleByAmount(RECIPE, MJOL, '2 st')).toEqual({ ok: false, error: MESSAGES.volume('Vetemjöl') });
    expect(scaleByAmount(RECIPE, SMOR, '40 st')).toEqual({ ok: false, error: MESSAGES.weight('Smör') });
  });

  it('passes on the message for an amount it cannot read', () => {
    expect(scaleByAmount(RECIPE, FARS, 'lite')).toEqual({ ok: false, error: MESSAGES.unreadable });
    expect(scaleByAmount(RECIPE, FARS, '')).toEqual({ ok: false, error: MESSAGES.empty });
    expect(scaleByAmount(RECIPE, FARS, '2 nypor')).toEqual({ ok: false, error: MESSAGES.unknownUnit('nypor') });
  });

  it('refuses an ingredient without an amount, one that does not scale, and one that is not there', () => {
    expect(scaleByAmount(RECIPE, SALT, '2')).toEqual({ ok: false, error: MESSAGES.noIngredient });
    expect(scaleByAmount(RECIPE, PENSLING, '2')).toEqual({ ok: false, error: MESSAGES.notScaled });
    expect(scaleByAmount(RECIPE, 99, '2')).toEqual({ ok: false, error: MESSAGES.noIngredient });
    expect(scaleByAmount(RECIPE, -1, '2')).toEqual({ ok: false, error: MESSAGES.noIngredient });
    expect(RECIPE.ingredients.map(canScaleBy)).toEqual([true, true, true, true, false, false, true, true]);
  });

  it('refuses a factor a typo is likelier to give than a kitchen', () => {
    expect(scaleByAmount(RECIPE, FARS, '60 kg')).toEqual({ ok: false, error: MESSAGES.tooLarge });
    expect(scaleByAmount(RECIPE, FARS, '50 kg').ok).toBe(true);
    expect(scaleByAmount(RECIPE, FARS, '4 g')).toEqual({ ok: false, error: MESSAGES.tooSmall });
    expect(scaleByAmount(RECIPE, FARS, '5 g').ok).toBe(true);
  });

  it('changes nothing it was given', () => {
    const copy = structuredClone(RECIPE);
    scaled(FARS, '300 g');
    expect(RECIPE).toEqual(copy);
  });

  it('stores values as scaling does: 6 significant digits, no binary noise', () => {
    const result = scaled(FARS, '333 g');
    expect(result.ingredients[MJOL]!.quantity!.value).toBe(1.998);
    expect(scaled(AGG, '3').ingredients[MJOL]!.quantity!.value).toBe(4.5);
  });
});

describe('servings and factor in words', () => {
  it.each([
    [4, '4 portioner'],
    [2.4, '≈ 2 ½ portioner'],
    [2.5, '2 ½ portioner'],
    [3.1, '≈ 3 portioner'],
    [1, '1 portion'],
    [1.2, '≈ 1 portion'],
    [0.5, '½ portion'],
    [0.1, '≈ ½ portion'],
    [9.8, '≈ 10 portioner'],
    [12.4, '≈ 12 portioner'],
    [40, '40 portioner'],
  ])('%d servings: %s', (servings, text) => expect(servingsText(servings)).toBe(text));

  it.each([
    [0.6, '0,6'],
    [1.5, '1,5'],
    [2, '2'],
    [1 / 3, '0,33'],
    [2 / 3, '0,67'],
    [0.001, '0,01'],
  ])('factor %d: %s', (factor, text) => expect(factorText(factor)).toBe(text));
});

describe('properties', () => {
  const units = ['g', 'kg', 'dl', 'l', 'ml', 'msk', 'tsk', 'krm', 'st', ''] as const;
  const amount = fc.integer({ min: 1, max: 99_999 }).map((n) => n / 100);

  it('the chosen ingredient, scaled, is the amount typed in its own unit; the others by the same factor', () => {
    fc.assert(
      fc.property(amount, amount, fc.constantFrom(...units), amount, (needed, have, unit, other) => {
        const recipe = {
          servings: 4,
          ingredients: [
            { name: 'Något', quantity: { value: needed, unit } },
            { name: 'Annat', quantity: { value: other, unit: 'dl' } },
            { name: 'Ägg', quantity: { value: 1, unit: 'st' }, doNotScale: true },
          ],
        };
        const result = scaleByAmount(recipe, 0, String(have).replace('.', ','));
        const factor = have / needed;
        // At the limits themselves the two ways of dividing may differ in the last bit.
        fc.pre(Math.abs(factor - 100) > 1e-9 && Math.abs(factor - 0.01) > 1e-12);
        if (factor > 100 || factor < 0.01) {
          expect(result.ok).toBe(false);
          return;
        }
        if (!result.ok) throw new Error(result.error);
        // Stored as scaling stores values: 6 significant digits.
        expect(result.ingredients[0]!.quantity!.value / have).toBeCloseTo(1, 5);
        expect(result.ingredients[1]!.quantity!.value / other / factor).toBeCloseTo(1, 5);
        expect(result.ingredients[2]).toBe(recipe.ingredients[2]);
        expect(result.servings).toBeCloseTo(4 * factor, 6);
      }),
    );
  });

  it('a weight typed for a volume of vetemjöl gives the factor its decilitres would', () => {
    fc.assert(
      fc.property(amount, fc.integer({ min: 1, max: 2000 }), (dl, grams) => {
        const recipe = { servings: 4, ingredients: [{ name: 'Vetemjöl', quantity: { value: dl, unit: 'dl' } }] };
        fc.pre(Math.abs(grams / 60 / dl - 100) > 1e-3 && Math.abs(grams / 60 / dl - 0.01) > 1e-6);
        const byWeight = scaleByAmount(recipe, 0, `${grams} g`);
        const byVolume = scaleByAmount(recipe, 0, `${String(grams / 60).replace('.', ',')} dl`);
        expect(byWeight.ok).toBe(byVolume.ok);
        // The typed decilitres are read to 6 significant digits, as every typed amount is.
        if (byWeight.ok && byVolume.ok) expect(byWeight.factor / byVolume.factor).toBeCloseTo(1, 4);
      }),
    );
  });

  it('says the servings within a quarter of a serving under 10, within a half from there', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.25, max: 400, noNaN: true }), (servings) => {
        const text = servingsText(servings);
        const number = /^(?:≈ )?([\d ½]+) portion(?:er)?$/u.exec(text)?.[1];
        expect(number, text).toBeDefined();
        const value = number!.split(' ').reduce((sum, part) => sum + (part === '½' ? 0.5 : Number(part)), 0);
        expect(Math.abs(value - servings)).toBeLessThanOrEqual(
          servings < 9.75 ? Math.max(0.25, 0.5 - servings) + 1e-9 : 0.5 + 1e-9,
        );
      }),
    );
  });
});
