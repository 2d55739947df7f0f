import { describe, expect, it } from 'vitest';
import type { Photo, PhotoFile } from '../../../src/lib/photo-schema.ts';
import { ingredientLine } from '../../../src/lib/ingredient-text.ts';
import { jsonLdText, photoImages, recipeJsonLd } from '../../../src/lib/recipe-jsonld.ts';

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
      description: 'Vispa ihop mjöl och mjölk. Stek tunna pannkakor.',
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

const file = (use: PhotoFile['use'], width: number, height: number, name: string): PhotoFile => ({
  use,
  format: use === 'square' || use === 'width' ? 'avif' : 'jpeg',
  width,
  height,
  file: `${name}.${use === 'square' || use === 'width' ? 'avif' : 'jpg'}`,
});
const photo = (files: PhotoFile[]): Photo => ({
  id: 'AAAAAAAAAAAAAAAAAAAAAA',
  alt: '',
  width: 1200,
  height: 900,
  placeholder: 'HBkSHYSIeHiPiHh8eJd4eTN0EEQG',
  files,
});
// As the server stores them: crops in its own order, among the other uses.
const main = photo([
  file('square', 160, 160, 'sq'),
  file('width', 800, 600, 'w800'),
  file('crop', 1200, 1200, 'c11'),
  file('crop', 1200, 675, 'c169'),
  file('jpeg', 1200, 900, 'j'),
  file('crop', 1200, 900, 'c43'),
  file('original', 2400, 1800, 'o'),
]);

describe('recipeJsonLd: image', () => {
  it("is the main photo's crops (16:9, 4:3, 1:1) and its 1200 px JPEG, as absolute URLs on the page's origin", () => {
    const data = recipeJsonLd(
      { ...recipe, photos: [main, photo([file('jpeg', 1200, 900, 'other')])] },
      'https://recept.example.se/7',
    );
    expect(data.image).toEqual([
      'https://recept.example.se/api/photos/c169.jpg',
      'https://recept.example.se/api/photos/c43.jpg',
      'https://recept.example.se/api/photos/c11.jpg',
      'https://recept.example.se/api/photos/j.jpg',
    ]);
  });

  it('names the API host when the API has its own', () => {
    expect(
      photoImages(photo([file('jpeg', 1200, 900, 'j')]), 'https://api.example.se/api/', 'https://recept.example.se/7'),
    ).toEqual(['https://api.example.se/api/photos/j.jpg']);
  });

  it("leaves out crops under Google's 50,000 pixels (a small upload's crops)", () => {
    const small = photo([
      file('crop', 288, 162, 'c169'),
      file('crop', 240, 180, 'c43'),
      file('crop', 224, 224, 'c11'),
      file('jpeg', 320, 240, 'j'),
    ]);
    expect(photoImages(small, '/api', 'https://recept.example.se/7')).toEqual([
      'https://recept.example.se/api/photos/c11.jpg',
      'https://recept.example.se/api/photos/j.jpg',
    ]);
  });

  it('is absent when the recipe has no photos', () => {
    expect(recipeJsonLd(recipe, 'https://recept.example.se/7')).not.toHaveProperty('image');
    expect(recipeJsonLd({ ...recipe, photos: [] }, 'https://recept.example.se/7')).not.toHaveProperty('image');
  });
});

describe('recipeJsonLd and issue 25', () => {
  const organised = {
    ...recipe,
    categories: ['Bakning', 'Fika'],
    prepTime: 20,
    totalTime: 75,
    source: { url: 'https://www.example.se/recept/bullar', name: 'Exempelköket' },
    ingredients: [
      { name: 'Vetemjöl', quantity: { value: 5, unit: 'dl' }, heading: 'Till degen' },
      { name: 'Salt', quantity: { value: 1, unit: 'krm' }, doNotScale: true },
    ],
  };

  it('writes the categories, times and source as schema.org names them; headings change no ingredient line', () => {
    expect(recipeJsonLd(organised, 'https://x/1')).toMatchObject({
      recipeCategory: ['Bakning', 'Fika'],
      keywords: 'Bakning, Fika',
      prepTime: 'PT20M',
      totalTime: 'PT1H15M',
      isBasedOn: 'https://www.example.se/recept/bullar',
      recipeIngredient: ['5 dl Vetemjöl', '1 krm Salt'],
    });
  });

  it('names a source without an address by its name, and writes a zero time', () => {
    const data = recipeJsonLd({ ...organised, source: { name: 'Mormor' }, prepTime: 0 }, 'https://x/1');
    expect(data).toMatchObject({ isBasedOn: 'Mormor', prepTime: 'PT0M' });
  });

  it('leaves out what the recipe does not have (totalTime only when given)', () => {
    const data = recipeJsonLd({ ...organised, categories: [], totalTime: undefined, source: undefined }, 'https://x/1');
    for (const key of ['recipeCategory', 'keywords', 'totalTime', 'isBasedOn']) expect(data).not.toHaveProperty(key);
    expect(data).toHaveProperty('prepTime', 'PT20M');
    for (const key of ['recipeCategory', 'keywords', 'prepTime', 'totalTime', 'isBasedOn'])
      expect(recipeJsonLd(recipe, 'https://x/1')).not.toHaveProperty(key);
  });
});

describe('recipeJsonLd and the ingredient note (issue 37)', () => {
  const noted = {
    ...recipe,
    ingredients: [
      { name: 'vetemjöl', quantity: { value: 2.5, unit: 'dl' }, note: 'siktat' },
      { name: 'smör', note: 'rumsvarmt, i bitar', heading: 'Till fyllningen' },
      { name: 'salt', quantity: { value: 1, unit: 'krm' }, note: '   ' },
      { name: 'ägg', quantity: { value: 3, unit: '' }, note: '' },
    ],
  };

  it('writes the note after the name, after a comma; a blank note adds nothing', () => {
    expect(recipeJsonLd(noted, 'https://x/1').recipeIngredient).toEqual([
      '2 ½ dl vetemjöl, siktat',
      'smör, rumsvarmt, i bitar',
      '1 krm salt',
      '3 ägg',
    ]);
    expect(ingredientLine({ name: 'socker', note: '1/2 cup' }, '1 dl')).toBe('1 dl socker, 1/2 cup');
    expect(ingredientLine({ name: 'salt', note: '  ' })).toBe('salt');
  });

  it('keeps the note as text that cannot close its script block', () => {
    const data = recipeJsonLd(
      { ...recipe, ingredients: [{ name: 'salt', note: '</script><script>alert(1)</script>' }] },
      'https://x/1',
    );
    const text = jsonLdText(data);
    expect(text).not.toContain('<');
    expect(JSON.parse(text).recipeIngredient).toEqual(['salt, </script><script>alert(1)</script>']);
  });
});
