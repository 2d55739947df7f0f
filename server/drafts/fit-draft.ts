// The last step of every reader (read-recipe.ts): a draft the create form saves as it is, wherever it came from
// (JSON-LD, microdata, a plugin's card, plain text). The readers keep a page's words; this makes them the form's:
// characters the form refuses replaced readably or dropped, the lengths it allows, times in order, °C in the steps.
import { MAX_HEADING } from '../../src/lib/organise.ts';
import { MAX_INSTRUCTIONS, MAX_RECIPE_NAME } from '../../src/lib/recipe-schema.ts';
import { characterCount } from '../../src/lib/text-rules.ts';
import type { ReadRecipe } from './recipe-draft.ts';
import { inFormCharacters } from './ingredient-name.ts';
import { celsiusInSteps } from './oven-temperature.ts';

// "Kladdkaka | Ica", "Chili sin carne – Recipe": a title's tail after one of these is the site's, not the recipe's.
const TITLE_SEPARATORS = [' | ', ' – ', ' — ', ' - ', ': '];
const MIN_TITLE = 10;
/** What the editor reads beside the draft when the page's steps are longer than the field holds. */
export const STEPS_CUT = 'Sidans instruktioner är längre än 10 000 tecken: slutet kom inte med.';

export function fitDraft({ prepTime, ...draft }: ReadRecipe): ReadRecipe {
  const { totalTime } = draft;
  // A page whose preparation outlasts its total has one of them wrong; the form refuses the two together, so the
  // total (what a cook plans by) is kept.
  const prepKept = prepTime !== undefined && prepTime !== null && (totalTime == null || prepTime <= totalTime);
  const instructions = steps(celsiusInSteps(draft.instructions));
  return {
    ...draft,
    ...(prepKept ? { prepTime } : {}),
    ...(instructions.cut ? { notices: [...(draft.notices ?? []), STEPS_CUT] } : {}),
    name: shortTitle(inFormCharacters(draft.name)),
    instructions: instructions.text,
    // An ingredient that held nothing but characters the form refuses (an emoji) is no ingredient.
    ingredients: draft.ingredients
      .filter((ingredient) => inFormCharacters(ingredient.name) !== '' || ingredient.heading)
      .map(({ heading, ...ingredient }) => {
        const fitted = heading === undefined ? '' : wordsWithin(inFormCharacters(heading), MAX_HEADING);
        return fitted ? { ...ingredient, heading: fitted } : ingredient;
      }),
  };
}

/**
 * Each line of the steps in the form's characters, empty lines dropped; what does not fit the field's length is left
 * out at a line's end, and `cut` says so.
 */
function steps(text: string): { text: string; cut: boolean } {
  const kept: string[] = [];
  let count = -1; // the line breaks between lines: one fewer than the lines
  for (const line of text.split('\n')) {
    const clean = inFormCharacters(line);
    if (clean === '') continue;
    const room = MAX_INSTRUCTIONS - count - 1;
    count += characterCount(clean) + 1;
    if (count > MAX_INSTRUCTIONS) {
      // The line that does not fit is kept as far as it does, to a word.
      const head = room > 0 ? wordsWithin(clean, room) : '';
      return { text: [...kept, ...(head ? [head] : [])].join('\n'), cut: true };
    }
    kept.push(clean);
  }
  return { text: kept.join('\n'), cut: false };
}

/** A title within MAX_RECIPE_NAME: without a site's tail after a separator if that is enough, else cut at a word. */
function shortTitle(title: string): string {
  if (characterCount(title) <= MAX_RECIPE_NAME) return title;
  for (const separator of TITLE_SEPARATORS) {
    const head = title.slice(0, title.indexOf(separator)).trim();
    if (title.includes(separator) && characterCount(head) >= MIN_TITLE && characterCount(head) <= MAX_RECIPE_NAME)
      return head;
  }
  return wordsWithin(title, MAX_RECIPE_NAME);
}

/** The text cut at the last space that keeps it within `max` characters (mid-word only when one word is longer). */
function wordsWithin(text: string, max: number): string {
  if (characterCount(text) <= max) return text;
  const within = [...text].slice(0, max + 1).join('');
  const space = within.lastIndexOf(' ');
  return (space > 0 ? within.slice(0, space) : [...text].slice(0, max).join('')).replace(/[\s,;:–-]+$/u, '');
}
