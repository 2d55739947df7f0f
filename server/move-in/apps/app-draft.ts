// One recipe of another app's file -> a CollectionRecipe. Each format module (paprika.ts, mealie.ts, ...) only
// says where the app keeps each field, in schema.org's shape; the reading is every import's own (server/drafts/:
// recipe-draft.ts's recipeFromJsonLd: servings from '4-6 portioner', times from ISO 8601 or '1 hr 20 mins',
// categories, source, HTML as text; ingredient-line.ts for every ingredient), and fit-draft.ts is the last step,
// so an app's recipe becomes the same draft a web page would. What the draft has no place for is named in `notes`.
import { MAX_HEADING } from '../../../src/lib/organise.ts';
import { MAX_INGREDIENT_NOTE } from '../../../src/lib/recipe-schema.ts';
import { fitDraft } from '../../drafts/fit-draft.ts';
import { htmlLines, htmlText } from '../../drafts/html-text.ts';
import { parseIngredientLine, type ImportedIngredient } from '../../drafts/ingredient-line.ts';
import { minutesFromText } from '../../../src/lib/step-durations.ts';
import { HeadedIngredients, headingText, isHeadingLine } from '../../drafts/headings.ts';
import { recipeFromJsonLd, type ImportedRecipe, type ReadRecipe } from '../../drafts/recipe-draft.ts';
import { printable } from './collection-errors.ts';
import { tidyDraft } from './tidy-draft.ts';
import type { CollectionRecipe, PhotoRef } from './collection-types.ts';

/** A line of text, or an app's ingredient whose note it keeps apart ('finhackad'): the note stays a note. */
export type IngredientText = string | { text: string; note: string };
export type IngredientGroup = { heading?: string; lines: IngredientText[] };

export type AppRecipe = {
  /** The recipe in schema.org's shape: name, recipeYield, recipeIngredient, recipeInstructions, recipeCategory,
   *  keywords, prepTime, totalTime (ISO 8601 or text), url, publisher.name. */
  schema: Record<string, unknown>;
  /** The app's own ingredient sections (Mealie's titles, Tandoor's steps); else recipeIngredient's lines. */
  groups?: IngredientGroup[];
  photos: PhotoRef[];
  author?: unknown;
  /** Swedish, each a noun phrase: what the app's recipe holds that the draft has no place for ('betyget'). */
  leftOut: string[];
  /** The name when the recipe itself has none (its file's name). */
  fallbackName?: string;
};

const MAX_AUTHOR = 100;
// No text of a recipe is kept longer than 10,000 characters (fit-draft.ts), but the web import's readers copy,
// split and replace a text whole before they cut it: a 63 MB string crashed the worker's heap, and with it the
// server (issue 52). An app's texts are cut first, far beyond anything kept (HTML's markup included).
const MAX_TEXT = 100_000;
const LONG_TEXT_CUT = 'Receptet har text längre än 100 000 tecken: slutet kom inte med.';

/** `value` with every string longer than MAX_TEXT cut to it (a copy where one is cut; `cut.any` then set). */
function cutLong<T>(value: T, cut: { any: boolean }): T {
  if (typeof value === 'string' && value.length > MAX_TEXT) {
    cut.any = true;
    return value.slice(0, MAX_TEXT) as T;
  }
  if (Array.isArray(value)) return value.map((item: unknown) => cutLong(item, cut)) as T;
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, cutLong(item, cut)])) as T;
  return value;
}

export function collectionRecipe(index: number, whole: AppRecipe, maxIngredients: number): CollectionRecipe {
  const cut = { any: false };
  const app = {
    ...whole,
    schema: cutLong(whole.schema, cut),
    ...(whole.groups ? { groups: cutLong(whole.groups, cut) } : {}),
  };
  const notes = [
    ...(app.leftOut.length > 0 ? [`Kom inte med: ${app.leftOut.join(', ')}.`] : []),
    ...(cut.any ? [LONG_TEXT_CUT] : []),
  ];
  const author = authorOf(app.author);
  const base = { index, photos: app.photos, notes, ...(author ? { author } : {}) };
  const count = ingredientCount(whole);
  if (count > maxIngredients) {
    const name = htmlText(typeof app.schema.name === 'string' ? app.schema.name : '') || (app.fallbackName ?? '');
    return {
      ...base,
      draft: fitDraft(emptyDraft(name)),
      problem: `Receptet har ${count.toLocaleString('sv-SE')} ingredienser; högst ${maxIngredients.toLocaleString('sv-SE')} går att läsa in.`,
    };
  }
  // The web import's `imageUrl` (a page's picture to fetch) has no place here: photos come from the file.
  const { imageUrl: _, ...read }: ReadRecipe = recipeFromJsonLd({ ...app.schema, '@type': 'Recipe' }) ?? emptyDraft('');
  // The other app's habits undone (tidy-draft.ts) before the draft is fitted to the form's limits.
  const tidied = tidyDraft({
    ...read,
    name: read.name || app.fallbackName || '',
    ...(app.groups ? { ingredients: groupIngredients(app.groups) } : {}),
  });
  const draft = fitDraft(tidied.draft);
  if (draft.name.trim() === '') return { ...base, draft, problem: 'Receptet har inget namn.' };
  return {
    ...base,
    draft,
    notes: [...notes, ...tidied.notes, ...(draft.notices ?? [])],
    ...(tidied.review.length > 0 ? { review: tidied.review } : {}),
  };
}

