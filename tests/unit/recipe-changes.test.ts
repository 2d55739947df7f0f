// Issue 41's 'Historik': what changed between two versions, as a cook reads it (src/lib/recipe-changes.ts).
import { describe, expect, it } from 'vitest';
import { changeText, recipeChanges, type ComparedRecipe } from '../../src/lib/recipe-changes.ts';

const base: ComparedRecipe = {
  name: 'Kardemummabullar',
  servings: 20,
  instructions: 'Värm mjölken.\nKnåda degen.',
  ingredients: [
    { name: 'Vetemjöl', quantity: { value: 12, unit: 'dl' }, heading: 'Degen' },
    { name: 'Mjölk', quantity: { value: 3, unit: 'dl' } },
    { name: 'Kardemumma', quantity: { value: 1, unit: 'msk' }, note: 'nymald' },
    { name: 'Ägg till pensling', quantity: { value: 1, unit: '' }, doNotScale: true },
  ],
  categories: ['Bakning', 'Fika'],
  prepTime: 30,
  totalTime: 120,
};
const texts = (a: ComparedRecipe, b: ComparedRecipe) => recipeChanges(a, b).map(changeText);

describe('recipeChanges', () => {
  it('finds nothing between a version and itself', () => {
    expect(recipeChanges(base, structuredClone(base))).toEqual([]);
  });

  it('names each changed field with its old and new value, in the form’s order', () => {
    const after = {
      ...base,
      name: 'Kardemummabullar med pärlsocker',
      servings: 24,
      totalTime: undefined,
      categories: ['Fika'],
      source: { name: 'Mormors receptbok' },
    };
    expect(texts(base, after)).toEqual([
      'Namn: Kardemummabullar → Kardemummabullar med pärlsocker',
      'Portioner: 20 → 24',
      'Total tid: 120 min → –',
      'Kategorier: Bakning, Fika → Fika',
      'Källa: – → Mormors receptbok',
    ]);
  });

  it('tells added, removed and changed ingredients, matched by name whatever the case or position', () => {
    const after = {
      ...base,
      ingredients: [
        { name: 'mjölk', quantity: { value: 3.5, unit: 'dl' } },
        { name: 'Vetemjöl', quantity: { value: 12, unit: 'dl' }, heading: 'Degen' },
        { name: 'Pärlsocker', quantity: { value: 0.5, unit: 'dl' } },
        { name: 'Ägg till pensling', quantity: { value: 1, unit: '' } },
      ],
    };
    expect(texts(base, after)).toEqual([
      'Ändrad ingrediens: 3 dl Mjölk → 3 ½ dl mjölk',
      'Borttagen ingrediens: 1 msk Kardemumma, nymald',
      'Ändrad ingrediens: 1 Ägg till pensling (skalas inte) → 1 Ägg till pensling',
      'Ny ingrediens: ½ dl Pärlsocker',
      'Ingredienserna står i en annan ordning.',
    ]);
  });

  it('counts photos, and notices the same number of different photos', () => {
    const one = { ...base, photos: [{ id: 'a', alt: '' }] };
    const other = { ...base, photos: [{ id: 'b', alt: '' }] };
    expect(texts(base, one)).toEqual(['Bilder: inga bilder → 1 bild']);
    expect(texts(one, other)).toEqual(['Bilder: 1 bild → 1 bild, ändrade']);
  });
});
