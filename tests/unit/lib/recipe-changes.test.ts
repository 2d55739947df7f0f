// Issue 41's 'Historik': what changed between two versions, as a cook reads it (src/lib/recipe-changes.ts).
import { describe, expect, it } from 'vitest';
import { changeText, recipeChanges, textParts, type ComparedRecipe } from '../../../src/lib/recipe-changes.ts';
import { TEXT as FORM_TEXT } from '../../../src/features/editor/texts.ts';

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
      'Namn: Kardemummabullar [tillagt: med pärlsocker]',
      'Portioner: 20 → 24',
      'Total tid: 120 min → –',
      'Kategorier: [borttaget: Bakning, ]Fika',
      'Källa: – → Mormors receptbok',
    ]);
  });

  it('names the fields as the form does (issue 54: ”Förberedelser”, not ”Tid att förbereda”)', () => {
    const after = { ...base, prepTime: 45, photos: [{ id: 'a', alt: '' }] };
    expect(recipeChanges(base, after).map((c) => (c.kind === 'field' || c.kind === 'text' ? c.field : c.kind))).toEqual(
      [FORM_TEXT.prepTime, FORM_TEXT.photos],
    );
    expect(texts(base, after)[0]).toBe('Förberedelser: 30 min → 45 min');
  });

  it('tells a changed text as the words removed and added in place, not the whole text twice', () => {
    const after = { ...base, instructions: 'Värm mjölken till 37 grader.\nKnåda degen länge.' };
    expect(recipeChanges(base, after)).toEqual([
      {
        kind: 'text',
        field: 'Instruktioner',
        parts: [
          { kind: 'same', text: 'Värm mjölken ' },
          { kind: 'added', text: 'till 37 grader' },
          { kind: 'same', text: '.\nKnåda degen ' },
          { kind: 'added', text: 'länge' },
          { kind: 'same', text: '.' },
        ],
      },
    ]);
    expect(texts({ ...base, name: 'Mormors bullar' }, { ...base, name: 'Farmors bullar' })).toEqual([
      'Namn: [borttaget: Mormors][tillagt: Farmors] bullar',
    ]);
  });

  it('shortens long unchanged stretches around a change to a few words each side', () => {
    const long = (n: number) => Array.from({ length: n }, (_, i) => `ord${i + 1}`).join(' ');
    const before = `${long(30)} gammalt ${long(30)}`;
    const after = `${long(30)} nytt ${long(30)}`;
    const shown = textParts(before, after)
      .map((p) => (p.kind === 'same' ? p.text : `<${p.text}>`))
      .join('');
    expect(shown).toBe('… ord25 ord26 ord27 ord28 ord29 ord30 <gammalt><nytt> ord1 ord2 ord3 ord4 ord5 ord6 …');
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
