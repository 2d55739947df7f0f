// Issue 54: the server's first screen of /{id} is the whole recipe in the very markup the island draws (RecipeCard),
// so the island's card takes its place without a shift; every user text escaped.
import { rgbaToThumbHash } from 'thumbhash';
import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { readFileSync } from 'node:fs';
import { FIRST_SCREEN_TARGET, recipeFirstScreen } from '../../../server/site/recipe-first-screen.ts';
import { RecipeCard } from '../../../src/features/details/recipe-details.tsx';
import { toLabels } from '../../../src/client/api.ts';
import type { Recipe } from '../../../src/lib/recipe-schema.ts';
import type { PhotoFile } from '../../../src/lib/photo-schema.ts';
import { SEED_RECIPES } from '../../../server/db/transfer/seed-recipes.ts';

const file = (use: PhotoFile['use'], format: PhotoFile['format'], width: number, height: number): PhotoFile => ({
  use,
  format,
  width,
  height,
  file: `${use}-${width}.${format === 'jpeg' ? 'jpg' : format}`,
});
const placeholder = Buffer.from(
  rgbaToThumbHash(8, 6, Array.from({ length: 48 }, () => [255, 128, 0, 255]).flat()),
).toString('base64');
const photo = (id: string, alt: string) => ({
  id,
  alt,
  width: 1600,
  height: 1200,
  placeholder,
  files: [file('width', 'avif', 800, 600), file('width', 'webp', 800, 600), file('jpeg', 'jpeg', 1200, 900)],
});

const evil = `<script>alert("x")</script> & 'så'`;
const recipe = {
  id: 7,
  version: 3,
  createdAt: '2026-12-01T10:00:00.000Z',
  updatedAt: '2026-12-02T10:00:00.000Z',
  name: `Pannkakor ${evil}`,
  author: `Rut ${evil}`,
  servings: 12,
  categories: ['Frukost', `Söt ${evil}`],
  prepTime: 15,
  totalTime: 75,
  source: { url: 'https://example.se/pannkakor?a=1&b="2"', name: `Mormor ${evil}` },
  instructions: `Vispa mjölet ${evil} och mjölken.\n\nStek tunna pannkakor.`,
  photos: [photo('AAAAAAAAAAAAAAAAAAAAAA', ''), photo('BBBBBBBBBBBBBBBBBBBBBB', `Stekpannan ${evil}`)],
  ingredients: [
    { name: 'Vetemjöl', quantity: { value: 3, unit: 'DECILITER' }, note: `siktat ${evil}` },
    { name: 'Salt', quantity: { value: 0.5, unit: 'TEASPOON' } },
    { name: `Mjölk ${evil}`, quantity: { value: 6, unit: 'DECILITER' }, heading: `Smeten ${evil}` },
    { name: 'Ägg', quantity: { value: 3, unit: 'PIECES' } },
    { name: 'Smör', heading: 'Till stekning' },
  ],
} as unknown as Recipe;

/** What the island draws for `r` at its own servings, cook mode off, as plain HTML. */
function island(r: Recipe): string {
  const card = createElement(RecipeCard, {
    recipe: toLabels(r),
    own: r.servings,
    base: '/api',
    busy: false,
    cooking: false,
    ticked: new Set<string>(),
    onTick: () => undefined,
    onCooking: () => undefined,
    onServings: () => undefined,
  });
  // HTML's spelling of what React writes its own way: void tags, attribute case, the apostrophe's entity.
  return renderToStaticMarkup(card)
    .replace(/\/>/g, '>')
    .replace(/ (srcSet|fetchPriority)=/g, (_, name: string) => ` ${name.toLowerCase()}=`)
    .replace(/&#x27;/g, '&#39;');
}

/** The server's card as the island's: the same but for its id, its busy mark and its controls, disabled till then. */
const server = (r: Recipe) =>
  recipeFirstScreen(r, '/api')
    .value.replace(' id="recipe-first-screen" aria-busy="true"', ' aria-busy="false"')
    .replace(/ disabled=""/g, '');

describe("the server's first screen of /{id}", () => {
  it("waits to be drawn for an element the layout has, after the card: the footer (the expect link's target)", () => {
    const layout = readFileSync(new URL('../../../src/layouts/Layout.astro', import.meta.url), 'utf8');
    const footer = layout.indexOf(`id="${FIRST_SCREEN_TARGET}"`);
    expect(footer).toBeGreaterThan(layout.indexOf('<slot />'));
  });

  it('is the markup the island draws: photos, facts, servings, sections, notes, steps', () => {
    expect(server(recipe)).toBe(island(recipe));
  });

  it('is the markup the island draws for every demo recipe, whole (every unit, notes, sections, fixed amounts)', () => {
    SEED_RECIPES.forEach((input, i) => {
      const demo = {
        ...input,
        id: i + 1,
        version: 1,
        createdAt: recipe.createdAt,
        updatedAt: recipe.updatedAt,
        photos: i % 2 === 0 ? [photo('AAAAAAAAAAAAAAAAAAAAAA', '')] : [],
      } as unknown as Recipe;
      expect(server(demo), input.name).toBe(island(demo));
    });
  });

  it('is the same for a recipe with nothing but a name, an author and servings', () => {
    const bare = { ...recipe, categories: [], photos: [], ingredients: [], instructions: ' ', servings: 4 } as Recipe;
    delete (bare as Partial<Recipe>).prepTime;
    delete (bare as Partial<Recipe>).totalTime;
    delete (bare as Partial<Recipe>).source;
    expect(server(bare)).toBe(island(bare));
    const named = { ...bare, source: { name: 'Kokboken' } } as Recipe;
    expect(server(named)).toBe(island(named));
    const notWeb = { ...bare, source: { url: 'javascript:alert(1)' } } as Recipe;
    expect(server(notWeb)).toBe(island(notWeb));
  });

  it('escapes every text the user wrote, and draws the whole recipe', () => {
    const html = recipeFirstScreen(recipe, '/api').value;
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;så&#39;');
    for (const text of [
      '3 dl',
      'Vetemjöl',
      'Smeten',
      'Till stekning',
      'Stek tunna pannkakor.',
      '<option value="12" selected="">',
      '<select id="servings" class="select" disabled="">',
    ])
      expect(html).toContain(text);
  });
});
