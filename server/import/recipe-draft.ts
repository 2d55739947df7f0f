// "Importera recept" (issue 13): the schema.org Recipe of a recipe page's JSON-LD as a draft for the
// create form. Pure: the route fetches the page; this only reads text. Nothing the editor wrote on purpose is cut
// to our limits (a name, an ingredient, a step): the form shows its own messages and the editor fixes what is too
// long. Categories are the exception (issue 25): pages pad `keywords` with phrases for search engines, so the draft
// keeps only those that can be categories, at most MAX_CATEGORIES of them.
import { jsonrepair } from 'jsonrepair';
import {
  categoryKey,
  isWebAddress,
  MAX_CATEGORIES,
  MAX_CATEGORY,
  MAX_SOURCE_NAME,
  MAX_SOURCE_URL,
  minutesFromIsoDuration,
  normaliseCategories,
} from '../../src/lib/organise.ts';
import type { ImportedRecipe } from '../../src/lib/recipe-schema.ts';
import { ALLOWED_CHARACTERS, characterCount } from '../../src/lib/text-rules.ts';
import { htmlLines, htmlText, jsonLdScripts } from './html-text.ts';
import { parseIngredientLine } from './ingredient-line.ts';

// The draft is src/lib's `importedRecipeSchema` (POST /recipe-imports answers it). `imageUrl`: the page's picture,
// which the route fetches and turns into the draft's photo (it is never part of the answer itself).
export type ReadRecipe = ImportedRecipe & { imageUrl?: string };
export type { ImportedRecipe };

type JsonObject = Record<string, unknown>;

// Far deeper than any real page nests; a hostile page cannot exhaust the stack.
const MAX_DEPTH = 32;

/** The first schema.org Recipe in the page's JSON-LD blocks, as a draft for the create form; null when the page has none. */
export function recipeFromHtml(html: string): ReadRecipe | null {
  for (const script of jsonLdScripts(html)) {
    const recipe = recipeFromJsonLd(parseLeniently(script));
    if (recipe) return recipe;
  }
  return null;
}

/** The first Recipe in one parsed JSON-LD value (an object, an array, an `@graph`), as a draft; null when there is none. */
export function recipeFromJsonLd(data: unknown): ReadRecipe | null {
  const recipe = findRecipe(data, 0);
  if (!recipe) return null;
  const imageUrl = largestImage(recipe.image);
  const categoryList = categories(recipe);
  const prepTime = minutes(recipe.prepTime);
  const totalTime = minutes(recipe.totalTime);
  const source = sourceOf(recipe);
  return {
    ...(imageUrl ? { imageUrl } : {}),
    name: oneLine(recipe.name) || oneLine(recipe.headline),
    servings: servings(recipe.recipeYield),
    instructions: instructionLines(recipe.recipeInstructions, 0).join('\n'),
    ingredients: list(recipe.recipeIngredient ?? recipe.ingredients)
      .map(oneLine)
      .filter((line) => line !== '')
      .map(parseIngredientLine),
    ...(categoryList.length > 0 ? { categories: categoryList } : {}),
    ...(prepTime === undefined ? {} : { prepTime }),
    ...(totalTime === undefined ? {} : { totalTime }),
    ...(source ? { source } : {}),
  };
}

/**
 * The draft's source once the page's address is known (the address fetched, after redirects): that address, named
 * by the page's publisher when it says, else by its host ('www.ica.se' -> 'ica.se'). A pasted page keeps what its
 * JSON-LD says.
 */
