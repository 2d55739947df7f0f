// /{id}'s first screen, written by the server into the page's body: the whole recipe's card (photos, name, author,
// categories, times, source, the servings selector at the recipe's own servings, the ingredients under their
// sections, the steps) in the very markup the island renders (RecipeCard in src/features/details/recipe-details.tsx,
// src/features/photos/photo.tsx; tests/unit/site/site-first-screen.test.ts keeps them equal). The browser paints the
// recipe from the first response, before any JavaScript has run (issue 42: the name and the photo; issue 54: the
// ingredients and steps too, which came 1.9 s later on a throttled phone). The island removes this card in the same
// task as its own identical card takes the place, so nothing moves. Written with the server's one HTML writer
// (server/http/html-template.ts), so every text is escaped; no style attribute is
// written (the CSP refuses them), and the photo's URLs are the preload's (./recipe-head.ts).
// docs/decisions/040-site-recipe-head-on-the-server.md
import { LRUCache } from 'lru-cache';
import { html, type Html, type HtmlPart } from '../http/html-template.ts';
import { photoUrl } from '../../src/lib/photo-files.ts';
import type { Photo } from '../../src/lib/photo-schema.ts';
import {
  fallbackFile,
  FIRST_SCREEN_ID,
  GALLERY_SIZES,
  MAIN_SIZES,
  pictureSources,
  placeholderUrl,
} from '../../src/lib/photo-srcset.ts';
import type { Recipe } from '../../src/lib/recipe-schema.ts';
import { formatIngredientAmounts } from '../../src/lib/kitchen-amount.ts';
import { ingredientGroups } from '../../src/lib/ingredient-groups.ts';
import { formatMinutes, isWebAddress } from '../../src/lib/organise.ts';
import { instructionSteps } from '../../src/lib/recipe-jsonld.ts';
import { categoryHref } from '../../src/lib/routes.ts';
import { RECIPE_LABELS } from '../../src/lib/recipe-labels.ts';
import { servingChoices } from '../../src/lib/serving-choices.ts';
import { isUnitKey, unitLabel } from '../../src/lib/units.ts';

// A ThumbHash drawn as a PNG costs about 0.25 ms and never changes: the last ones drawn are kept (about 5 KB each),
// so a page read again does not draw its photos again.
const PLACEHOLDERS_KEPT = 256;
const placeholders = new LRUCache<string, string>({ max: PLACEHOLDERS_KEPT });
function placeholderOf(thumbHash: string): string {
  let url = placeholders.get(thumbHash);
  if (url === undefined) placeholders.set(thumbHash, (url = placeholderUrl(thumbHash)));
  return url;
}

/** One photo as photo.tsx renders it before it has loaded: the ThumbHash under the <picture>. */
export function photoHtml(photo: Photo, alt: string, sizes: string, apiBase: string, main: boolean): Html {
  const fallback = fallbackFile(photo);
  if (!fallback) return html``;
  const placeholder = placeholderOf(photo.placeholder);
  const { width, height } = photo;
  const sources = pictureSources(apiBase, photo.files, 'width').map(
    (s) => html`<source type="${s.type}" srcset="${s.srcSet}" sizes="${sizes}">`,
  );
  const img = html`<img src="${photoUrl(apiBase, fallback.file)}" alt="${alt}" width="${width}" height="${height}" loading="${main ? 'eager' : 'lazy'}" fetchpriority="${main ? 'high' : 'auto'}" decoding="${main ? 'auto' : 'async'}">`;
  return html`<div class="${main ? 'photo photo-main' : 'photo'}">${
    placeholder
      ? html`<img class="photo-placeholder" src="${placeholder}" alt="" width="${width}" height="${height}">`
      : ''
  }<picture>${sources}${img}</picture></div>`;
}

/**
 * For the head of a page with the first screen: the browser draws nothing until the card has been parsed (HTML's
 * render-blocking `expect` link), so the first frame holds the whole recipe. Without it, on a throttled phone,
 * the parser stopped twice to draw the header and the search bar first, each frame about 0.1 s of a slow CPU, and
 * the recipe came in the third (issue 54 point 5). The link names the footer after the card (src/layouts/Layout.astro):
 * Chromium lets the page be drawn once the named element is in the document, and the card itself is there from its
 * start tag (a frame then showed the name without the ingredients). A browser without `expect` links ignores it.
 */
export const FIRST_SCREEN_TARGET = 'site-footer';
export const FIRST_SCREEN_EXPECT = html`<link rel="expect" href="#${FIRST_SCREEN_TARGET}" blocking="render">`;

type Ingredient = Recipe['ingredients'][number];

/** The units as the page shows them ('dl', not 'DECILITER'), as the island's client converts them (src/client/api.ts). */
function withUnitLabels(ingredients: Recipe['ingredients']): Ingredient[] {
  return ingredients.map((ing) => {
    const unit = ing.quantity?.unit;
    return ing.quantity && isUnitKey(unit)
      ? { ...ing, quantity: { ...ing.quantity, unit: unitLabel(unit) as typeof unit } }
      : ing;
  });
}

