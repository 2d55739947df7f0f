// 'Historik' names a recipe's fields as the form does (issue 54 item 6, issue 53's one set of field labels).
import { describe, expect, it } from 'vitest';
import { TEXT as FORM } from '../../../src/features/editor/texts.ts';
import { HISTORY_TEXT as HISTORY } from '../../../src/features/history/history-texts.ts';
import { RECIPE_LABELS } from '../../../src/lib/recipe-labels.ts';

describe('the history’s field labels', () => {
  it('are the form’s, word for word', () => {
    const fields = ['servings', 'prepTime', 'totalTime', 'categories', 'source', 'photos', 'ingredients'] as const;
    for (const field of fields) expect(HISTORY[field], field).toBe(FORM[field]);
    expect(HISTORY.instructions).toBe(FORM.instructions);
    expect(HISTORY.prepTime).toBe('Förberedelser');
  });

  it('come from the one shared list, which the form uses unchanged', () => {
    expect(FORM.prepTime).toBe(RECIPE_LABELS.prepTime);
    expect(FORM.name).toBe('Namn');
    expect(RECIPE_LABELS).toEqual({
      name: 'Namn',
      servings: 'Portioner',
      prepTime: 'Förberedelser',
      totalTime: 'Total tid',
      categories: 'Kategorier',
      source: 'Källa',
      photos: 'Bilder',
      ingredients: 'Ingredienser',
      instructions: 'Instruktioner',
    });
  });
});
