import { describe, expect, it } from 'vitest';
import { toKeys, toLabels, type Recipe } from '../../../src/client/api.ts';
import {
  editorFormSchema,
  emptyRecipeValues,
  importedToValues,
  itemToDialogValues,
  quantitySummary,
  recipeToValues,
  valuesToRecipe,
} from '../../../src/features/editor/recipe-form-values.ts';
import {
  ingredientFormSchema,
  ingredientFormToItem,
  MESSAGES,
  parseQuantityText,
  recipeFormSchema,
} from '../../../src/lib/recipe-schema.ts';
import { MAX_PHOTOS, PHOTO_MESSAGES, type Photo } from '../../../src/lib/photo-schema.ts';

describe('form defaults', () => {
  it('start with an empty name, empty instructions, servings 4, no ingredients, photos, categories, times or source', () => {
    expect(emptyRecipeValues()).toEqual({
      name: '',
      servings: '4',
      instructions: '',
      ingredients: [],
      photos: [],
      categories: [],
      prepTime: '',
      totalTime: '',
      source: { url: '', name: '' },
    });
  });

  it('are invalid only because the name is required', () => {
    const r = recipeFormSchema.safeParse(emptyRecipeValues());
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['name', MESSAGES.nameRequired]]);
  });
});

describe('quantity text in the ingredient dialog', () => {
  it('accepts a decimal comma as well as a point', () => {
    expect(parseQuantityText('1,5')).toBe(1.5);
    expect(parseQuantityText('1.5')).toBe(1.5);
    expect(ingredientFormToItem({ name: 'Mjölk', quantity: '2,5', unit: 'dl' })).toEqual({
      name: 'Mjölk',
      quantity: { value: 2.5, unit: 'dl' },
    });
    expect(ingredientFormSchema.safeParse({ name: 'Mjölk', quantity: '0,25', unit: '' }).success).toBe(true);
  });

  it('treats an empty quantity as no quantity and rejects text', () => {
    expect(ingredientFormToItem({ name: 'Salt', quantity: '', unit: '' })).toEqual({ name: 'Salt' });
    const bad = ingredientFormSchema.safeParse({ name: 'Salt', quantity: 'en', unit: '' });
    expect(bad.error?.issues[0]?.message).toBe(MESSAGES.notANumber);
  });

  it('prefills edit mode with the kitchen text the page shows, and the unit label', () => {
    expect(itemToDialogValues({ name: 'Mjöl', quantity: { value: 1.5, unit: 'dl' } })).toEqual({
      name: 'Mjöl',
      quantity: '1 ½',
      unit: 'dl',
      note: '',
      doNotScale: false,
    });
    expect(itemToDialogValues({ name: 'Mjöl', quantity: { value: 1.3, unit: 'dl' } }).quantity).toBe('1,3');
    expect(itemToDialogValues(undefined)).toEqual({ name: '', quantity: '', unit: '', note: '', doNotScale: false });
    expect(itemToDialogValues({ name: 'Ägg', doNotScale: true }).doNotScale).toBe(true);
    expect(quantitySummary({ name: 'Ägg', quantity: { value: 3, unit: '' } })).toBe('3');
    expect(quantitySummary({ name: 'Mjöl', quantity: { value: 0.5, unit: 'dl' } })).toBe('½ dl');
  });

  it('prefills an amount with no exact kitchen text as exactly the stored value', () => {
    // The page shows ¼ tsk for 0.333 tsk; the dialog must not offer ¼ (saving it would change the amount).
    expect(itemToDialogValues({ name: 'Salt', quantity: { value: 0.333, unit: 'tsk' } }).quantity).toBe('0,333');
    expect(quantitySummary({ name: 'Salt', quantity: { value: 0.333, unit: 'tsk' } })).toBe('0,333 tsk');
    // A third as imported or scaled (6 significant digits) fits 5 characters only as a fraction.
    expect(itemToDialogValues({ name: 'Salt', quantity: { value: 0.333333, unit: 'tsk' } }).quantity).toBe('⅓');
    expect(itemToDialogValues({ name: 'Mjöl', quantity: { value: 0.45, unit: 'kg' } }).quantity).toBe('0,45');
  });

  it('accepts the fractions the importer reads, at most 5 characters, and stores the number', () => {
    for (const [text, value] of [
      ['1/2', 0.5],
      ['½', 0.5],
      ['1 1/2', 1.5],
      ['1 ½', 1.5],
      ['1½', 1.5],
      ['3/4', 0.75],
      ['1/3', 0.333333],
      ['-1/2', -0.5],
    ] as const) {
      expect(ingredientFormSchema.safeParse({ name: 'Mjölk', quantity: text, unit: 'dl' }).success).toBe(true);
      expect(ingredientFormToItem({ name: 'Mjölk', quantity: text, unit: 'dl' })).toEqual({
        name: 'Mjölk',
        quantity: { value, unit: 'dl' },
      });
    }
    const long = ingredientFormSchema.safeParse({ name: 'Mjölk', quantity: '10 1/2', unit: 'dl' });
    expect(long.error?.issues.map((i) => i.message)).toEqual([MESSAGES.max5]);
    for (const bad of ['1/0', '1/', '/2', '1 /2', '½½', '1 1', ' 1/2', '1,5/2']) {
      const r = ingredientFormSchema.safeParse({ name: 'Mjölk', quantity: bad, unit: 'dl' });
      expect(
        r.error?.issues.map((i) => i.message),
        bad,
      ).toEqual([MESSAGES.notANumber]);
    }
  });

  it('reads every prefill back to the stored value, so an unchanged save changes nothing', () => {
    const units = ['krm', 'tsk', 'msk', 'dl', 'l', 'ml', 'g', 'kg', 'mg', 'st', ''];
    const values = [0.25, 0.5, 0.75, 1.5, 2.25, 0.333333, 0.666667, 1.33333, 0.166667, 0.333, 1.88, 12, 450, -2];
    for (const unit of units)
      for (const value of values) {
        const prefill = itemToDialogValues({ name: 'x', quantity: { value, unit: unit as 'dl' } });
        expect(prefill.quantity.length, `${value} ${unit}`).toBeLessThanOrEqual(5);
        expect(ingredientFormToItem(prefill).quantity?.value, `${value} ${unit}`).toBe(value);
      }
  });
});

