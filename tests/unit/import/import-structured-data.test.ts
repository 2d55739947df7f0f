import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { othersNotice, recipeFromJsonLd, withPageAddress } from '../../../server/drafts/recipe-draft.ts';
import { recipeFromHtml } from '../../../server/import/page-draft.ts';
import { chooseRecipe, isRecipeType, recipesIn } from '../../../server/drafts/json-ld-recipes.ts';
import { withoutSiteTail } from '../../../server/drafts/site-tail.ts';

// Issue 55 items 2 and (names) 1: structured data read as search engines read it, and names without the site's
// part. The fixtures named here were written for these structures (tests/fixtures/recipe-pages).
const page = (file: string) => readFileSync(new URL(`../../fixtures/recipe-pages/${file}`, import.meta.url), 'utf8');
const script = (value: unknown) => `<script type="application/ld+json">${JSON.stringify(value)}</script>`;
const recipe = (name: string, extra: object = {}) => ({
  '@type': 'Recipe',
  name,
  recipeIngredient: ['2 dl mjölk'],
  recipeInstructions: 'Koka.',
  ...extra,
});

describe('the Recipe type', () => {
  it('is read in any letter case, with or without the schema.org prefix, alone or in a list', () => {
    for (const type of [
      'Recipe',
      'recipe',
      'RECIPE',
      'schema:Recipe',
      'http://schema.org/Recipe',
      'https://schema.org/recipe',
      'https://www.schema.org/Recipe',
      ['NewsArticle', 'recipe'],
    ])
      expect(isRecipeType(type), JSON.stringify(type)).toBe(true);
    for (const type of ['Recipes', 'HowTo', 'https://example.com/Recipe', undefined, 4, ['Article']])
      expect(isRecipeType(type), JSON.stringify(type)).toBe(false);
  });
});

describe('a Recipe anywhere in the graph', () => {
  it('reads a lower-case type inside a WebPage hasPart, nested arrays, beside another script', () => {
    const draft = recipeFromHtml(page('lower-case-type.html'));
    expect(draft?.name).toBe('Kladdkaka med lime');
    expect(draft?.ingredients.map((i) => i.name)).toEqual([
      'smör',
      'strösocker',
      'ägg',
      'vetemjöl',
      'lime, rivet skal',
    ]);
    expect(draft?.instructions.split('\n')).toHaveLength(3);
    expect(draft?.servings).toBe(8);
    expect(draft?.notices).toBeUndefined();
  });

  it("reads a Recipe an ItemList's ListItem names by @id and the @graph gives in full", () => {
    const draft = recipeFromHtml(page('itemlist-recipe.html'));
    expect(draft).toMatchObject({ name: 'Lemon Drizzle Cake', servings: 8, prepTime: 15, totalTime: 60 });
    expect(draft?.ingredients).toHaveLength(5);
    expect(draft?.instructions.split('\n')).toHaveLength(3);
  });

  it('finds the recipe under mainEntity, mainEntityOfPage, itemListElement.item and hasPart, in any script', () => {
    for (const holder of [
      { '@type': 'WebPage', mainEntity: recipe('Pannkakor') },
      { '@type': 'WebPage', mainEntityOfPage: [recipe('Pannkakor')] },
      { '@type': 'ItemList', itemListElement: [{ '@type': 'ListItem', item: recipe('Pannkakor') }] },
      { '@type': 'CreativeWork', hasPart: [[recipe('Pannkakor')]] },
      { '@graph': [{ '@type': 'Person' }, { '@graph': [recipe('Pannkakor')] }] },
    ]) {
      const html = `<html><head>${script({ '@type': 'Organization', name: 'X' })}${script(holder)}</head></html>`;
      expect(recipeFromHtml(html)?.name, JSON.stringify(holder)).toBe('Pannkakor');
      expect(recipeFromJsonLd(holder)?.name, JSON.stringify(holder)).toBe('Pannkakor');
    }
  });

  it('does not look for recipes inside a recipe, and stops on a graph deeper than any page nests', () => {
    const inner = recipe('Sås');
    expect(recipesIn([recipe('Köttbullar', { hasPart: inner })]).map((r) => r.name)).toEqual(['Köttbullar']);
    let deep: object = recipe('Djup');
    for (let i = 0; i < 100; i++) deep = { hasPart: deep };
    expect(recipesIn([deep])).toEqual([]);
  });
});

