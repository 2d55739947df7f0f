// The list's filters beside the name search (issue 40), one rule for the site and the API: which words an
// ingredient filter and a full-text search are made of, the Swedish ending rule that lets "äggen" find "ägg",
// the time choices, and how the filters are written in an address (?ingredients=&maxMinutes=&words=), so a
// filtered list can be shared and Back works (docs/decisions/055-find-recipes-by-content.md).
import { fold } from './recipe-search.ts';

/** The time filter's choices on the site ("Högst 15 / 30 / 60 min"); the API takes any minutes up to a week. */
export const MINUTES_CHOICES = [15, 30, 60] as const;
export const MAX_FILTER_MINUTES = 10_080;
/** More words than this in one filter are ignored: each is one more condition on every recipe. */
export const MAX_FILTER_WORDS = 8;
/** The longest text one filter field takes (as the name search). */
export const MAX_FILTER_TEXT = 200;

export type RecipeFilters = {
  /** "Med …": the ingredient words as typed (see ingredientStems). */
  ingredients: string;
  /** Total time, or preparation time where no total is set, at most this many minutes. */
  maxMinutes?: number | undefined;
  /** Words anywhere: name, ingredients, instructions, categories. */
  words: string;
};

export const NO_FILTERS: RecipeFilters = { ingredients: '', words: '' };

/** What the filters need of URLSearchParams (src/lib compiles without the DOM's or Node's types). */
type Params = {
  get(name: string): string | null;
  set(name: string, value: string): void;
  delete(name: string): void;
};

/** The words of a text: letters and digits (å, ä, ö among the letters), folded to lower case. */
export function wordsIn(text: string): string[] {
  return fold(text).match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** The words of a filter's text (wordsIn), no repeats, at most MAX_FILTER_WORDS. */
export function filterWords(text: string): string[] {
  return [...new Set(wordsIn(text))].slice(0, MAX_FILTER_WORDS);
}

// Swedish definite and plural endings, longest first: "tomaterna" loses "erna", "äggen" "en", "lökar" "ar".
const ENDINGS = ['arna', 'erna', 'orna', 'ena', 'na', 'en', 'et', 'ar', 'er', 'or'];
/** A stem keeps at least this many letters: "ost" and "ris" stay themselves, "osten" becomes "ost". */
const MIN_STEM = 3;

/**
 * The part of an ingredient word a name must contain. The query word loses one Swedish ending ("äggen" -> "ägg",
 * "löken" -> "lök", "gurkan" -> "gurka"), and an ingredient's name matches when it contains the stem anywhere: a
 * Swedish compound puts the kind last, so "kyckling" finds "kycklingfilé" and "lök" finds "rödlök". Cutting too
 * much only finds more ("socker" -> "sock" still finds "farinsocker"), never less.
 */
export function ingredientStem(word: string): string {
  const folded = fold(word);
  if (folded.endsWith('an') && folded.length > MIN_STEM + 1) return folded.slice(0, -1);
  for (const ending of ENDINGS) {
    if (folded.endsWith(ending) && folded.length - ending.length >= MIN_STEM) return folded.slice(0, -ending.length);
  }
  return folded;
}

/**
 * Whether a word (or an ingredient stem) is matched only as a whole word: one or two letters ("te", "ål", or "p"
 * and "po" while "potatis" is typed) begin or stand inside a great many words ("te" in "tomater"), so they find only
 * a word of their own: an ingredient named "Grönt te", a recipe whose text has "te". Longer ones are found inside an
 * ingredient's name, and as a word's beginning by the words filter.
 */
export function wholeWordOnly(stem: string): boolean {
  return [...stem].length < MIN_STEM;
}

/** What parts the words of an ingredient's name besides spaces ("Salt, flingsalt", "Te (grönt)"). */
export const WORD_BREAKS = ',.;:()/-';

/**
 * Whether an ingredient's name holds a stem as the API matches it (server/db/repositories/recipe-find-repository.ts, in SQL): anywhere in
 * the name, or, for a stem of one or two letters, as a whole word of it.
 */
export function nameHasStem(name: string, stem: string): boolean {
  const folded = fold(name);
  if (!wholeWordOnly(stem)) return folded.includes(stem);
  let spaced = folded;
  for (const mark of WORD_BREAKS) spaced = spaced.replaceAll(mark, ' ');
  return spaced.split(/\s+/).includes(stem);
}

/** The stems every one of which a recipe's ingredient names must contain (each in any of its ingredients). */
export function ingredientStems(text: string): string[] {
  return [...new Set(filterWords(text).map(ingredientStem))];
}

export function hasFilters(filters: RecipeFilters): boolean {
  return (
    filterWords(filters.ingredients).length > 0 ||
    filters.maxMinutes !== undefined ||
    filterWords(filters.words).length > 0
  );
}

/** A whole number of minutes from an address or a query, or undefined when it is not one the filter takes. */
export function parseMinutes(text: string | null | undefined): number | undefined {
  if (!text || !/^[1-9][0-9]{0,4}$/.test(text)) return undefined;
  const minutes = Number(text);
  return minutes <= MAX_FILTER_MINUTES ? minutes : undefined;
}

/** The filters an address holds (anything it does not understand is left out). */
export function filtersFromParams(params: Pick<Params, 'get'>): RecipeFilters {
  return {
    ingredients: (params.get('ingredients') ?? '').slice(0, MAX_FILTER_TEXT),
    maxMinutes: parseMinutes(params.get('maxMinutes')),
    words: (params.get('words') ?? '').slice(0, MAX_FILTER_TEXT),
  };
}

/** Writes the filters into `params` (empty ones removed), as the address and the API's query both take them. */
export function writeFilterParams<P extends Params>(params: P, filters: RecipeFilters): P {
  const set = (name: string, value: string) => (value ? params.set(name, value) : params.delete(name));
  set('ingredients', filters.ingredients.trim());
  set('maxMinutes', filters.maxMinutes === undefined ? '' : String(filters.maxMinutes));
  set('words', filters.words.trim());
  return params;
}

export function sameFilters(a: RecipeFilters, b: RecipeFilters): boolean {
  return a.ingredients === b.ingredients && a.maxMinutes === b.maxMinutes && a.words === b.words;
}
