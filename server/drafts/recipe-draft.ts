// The draft every import makes (issue 13, issue 37, issue 53): a schema.org Recipe (a page's JSON-LD or microdata,
// an app's recipe in that shape) -> a draft for the create form. Pure: it only reads values. Each field is taken from
// the structured data first; a web page adds what its HTML shows (PageExtras: the web import's readers,
// server/import/page-draft.ts), and its ingredient groups (structured data has none) when its ingredients are the
// same ones. This reader keeps the recipe's words; the draft is made to fit the form afterwards, by every reader's
// last step (fit-draft.ts: the form's characters, a name and steps cut to the form's lengths with a notice when
// steps are lost, times in order) and, for each ingredient, by ingredient-name.ts (brackets, and what does not fit
// the name's length, go to the note, which is cut to its own). Categories are chosen here (issue 25): pages pad
// `keywords` with phrases for search engines, so the draft keeps only those that can be categories, at most
// MAX_CATEGORIES of them.
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
import { minutesFromText } from '../../src/lib/step-durations.ts';
import { htmlLines, htmlText } from './html-text.ts';
import { parseIngredientLine, type ImportedIngredient } from './ingredient-line.ts';
import { chooseRecipe, recipesIn, type JsonObject } from './json-ld-recipes.ts';
import { withoutSiteTail } from './site-tail.ts';
import { HeadedIngredients, headingText, isHeadingLine, STEP_WORDS, STEPS_WORDS } from './headings.ts';

// The draft is src/lib's `importedRecipeSchema` (POST /recipe-imports answers it). `imageUrl`: the page's picture,
// which the route fetches and turns into the draft's photo (it is never part of the answer itself).
export type ReadRecipe = ImportedRecipe & { imageUrl?: string };
export type { ImportedRecipe };

// Far deeper than any real page nests; a hostile page cannot exhaust the stack.
const MAX_DEPTH = 32;

/** A list's ingredient lines under the heading the recipe gives them (none: no heading). */
export type IngredientGroup = { heading?: string; lines: string[] };

/** What a web page shows of a recipe beside its structured data: a recipe plugin's card, or the page as people see it. */
export type RecipeParts = {
  groups: IngredientGroup[];
  steps: string[];
  servingsText?: string;
  prepTime?: number;
  totalTime?: number;
  imageUrl?: string;
};

/** The addresses a page gives for itself, best first, and its site's name. */
export type PageSource = { urls: string[]; siteName?: string };

/**
 * What a web page adds to its structured data (the web import's readers find it): the recipe its HTML shows, where
 * it says it lives, and the groups its HTML shows the structured ingredient lines in (asked with the recipe's name,
 * which names no group).
 */
export type PageExtras = {
  parts?: RecipeParts & { name?: string };
  source?: PageSource;
  groupsOf?: (lines: string[], name: string) => IngredientGroup[] | undefined;
};

// The Recipe's properties as schema.org spells them; search engines read "RecipeInstructions" or "recipeyield" too.
const RECIPE_KEYS = [
  'name',
  'headline',
  'image',
  'url',
  'publisher',
  'recipeIngredient',
  'ingredients',
  'recipeInstructions',
  'recipeYield',
  'prepTime',
  'cookTime',
  'totalTime',
  'recipeCategory',
  'recipeCuisine',
  'keywords',
  'mainEntityOfPage',
];
const RECIPE_KEY = new Map(RECIPE_KEYS.map((key) => [key.toLowerCase(), key]));

/** The recipe with each property spelt in another letter case also under schema.org's spelling (that one wins). */
export function withRecipeKeys(recipe: JsonObject): JsonObject {
  const spelt: JsonObject = {};
  for (const [key, value] of Object.entries(recipe)) {
    const canonical = RECIPE_KEY.get(key.toLowerCase());
    if (canonical && canonical !== key && recipe[canonical] === undefined) spelt[canonical] = value;
  }
  return Object.keys(spelt).length === 0 ? recipe : { ...recipe, ...spelt };
}

/** The Recipe of one parsed JSON-LD value (an object, an array, an `@graph`, any container), as a draft; null when there is none. */
export function recipeFromJsonLd(data: unknown): ReadRecipe | null {
  const chosen = chooseRecipe(recipesIn([data]), []);
  if (!chosen) return null;
  const draft = draftOf(withRecipeKeys(chosen.recipe), {});
  return chosen.others > 0 ? withOthersNotice(draft, chosen.others + 1) : draft;
}

/**
 * A page of several recipes gives one draft: the editor is told there were more and which one this is (the API
 * has no field of its own for it: `notices` is what the dialog shows beside the form).
 */
