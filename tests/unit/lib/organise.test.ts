import { describe, expect, it } from 'vitest';
import {
  categoryKey,
  formatMinutes,
  isoDuration,
  isWebAddress,
  minutesFromIsoDuration,
  normaliseCategories,
} from '../../../src/lib/organise.ts';
import {
  categoryListSchema,
  ingredientFormToItem,
  minutesTextSchema,
  recipeInputSchema,
  sourceFormSchema,
  sourceSchema,
} from '../../../src/lib/recipe-schema.ts';
import { scaleRecipe } from '../../../src/lib/scaling.ts';

describe('categories', () => {
  it('are one category whatever the letter case and spacing, the first spelling kept', () => {
    expect(normaliseCategories(['Bakning', 'bakning', ' BAKNING ', 'Till  fest', 'till fest', 'Middag'])).toEqual([
      'Bakning',
      'Till fest',
      'Middag',
    ]);
    expect(categoryKey(' Ärtsoppa  Torsdag')).toBe('ärtsoppa torsdag');
  });

  it('follow the ingredient name rule and the limit of 20', () => {
    expect(categoryListSchema.parse(['Bakning', 'bakning'])).toEqual(['Bakning']);
    expect(categoryListSchema.safeParse(['   ']).error?.issues[0]?.message).toBe('Name is required');
    expect(categoryListSchema.safeParse(['x'.repeat(35)]).error?.issues[0]?.message).toBe('Max 34 characters');
    expect(categoryListSchema.safeParse(['Tab\there']).error?.issues[0]?.message).toBe(
      'Ett eller flera ogiltliga tecken',
    );
    const many = Array.from({ length: 21 }, (_, i) => `Kategori ${i}`);
    expect(categoryListSchema.safeParse(many).error?.issues[0]?.message).toBe('Max 20 categories');
    expect(categoryListSchema.safeParse(many.slice(0, 20)).success).toBe(true);
  });
});

describe('times', () => {
  it('read as a cook reads them', () => {
    expect(formatMinutes(0)).toBe('0 min');
    expect(formatMinutes(45)).toBe('45 min');
    expect(formatMinutes(60)).toBe('1 tim');
    expect(formatMinutes(75)).toBe('1 tim 15 min');
    expect(formatMinutes(1500)).toBe('25 tim');
  });

  it('go to and from ISO 8601 durations', () => {
    expect(isoDuration(75)).toBe('PT1H15M');
    expect(isoDuration(120)).toBe('PT2H');
    expect(isoDuration(0)).toBe('PT0M');
    expect(minutesFromIsoDuration('PT1H15M')).toBe(75);
    expect(minutesFromIsoDuration('pt90m')).toBe(90);
    expect(minutesFromIsoDuration('P0DT0H45M')).toBe(45);
    expect(minutesFromIsoDuration('PT1.5H')).toBe(90);
    expect(minutesFromIsoDuration('PT30S')).toBe(1);
    expect(minutesFromIsoDuration('P1D')).toBe(1440);
    for (const bad of ['', 'P', 'PT', '45 min', 'PT-5M', 'P8D', 'T1H'])
      expect(minutesFromIsoDuration(bad)).toBeUndefined();
  });

  it('are typed as whole minutes, or left empty', () => {
    expect(minutesTextSchema.parse('')).toBeUndefined();
    expect(minutesTextSchema.parse(' 45 ')).toBe(45);
    expect(minutesTextSchema.safeParse('1,5').error?.issues[0]?.message).toBe('Must be a whole number of minutes');
    expect(minutesTextSchema.safeParse('10081').error?.issues[0]?.message).toBe('Max 10080 minutes');
    const base = { name: 'Bröd', servings: 4 };
    expect(recipeInputSchema.safeParse({ ...base, prepTime: -1 }).success).toBe(false);
    expect(recipeInputSchema.safeParse({ ...base, prepTime: 2.5 }).success).toBe(false);
    expect(recipeInputSchema.parse({ ...base, prepTime: 20, totalTime: null }).totalTime).toBeNull();
  });
});

describe('source', () => {
  it('is a web address, a name, or both', () => {
    expect(isWebAddress('https://example.se/recept/1?a=b')).toBe(true);
    for (const bad of [
      'javascript:alert(1)',
      'ftp://x.se',
      'https://',
      'example.se',
      'https://a b.se',
      'https://u@x.se',
    ])
      expect(isWebAddress(bad)).toBe(false);
    expect(sourceSchema.safeParse({ name: 'Mormors kokbok' }).success).toBe(true);
    expect(sourceSchema.safeParse({}).error?.issues[0]?.message).toBe('Give the address or the name of the source');
    expect(sourceSchema.safeParse({ url: 'javascript:alert(1)' }).error?.issues[0]?.message).toBe(
      'Must be a web address starting with http:// or https://',
    );
    expect(sourceFormSchema.parse({ url: '', name: ' ' })).toBeUndefined();
    expect(sourceFormSchema.parse({ url: ' https://x.se/a ', name: '' })).toEqual({ url: 'https://x.se/a' });
  });
});

describe("ingredients that don't scale", () => {
  it('keep their quantity when the servings change; the others scale', () => {
    const recipe = {
      servings: 4,
      ingredients: [
        { name: 'Mjöl', quantity: { value: 6, unit: 'dl' } },
        { name: 'Ägg till pensling', quantity: { value: 1, unit: 'st' }, doNotScale: true },
        { name: 'Salt', doNotScale: true },
      ],
    };
    const scaled = scaleRecipe(recipe, 2);
    expect(scaled.ingredients.map((i) => i.quantity?.value)).toEqual([3, 1, undefined]);
    expect(scaleRecipe(recipe, 8).ingredients[1]).toEqual(recipe.ingredients[1]);
  });

  it('is a checkbox in the ingredient dialog', () => {
    expect(ingredientFormToItem({ name: 'Salt', quantity: '1', unit: 'krm', doNotScale: true })).toEqual({
      name: 'Salt',
      quantity: { value: 1, unit: 'krm' },
      doNotScale: true,
    });
    expect(ingredientFormToItem({ name: 'Salt', quantity: '', unit: '', doNotScale: false })).toEqual({ name: 'Salt' });
  });
});
