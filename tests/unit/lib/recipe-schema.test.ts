import { describe, expect, it } from 'vitest';
import {
  ALLOWED_CHARACTERS,
  ingredientExtras,
  ingredientFormSchema,
  ingredientSchema,
  MAX_INGREDIENTS,
  MESSAGES,
  parseQuantityText,
  recipeFormSchema,
  recipeInputSchema,
} from '../../../src/lib/recipe-schema.ts';
import { isWebAddress } from '../../../src/lib/organise.ts';
import { SEED_RECIPES } from '../../../server/db/transfer/seed-recipes.ts';
import { toKeys } from '../../../src/client/api.ts';
import { valuesToRecipe } from '../../../src/features/editor/recipe-form-values.ts';

/** The first message per field path, as the API and the forms show them. */
function messages(
  schema: {
    safeParse(v: unknown): { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } };
  },
  value: unknown,
) {
  const result = schema.safeParse(value);
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) out[issue.path.join('.')] ??= issue.message;
  return out;
}

const SYMBOLS = [
  '.',
  ',',
  ':',
  ';',
  '!',
  '?',
  '(',
  ')',
  '-',
  '–',
  '*',
  '°',
  '½',
  '"',
  "'",
  '`',
  'é',
  'è',
  '—',
  '_',
  '^',
  '´',
  '=',
  '#',
  '%',
  '&',
  '/',
  '[',
  ']',
  '{',
  '}',
  '€',
  '$',
  '@',
  '¨',
  '<',
  '>',
  '|',
];
const base = { name: 'Äggröra', servings: 4 };

describe('allowed characters (section 5)', () => {
  it.each(SYMBOLS)('accepts %s', (symbol) => {
    expect(ALLOWED_CHARACTERS.test(`a${symbol}b`)).toBe(true);
  });

  it('accepts Swedish and other letters, digits, space and newline', () => {
    expect(ALLOWED_CHARACTERS.test('åäö ÅÄÖ éè ü ñ 0123456789\nrad två')).toBe(true);
  });

  it.each([
    ['tab', '\t'],
    ['emoji', '🍰'],
    ['tilde', '~'],
    ['plus', '+'],
    ['backslash', '\\'],
    ['carriage return', '\r'],
    ['null', '\0'],
    ['section sign', '§'],
  ])('rejects %s', (_, char) => {
    expect(ALLOWED_CHARACTERS.test(`a${char}b`)).toBe(false);
    expect(messages(recipeInputSchema, { ...base, name: `a${char}b` })).toEqual({ name: MESSAGES.invalidCharacters });
  });
});

describe('recipeInputSchema (API bodies)', () => {
  it('has the spec messages, exactly', () => {
    expect(MESSAGES).toMatchObject({
      nameRequired: 'Name is required',
      max64: 'Max 64 characters',
      invalidCharacters: 'Ett eller flera ogiltliga tecken',
      max10000: 'Max 10000 characters',
      min1: 'Must be 1 or more',
      max100: 'Max 100',
      notANumber: 'Must be a number',
      max34: 'Max 34 characters',
      max5: 'Max 5 characters',
    });
  });

  it('checks the recipe name at its boundaries', () => {
    expect(messages(recipeInputSchema, { ...base, name: 'a'.repeat(64) })).toEqual({});
    expect(messages(recipeInputSchema, { ...base, name: 'a'.repeat(65) })).toEqual({ name: 'Max 64 characters' });
    expect(messages(recipeInputSchema, { ...base, name: '' })).toEqual({ name: 'Name is required' });
    expect(messages(recipeInputSchema, { ...base, name: '   ' })).toEqual({ name: 'Name is required' });
    expect(messages(recipeInputSchema, { servings: 4 })).toEqual({ name: 'Name is required' });
  });

  it('checks instructions at 10000/10001 and defaults them to empty', () => {
    expect(messages(recipeInputSchema, { ...base, instructions: 'a'.repeat(10000) })).toEqual({});
    expect(messages(recipeInputSchema, { ...base, instructions: 'a'.repeat(10001) })).toEqual({
      instructions: 'Max 10000 characters',
    });
    expect(recipeInputSchema.parse(base).instructions).toBe('');
  });

  it.each([
    [0, 'Must be 1 or more'],
    [1, undefined],
    [100, undefined],
    [101, 'Max 100'],
    [1.5, 'Must be a number'],
    ['4', 'Must be a number'],
    [null, 'Must be a number'],
  ])('servings %s', (servings, message) => {
    expect(messages(recipeInputSchema, { ...base, servings })).toEqual(message ? { servings: message } : {});
  });

  it('checks ingredient names at 34/35 and quantities', () => {
    const ing = (ingredient: unknown) => messages(recipeInputSchema, { ...base, ingredients: [ingredient] });
    expect(ing({ name: 'a'.repeat(34) })).toEqual({});
    expect(ing({ name: 'a'.repeat(35) })).toEqual({ 'ingredients.0.name': 'Max 34 characters' });
    expect(ing({ name: '' })).toEqual({ 'ingredients.0.name': 'Name is required' });
    expect(ing({ name: 'Mjöl', quantity: { value: 1.5, unit: 'DECILITER' } })).toEqual({});
    expect(ing({ name: 'Mjöl', quantity: { value: '1.5', unit: 'DECILITER' } })).toEqual({
      'ingredients.0.quantity.value': 'Must be a number',
    });
    expect(ing({ name: 'Mjöl', quantity: { value: 1, unit: 'dl' } })).toEqual({
      'ingredients.0.quantity.unit': 'Unknown unit',
    });
    expect(ing({ name: 'Mjöl', quantity: { value: 1e308, unit: 'GRAM' } })).toEqual({
      'ingredients.0.quantity.value': 'Must be a number',
    });
  });

  it('drops unknown fields, author included', () => {
    const parsed = recipeInputSchema.parse({
      ...base,
      author: 'mallory',
      extra: 1,
      ingredients: [{ name: 'Ägg', color: 'röd', quantity: { value: 2, unit: 'PIECES', x: 1 } }],
    });
    expect(parsed).toEqual({
      ...base,
      instructions: '',
      ingredients: [{ name: 'Ägg', quantity: { value: 2, unit: 'PIECES' } }],
    });
    expect(ingredientSchema.parse({ name: 'Salt' })).toEqual({ name: 'Salt' });
  });

  it('accepts every seed recipe', () => {
    for (const recipe of SEED_RECIPES) expect(messages(recipeInputSchema, recipe), recipe.name).toEqual({});
  });
});

