// Which ingredients a step names, for the one-step view (issue 57 item 2): "Vispa mjölet och mjölken" names
// "Vetemjöl" and "Mjölk". The ingredient filter's rule (nameHasIngredient in src/lib/recipe-filters.ts, decision
// 062) with the same stemmer (src/lib/swedish-stem.ts): a step's word of three letters or more names an ingredient
// when a word of its name, or that word's stem, is the step word or its stem, or ends with one of them after a first
// part of two letters or more (Swedish puts a compound's kind last: "mjölet" names "Vetemjöl", "potatis" not
// "Potatismjöl"). Written here rather than imported: recipe-filters.ts is in the list page's code, and using its
// stemming function from cook mode would move the stemmer into the code every page loads at start (the bundler
// keeps a module whole), which the page's budget has no room for.
import { swedishStem } from '../../lib/swedish-stem.ts';

const words = (text: string) => text.toLocaleLowerCase('sv').match(/\p{L}+/gu) ?? [];
const endsWithPart = (form: string, part: string) =>
  form === part || (form.endsWith(part) && form.length - part.length >= 2);

/**
 * Whether a (lower-case) word of a step names the ingredient `name`. Steps speak of what is already in the bowl, in
 * the definite form: Snowball takes "-en" off ("mjölken" -> "mjölk") but keeps the neuter "-et" ("mjölet",
 * "smöret"), which is taken off here too, if three letters stay.
 */
export function stepWordNames(name: string, word: string): boolean {
  const bare = /^(\p{L}{3,})et$/u.exec(word)?.[1];
  const parts = [word, swedishStem(word), ...(bare ? [bare] : [])];
  return words(name).some((w) => {
    const forms = [w, swedishStem(w)];
    return parts.some((part) => w.includes(part) && forms.some((form) => endsWithPart(form, part)));
  });
}

/** The indexes of the ingredients whose names the step's words name, in the ingredients' order. */
export function ingredientsInStep(step: string, names: readonly string[]): number[] {
  const stepWords = [...new Set(words(step))].filter((w) => [...w].length >= 3);
  return names.flatMap((name, index) => (stepWords.some((w) => stepWordNames(name, w)) ? [index] : []));
}
