import { describe, expect, it } from 'vitest';
import { jsonLdText, recipeJsonLd } from '../../src/lib/recipe-jsonld.ts';

const recipe = {
  name: 'Pannkakor',
  author: 'redaktor',
  instructions: 'Vispa ihop mjöl och mjölk.\n\nStek tunna pannkakor.',
  servings: 4,
  ingredients: [
    { name: 'Vetemjöl', quantity: { value: 2.5, unit: 'dl' } },
    { name: 'Ägg', quantity: { value: 3, unit: '' } },
    { name: 'Smör' },
  ],
  createdAt: '2026-11-23T10:00:00.000Z',
  updatedAt: '2026-11-23T11:00:00.000Z',
};

describe('recipeJsonLd', () => {
  it("is schema.org's Recipe: yield, ingredient lines as shown, one step per line of the instructions", () => {
    expect(recipeJsonLd(recipe, 'https://recept.example.se/7')).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Recipe',
      name: 'Pannkakor',
      url: 'https://recept.example.se/7',
      author: { '@type': 'Person', name: 'redaktor' },
      recipeYield: '4 portioner',
      recipeIngredient: ['2 ½ dl Vetemjöl', '3 Ägg', 'Smör'],
      recipeInstructions: [
        { '@type': 'HowToStep', text: 'Vispa ihop mjöl och mjölk.' },
        { '@type': 'HowToStep', text: 'Stek tunna pannkakor.' },
      ],
      datePublished: '2026-11-23T10:00:00.000Z',
      dateModified: '2026-11-23T11:00:00.000Z',
      inLanguage: 'sv',
    });
  });

  it('writes text that cannot close its script block, and reads back the same', () => {
    const data = recipeJsonLd({ ...recipe, name: '</script><img src=x onerror=alert(1)>' }, 'https://x/1');
    const text = jsonLdText(data);
    expect(text).not.toContain('<');
    expect(JSON.parse(text)).toEqual(data);
  });
});