describe('form schemas', () => {
  it.each([
    ['', undefined],
    ['1', undefined],
    ['-1,5', undefined],
    ['+2.25', undefined],
    ['12345', undefined],
    ['123456', 'Max 5 characters'],
    ['1,2,3', 'Must be a number'],
    ['abc', 'Must be a number'],
    ['.5', 'Must be a number'],
    ['1 dl', 'Must be a number'],
  ])('quantity text %j', (quantity, message) => {
    expect(messages(ingredientFormSchema, { name: 'Mjöl', quantity, unit: 'dl' })).toEqual(
      message ? { quantity: message } : {},
    );
  });

  it.each([
    ['4', undefined],
    [4, undefined],
    ['1', undefined],
    ['100', undefined],
    ['0', 'Must be 1 or more'],
    ['-3', 'Must be 1 or more'],
    ['101', 'Max 100'],
    ['1.5', 'Must be a number'],
    ['1,5', 'Must be a number'],
    ['', 'Must be a number'],
    ['fyra', 'Must be a number'],
  ])('servings %j', (servings, message) => {
    const values = { name: 'Pannkakor', servings, instructions: '', ingredients: [], photos: [] };
    expect(messages(recipeFormSchema, values)).toEqual(message ? { servings: message } : {});
  });

  it("holds the form to the API's limit of ingredients, with the API's message", () => {
    const list = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `Ingrediens ${i}` }));
    const values = (n: number) => ({
      name: 'Pannkakor',
      servings: 4,
      instructions: '',
      ingredients: list(n),
      photos: [],
    });
    expect(messages(recipeFormSchema, values(MAX_INGREDIENTS))).toEqual({});
    expect(messages(recipeFormSchema, values(MAX_INGREDIENTS + 1))).toEqual({ ingredients: 'Max 100 ingredients' });
    expect(messages(recipeInputSchema, values(MAX_INGREDIENTS + 1))).toEqual({ ingredients: 'Max 100 ingredients' });
  });

  it('turns servings text into a number', () => {
    expect(
      recipeFormSchema.parse({ name: 'Pannkakor', servings: '6', instructions: '', ingredients: [], photos: [] })
        .servings,
    ).toBe(6);
  });

  it('parses quantity text with , or .', () => {
    expect(parseQuantityText('1,5')).toBe(1.5);
    expect(parseQuantityText('2.25')).toBe(2.25);
    expect(parseQuantityText('-3')).toBe(-3);
    expect(parseQuantityText('')).toBeUndefined();
    expect(parseQuantityText('abc')).toBeUndefined();
  });

  it('builds an API body that the API schema accepts', () => {
    const values = recipeFormSchema.parse({
      name: 'Pannkakor',
      servings: '4',
      instructions: 'Stek.',
      ingredients: [{ name: 'Mjölk', quantity: { value: 6, unit: 'dl' } }, { name: 'Smör' }],
      photos: [],
    });
    // The path the editor takes: form values -> the client's recipe (labels) -> the wire (keys).
    const body = toKeys(valuesToRecipe(values, { id: 7, version: 2 }));
    expect(body).toEqual({
      id: 7,
      version: 2,
      name: 'Pannkakor',
      servings: 4,
      instructions: 'Stek.',
      ingredients: [{ name: 'Mjölk', quantity: { value: 6, unit: 'DECILITER' } }, { name: 'Smör' }],
      photos: [],
      categories: [],
      prepTime: null,
      totalTime: null,
      source: null,
    });
    expect(recipeInputSchema.safeParse(body).success).toBe(true);
  });
});

