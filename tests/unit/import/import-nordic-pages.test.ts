import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import readRecipe from '../../../server/import/read-recipe.ts';

// Issue 55 item 4: Swedish and Nordic recipe pages written by hand in the layouts such sites use (there is no
// network here to save real ones): a grocery chain's page with no structured data, a dairy brand's JSON-LD in an
// @graph, a food magazine's microdata, a page with two recipes, and a page whose ingredients are <div> rows with
// the amount in its own <span> and whose steps are <div>s under 'Gör så här'. Each page's draft, read as a pasted
// page is read (read-recipe.ts, as the worker runs it), must equal the draft beside it (<page>.expected.json).
const folder = new URL('../../fixtures/recipe-pages/nordic/', import.meta.url);
const pages = readdirSync(folder).filter((file) => file.endsWith('.html'));

describe('Nordic recipe pages built for the import', () => {
  it('has the five layouts, each with its expected draft', () => {
    expect(pages.sort()).toEqual([
      'dairy-brand-jsonld-graph.html',
      'food-magazine-microdata.html',
      'grocery-chain-no-structured-data.html',
      'steps-as-divs-amounts-in-spans.html',
      'two-recipes-one-page.html',
    ]);
  });

  it.each(pages)('%s reads as its expected draft', (file) => {
    const html = readFileSync(new URL(file, folder), 'utf8');
    const expected: unknown = JSON.parse(
      readFileSync(new URL(file.replace(/\.html$/u, '.expected.json'), folder), 'utf8'),
    );
    expect(readRecipe({ kind: 'html', text: html })).toEqual(expected);
  });

  it('reads them from bytes in the page’s own charset too (a fetched page)', () => {
    for (const file of pages) {
      const html = readFileSync(new URL(file, folder), 'utf8');
      const bytes = new TextEncoder().encode(html);
      expect(readRecipe({ kind: 'html', bytes })).toEqual(readRecipe({ kind: 'html', text: html }));
    }
  });
});