export function withPageAddress(draft: ReadRecipe, address: string): ReadRecipe {
  if (!isWebAddress(address) || characterCount(address) > MAX_SOURCE_URL) return draft;
  const host = /^https?:\/\/(?:[^@/?#]*@)?([^/?#:]+)/iu.exec(address)?.[1]?.replace(/^www\./iu, '') ?? '';
  const name = draft.source?.name ?? sourceName(host);
  return { ...draft, source: { url: address, ...(name ? { name } : {}) } };
}

/**
 * The categories a page gives: `recipeCategory` and `recipeCuisine` first (they are categories), then `keywords`
 * (text, comma-separated, or a list). Tidied and each once whatever the letter case; only those a category can be
 * (MAX_CATEGORY characters, the allowed characters), and at most MAX_CATEGORIES.
 */
function categories(recipe: JsonObject): string[] {
  const texts = (value: unknown) => list(value).map(oneLine);
  const named = [...texts(recipe.recipeCategory), ...texts(recipe.recipeCuisine)].flatMap((t) => t.split(','));
  const keywords = texts(recipe.keywords).flatMap((t) => t.split(','));
  const usable = (name: string) =>
    categoryKey(name) !== '' && characterCount(name.trim()) <= MAX_CATEGORY && ALLOWED_CHARACTERS.test(name);
  return normaliseCategories([...named, ...keywords].filter(usable)).slice(0, MAX_CATEGORIES);
}

/** An ISO 8601 duration ('PT1H15M') as whole minutes; undefined when it is none or longer than a week. */
function minutes(value: unknown): number | undefined {
  const text = oneLine(list(value)[0]);
  return text === '' ? undefined : minutesFromIsoDuration(text);
}

/** The page's own address (`url`) and publisher, when it names them and they can be a source. */
function sourceOf(recipe: JsonObject): ImportedRecipe['source'] {
  const url = typeof recipe.url === 'string' ? recipe.url.trim() : '';
  const publisher = list(recipe.publisher).find(isObject);
  const name = sourceName(oneLine(publisher?.name));
  const address = isWebAddress(url) && characterCount(url) <= MAX_SOURCE_URL ? url : undefined;
  if (!address && !name) return undefined;
  return { ...(address ? { url: address } : {}), ...(name ? { name } : {}) };
}

/** A name a source can have (up to MAX_SOURCE_NAME allowed characters), else undefined. */
function sourceName(text: string): string | undefined {
  const name = text.trim();
  return name !== '' && characterCount(name) <= MAX_SOURCE_NAME && ALLOWED_CHARACTERS.test(name) ? name : undefined;
}

/**
 * The largest picture of schema.org's `image`: a URL, an ImageObject (`url` or `contentUrl`, `width`, `height`: numbers,
 * text, or QuantitativeValues) or a list of them. Where sizes are given the most pixels win; else the first.
 */
function largestImage(image: unknown): string | undefined {
  const size = (value: unknown): number => {
    const n = isObject(value) ? value.value : value;
    const number = typeof n === 'number' ? n : typeof n === 'string' ? Number.parseInt(n, 10) : NaN;
    return Number.isFinite(number) && number > 0 ? number : 0;
  };
  let best: { url: string; pixels: number } | undefined;
  for (const item of list(image).slice(0, 50)) {
    const url = typeof item === 'string' ? item : isObject(item) ? (item.url ?? item.contentUrl) : undefined;
    if (typeof url !== 'string' || url.trim() === '') continue;
    const pixels = isObject(item) ? size(item.width) * size(item.height) : 0;
    if (!best || pixels > best.pixels) best = { url: url.trim(), pixels };
  }
  return best?.url;
}

// Some sites emit trailing commas or raw newlines inside strings; one bad block must not hide the next.
function parseLeniently(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    try {
      return JSON.parse(jsonrepair(text));
    } catch {
      return undefined;
    }
  }
}

function findRecipe(value: unknown, depth: number): JsonObject | undefined {
  if (depth > MAX_DEPTH) return undefined;
  if (Array.isArray(value)) {
    for (const item of value) {
      const recipe = findRecipe(item, depth + 1);
      if (recipe) return recipe;
    }
    return undefined;
  }
  if (!isObject(value)) return undefined;
  if (isRecipe(value['@type'])) return value;
  // WordPress puts everything in an @graph; some pages make the recipe a WebPage's mainEntity.
  return findRecipe(value['@graph'], depth + 1) ?? findRecipe(value.mainEntity, depth + 1);
}

// "Recipe", ["Recipe", "NewsArticle"], "http://schema.org/Recipe", "https://schema.org/Recipe".
function isRecipe(type: unknown): boolean {
  return list(type).some((t) => typeof t === 'string' && t.replace(/^https?:\/\/schema\.org\//i, '') === 'Recipe');
}

// "4", 4, "4 portioner", "4-6 portioner" (4), "Serves 4", ["4", "4 servings"]; null when unusable or not 1..100.
function servings(recipeYield: unknown): number | null {
  for (const item of list(recipeYield)) {
    const number =
      typeof item === 'number' ? item : Number(/\d+(?:[.,]\d+)?/.exec(oneLine(item))?.[0].replace(',', '.') ?? NaN);
    if (!Number.isFinite(number)) continue;
    const rounded = Math.round(number);
    return rounded >= 1 && rounded <= 100 ? rounded : null;
  }
  return null;
}

// A string (maybe HTML), strings, HowToSteps (text, else name), HowToSections (name, then their steps), nested.
function instructionLines(value: unknown, depth: number): string[] {
  if (depth > MAX_DEPTH) return [];
  if (typeof value === 'string') return htmlLines(value);
  if (Array.isArray(value)) return value.flatMap((item) => instructionLines(item, depth + 1));
  if (!isObject(value)) return [];
  const text = typeof value.text === 'string' ? htmlLines(value.text) : [];
  if (value.itemListElement !== undefined && text.length === 0) {
    return [...lines(value.name), ...instructionLines(value.itemListElement, depth + 1)];
  }
  return text.length > 0 ? text : lines(value.name);
}

function lines(value: unknown): string[] {
  return typeof value === 'string' ? htmlLines(value) : [];
}

function oneLine(value: unknown): string {
  return typeof value === 'string' ? htmlText(value) : '';
}

function list(value: unknown): unknown[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