export function othersNotice(count: number, name: string): string {
  return `Sidan innehåller ${count} recept. Utkastet är ${name ? `”${name}”` : 'det första'}.`;
}

export function withOthersNotice(draft: ReadRecipe, count: number): ReadRecipe {
  return { ...draft, notices: [...(draft.notices ?? []), othersNotice(count, draft.name)] };
}

/** The draft of a schema.org Recipe's fields (property names as schema.org spells them), and what a page adds to them. */
export function draftOf(recipe: JsonObject, extras: PageExtras): ReadRecipe {
  const { parts } = extras;
  const imageUrl = largestImage(recipe.image) ?? parts?.imageUrl;
  const categoryList = categories(recipe);
  const prepTime = minutes(recipe.prepTime) ?? parts?.prepTime;
  // A page that gives the preparation and cooking times but no total: their sum is its total (as a reader adds them).
  const cookTime = minutes(recipe.cookTime);
  const totalTime =
    minutes(recipe.totalTime) ??
    parts?.totalTime ??
    (prepTime || cookTime ? (prepTime ?? 0) + (cookTime ?? 0) : undefined);
  const source = sourceOf(recipe, extras.source);
  const steps = structuredSteps(recipe);
  const publisher = list(recipe.publisher).find(isObject);
  // The recipe's name, not the page's title: without the site's part ("Kladdkaka | Receptbloggen").
  const name = withoutSiteTail(oneLine(recipe.name) || oneLine(recipe.headline) || (parts?.name ?? ''), {
    names: [extras.source?.siteName, oneLine(publisher?.name)],
    urls: [...(extras.source?.urls ?? []), ...list(recipe.url).map(oneLine)],
  });
  return {
    ...(imageUrl ? { imageUrl } : {}),
    name,
    servings: servings(recipe.recipeYield) ?? servings(parts?.servingsText),
    instructions: (steps.length > 0 ? steps : (parts?.steps ?? []).filter((line) => !isStepHeading(line))).join('\n'),
    ingredients: ingredientsOf(recipe, extras, name),
    ...(categoryList.length > 0 ? { categories: categoryList } : {}),
    ...(prepTime === undefined ? {} : { prepTime }),
    ...(totalTime === undefined ? {} : { totalTime }),
    ...(source ? { source } : {}),
  };
}

/**
 * The ingredients, each group's first one carrying the group's `heading`. The lines are the structured data's (else
 * the page's card's); the groups are the card's, else those the page shows the lines in (PageExtras.groupsOf),
 * placed where their first ingredient is among the lines. A line that is itself a heading ("Till såsen:") heads
 * the lines after it.
 */
function ingredientsOf(recipe: JsonObject, extras: PageExtras, name: string): ImportedIngredient[] {
  const structured = doubledOnce(structuredIngredientLines(recipe));
  const htmlGroups = extras.parts?.groups ?? extras.groupsOf?.(structured, name);
  const lines = structured.length > 0 ? structured : (htmlGroups ?? []).flatMap((group) => group.lines);
  const headings = new Map<number, string>();
  if (htmlGroups && htmlGroups.some((group) => group.heading)) placeHeadings(htmlGroups, lines, headings);
  const ingredients = new HeadedIngredients<ImportedIngredient>();
  lines.forEach((line, index) => {
    ingredients.head(headings.get(index));
    if (isHeadingLine(line)) ingredients.head(headingText(line));
    else ingredients.add(parseIngredientLine(line));
  });
  return ingredients.list;
}

/**
 * Where each group of the page's HTML starts among the lines: by position when both list as many ingredients (a
 * card may word a line unlike its JSON-LD: "7 oz (200 g) tempeh" and "7 oz tempeh"), else where the group's first
 * line is, or a line that holds it or that it holds, in order.
 */
function placeHeadings(groups: IngredientGroup[], lines: string[], headings: Map<number, string>): void {
  if (groups.reduce((count, group) => count + group.lines.length, 0) === lines.length) {
    let at = 0;
    for (const group of groups) {
      if (group.heading) headings.set(at, group.heading);
      at += group.lines.length;
    }
    return;
  }
  let from = 0;
  const keys = lines.map(lineKey);
  for (const group of groups) {
    const key = lineKey(group.lines[0]!);
    const at = keys.findIndex((k, i) => i >= from && k !== '' && (k === key || k.includes(key) || key.includes(k)));
    if (at < 0) continue;
    if (group.heading) headings.set(at, group.heading);
    from = at + 1;
  }
}

