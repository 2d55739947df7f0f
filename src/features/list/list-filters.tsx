// "Med …", "Högst 15 / 30 / 60 min" and words anywhere (issue 40): the filters beside the search bar. Plain labelled
// fields and toggle buttons, so a keyboard alone reaches and works every one; they wrap to one column on a phone.
// The list island owns their values (the address holds them: filter-address.ts).
import { MINUTES_CHOICES, type RecipeFilters } from '../../lib/recipe-filters.ts';

export const FILTER_TEXTS = {
  ingredients: 'Med',
  ingredientsHint: 'till exempel kyckling kokosmjölk',
  time: 'Tid',
  anyTime: 'Alla tider',
  atMost: (minutes: number) => `Högst ${minutes} min`,
  words: 'Ord i receptet',
  wordsHint: 'namn, ingredienser, instruktioner',
  withoutTime: 'Recept utan angiven tid visas inte.',
  // `more`: the words matched more recipes than the API lists and counts (issue 52: at most 1 000).
  matches: (count: number, more = false) =>
    more
      ? count >= 1000
        ? 'Fler än 1 000 recept matchar'
        : `Minst ${count} recept matchar`
      : count === 1
        ? '1 recept matchar'
        : `${count} recept matchar`,
  noMatches: 'Inga recept matchar alla filter. Ta bort ett av dem:',
  remove: (what: string) => `Ta bort ${what}`,
} as const;

type Props = { filters: RecipeFilters; onChange: (filters: RecipeFilters, push: boolean) => void };

export default function ListFilters({ filters, onChange }: Props) {
  return (
    <form className="list-filters" aria-label="Filter" role="search" onSubmit={(e) => e.preventDefault()}>
      <div className="list-filter">
        <label htmlFor="filter-ingredients">{FILTER_TEXTS.ingredients}</label>
        <input
          id="filter-ingredients"
          className="input"
          type="search"
          value={filters.ingredients}
          placeholder={FILTER_TEXTS.ingredientsHint}
          autoComplete="off"
          onChange={(e) => onChange({ ...filters, ingredients: e.target.value }, false)}
        />
      </div>
      <div className="list-filter">
        <label htmlFor="filter-words">{FILTER_TEXTS.words}</label>
        <input
          id="filter-words"
          className="input"
          type="search"
          value={filters.words}
          placeholder={FILTER_TEXTS.wordsHint}
          autoComplete="off"
          onChange={(e) => onChange({ ...filters, words: e.target.value }, false)}
        />
      </div>
      <fieldset className="list-filter list-times">
        <legend>{FILTER_TEXTS.time}</legend>
        <ul className="category-chips">
          {[undefined, ...MINUTES_CHOICES].map((minutes) => (
            <li key={minutes ?? 'any'}>
              <button
                type="button"
                className="category-toggle"
                aria-pressed={filters.maxMinutes === minutes}
                onClick={() => onChange({ ...filters, maxMinutes: minutes }, true)}
              >
                {minutes === undefined ? FILTER_TEXTS.anyTime : FILTER_TEXTS.atMost(minutes)}
              </button>
            </li>
          ))}
        </ul>
      </fieldset>
    </form>
  );
}

/** The filters in use, each as a button that removes it: what an empty result offers to loosen. */
export function LoosenFilters({ filters, onChange }: Props) {
  const shown: { what: string; without: RecipeFilters }[] = [];
  if (filters.ingredients.trim())
    shown.push({
      what: `”${FILTER_TEXTS.ingredients} ${filters.ingredients.trim()}”`,
      without: { ...filters, ingredients: '' },
    });
  if (filters.maxMinutes !== undefined)
    shown.push({
      what: `”${FILTER_TEXTS.atMost(filters.maxMinutes)}”`,
      without: { ...filters, maxMinutes: undefined },
    });
  if (filters.words.trim())
    shown.push({ what: `”${FILTER_TEXTS.words}: ${filters.words.trim()}”`, without: { ...filters, words: '' } });
  return (
    <div className="notice">
      <p>{FILTER_TEXTS.noMatches}</p>
      <ul className="category-chips">
        {shown.map(({ what, without }) => (
          <li key={what}>
            <button type="button" className="category-toggle" onClick={() => onChange(without, true)}>
              {FILTER_TEXTS.remove(what)}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
