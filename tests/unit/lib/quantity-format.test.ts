import { describe, expect, it } from 'vitest';
import { formatIngredientQuantity } from '../../../src/lib/kitchen-amount.ts';
import {
  formatEditorAmounts,
  formatEditorQuantity,
  parseAmount,
  quantityEditText,
} from '../../../src/lib/quantity-format.ts';
import { parseQuantityText } from '../../../src/lib/recipe-schema.ts';

// The kitchen rounding per unit is in quantity-kitchen.test.ts; this file covers the text around it.

describe('formatIngredientQuantity', () => {
  it('puts the unit label after the number', () => {
    expect(formatIngredientQuantity({ value: 0.5, unit: 'tsk' })).toBe('½ tsk');
    expect(formatIngredientQuantity({ value: 3, unit: '' })).toBe('3');
    expect(formatIngredientQuantity({ value: 3 })).toBe('3');
    expect(formatIngredientQuantity({ value: 1.3, unit: 'dl' })).toBe('1,3 dl');
    expect(formatIngredientQuantity(undefined)).toBe('');
  });

  it('shows no amount for zero, a negative or a non-finite value', () => {
    for (const value of [0, -0, -2, -0.001, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])
      expect(formatIngredientQuantity({ value, unit: 'dl' })).toBe('');
  });
});

describe('parseAmount', () => {
  it.each([
    ['3', 3],
    ['1,5', 1.5],
    ['1.5', 1.5],
    ['-3', -3],
    ['+2', 2],
    ['½', 0.5],
    ['¼', 0.25],
    ['¾', 0.75],
    ['⅓', 0.333333],
    ['⅔', 0.666667],
    ['⅛', 0.125],
    ['1/2', 0.5],
    ['1⁄2', 0.5],
    ['3/4', 0.75],
    ['1/3', 0.333333],
    ['1 1/2', 1.5],
    ['2 3/4', 2.75],
    ['1 ½', 1.5],
    ['1½', 1.5],
    ['-1/2', -0.5],
    ['-0', 0],
  ])('reads %s as %s', (text, value) => {
    expect(parseAmount(text)).toBe(value);
  });

  it.each(['', 'en', '1,', ',5', '1/0', '1/', '/2', '1 /2', '½½', '1 1', '1,5/2', '1-2', '1e3', '0x10'])(
    'refuses %j',
    (text) => {
      expect(parseAmount(text)).toBeUndefined();
    },
  );

  it('is the form’s quantity reader', () => {
    expect(parseQuantityText('1 1/2')).toBe(1.5);
    expect(parseQuantityText('')).toBeUndefined();
  });
});

describe('quantityEditText', () => {
  it('is the kitchen text where that is exactly the stored value', () => {
    expect(quantityEditText(2.5, 'dl')).toBe('2 ½');
    expect(quantityEditText(0.5, 'tsk')).toBe('½');
    expect(quantityEditText(1.75, 'msk')).toBe('1 ¾');
    expect(quantityEditText(1.3, 'dl')).toBe('1,3');
    expect(quantityEditText(2.5)).toBe('2 ½');
    expect(quantityEditText(450, 'g')).toBe('450');
  });

  it('is exactly the stored value where the kitchen text is rounded', () => {
    expect(quantityEditText(0.333, 'tsk')).toBe('0,333');
    expect(quantityEditText(0.38, 'tsk')).toBe('0,38');
    expect(quantityEditText(12, 'g')).toBe('12');
    expect(quantityEditText(0.45, 'kg')).toBe('0,45');
    expect(quantityEditText(0.2, 'krm')).toBe('0,2');
    expect(quantityEditText(-2, 'dl')).toBe('-2');
    expect(quantityEditText(0, 'dl')).toBe('0');
  });

  it('writes a third (6 significant digits) as a fraction of at most 5 characters', () => {
    expect(quantityEditText(0.333333, 'tsk')).toBe('⅓');
    expect(quantityEditText(0.666667, 'dl')).toBe('⅔');
    expect(quantityEditText(1.33333, 'dl')).toBe('1 ⅓');
    expect(quantityEditText(0.142857, 'dl')).toBe('1/7');
  });

  it('keeps every decimal of a value that no 5-character text reads back to (the dialog then asks)', () => {
    expect(quantityEditText(1.23456, 'dl')).toBe('1,23456');
  });

  it('always reads back to exactly the stored value', () => {
    for (const unit of ['krm', 'tsk', 'msk', 'dl', 'l', 'ml', 'g', 'kg', 'mg', 'st', '', 'okänd'])
      for (const value of [2.5, 3, 0.333333, 0.666667, -1.25, 100, 0.05, 1.88, 0.999, 1234, 0.0125, 1.23456]) {
        const text = quantityEditText(value, unit);
        expect(text).not.toContain('.');
        expect(parseQuantityText(text), `${value} ${unit}: ${text}`).toBe(value);
      }
  });
});

describe('formatEditorQuantity (the stored value as text: history, and a row the page shows no amount for)', () => {
  it('shows the page’s text where it is exact, else the stored value', () => {
    expect(formatEditorQuantity({ value: 0.5, unit: 'tsk' })).toBe('½ tsk');
    expect(formatEditorQuantity({ value: 2.5, unit: 'st' })).toBe('2 ½ st');
    expect(formatEditorQuantity({ value: 3, unit: '' })).toBe('3');
    expect(formatEditorQuantity({ value: 0.38, unit: 'tsk' })).toBe('0,38 tsk');
    expect(formatEditorQuantity({ value: 0.45, unit: 'kg' })).toBe('0,45 kg');
    expect(formatEditorQuantity({ value: -2, unit: 'dl' })).toBe('-2 dl');
    expect(formatEditorQuantity(undefined)).toBe('');
  });
});

// Issue 54, item 3: an imported draft showed '4 ¾ dl' and the saved page '4,8 dl' for the same amount.
describe('formatEditorAmounts (the editor’s rows, an imported draft’s included)', () => {
  it('shows each row as the saved page shows the whole list', () => {
    const draft = [
      { name: 'Mjölk', quantity: { value: 4.75, unit: 'dl' } },
      { name: 'Sirap', quantity: { value: 1.3, unit: 'dl' } },
      { name: 'Ägg', quantity: { value: 3, unit: 'st' } },
      { name: 'Hönsbuljongtärning', quantity: { value: 1.5, unit: 'st' } },
      { name: 'Salt', quantity: { value: 0.333, unit: 'tsk' } },
      { name: 'Saffran', quantity: { value: 0.5, unit: 'g' } },
      { name: 'Peppar' },
    ];
    expect(formatEditorAmounts(draft)).toEqual(['4,8 dl', '1,3 dl', '3', '1 ½', '¼ tsk', '0,5 g', '']);
  });

  it('shows an amount the page leaves out as stored, so it can be corrected', () => {
    expect(
      formatEditorAmounts([
        { name: 'Mjölk', quantity: { value: -2, unit: 'dl' } },
        { name: 'Salt', quantity: { value: 0, unit: 'tsk' } },
      ]),
    ).toEqual(['-2 dl', '0 tsk']);
  });
});
