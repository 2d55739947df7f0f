// "Importera recept" (issue 13, issue 37): a recipe page as a draft for the create form. Pure: the route fetches
// the page; this only reads text. The page is parsed once (html-text.ts); every form a recipe is written in is read
// from that tree: JSON-LD, then microdata or RDFa (readers/microdata.ts), then a recipe plugin's HTML
// (readers/recipe-plugins.ts) or the page as people see it (readers/page-html.ts), each field taken from the first
// that gives it. Ingredient groups come from the page's HTML (structured data has none) when its ingredients are the
// same ones. The draft itself is the one every import makes (server/drafts/recipe-draft.ts).
import { jsonrepair } from 'jsonrepair';
import { jsonLdScripts, parsePage, type PageDocument, type PageElement } from '../drafts/html-text.ts';
import { chooseRecipe, recipesIn, type JsonObject } from '../drafts/json-ld-recipes.ts';
import {
  draftOf,
  structuredIngredientLines,
  structuredSteps,
  withOthersNotice,
  withRecipeKeys,
  type IngredientGroup,
  type ReadRecipe,
} from '../drafts/recipe-draft.ts';
import { microdataRecipe } from './readers/microdata.ts';
import { commonAncestor, groupsIn, groupsOfLines } from './readers/page-dom.ts';
import { pageSource } from './readers/page-source.ts';
import { htmlRecipe, type HtmlRecipe } from './readers/page-html.ts';
import { pluginRecipe, type PluginRecipe } from './readers/recipe-plugins.ts';

/** The page's recipe, read from every form it is written in, as a draft for the create form; null when it has none. */
export function recipeFromHtml(html: string): ReadRecipe | null {
  const page = parsePage(html);
  const source = pageSource(page);
  const chosen = chooseRecipe(recipesIn(jsonLdScripts(page).map(parseLeniently)), source.urls);
  const jsonLd = chosen && withRecipeKeys(chosen.recipe);
  const microdata = microdataRecipe(page);
  const plugin = pluginRecipe(page);
  // Per field, JSON-LD first, then microdata/RDFa (a page may give a field in one form only).
  const structured = { ...microdata?.data, ...present(jsonLd ?? {}) };
  // The page as people see it (readers/page-html.ts): the recipe of a page without structured data or a card,
  // and the fields its structured data leaves out or gets wrong (issue 55 item 3, decision 064).
  const hasStructured = jsonLd !== undefined || microdata !== undefined;
  const shown = plugin ? undefined : htmlRecipeWhereNeeded(page, hasStructured ? structured : undefined);
  if (!hasStructured && !plugin && !shown) return null;
  let fields = shown?.ingredientsFromHtml ? withoutIngredients(structured) : structured;
  if (shown?.stepsFromHtml) fields = { ...fields, recipeInstructions: shown.recipe.steps };
  // The page's list stands in for a card only where its lines are the draft's: else its groups could be
  // another list's and name the structured lines wrongly.
  const fromHtml: PluginRecipe | undefined =
    plugin ??
    (shown && (!hasStructured || shown.ingredientsFromHtml) ? { plugin: 'page', ...shown.recipe } : undefined);
  // The groups of the structured lines: the headings between the microdata's ingredient elements, else the page's
  // own list of those lines.
  const elements = microdata && !shown?.ingredientsFromHtml ? microdata.ingredientElements : [];
  const draft = draftOf(fields, {
    ...(fromHtml ? { parts: fromHtml } : {}),
    source,
    groupsOf: (lines, name) =>
      elements.length > 0
        ? microdataGroups(elements, name)
        : lines.length > 0
          ? pageGroups(page, lines, name)
          : undefined,
  });
  return chosen && chosen.others > 0 ? withOthersNotice(draft, chosen.others + 1) : draft;
}

/**
 * The page's HTML recipe when the draft needs it: the whole recipe when there is no structured one; else only when
 * the structured data has no steps or one (a page's description or one sub-recipe's step given as its method: the
 * page's steps win when there are two or more saying at least as much), or gives the ingredients as one line where
 * the page lists three or more (a merged list). Which source wins per field is decided here, by those rules;
 * everything else stays structured.
 */
function htmlRecipeWhereNeeded(
  page: PageDocument,
  structured: JsonObject | undefined,
): { recipe: HtmlRecipe; ingredientsFromHtml: boolean; stepsFromHtml: boolean } | undefined {
  if (!structured) {
    const recipe = htmlRecipe(page);
    return recipe && { recipe, ingredientsFromHtml: false, stepsFromHtml: false };
  }
  const steps = structuredSteps(structured);
  const lines = structuredIngredientLines(structured);
  if (steps.length > 1 && lines.length > 1) return undefined;
  const recipe = htmlRecipe(page);
  if (!recipe) return undefined;
  const shownLines = recipe.groups.reduce((count, group) => count + group.lines.length, 0);
  return {
    recipe,
    ingredientsFromHtml: lines.length <= 1 && shownLines >= 3,
    stepsFromHtml:
      (steps.length === 0 && recipe.steps.length > 0) ||
      (steps.length === 1 && recipe.steps.length >= 2 && wordCount(recipe.steps) >= wordCount(steps) * 0.8),
  };
}

// The words of some lines: a method of one line is no better than the page's steps when it says less than them.
function wordCount(lines: string[]): number {
  return lines.reduce((count, line) => count + (line.match(/\S+/gu)?.length ?? 0), 0);
}

function withoutIngredients(recipe: JsonObject): JsonObject {
  const { recipeIngredient: _lines, ingredients: _old, ...rest } = recipe;
  return rest;
}

// The headings between the microdata's ingredient elements, in the element that holds them all. That element can
// be the whole recipe, its title included: the recipe's name above the first ingredient names no group.
function microdataGroups(elements: PageElement[], name: string): IngredientGroup[] {
  const container = commonAncestor(elements);
  if (!container) return [];
  const items = new Set(elements);
  const groups = groupsIn(container, (e) => items.has(e));
  if (groups[0]?.heading?.toLowerCase() === name.toLowerCase()) groups[0] = { lines: groups[0].lines };
  return groups;
}

// The groups the page's own list shows the structured lines in (readers/page-dom.ts), its title no group's name.
function pageGroups(page: PageDocument, lines: string[], name: string): IngredientGroup[] | undefined {
  const groups = groupsOfLines(page.children, lines);
  if (groups?.[0]?.heading?.toLowerCase() === name.toLowerCase()) groups[0] = { lines: groups[0].lines };
  return groups;
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

// The fields of a JSON-LD Recipe that say something (a page's empty `recipeIngredient: []` leaves the field to
// its microdata).
function present(recipe: JsonObject): JsonObject {
  return Object.fromEntries(
    Object.entries(recipe).filter(
      ([, v]) => v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0),
    ),
  );
}