/** A recipe that cannot be read at all (its entry is corrupt): its name from the file, and why. */
export function unreadableRecipe(index: number, name: string, problem: string): CollectionRecipe {
  return { index, draft: fitDraft(emptyDraft(name)), photos: [], notes: [], problem };
}

function emptyDraft(name: string): ImportedRecipe {
  return { name, servings: null, instructions: '', ingredients: [] };
}

// Counted before any line is read: a recipe of 10,000 ingredients costs a count, not 10,000 readings.
function ingredientCount(app: AppRecipe): number {
  if (app.groups) return app.groups.reduce((n, group) => n + group.lines.length, 0);
  const value = app.schema.recipeIngredient;
  const items = Array.isArray(value) ? value : [value];
  return items.reduce<number>((n, item) => n + (typeof item === 'string' ? lineCount(item) : 0), 0);
}

// Lines counted without splitting them (a text of millions of lines is counted, not copied).
function lineCount(text: string): number {
  let count = 1;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) count++;
  return count;
}

/** Each section's first ingredient carries its heading; a line that is itself a heading ('Till såsen:') heads the next. */
function groupIngredients(groups: IngredientGroup[]): ImportedIngredient[] {
  const ingredients = new HeadedIngredients<ImportedIngredient>();
  for (const group of groups) {
    ingredients.startGroup(group.heading ? htmlText(group.heading).slice(0, MAX_HEADING * 2) : undefined);
    for (const item of group.lines) {
      const note = typeof item === 'string' ? '' : htmlText(item.note);
      for (const line of htmlLines(typeof item === 'string' ? item : item.text)) {
        if (!note && isHeadingLine(line)) {
          ingredients.head(headingText(line));
          continue;
        }
        const read = parseIngredientLine(line);
        const notes = [read.note, note].filter(Boolean).join(', ');
        const ingredient = { ...read, ...(notes ? { note: [...notes].slice(0, MAX_INGREDIENT_NOTE).join('') } : {}) };
        ingredients.add(ingredient);
      }
    }
  }
  return ingredients.list;
}

function authorOf(value: unknown): string | undefined {
  const first: unknown = Array.isArray(value) ? value[0] : value;
  const name =
    typeof first === 'string'
      ? first
      : typeof first === 'object' && first !== null && typeof (first as { name?: unknown }).name === 'string'
        ? (first as { name: string }).name
        : '';
  const text = htmlText(name);
  return text === '' ? undefined : [...text].slice(0, MAX_AUTHOR).join('');
}

/**
 * What of `source` is left out: per key, `rules` gives the Swedish words for it, or null when it is mapped (or is
 * the app's bookkeeping: ids, dates); a key the rules do not know is named as it is, so nothing goes unmentioned.
 */
export function leftOutFields(source: Record<string, unknown>, rules: Record<string, string | null>): string[] {
  const labels = new Set<string>();
  const unknown: string[] = [];
  for (const [key, value] of Object.entries(source)) {
    if (isEmpty(value)) continue;
    const rule = rules[key];
    if (rule === null) continue;
    if (rule === undefined) unknown.push(`”${printable(key)}”`);
    else labels.add(rule);
  }
  if (unknown.length > 0) labels.add(`${unknown.length === 1 ? 'fältet' : 'fälten'} ${unknown.slice(0, 8).join(', ')}`);
  return [...labels];
}

export function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null || value === '' || value === 0 || value === false) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.every(isEmpty);
  if (typeof value === 'object') return Object.values(value).every(isEmpty);
  return false;
}

/** A time in minutes (Tandoor's, a number) as the ISO 8601 duration the draft reads; undefined when none. */
export function isoMinutes(minutes: unknown): string | undefined {
  const n = typeof minutes === 'string' ? Number(minutes) : minutes;
  return typeof n === 'number' && Number.isFinite(n) && n > 0 ? `PT${Math.round(n)}M` : undefined;
}

export type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function text(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

/**
 * The apps keep a cooking time beside preparation and total; the draft has preparation and total. With no total,
 * preparation + cooking is the total; with one, the cooking time is left out (and said so).
 */
export function withCookTime(schema: JsonObject, cookTime: unknown): { schema: JsonObject; leftOut: string[] } {
  const cook = minutesFromText(text(cookTime).trim() || undefined);
  if (cook === undefined) return { schema, leftOut: [] };
  if (minutesFromText(text(schema.totalTime).trim() || undefined) !== undefined)
    return { schema, leftOut: ['tillagningstiden'] };
  const prep = minutesFromText(text(schema.prepTime).trim() || undefined) ?? 0;
  return { schema: { ...schema, totalTime: `PT${prep + cook}M` }, leftOut: [] };
}