/** The structured data's steps, a line each, without the lines that only title them ("Steg 1", "Instructions"). */
export function structuredSteps(recipe: JsonObject): string[] {
  return stepsOfLines(instructionLines(recipe.recipeInstructions, 0)).filter((line) => !isStepHeading(line));
}

/** The structured data's ingredient lines: one value may hold the whole list, a line each. */
export function structuredIngredientLines(recipe: JsonObject): string[] {
  return list(recipe.recipeIngredient ?? recipe.ingredients).flatMap((item) =>
    typeof item === 'string' ? htmlLines(item) : [],
  );
}

// A page that shows its list twice (on screen and for print) inside one recipe: once is the recipe's.
function doubledOnce(lines: string[]): string[] {
  const half = lines.length / 2;
  return Number.isInteger(half) && half > 0 && lines.slice(0, half).every((line, i) => line === lines[half + i])
    ? lines.slice(0, half)
    : lines;
}

// A line as a key to find it again among other readings of it: letters and digits, lower case.
function lineKey(line: string): string {
  return line.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
}

// A step list's headings, not steps: "Första instruktionen", "Sista instruktionen", "Step 1", "Steg 2:",
// "Instructions", "Gör så här" (a card's labels read as text). A HowToSection's own name ("Till såsen") stays:
// it says which part of the dish the steps after it make, and the instructions are one text with no sections of
// their own, so a line before its steps is how a cookbook would print it.
const STEP_HEADING = new RegExp(
  `^(?:(?:första|sista|nästa|andra|tredje|fjärde|femte)\\s+instruktionen|(?:${STEP_WORDS})\\s*\\d{0,3}|\\d{1,3}|${STEPS_WORDS}|recipe|recept|oppskrift|opskrift|rezept|recette|receta|ricetta)\\s*[.:)]?$`,
  'iu',
);

// "1.Chop the onion 2.Fry it 3. Serve": the step numbers of a text, each the next one, after a space (or first).
const STEP_NUMBER = /(?:^|\s)(\d{1,2})\s*[.)、:]\s*/gu;
// "…baking paper.Snap the chocolate…": a sentence's end glued to the next one's capital, where a site's template
// dropped the <br> or <p> between its steps (no space: never how a sentence is followed inside one step).
const GLUED_STEPS = /(?<=[\p{Ll}\d)][.!?])(?=\p{Lu}\p{Ll})/u;

/**
 * Structured instructions whose steps are not one a line: a line numbered in its text ("1.… 2.… 3.…": at least two
 * numbers counting up from 1, the numbers dropped, the form numbers its steps) is those steps; and the whole method
 * given as one line is split where sentences are glued without a space (the page's line breaks, lost). Only then:
 * in a list of steps, glued sentences are one step's own paragraphs.
 */
export function stepsOfLines(lines: string[]): string[] {
  const steps = lines.flatMap(numberedSteps);
  return steps.length === 1
    ? steps[0]!
        .split(GLUED_STEPS)
        .map((step) => step.trim())
        .filter((step) => step !== '')
    : steps;
}

function numberedSteps(line: string): string[] {
  const numbers = [...line.matchAll(STEP_NUMBER)];
  const starts: RegExpExecArray[] = [];
  for (const match of numbers) {
    if (Number(match[1]) !== starts.length + 1) continue;
    if (starts.length === 0 && line.slice(0, match.index).trim() !== '') break; // "1." opens the text
    starts.push(match);
  }
  if (starts.length >= 2) {
    return starts
      .map((match, i) => line.slice(match.index + match[0].length, starts[i + 1]?.index ?? line.length).trim())
      .filter((step) => step !== '');
  }
  return [line];
}

function isStepHeading(line: string): boolean {
  return STEP_HEADING.test(line.trim());
}

/**
 * The draft's source once the page's address is known (the address fetched, after redirects): that address, named
 * by the page's site when it says (og:site_name, its publisher), else by its host ('www.ica.se' -> 'ica.se').
 */
