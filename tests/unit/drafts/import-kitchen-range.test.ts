import { describe, expect, it } from 'vitest';
import { parseIngredientLine, type ImportedIngredient } from '../../../server/drafts/ingredient-line.ts';
import { inKitchenRange } from '../../../server/drafts/measures.ts';
import { recipeFromText } from '../../../server/drafts/plain-text.ts';
import { ingredientSchema } from '../../../src/lib/recipe-schema.ts';

// Issue 52, item 2: an amount no kitchen measures (negative, in exponent notation, over 100 kg or 100 l, over 10,000
// pieces) is not converted or stored as a quantity: it stays as the page wrote it, first in the note
// (docs/decisions/052-import-measures.md). Up to the limits, lines read as before.
describe('amounts outside a kitchen’s range', () => {
  it.each<[string, ImportedIngredient]>([
    ['99999999999999999999999 oz flour', { name: 'flour', note: '99999999999999999999999 oz' }],
    ['-5 cups milk', { name: 'milk', note: '-5 cups' }],
    ['−5 dl mjölk', { name: 'mjölk', note: '-5 dl' }],
    ['-2 eggs', { name: 'eggs', note: '-2' }],
    ['1e5 cups milk', { name: 'milk', note: '1e5 cups' }],
    ['1.5e3 g sugar', { name: 'sugar', note: '1.5e3 g' }],
    ['250 lb flour', { name: 'flour', note: '250 lb' }],
    ['30 gallons water', { name: 'water', note: '30 gallons' }],
    ['200 kg potatis', { name: 'potatis', note: '200 kg' }],
    ['120 l vatten', { name: 'vatten', note: '120 l' }],
    ['2-300 kg mjöl', { name: 'mjöl', note: '2-300 kg' }],
    ['99999999999999999999999 eggs', { name: 'eggs', note: '99999999999999999999999' }],
    ['-2 (14 oz) cans tomatoes', { name: 'cans tomatoes', note: '-2 (14 oz)' }],
  ])('%s stays as written', (line, expected) => {
    const read = parseIngredientLine(line);
    expect(read).toEqual(expected);
    expect(ingredientSchema.safeParse(read).success).toBe(true);
  });

  // Issue 52, item 4: pasted as text, a line's leading "-" before a digit is the amount's sign, not a list dash.
  it.each<[string, ImportedIngredient]>([
    ['-5 cups flour', { name: 'flour', note: '-5 cups' }],
    ['-2 eggs', { name: 'eggs', note: '-2' }],
    ['- -5 dl mjölk', { name: 'mjölk', note: '-5 dl' }],
    ['• -3 msk smör', { name: 'smör', note: '-3 msk' }],
  ])('%s pasted as text stays as written', (line, expected) => {
    const read = recipeFromText(`Recept\n\nIngredienser\n${line}\n\nGör så här\nBlanda.`)!.ingredients;
    expect(read).toEqual([expected]);
    expect(ingredientSchema.safeParse(read[0]).success).toBe(true);
  });

  it('an amount of hundreds of digits is kept in a note that fits the form', () => {
    const read = parseIngredientLine(`${'9'.repeat(300)} oz flour`);
    expect(read.quantity).toBeUndefined();
    expect(ingredientSchema.safeParse(read).success).toBe(true);
  });

  it.each<[string, ImportedIngredient]>([
    ['100 kg potatis', { name: 'potatis', quantity: { value: 100, unit: 'KILOGRAM' } }],
    ['100 l vatten', { name: 'vatten', quantity: { value: 100, unit: 'LITER' } }],
    ['200 lb flour', { name: 'flour', note: '200 lb', quantity: { value: 90.7, unit: 'KILOGRAM' } }],
    ['5 cups milk', { name: 'milk', note: '5 cups', quantity: { value: 1.2, unit: 'LITER' } }],
    ['2 eggs', { name: 'eggs', quantity: { value: 2, unit: 'PIECES' } }],
  ])('%s, within the range, is read as before', (line, expected) => {
    expect(parseIngredientLine(line)).toEqual(expected);
  });

  it('the range: above 0, at most 100 l or 100 kg in any of our units, 10,000 pieces', () => {
    expect(inKitchenRange({ value: 100_000, unit: 'GRAM' })).toBe(true);
    expect(inKitchenRange({ value: 100_001, unit: 'GRAM' })).toBe(false);
    expect(inKitchenRange({ value: 1000, unit: 'DECILITER' })).toBe(true);
    expect(inKitchenRange({ value: 1001, unit: 'DECILITER' })).toBe(false);
    expect(inKitchenRange({ value: 7000, unit: 'TABLESPOON' })).toBe(false);
    expect(inKitchenRange({ value: 10_000, unit: 'PIECES' })).toBe(true);
    expect(inKitchenRange({ value: 10_001, unit: 'PIECES' })).toBe(false);
    expect(inKitchenRange({ value: -1, unit: 'DECILITER' })).toBe(false);
    expect(inKitchenRange({ value: Infinity, unit: 'GRAM' })).toBe(false);
  });
});