/** Categories, times and source, each only when the recipe has it (RecipeFacts). */
function factsHtml(recipe: Recipe): Html[] {
  const { categories = [], prepTime, totalTime, source } = recipe;
  const parts: Html[] = [];
  if (categories.length > 0) {
    const items = categories.map((c) => html`<li><a class="category-link" href="${categoryHref(c)}">${c}</a></li>`);
    parts.push(html`<ul class="category-chips recipe-categories" aria-label="Kategorier">${items}</ul>`);
  }
  if (prepTime !== undefined || totalTime !== undefined || source) {
    const rows: Html[] = [];
    if (prepTime !== undefined)
      rows.push(html`<div><dt>${RECIPE_LABELS.prepTime}</dt> <dd>${formatMinutes(prepTime)}</dd></div>`);
    if (totalTime !== undefined)
      rows.push(html`<div><dt>${RECIPE_LABELS.totalTime}</dt> <dd>${formatMinutes(totalTime)}</dd></div>`);
    if (source) {
      const url = source.url !== undefined && isWebAddress(source.url) ? source.url : undefined;
      const text = url
        ? html`<a href="${url}" rel="nofollow noopener">${source.name ?? url}</a>`
        : (source.name ?? source.url);
      rows.push(html`<div><dt>Källa</dt> <dd>${text}</dd></div>`);
    }
    parts.push(html`<dl class="recipe-facts">${rows}</dl>`);
  }
  return parts;
}

/** The ingredients under their section headings, at the recipe's own servings (no cook mode before JavaScript). */
function ingredientsHtml(ingredients: Ingredient[]): Html {
  if (ingredients.length === 0) return html``;
  const amounts = formatIngredientAmounts(ingredients);
  const groups = ingredientGroups(ingredients).map((group) => {
    const items = group.items.map(({ ingredient, index }) => {
      const note = ingredient.note?.trim() ? html`<span class="ingredient-note">, ${ingredient.note}</span>` : '';
      const name = html`<span class="ingredient-name">${ingredient.name}</span>`;
      return html`<li><span class="amount">${amounts[index]}</span><span class="ingredient-text">${name}${note}</span></li>`;
    });
    const list = html`<ul class="ingredients">${items}</ul>`;
    return group.heading === undefined
      ? list
      : html`<div class="ingredient-group"><h3 class="ingredient-group-heading">${group.heading}</h3>${list}</div>`;
  });
  const heading = html`<h2 id="ingredients-heading">Ingredienser</h2>`;
  return html`<section class="ingredients-section" aria-labelledby="ingredients-heading">${heading}${groups}</section>`;
}

function stepsHtml(instructions: string): Html {
  if (instructions.trim() === '') return html``;
  const steps = instructionSteps(instructions).map(
    (step, i) => html`<li><span class="step-number">${i + 1}.</span> <span class="step-text">${step}</span></li>`,
  );
  const heading = html`<h2 id="instructions-heading">Instruktioner</h2>`;
  return html`<section aria-labelledby="instructions-heading">${heading}<ol class="steps">${steps}</ol></section>`;
}

/**
 * The selector at the recipe's own servings, disabled: a choice made before the island takes over would be lost
 * with the server's card (and Playwright, like a person, waits for the island's enabled one).
 */
function servingsHtml(servings: number): Html {
  const options = servingChoices(servings, servings).map(
    (n) => html`<option value="${n}"${n === servings ? html` selected=""` : ''}>${n}</option>`,
  );
  const select = html`<select id="servings" class="select" disabled="">${options}</select>`;
  return html`<div class="field servings"><label for="servings">Portioner</label>${select}</div>`;
}

/** The cook mode's two buttons, disabled like the selector until the island's own take their place. */
const COOK_MODE = html`<div class="cook-mode">${[
  html`<button type="button" class="button" aria-pressed="false" disabled="">Matlagningsläge</button>`,
  html`<button type="button" class="button" aria-expanded="false" disabled="">Mått och vikt</button>`,
]}</div>`;

/**
 * The card, as the island's RecipeCard draws it at the recipe's own servings, cook mode off. `aria-busy` marks it
 * as the server's copy (the island's card says false); its two controls are disabled until the island's come. The
 * photos are drawn where the page shows them (an empty alt means the name). `apiBase` is the page's own
 * (/config.json's API_URL). The island's own JSON-LD block is left out: the head has the server's.
 */
export function recipeFirstScreen(recipe: Recipe, apiBase: string): Html {
  const [main, ...gallery] = recipe.photos ?? [];
  const galleryHtml = gallery.map((p) => photoHtml(p, p.alt || recipe.name, GALLERY_SIZES, apiBase, false));
  const parts: HtmlPart[] = [
    main ? photoHtml(main, main.alt || recipe.name, MAIN_SIZES, apiBase, true) : '',
    galleryHtml.length > 0 ? html`<div class="photo-gallery">${galleryHtml}</div>` : '',
    html`<h1>${recipe.name}</h1>`,
    html`<p class="author">Författare: ${recipe.author}</p>`,
    ...factsHtml(recipe),
    html`<p class="print-only">${recipe.servings} portioner</p>`,
    COOK_MODE,
    servingsHtml(recipe.servings),
    ingredientsHtml(withUnitLabels(recipe.ingredients)),
    stepsHtml(recipe.instructions),
  ];
  return html`<article class="card recipe" id="${FIRST_SCREEN_ID}" aria-busy="true">${parts}</article>`;
}
