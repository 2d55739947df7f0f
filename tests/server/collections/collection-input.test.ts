import { describe, expect, it } from 'vitest';
import type { ImportedRecipe } from '../../../src/lib/recipe-schema.ts';
import type { CollectionRecipe } from '../../../server/move-in/apps/collection-reader.ts';
import { collectionInput, DEFAULT_SERVINGS, INPUT_NOTES } from '../../../server/move-in/collection-input.ts';
import { contentKey, nameKey } from '../../../server/move-in/same-recipe.ts';

// One recipe of a collection as a body POST /recipes takes: the shared schema's rules, with Swedish reasons naming
// the field, the default servings, and the app's author; and what "the same recipe" compares.
const draft = (over: Partial<ImportedRecipe> = {}): ImportedRecipe => ({
  name: 'Kanelbullar',
  servings: 12,
  instructions: 'Baka.',
  ingredients: [
    { name: 'vetemjöl', quantity: { value: 5, unit: 'DECILITER' }, heading: 'Degen' },
    { name: 'smör', quantity: { value: 100, unit: 'GRAM' }, note: 'rumsvarmt' },
  ],
  ...over,
});
const recipe = (over: Partial<ImportedRecipe> = {}, rest: Partial<CollectionRecipe> = {}): CollectionRecipe => ({
  index: 0,
  draft: draft(over),
  photos: [],
  notes: [],
  ...rest,
});

describe('a collection recipe as a recipe body', () => {
  it("keeps every field the schema takes, with the reader's notes", () => {
    const checked = collectionInput(
      recipe(
        {
          categories: ['Bakning'],
          prepTime: 30,
          totalTime: 90,
          source: { url: 'https://exempel.se/bullar', name: 'Exempel' },
        },
        { notes: ['Kom inte med: betyget.'] },
      ),
    );
    expect(checked).toEqual({
      kind: 'ok',
      notes: ['Kom inte med: betyget.'],
      input: {
        name: 'Kanelbullar',
        servings: 12,
        instructions: 'Baka.',
        ingredients: draft().ingredients,
        categories: ['Bakning'],
        prepTime: 30,
        totalTime: 90,
        source: { url: 'https://exempel.se/bullar', name: 'Exempel' },
      },
    });
  });

  it('gives a recipe without servings the default, and says so in Swedish', () => {
    const checked = collectionInput(recipe({ servings: null }));
    expect(checked).toMatchObject({ kind: 'ok', input: { servings: DEFAULT_SERVINGS } });
    expect(checked.kind === 'ok' && checked.notes).toEqual([INPUT_NOTES.defaultServings]);
  });

  it("keeps the app's author as the source's name when it has none; else names the author in a note", () => {
    const asSource = collectionInput(recipe({ source: { url: 'https://exempel.se/a' } }, { author: 'Åsa Öberg' }));
    expect(asSource).toMatchObject({
      kind: 'ok',
      input: { source: { url: 'https://exempel.se/a', name: 'Åsa Öberg' } },
      notes: [INPUT_NOTES.authorAsSource('Åsa Öberg')],
    });
    const named = collectionInput(recipe({ source: { name: 'Kokboken' } }, { author: 'Åsa Öberg' }));
    expect(named).toMatchObject({ kind: 'ok', input: { source: { name: 'Kokboken' } } });
    expect(named.kind === 'ok' && named.notes).toEqual([INPUT_NOTES.authorLeftOut('Åsa Öberg')]);
  });

  it('refuses what breaks a rule with a Swedish reason naming the field', () => {
    expect(collectionInput(recipe({ servings: 500 }))).toEqual({
      kind: 'invalid',
      reason: 'Kan inte sparas (Portioner): högst 100.',
    });
    const long = draft().ingredients.concat({ name: 'en alldeles för lång ingrediens för listan' });
    expect(collectionInput(recipe({ ingredients: long }))).toEqual({
      kind: 'invalid',
      reason: 'Kan inte sparas (Ingredienser, rad 3, namn): högst 34 tecken.',
    });
    expect(collectionInput(recipe({ name: ' ' }))).toEqual({
      kind: 'invalid',
      reason: 'Kan inte sparas (Namn): får inte vara tomt.',
    });
    expect(collectionInput(recipe({ prepTime: 90, totalTime: 30 }))).toEqual({
      kind: 'invalid',
      reason: 'Kan inte sparas (Förberedelser): kan inte vara längre än total tid.',
    });
  });
});

describe('the same recipe', () => {
  it('is the same name and content whatever the letter case, spacing and Unicode form', () => {
    expect(nameKey('  KANELbullar\u00a0 med  Å ')).toBe(nameKey('kanelbullar med å'));
    expect(nameKey('A\u030angpanna')).toBe(nameKey('Ångpanna'));
    const a = { instructions: 'Baka  i\nugnen.', ingredients: draft().ingredients };
    const b = {
      instructions: 'baka i ugnen. ',
      ingredients: draft().ingredients.map((i) => ({ ...i, name: i.name.toUpperCase() })),
    };
    expect(contentKey(a)).toBe(contentKey(b));
    // A quantity read back from float8 through JSON is the same quantity.
    const third = {
      instructions: '',
      ingredients: [{ name: 'x', quantity: { value: 0.1 + 0.2, unit: 'LITER' as const } }],
    };
    expect(contentKey(third)).toBe(
      contentKey({ ...third, ingredients: [{ name: 'x', quantity: { value: 0.3, unit: 'LITER' } }] }),
    );
  });

  it('is not the same with another quantity, note, section or step', () => {
    const base = { instructions: 'Baka.', ingredients: draft().ingredients };
    const key = contentKey(base);
    const [first, second] = draft().ingredients;
    expect(contentKey({ ...base, instructions: 'Stek.' })).not.toBe(key);
    expect(
      contentKey({ ...base, ingredients: [{ ...first!, quantity: { value: 6, unit: 'DECILITER' } }, second!] }),
    ).not.toBe(key);
    expect(contentKey({ ...base, ingredients: [first!, { ...second!, note: 'smält' }] })).not.toBe(key);
    expect(contentKey({ ...base, ingredients: [{ ...first!, heading: 'Fyllning' }, second!] })).not.toBe(key);
  });
});