describe('label <-> key conversion around a save', () => {
  const fromServer: Recipe = {
    id: 7,
    version: 3,
    name: 'Pannkakor',
    author: 'redaktor',
    servings: 4,
    instructions: 'Vispa.',
    ingredients: [
      { name: 'Mjöl', quantity: { value: 2.5, unit: 'DECILITER' } },
      { name: 'Ägg', quantity: { value: 3, unit: 'NONE' } },
      { name: 'Salt' },
    ],
  };

  it('shows labels in the form and sends keys (no unit -> NONE) on save', () => {
    const values = recipeToValues(toLabels(fromServer));
    expect(values.ingredients.map(({ key: _k, ...i }) => i)).toEqual([
      { name: 'Mjöl', quantity: { value: 2.5, unit: 'dl' } },
      { name: 'Ägg', quantity: { value: 3, unit: '' } },
      { name: 'Salt' },
    ]);
    expect(new Set(values.ingredients.map((i) => i.key)).size).toBe(3);

    const parsed = recipeFormSchema.parse(values);
    const outgoing = toKeys(valuesToRecipe(parsed, { id: 7, version: 3 }));
    const { author: _author, ...sent } = fromServer;
    // The form is the whole recipe: what it leaves empty is saved as none ([] or null removes any).
    expect(outgoing).toEqual({
      ...sent,
      servings: 4,
      photos: [],
      categories: [],
      prepTime: null,
      totalTime: null,
      source: null,
    });
    // The row keys are the editor's own: they never reach the API.
    expect(JSON.stringify(outgoing)).not.toContain('row-');
  });

  it('every offered label maps to its key', () => {
    const labels = ['l', 'dl', 'ml', 'msk', 'tsk', 'krm', 'g', 'kg', 'mg', 'st'];
    const r = toKeys({
      ...fromServer,
      ingredients: labels.map((unit) => ({ name: unit, quantity: { value: 1, unit } })),
    });
    expect(r.ingredients.map((i) => i.quantity?.unit)).toEqual([
      'LITER',
      'DECILITER',
      'MILLILITER',
      'TABLESPOON',
      'TEASPOON',
      'PINCH',
      'GRAM',
      'KILOGRAM',
      'MILLIGRAM',
      'PIECES',
    ]);
  });
});

describe('an imported draft as form values', () => {
  const draft = {
    name: 'Kladdkaka',
    servings: 8,
    instructions: 'Rör.\nGrädda.',
    ingredients: [
      { name: 'smör', quantity: { value: 100, unit: 'g' } },
      { name: 'ägg', quantity: { value: 2, unit: '' } },
      { name: 'salt' },
    ],
  };

  it('fills every field, ingredients as rows with their own keys', () => {
    const values = importedToValues(toLabels({ ...draft, ingredients: toKeys(draft).ingredients }), '4');
    expect(values).toMatchObject({ name: 'Kladdkaka', servings: '8', instructions: 'Rör.\nGrädda.' });
    expect(values.ingredients.map(({ key: _key, ...item }) => item)).toEqual(draft.ingredients);
    expect(new Set(values.ingredients.map((r) => r.key)).size).toBe(3);
  });

  it('keeps the servings the form has when the page names none', () => {
    expect(importedToValues({ ...draft, servings: null }, '6').servings).toBe('6');
  });
});

