// What the list says about its filters (issues 40 and 54): how many are set (the 'Filter' control's number), the
// sentence the count is, and what an empty result offers to remove. Pure, so the rules are tested without a page.
import { filterWords, type RecipeFilters } from '../../lib/recipe-filters.ts';

export const SUMMARY_TEXTS = {
  ingredients: 'Med',
  words: 'Ord i receptet',
  atMost: (minutes: number) => `Högst ${minutes} min`,
  withoutTime: 'Recept utan angiven tid visas inte.',
  // One filter: nothing to choose between, so no "ett av dem".
  noMatchesOne: 'Inga recept matchar filtret.',
  noMatchesMany: 'Inga recept matchar alla filter. Ta bort ett av dem:',
  remove: (what: string) => `Ta bort ${what}`,
  removeCategory: (name: string) => `Ta bort kategorin ”${name}”`,
  active: (count: number) => (count === 1 ? '1 aktivt' : `${count} aktiva`),
} as const;

/** Whether a text filter narrows anything: as hasFilters judges it (spaces or punctuation alone do not). */
const narrows = (text: string) => filterWords(text).length > 0;

/** How many of the filters behind the 'Filter' control are set (as the list applies them: hasFilters). */
export function activeFilterCount(filters: RecipeFilters): number {
  return (
    (narrows(filters.ingredients) ? 1 : 0) +
    (narrows(filters.words) ? 1 : 0) +
    (filters.maxMinutes !== undefined ? 1 : 0)
  );
}

/**
 * The number of matches as a sentence of its own, and, with a time chosen, the sentence saying who is left out:
 * "2 recept matchar. Recept utan angiven tid visas inte." (not run together). `more`: the words matched more
 * recipes than the API lists and counts (issue 52: at most 1 000).
 */
export function countSentences(count: number, more: boolean, timeChosen: boolean): string {
  const matches = more
    ? count >= 1000
      ? 'Fler än 1 000 recept matchar.'
      : `Minst ${count} recept matchar.`
    : count === 1
      ? '1 recept matchar.'
      : `${count} recept matchar.`;
  return timeChosen ? `${matches} ${SUMMARY_TEXTS.withoutTime}` : matches;
}

/** One filter an empty result offers to remove: the button's text and the list without it. */
export type Removable = { label: string; filters: RecipeFilters; category: string };

/**
 * Every filter set that can be removed, the chosen category among them (`category`: the category as the list of
 * categories spells it, '' for none), each with what the list is without it. Text that narrows nothing (spaces,
 * punctuation) is not offered: removing it would change nothing.
 */
export function removableFilters(filters: RecipeFilters, category: string): Removable[] {
  const shown: Removable[] = [];
  const ingredients = filters.ingredients.trim();
  if (narrows(ingredients))
    shown.push({
      label: SUMMARY_TEXTS.remove(`”${SUMMARY_TEXTS.ingredients} ${ingredients}”`),
      filters: { ...filters, ingredients: '' },
      category,
    });
  if (filters.maxMinutes !== undefined)
    shown.push({
      label: SUMMARY_TEXTS.remove(`”${SUMMARY_TEXTS.atMost(filters.maxMinutes)}”`),
      filters: { ...filters, maxMinutes: undefined },
      category,
    });
  const words = filters.words.trim();
  if (narrows(words))
    shown.push({
      label: SUMMARY_TEXTS.remove(`”${SUMMARY_TEXTS.words}: ${words}”`),
      filters: { ...filters, words: '' },
      category,
    });
  if (category.trim()) shown.push({ label: SUMMARY_TEXTS.removeCategory(category.trim()), filters, category: '' });
  return shown;
}

/** The sentence before the buttons: "ett av dem" only when there is more than one to choose from. */
export function noMatchesText(removable: number): string {
  return removable > 1 ? SUMMARY_TEXTS.noMatchesMany : SUMMARY_TEXTS.noMatchesOne;
}