describe('control and format characters (issue 35)', () => {
  const CHARACTERS = [
    '\u0000',
    '\u0001',
    '\u001b',
    '\u007f',
    '\u0085',
    '\u009f',
    '\u00ad',
    '\u200b',
    '\u202e',
    '\ufeff',
  ];
  const body = (source: unknown) => ({ name: 'Kaka', servings: 4, source });
  const form = (url: string) => ({
    name: 'Kaka',
    servings: '4',
    instructions: '',
    ingredients: [],
    photos: [],
    source: { url, name: '' },
  });

  it.each(CHARACTERS.map((c) => [`U+${c.codePointAt(0)!.toString(16)}`, c]))(
    'refuses %s in a source address, as the API and the form, with the invalid-characters message',
    (_, char) => {
      for (const url of [`https://a.example/x${char}`, `${char}https://a.example/`, `https://a${char}.example/`]) {
        expect(isWebAddress(url)).toBe(false);
        expect(messages(recipeInputSchema, body({ url }))).toEqual({ 'source.url': MESSAGES.invalidCharacters });
        expect(messages(recipeFormSchema, form(url))).toEqual({ 'source.url': MESSAGES.invalidCharacters });
      }
      expect(messages(recipeInputSchema, body({ name: `Mormor${char}` }))).toEqual({
        'source.name': MESSAGES.invalidCharacters,
      });
    },
  );

  it('keeps addresses with any printable character, and a newline in instructions', () => {
    const url = 'https://a.example/sök?q=kaka+1&x=~%20#Steg_2';
    expect(messages(recipeInputSchema, body({ url }))).toEqual({});
    expect(messages(recipeInputSchema, { ...body(undefined), instructions: 'Rad ett\nRad två' })).toEqual({});
  });
});

describe('preparation time within the total (issue 35)', () => {
  const body = (times: object) => ({ name: 'Kaka', servings: 4, ...times });
  const form = (prepTime: string, totalTime: string) => ({
    name: 'Kaka',
    servings: '4',
    instructions: '',
    ingredients: [],
    photos: [],
    prepTime,
    totalTime,
  });

  it.each([
    [{ prepTime: 20, totalTime: 20 }, {}],
    [{ prepTime: 0, totalTime: 5 }, {}],
    [{ prepTime: 30 }, {}],
    [{ totalTime: 0 }, {}],
    [{ prepTime: 30, totalTime: null }, {}],
    [{ prepTime: 21, totalTime: 20 }, { prepTime: 'Kan inte vara längre än total tid' }],
    [{ prepTime: 10080, totalTime: 0 }, { prepTime: 'Kan inte vara längre än total tid' }],
  ])('API body %j', (times, expected) => {
    expect(messages(recipeInputSchema, body(times))).toEqual(expected);
  });

  it.each([
    ['20', '20', {}],
    ['', '5', {}],
    ['45', '', {}],
    ['45', '30', { prepTime: 'Kan inte vara längre än total tid' }],
    ['x', '30', { prepTime: 'Must be a whole number of minutes' }],
  ])('form prep %j, total %j', (prepTime, totalTime, expected) => {
    expect(messages(recipeFormSchema, form(prepTime, totalTime))).toEqual(expected);
  });
});

describe('ingredientExtras', () => {
  it('keeps a heading only when set and doNotScale only when true', () => {
    expect(ingredientExtras({})).toEqual({});
    expect(ingredientExtras({ heading: null, doNotScale: null })).toEqual({});
    expect(ingredientExtras({ heading: '', doNotScale: false })).toEqual({});
    expect(ingredientExtras({ heading: 'Till degen', doNotScale: true })).toEqual({
      heading: 'Till degen',
      doNotScale: true,
    });
  });

  it('puts the heading before doNotScale, so a spread after the name and quantity keeps the API order', () => {
    const ingredient = { name: 'Salt', ...ingredientExtras({ doNotScale: true, heading: 'Till degen' }) };
    expect(JSON.stringify(ingredient)).toBe('{"name":"Salt","heading":"Till degen","doNotScale":true}');
  });

  it('keeps a note only when it is not blank, as written, before the heading (the schema order)', () => {
    expect(ingredientExtras({ note: null })).toEqual({});
    expect(ingredientExtras({ note: '' })).toEqual({});
    expect(ingredientExtras({ note: ' \n ' })).toEqual({});
    expect(ingredientExtras({ note: ' siktat ' })).toEqual({ note: ' siktat ' });
    const ingredient = { name: 'Salt', ...ingredientExtras({ doNotScale: true, heading: 'Till degen', note: 'fint' }) };
    expect(JSON.stringify(ingredient)).toBe('{"name":"Salt","note":"fint","heading":"Till degen","doNotScale":true}');
  });
});