describe('a page of several recipes', () => {
  it("takes the one at the page's own address (its canonical link), and the draft says there were more", () => {
    const draft = recipeFromHtml(page('two-recipes.html'));
    expect(draft?.name).toBe('Saffransbullar');
    expect(draft?.ingredients).toHaveLength(4);
    expect(draft?.notices).toEqual([othersNotice(2, 'Saffransbullar')]);
    expect(othersNotice(2, 'Saffransbullar')).toBe('Sidan innehåller 2 recept. Utkastet är ”Saffransbullar”.');
  });

  it('else the first full one: a recipe with no ingredients and no steps is only a reference', () => {
    const stub = { '@type': 'Recipe', name: 'Länk', url: 'https://a.example/lank' };
    const chosen = chooseRecipe(recipesIn([[stub, recipe('Gröt'), recipe('Välling')]]), ['https://a.example/other']);
    expect(chosen?.recipe.name).toBe('Gröt');
    expect(chosen?.others).toBe(1);
  });

  it('the same recipe given twice (two scripts, a reference and its node) is one recipe and no notice', () => {
    const html = `<html><head>${script(recipe('Gröt'))}${script(recipe('Gröt'))}</head></html>`;
    expect(recipeFromHtml(html)?.notices).toBeUndefined();
  });
});

describe("the name without the site's part", () => {
  const none = { names: [], urls: [] };
  it('drops a part that is the site name, the host, or only says "recipes"', () => {
    expect(withoutSiteTail('Stamppot boerenkool - Culy', { names: [], urls: ['https://www.culy.nl/recepten/x'] })).toBe(
      'Stamppot boerenkool',
    );
    expect(withoutSiteTail('Lecsó | Mindmegette.hu', none)).toBe('Lecsó | Mindmegette.hu');
    expect(withoutSiteTail('Lecsó | Mindmegette.hu', { names: [], urls: ['https://www.mindmegette.hu/lecso'] })).toBe(
      'Lecsó',
    );
    expect(withoutSiteTail('Köttbullar – ICA', { names: ['ICA'], urls: [] })).toBe('Köttbullar');
    expect(withoutSiteTail('Banana bread | Recipes', none)).toBe('Banana bread');
    expect(withoutSiteTail('Kladdkaka | Recept | Receptbloggen', { names: ['Receptbloggen'], urls: [] })).toBe(
      'Kladdkaka',
    );
    expect(
      withoutSiteTail('BBC Good Food - Easy pancakes', { names: [], urls: ['https://www.bbcgoodfood.com/x'] }),
    ).toBe('Easy pancakes');
    expect(withoutSiteTail('Pannkakor – Recept från ICA', { names: [], urls: ['https://www.ica.se/recept/x'] })).toBe(
      'Pannkakor',
    );
  });

  it("keeps a part that is the recipe's, and a name that would be left without a letter", () => {
    expect(withoutSiteTail('Chili con carne - the easy way', { names: ['Culy'], urls: [] })).toBe(
      'Chili con carne - the easy way',
    );
    expect(withoutSiteTail('Fish - chips', { names: ['Culy'], urls: ['https://culy.nl/'] })).toBe('Fish - chips');
    expect(withoutSiteTail('Culy', { names: ['Culy'], urls: [] })).toBe('Culy');
    expect(withoutSiteTail('Recipes | Culy', { names: ['Culy'], urls: [] })).toBe('Recipes | Culy');
    expect(withoutSiteTail('Mac-n-cheese', { names: [], urls: [] })).toBe('Mac-n-cheese');
  });

  it("a fetched page's name loses its host's part once the address is known", () => {
    const draft = recipeFromHtml(`<html><head>${script(recipe('Lecsó | Mindmegette.hu'))}</head></html>`);
    expect(draft?.name).toBe('Lecsó | Mindmegette.hu');
    expect(withPageAddress(draft!, 'https://www.mindmegette.hu/lecso.recept/').name).toBe('Lecsó');
  });
});
