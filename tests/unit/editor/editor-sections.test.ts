import { describe, expect, it } from 'vitest';
import { toKeys, toLabels, type Recipe } from '../../../src/client/api.ts';
import { withCategory } from '../../../src/features/organise/category-field.tsx';
import {
  foldHeadings,
  ingredientPositions,
  orphanHeadings,
  SECTION_MESSAGES,
  unfoldHeadings,
} from '../../../src/features/editor/ingredient-sections.ts';
import { editorFormSchema, recipeToValues, valuesToRecipe } from '../../../src/features/editor/recipe-form-values.ts';

const heading = (text: string, key = `h-${text}`) => ({ kind: 'heading' as const, heading: text, key });
const item = (name: string): { name: string; key: string; kind?: string } => ({ name, key: `i-${name}` });

describe('ingredient sections in the editor', () => {
  it('put a heading row above each ingredient that starts a section, and back', () => {
    let n = 0;
    const rows = unfoldHeadings(
      [{ name: 'Mjöl', heading: 'Till degen' }, { name: 'Jäst' }, { name: 'Smör', heading: 'Fyllning' }],
      () => `k${++n}`,
    );
    expect(rows).toEqual([
      heading('Till degen', 'k1'),
      { name: 'Mjöl' },
      { name: 'Jäst' },
      heading('Fyllning', 'k2'),
      { name: 'Smör' },
    ]);
    expect(foldHeadings(rows)).toEqual([
      { name: 'Mjöl', heading: 'Till degen' },
      { name: 'Jäst' },
      { name: 'Smör', heading: 'Fyllning' },
    ]);
  });

  it('find a heading with no ingredient under it: at the end or right above another heading', () => {
    expect(orphanHeadings([heading('A'), item('x'), heading('B')])).toEqual([2]);
    expect(orphanHeadings([heading('A'), heading('B'), item('x')])).toEqual([0]);
    expect(orphanHeadings([item('x'), heading('A'), item('y')])).toEqual([]);
  });

  it('number the ingredients apart from the headings (the schema numbers its messages so)', () => {
    expect(ingredientPositions([heading('A'), item('x'), item('y'), heading('B'), item('z')])).toEqual([
      undefined,
      0,
      1,
      undefined,
      2,
    ]);
  });

  it('are saved as each section heading on its first ingredient, the key and the row kind left out', () => {
    const values = {
      ...recipeToValues({ name: 'Bullar', author: 'a', servings: 12, instructions: '', ingredients: [] }),
      ingredients: [
        heading('Till degen'),
        item('Mjöl'),
        { ...item('Salt'), doNotScale: true },
        heading('Till pensling'),
        item('Ägg'),
      ],
    };
    const sent = valuesToRecipe(editorFormSchema.parse(values));
    expect(sent.ingredients).toEqual([
      { heading: 'Till degen', name: 'Mjöl' },
      { name: 'Salt', doNotScale: true },
      { heading: 'Till pensling', name: 'Ägg' },
    ]);
  });

  it('refuse a heading with nothing under it with a Swedish message, never dropping it', () => {
    const values = {
      ...recipeToValues({ name: 'Bullar', author: 'a', servings: 12, instructions: '', ingredients: [] }),
      ingredients: [item('Mjöl'), heading('Till fyllningen')],
    };
    const r = editorFormSchema.safeParse(values);
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['ingredients', SECTION_MESSAGES.orphanHeadingNamed('Till fyllningen')],
    ]);
  });

  it('come from a stored recipe as heading rows, doNotScale kept', () => {
    const stored: Recipe = {
      name: 'Bullar',
      author: 'a',
      servings: 12,
      instructions: '',
      ingredients: toKeys({
        ingredients: [
          { name: 'Mjöl', heading: 'Till degen', quantity: { value: 5, unit: 'dl' } },
          { name: 'Ägg', heading: 'Till pensling', doNotScale: true, quantity: { value: 1, unit: '' } },
        ],
      }).ingredients,
    };
    const rows = recipeToValues(toLabels(stored)).ingredients.map(({ key: _k, ...r }) => r);
    expect(rows).toEqual([
      { kind: 'heading', heading: 'Till degen' },
      { name: 'Mjöl', quantity: { value: 5, unit: 'dl' } },
      { kind: 'heading', heading: 'Till pensling' },
      { name: 'Ägg', quantity: { value: 1, unit: '' }, doNotScale: true },
    ]);
  });
});

describe('the API client keeps the new ingredient fields', () => {
  it('both ways, only the unit changing', () => {
    const wire = {
      ingredients: [{ heading: 'Till degen', name: 'Salt', doNotScale: true, quantity: { value: 1, unit: 'PINCH' } }],
    };
    const labels = toLabels(wire);
    expect(labels.ingredients[0]).toEqual({
      heading: 'Till degen',
      name: 'Salt',
      doNotScale: true,
      quantity: { value: 1, unit: 'krm' },
    });
    expect(toKeys(labels)).toEqual(wire);
  });
});

describe('adding a category in the editor', () => {
  it('adds it tidied, once whatever its letter case, in the spelling already in use', () => {
    expect(withCategory([], '  Till   fest ', [])).toEqual(['Till fest']);
    expect(withCategory(['Bakning'], 'BAKNING', [])).toEqual(['Bakning']);
    expect(withCategory(['Bakning'], 'fika', ['Fika', 'Middag'])).toEqual(['Bakning', 'Fika']);
    expect(withCategory(['Bakning'], '   ', [])).toEqual(['Bakning']);
  });
});