export function withPageAddress(draft: ReadRecipe, address: string): ReadRecipe {
  if (!isWebAddress(address) || characterCount(address) > MAX_SOURCE_URL) return draft;
  const host = /^https?:\/\/(?:[^@/?#]*@)?([^/?#:]+)/iu.exec(address)?.[1]?.replace(/^www\./iu, '') ?? '';
  const name = draft.source?.name ?? sourceName(host);
  const recipeName = withoutSiteTail(draft.name, { names: [name], urls: [address] });
  return { ...draft, name: recipeName, source: { url: address, ...(name ? { name } : {}) } };
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

/** An ISO 8601 duration ('PT1H15M'), or microdata's text ('1 tim 15 min'), as whole minutes; undefined when none or longer than a week. */
function minutes(value: unknown): number | undefined {
  const text = oneLine(list(value)[0]);
  return text === '' ? undefined : (minutesFromIsoDuration(text) ?? minutesFromText(text));
}

/**
 * Where the recipe is from: the page's canonical address (`<link rel=canonical>`, then og:url, then the JSON-LD's
 * `url` or `mainEntityOfPage`), the first that is a web address; named by og:site_name, then the publisher.
 */
function sourceOf(recipe: JsonObject, page: PageSource | undefined): ImportedRecipe['source'] {
  const mainEntity = recipe.mainEntityOfPage;
  const candidates = [
    ...(page?.urls ?? []),
    recipe.url,
    typeof mainEntity === 'string' ? mainEntity : isObject(mainEntity) ? (mainEntity['@id'] ?? mainEntity.url) : '',
  ];
  const address = candidates
    .flatMap((url) => list(url))
    .map((url) => (typeof url === 'string' ? url.trim() : ''))
    .find((url) => isWebAddress(url) && characterCount(url) <= MAX_SOURCE_URL);
  const publisher = list(recipe.publisher).find(isObject);
  const name = sourceName(page?.siteName ?? '') ?? sourceName(oneLine(publisher?.name));
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
function instructionLines(value: unknown, depth: number, oneOfSteps = false): string[] {
  if (depth > MAX_DEPTH) return [];
  if (typeof value === 'string') {
    const json = jsonSteps(value);
    return json === undefined ? htmlLines(value) : instructionLines(json, depth + 1);
  }
  if (Array.isArray(value)) {
    // In a list of two steps or more, each HowToStep is one step: the line breaks in its text are its own.
    const several = value.filter((item) => isObject(item) && typeof item.text === 'string').length >= 2;
    return value.flatMap((item) => instructionLines(item, depth + 1, several));
  }
  if (!isObject(value)) return [];
  const own = typeof value.text === 'string' ? htmlLines(value.text) : [];
  const text = oneOfSteps && own.length > 1 ? [own.join(' ')] : own;
  // A HowToSection's steps are its itemListElement; microdata sites also nest them as recipeInstructions.
  // Some sites capitalise the property ("ItemListElement"); search engines read it all the same.
  const steps = value.itemListElement ?? value.ItemListElement ?? value.recipeInstructions ?? value.step;
  if (steps !== undefined && text.length === 0) {
    return [...lines(value.name), ...instructionLines(steps, depth + 1)];
  }
  // A ListItem (an ItemList's step, often in microdata) says its step in `description`, its title in `name`.
  const said = text.length > 0 ? text : typeof value.description === 'string' ? htmlLines(value.description) : [];
  if (said.length === 0) return lines(value.name);
  return [...stepTitle(value.name, said), ...said];
}

/**
 * Steps written as JSON into a text (a microdata `content="[{&quot;@type&quot;:&quot;HowToStep&quot;…}]"`, a
 * JSON-LD value serialised twice): the parsed steps, when the text is a JSON list or object of them; else undefined.
 */
function jsonSteps(text: string): unknown {
  const trimmed = text.trim();
  if (!/^(?:\[\s*\{|\{\s*")[\s\S]*[}\]]$/u.test(trimmed)) return undefined;
  try {
    const parsed: unknown = JSON.parse(trimmed);
    const items = list(parsed);
    return items.some((item) => isObject(item) && (typeof item.text === 'string' || typeof item.name === 'string'))
      ? parsed
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A HowToStep's `name` beside its `text`: the step's own title ("Make the glaze", then how), a line before its text
 * as a cookbook prints it and as a HowToSection's name is kept. Not when the name is the text's start, whole or cut
 * short ("Preheat the oven to…"): many sites copy the text into the name.
 */
function stepTitle(name: unknown, text: string[]): string[] {
  const title = oneLine(name);
  if (title === '' || title.length > MAX_STEP_TITLE || STEP_NUMBERED.test(title)) return [];
  const start = lineKey(title.replace(/(?:\.{2,}|…)\s*$/u, ''));
  return start === '' || lineKey(text.join(' ')).startsWith(start) ? [] : [title];
}

const MAX_STEP_TITLE = 120;
// A name that only numbers the step, after a file's or a template's word ("gazpacho_r step 1", "Schritt 2").
const STEP_NUMBERED =
  /(?:^|[\s_-])(?:step|steg|schritt|étape|etape|stap|paso|passo|krok|trin|vaihe|lépés)\s*\d{1,3}\s*[.:)]?$/iu;

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
