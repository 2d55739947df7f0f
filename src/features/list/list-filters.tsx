// "Med …", "Högst 15 / 30 / 60 min" and words anywhere (issue 40), behind one 'Filter' control (issue 54): on a phone
// the fields, the time choices and the category chips pushed the first recipe below the screen. The control says
// how many filters are set; the panel it opens lies over the list, so opening or closing it moves nothing. Plain
// labelled fields and toggle buttons inside, so a keyboard alone reaches and works every one; Escape, Enter or 'Visa
// recepten' closes the panel and puts focus back on the control. The list island owns their values (the address
// holds them: filter-address.ts).
import type { KeyboardEvent, ReactNode, RefObject } from 'react';
import { MINUTES_CHOICES, type RecipeFilters } from '../../lib/recipe-filters.ts';
import { activeFilterCount, noMatchesText, SUMMARY_TEXTS, type Removable } from './filter-summary.ts';

export const FILTER_TEXTS = {
  toggle: 'Filter',
  ingredients: SUMMARY_TEXTS.ingredients,
  ingredientsHint: 'till exempel kyckling kokosmjölk',
  time: 'Tid',
  anyTime: 'Alla tider',
  atMost: SUMMARY_TEXTS.atMost,
  words: SUMMARY_TEXTS.words,
  wordsHint: 'namn, ingredienser, instruktioner',
  close: 'Visa recepten',
} as const;

const PANEL_ID = 'list-filters';

type Props = { filters: RecipeFilters; onChange: (filters: RecipeFilters, push: boolean) => void };

/**
 * The 'Filter' control with the number of filters set, its panel next in the page's order (so Tab goes from the
 * control into it, not through the chips first), and the row beside it (`children`: the category chips, one row that
 * scrolls sideways). `open` is the list's, so the control and the panel agree.
 */
export function FilterBar({
  filters,
  open,
  onToggle,
  toggleRef,
  panel,
  children,
}: {
  filters: RecipeFilters;
  open: boolean;
  onToggle: () => void;
  toggleRef: RefObject<HTMLButtonElement | null>;
  panel: ReactNode;
  children?: ReactNode;
}) {
  const active = activeFilterCount(filters);
  return (
    <div className="filter-bar">
      <button
        ref={toggleRef}
        type="button"
        className="button filter-toggle"
        aria-expanded={open}
        aria-controls={PANEL_ID}
        onClick={onToggle}
      >
        <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
          <path d="M2 4h12M4.5 8h7M7 12h2" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        {FILTER_TEXTS.toggle}
        {/* The number is seen as a badge and heard as "(2 aktiva)": part of the control's name either way. */}
        {active > 0 && (
          <span className="filter-count">
            <span aria-hidden="true">{active}</span>
            <span className="visually-hidden">({SUMMARY_TEXTS.active(active)})</span>
          </span>
        )}
      </button>
      {panel}
      {children}
    </div>
  );
}

/** The panel of filters, over the list while open; hidden (not only out of sight) while closed. */
export default function ListFilters({
  filters,
  onChange,
  open,
  onClose,
}: Props & { open: boolean; onClose: () => void }) {
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Escape') return;
    e.preventDefault();
    onClose();
  };
  return (
    <form
      id={PANEL_ID}
      className="list-filters"
      aria-label={FILTER_TEXTS.toggle}
      role="search"
      hidden={!open}
      onKeyDown={onKeyDown}
      onSubmit={(e) => {
        // 'Visa recepten' or Enter in a field: the list already shows the answer, so this only closes the panel.
        e.preventDefault();
        onClose();
      }}
    >
      <FilterText
        id="filter-ingredients"
        label={FILTER_TEXTS.ingredients}
        hint={FILTER_TEXTS.ingredientsHint}
        value={filters.ingredients}
        onChange={(ingredients) => onChange({ ...filters, ingredients }, false)}
      />
      <FilterText
        id="filter-words"
        label={FILTER_TEXTS.words}
        hint={FILTER_TEXTS.wordsHint}
        value={filters.words}
        onChange={(words) => onChange({ ...filters, words }, false)}
      />
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
      <div className="list-filters-end">
        {/* The form's submit button: Enter in a field closes the panel too. */}
        <button type="submit" className="button button-primary">
          {FILTER_TEXTS.close}
        </button>
      </div>
    </form>
  );
}

/** One of the two text filters ('Med', 'Ord i receptet'): a search field with its label, sent as it is typed. */
function FilterText(props: { id: string; label: string; hint: string; value: string; onChange(value: string): void }) {
  return (
    <div className="list-filter">
      <label htmlFor={props.id}>{props.label}</label>
      <input
        id={props.id}
        className="input"
        type="search"
        value={props.value}
        placeholder={props.hint}
        autoComplete="off"
        onChange={(e) => props.onChange(e.target.value)}
      />
    </div>
  );
}

/**
 * The filters in use, each as a button that removes it (the chosen category among them): what an empty result offers
 * to loosen. "Ta bort ett av dem" only when there is more than one.
 */
export function LoosenFilters({
  removable,
  onRemove,
}: {
  removable: readonly Removable[];
  onRemove: (removed: Removable) => void;
}) {
  if (removable.length === 0) return null;
  return (
    <div className="notice">
      <p>{noMatchesText(removable.length)}</p>
      <ul className="category-chips">
        {removable.map((r) => (
          <li key={r.label}>
            <button type="button" className="category-toggle" onClick={() => onRemove(r)}>
              {r.label}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
