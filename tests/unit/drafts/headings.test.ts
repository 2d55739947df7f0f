// One heading vocabulary and one rule for a section's heading (issue 53 item 2, server/drafts/headings.ts): the
// words every reader titles ingredients and steps with, and HeadedIngredients, the one loop that puts a section's
// heading on its first ingredient (the web page's lines, the pasted text, the apps' groups and their tidying).
import { describe, expect, it } from 'vitest';
import { HeadedIngredients } from '../../../server/drafts/headings.ts';
import { recipeFromText } from '../../../server/drafts/plain-text.ts';
import { recipeFromJsonLd } from '../../../server/drafts/recipe-draft.ts';

type Item = { name: string; heading?: string };

describe('HeadedIngredients', () => {
  it('puts a heading on the next ingredient only', () => {
    const list = new HeadedIngredients<Item>();
    list.add({ name: 'salt' });
    list.head('Till degen');
    list.add({ name: 'mjöl' });
    list.add({ name: 'smör' });
    expect(list.list).toEqual([{ name: 'salt' }, { name: 'mjöl', heading: 'Till degen' }, { name: 'smör' }]);
    expect(list.pending).toBeUndefined();
  });

  it('keeps the heading waiting for an empty one; a new group replaces it, or drops it with none', () => {
    const list = new HeadedIngredients<Item>();
    list.head('Fyllning');
    list.head('');
    list.head(undefined);
    list.add({ name: 'ost' });
    list.head('Glasyr');
    list.startGroup(undefined);
    list.add({ name: 'socker' });
    list.head('Sås');
    list.startGroup('Topping');
    list.add({ name: 'nötter' });
    expect(list.list).toEqual([
      { name: 'ost', heading: 'Fyllning' },
      { name: 'socker' },
      { name: 'nötter', heading: 'Topping' },
    ]);
  });

  it("keeps an ingredient's own heading over the one waiting, and tells a heading left over", () => {
    const list = new HeadedIngredients<Item>();
    list.head('Sås');
    list.add({ name: 'grädde', heading: 'Till såsen' });
    list.head('Servering');
    expect(list.list).toEqual([{ name: 'grädde', heading: 'Till såsen' }]);
    expect(list.pending).toBe('Servering');
  });
});

describe('the heading vocabulary', () => {
  // The words of the web page's step titles, now the pasted text's too.
  it.each(['Modo de preparo', 'Preparazione:', 'Werkwijze', 'Slik gjør du'])(
    'a pasted text’s "%s" starts the steps',
    (title) => {
      const draft = recipeFromText(`Soppa\nIngredienser\n2 dl grädde\n1 lök\n${title}\nHacka löken.`);
      expect(draft?.ingredients.map((i) => i.name)).toEqual(['grädde', 'lök']);
      expect(draft?.instructions).toBe('Hacka löken.');
    },
  );

  it.each(['Ingredientes', "What you'll need:", 'Składniki'])('a pasted text’s "%s" opens the ingredients', (title) => {
    const draft = recipeFromText(`Soppa\nEn god soppa.\n${title}\nsalt\npeppar\nGör så här\nKoka.`);
    expect(draft?.ingredients.map((i) => i.name)).toEqual(['salt', 'peppar']);
  });

  // The steps' title a page writes among its structured steps is no step, in Portuguese as in the others.
  it.each(['Modo de Preparo', 'Gör så här', 'Instructions:', 'Steg 2'])('drops "%s" from the steps', (title) => {
    const draft = recipeFromJsonLd({
      '@type': 'Recipe',
      name: 'Soppa',
      recipeIngredient: ['1 lök'],
      recipeInstructions: [title, 'Hacka löken.'],
    });
    expect(draft?.instructions).toBe('Hacka löken.');
  });
});