describe('photos in the form', () => {
  const photo = (id: string, alt: string): Photo => ({
    id,
    alt,
    width: 600,
    height: 400,
    placeholder: 'YJqGPQw7sFlslqhFafSE+Q6oJ1h2iHB2Rw==',
    files: [{ use: 'square', format: 'webp', width: 160, height: 160, file: `${'a'.repeat(64)}.webp` }],
  });
  const stored: Recipe = {
    id: 9,
    version: 2,
    name: 'Bullar',
    author: 'redaktor',
    servings: 12,
    instructions: '',
    ingredients: [],
    photos: [photo('AAAAAAAAAAAAAAAAAAAAAA', 'Bullar på plåt'), photo('BBBBBBBBBBBBBBBBBBBBBB', '')],
  };

  it('come whole from the stored recipe (for the previews) and go out as ids and texts, in order', () => {
    const values = recipeToValues(stored);
    expect(values.photos).toEqual(stored.photos);
    const parsed = recipeFormSchema.parse({ ...values, photos: [...values.photos].reverse() });
    expect(valuesToRecipe(parsed, stored).photos).toEqual([
      { id: 'BBBBBBBBBBBBBBBBBBBBBB', alt: '' },
      { id: 'AAAAAAAAAAAAAAAAAAAAAA', alt: 'Bullar på plåt' },
    ]);
  });

  it('default to none when the recipe or the imported page has none', () => {
    const { photos: _photos, ...withoutPhotos } = stored;
    expect(recipeToValues(withoutPhotos).photos).toEqual([]);
    expect(importedToValues({ name: 'x', servings: null, instructions: '', ingredients: [] }, '4').photos).toEqual([]);
  });

  it('refuse a text alternative over 200 characters or with characters outside the rule, at that photo', () => {
    const values = recipeToValues(stored);
    const long = recipeFormSchema.safeParse({
      ...values,
      photos: [values.photos[0], photo('C'.repeat(22), 'x'.repeat(201))],
    });
    expect(long.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['photos.1.alt', PHOTO_MESSAGES.maxAlt],
    ]);
    const odd = recipeFormSchema.safeParse({ ...values, photos: [photo('D'.repeat(22), 'Bild\u0000')] });
    expect(odd.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['photos.0.alt', MESSAGES.invalidCharacters],
    ]);
  });

  it('refuse a ninth photo', () => {
    const nine = Array.from({ length: MAX_PHOTOS + 1 }, (_, i) => photo(String(i).padStart(22, 'P'), ''));
    const r = recipeFormSchema.safeParse({ ...recipeToValues(stored), photos: nine });
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['photos', PHOTO_MESSAGES.maxPhotos]]);
  });
});

describe("an ingredient's note in the editor (issue 37)", () => {
  const stored: Recipe = {
    id: 4,
    name: 'Bullar',
    author: 'redaktor',
    instructions: '',
    servings: 4,
    version: 2,
    createdAt: '2026-11-27T00:00:00.000Z',
    updatedAt: '2026-11-27T00:00:00.000Z',
    ingredients: [
      { name: 'vetemjöl', quantity: { value: 5, unit: 'dl' }, note: 'siktat', heading: 'Till degen' },
      { name: 'salt', note: 'flingsalt', doNotScale: true },
      { name: 'smör' },
    ],
  };

  it('goes from the stored recipe into the rows and out again on save, unchanged', () => {
    const values = recipeToValues(stored);
    const rows = values.ingredients.filter((r) => !('kind' in r && r.kind === 'heading'));
    expect(rows.map((r) => ('note' in r ? r.note : undefined))).toEqual(['siktat', 'flingsalt', undefined]);
    const output = editorFormSchema.parse(values);
    expect(valuesToRecipe(output).ingredients).toEqual(stored.ingredients);
  });

  it('is the dialog field: prefilled in edit mode, blank is none, at most 100 allowed characters', () => {
    expect(itemToDialogValues({ name: 'vetemjöl', note: 'siktat' }).note).toBe('siktat');
    expect(ingredientFormToItem({ name: 'vetemjöl', quantity: '2', unit: 'dl', note: 'siktat' })).toEqual({
      name: 'vetemjöl',
      quantity: { value: 2, unit: 'dl' },
      note: 'siktat',
    });
    expect(ingredientFormToItem({ name: 'salt', quantity: '', unit: '', note: '  ' })).toEqual({ name: 'salt' });
    const message = (note: string) =>
      ingredientFormSchema.safeParse({ name: 'salt', quantity: '', unit: '', note }).error?.issues[0]?.message;
    expect(message('å'.repeat(100))).toBeUndefined();
    expect(message('å'.repeat(101))).toBe('Max 100 characters');
    expect(message('Philadelphia®')).toBe(MESSAGES.invalidCharacters);
  });

  it("comes with an imported draft's ingredients into the create form's rows", () => {
    const draft = {
      name: 'Cheesecake',
      servings: 8,
      instructions: 'Blanda.',
      ingredients: [
        { name: 'vetemjöl', quantity: { value: 2.4, unit: 'DECILITER' as const }, note: '1 cup' },
        { name: 'färskost', quantity: { value: 225, unit: 'GRAM' as const }, note: '8 oz', heading: 'Fyllning' },
        { name: 'vanilj' },
      ],
    };
    const values = importedToValues(toLabels(draft), '4');
    const items = values.ingredients.map(({ key: _key, ...row }) => row);
    expect(items).toEqual([
      { name: 'vetemjöl', quantity: { value: 2.4, unit: 'dl' }, note: '1 cup' },
      { kind: 'heading', heading: 'Fyllning' },
      { name: 'färskost', quantity: { value: 225, unit: 'g' }, note: '8 oz' },
      { name: 'vanilj' },
    ]);
  });
});
