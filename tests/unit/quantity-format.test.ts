import { describe, expect, it } from 'vitest';
import { formatIngredientQuantity, formatQuantity, quantityEditText } from '../../src/lib/quantity-format.ts';
import { parseQuantityText } from '../../src/lib/recipe-schema.ts';

describe('formatQuantity', () => {
  it.each([
    [0.5, '½'],
    [0.25, '¼'],
    [0.75, '¾'],
    [1 / 3, '⅓'],
    [0.333333, '⅓'],
    [2 / 3, '⅔'],
    [0.666667, '⅔'],
  ])('writes the exact fraction %s as %s', (value, text) => {
    expect(formatQuantity(value)).toBe(text);
  });

  it.each([
    [1.5, '1,5'],
    [0.33, '0,33'],
    [2, '2'],
    [2.5, '2,5'],
    [1.25, '1,25'],
    [0.125, '0,13'],
    [3.999, '4'],
    [12.3456, '12,35'],
    [1500, '1500'],
  ])('writes %s with a decimal comma and at most two decimals: %s', (value, text) => {
    expect(formatQuantity(value)).toBe(text);
  });

  it('never writes 0 for a tiny non-zero amount', () => {
    expect(formatQuantity(0.004)).toBe('< 0,01');
    expect(formatQuantity(0.0001)).not.toMatch(/^0$/);
    expect(formatQuantity(0.005)).toBe('0,01');
    expect(formatQuantity(0)).toBe('0');
  });

  it('puts the unit label after the number', () => {
    expect(formatIngredientQuantity({ value: 0.5, unit: 'tsk' })).toBe('½ tsk');
    expect(formatIngredientQuantity({ value: 3, unit: '' })).toBe('3');
    expect(formatIngredientQuantity({ value: 1.5, unit: 'dl' })).toBe('1,5 dl');
    expect(formatIngredientQuantity(undefined)).toBe('');
  });
});

describe('quantityEditText', () => {
  it('writes the exact amount with a decimal comma, which the form reads back unchanged', () => {
    for (const value of [2.5, 3, 0.333333, -1.25, 100]) {
      const text = quantityEditText(value);
      expect(text).not.toContain('.');
      expect(parseQuantityText(text)).toBe(value);
    }
    expect(quantityEditText(2.5)).toBe('2,5');
  });
});
