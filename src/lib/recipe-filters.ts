// The list's filters beside the name search (issue 40), one rule for the site and the API: which words an
// ingredient filter and a full-text search are made of, the ingredient rule ("äggen" finds "Ägg", "potatis"
// finds "Färskpotatis" but not "Potatismjöl": the Swedish Snowball stemmer and a compound's last part),
// the time choices, and how the filters are written in an address (?ingredients=&maxMinutes=&words=), so a
// filtered list can be shared and Back works (docs/decisions/055-find-recipes-by-content.md).
import { fold } from './recipe-search.ts';
import { swedishStem } from './swedish-stem.ts';

/** The time filter's choices on the site ("Högst 15 / 30 / 60 min"); the API takes any minutes up to a week. */
export const MINUTES_CHOICES = [15, 30, 60] as const;
export const MAX_FILTER_MINUTES = 10_080;
/** More words than this in one filter are ignored: each is one more condition on every recipe. */
export const MAX_FILTER_WORDS = 8;
/** The longest text one filter field takes (as the name search). */
export const MAX_FILTER_TEXT = 200;

export type RecipeFilters = {
  /** "Med …": the ingredient words as typed (see nameHasIngredient). */
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

/** A word shorter than this is matched only as a whole word; a longer one is stemmed (a stem keeps three letters). */
const MIN_STEMMED = 3;
/**
 * A compound's first part has at least this many letters ("rå" in "råsocker"): "ris" does not find "gris", nor
 * "ost" "kost", though each ends with it.
 */
export const MIN_FIRST_PART = 2;

/**
 * Whether a word of the filters is matched only as a whole word: one or two letters ("te", "ål", or "p" and "po"
 * while "potatis" is typed) end or stand inside a great many words ("te" in "tomater"), so they find only a word of
 * their own: an ingredient named "Grönt te", a recipe whose text has "te". Longer ones are stemmed, and found as the
 * last part of an ingredient's name word ("Med …") or as a word's beginning (the words filter).
 */
export function wholeWordOnly(word: string): boolean {
  return [...word].length < MIN_STEMMED;
}

/** What parts the words of an ingredient's name: spaces and , . ; : ( ) / - ("Salt, flingsalt", "Te (grönt)"). */
const NAME_WORD_BREAKS = /[\s,.;:()/-]+/u;

/**
 * The words of an ingredient's name as the ingredient filter reads them: lower case, split at spaces and
 * the marks of NAME_WORD_BREAKS, as migration 018's `ingredient_name_words(name)` splits them in the database.
 */
export function nameWords(name: string): string[] {
  return fold(name)
    .split(NAME_WORD_BREAKS)
    .filter((w) => w !== '');
}

/** Whether `form` is `part`, or ends with it after a first part of at least MIN_FIRST_PART letters. */
function endsWithPart(form: string, part: string): boolean {
  if (form === part) return true;
  return form.endsWith(part) && form.length - part.length >= MIN_FIRST_PART;
}

/**
 * The ingredient filter's rule (issue 54 item 7, docs/decisions/061-ingredient-words-match-last-parts.md): a word
 * of "Med …" (one of ingredientStems' words) matches an ingredient's name when a word of the name, or that word's
 * Swedish stem (swedishStem), is the filter word or its stem, or ends with it after a first part of two letters or
 * more. A Swedish compound puts the kind last: "potatis" finds "Färskpotatis" and "Potatisar", not "Potatismjöl"
 * (a flour); "mjöl" finds "Vetemjöl" and "Potatismjöl". A word of one or two letters finds only itself as a whole
 * word ("te" finds "Grönt te", not "Tepåse"). The API applies this same function to the names its index offers
 * (server/db/repositories/recipe-find-repository.ts), and the offline copy to the stored recipes.
 */
export function nameHasIngredient(name: string, word: string): boolean {
  const words = nameWords(name);
  if (wholeWordOnly(word)) return words.includes(word);
  const stem = swedishStem(word);
  return words.some((w) => {
    // Only a word that holds the stem can end with it, or have a stem that does (a stem is a word's beginning).
    if (!w.includes(stem)) return false;
    const wordStem = swedishStem(w);
    return [w, wordStem].some((form) => endsWithPart(form, word) || endsWithPart(form, stem));
  });
}

/**
 * The words of the ingredient filter, every one of which some ingredient's name must match (nameHasIngredient):
 * filterWords, with no repeats. (Named stems before issue 54: the rule now needs the word as typed and its stem, and
 * takes the stem itself; the route, server/api/routes/recipe-names.ts, still calls it by this name.)
 */
export function ingredientStems(text: string): string[] {
  return filterWords(text);
}

/**
 * Whether a word of a recipe's text holds a word of the words filter as PostgreSQL's 'swedish' full-text search
 * finds it (server/db/repositories/recipe-find-repository.ts's findWords): the text word's stem begins with the filter word's stem
 * ("kakorna" finds "kaka", "karde" finds "kardemumma" while it is typed); a word of one or two letters only as the
 * same whole word. The offline copy's words filter; PostgreSQL also leaves out its stop words ("och").
 */
export function textWordHas(textWordStem: string, textWord: string, word: string): boolean {
  if (wholeWordOnly(word)) return textWord === word;
  return textWordStem.startsWith(swedishStem(word));
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
