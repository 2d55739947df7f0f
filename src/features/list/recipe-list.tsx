// The recipe list (/): live filter by the search bar's $query, Swedish order, 'Nytt recept' for editors.
// The page places the search bar (its own island) above this one and passes the static heading in.
// A keystroke first narrows the names on screen (instant), then the server's page for the query replaces them.
// It reads ids and names a page at a time (GET /recipes/names) and keeps at most MAX_PAGES pages in
// the DOM: scrolling near either end loads the neighbouring page and drops the farthest one, so the
// page stays small at 100,000 recipes while every recipe can still be reached by scrolling.
// The pages on screen, the search text and the place the reader scrolled to are kept in this page's history
// entry (src/client/list-position.ts): Back, Forward and reload show the same recipes at the same place.
// Category chips (issue 25, the most used first) narrow the list to one category; the address carries it
// (/?category=Bakning), a chip pressed is a new history entry, and the live search works within it.
// The filters beside the search (issue 40: ingredients, time, words anywhere) are in the address too
// (filter-address.ts) and combine with both; with any of them the number of matches is said, and an empty result
// offers each filter to remove. On a phone the recipes come first (issue 54): the filters wait behind one 'Filter'
// control beside the chips, which are one row that scrolls sideways.
import { memo, startTransition, useEffect, useRef, useState, type ReactNode } from 'react';
import { $auth, PRERENDERED_AUTH, apiTokens } from '../../stores/auth.ts';
import { useIslandStore } from '../../stores/use-island-store.ts';
import { $category, $query, categoryFromAddress, chooseCategory, currentSearch, setQuery } from '../../stores/query.ts';
import { showSearchInAddress } from './search-address.ts';
import { listCategories, listRecipeNames, type NamePage, type RecipeName } from '../../client/api.ts';
import { categoryKey } from '../../lib/organise.ts';
import { matchesName } from '../../lib/recipe-search.ts';
import { hasFilters, NO_FILTERS, sameFilters, type RecipeFilters } from '../../lib/recipe-filters.ts';
import ListFilters, { FilterBar, LoosenFilters } from './list-filters.tsx';
import { countSentences, removableFilters, type Removable } from './filter-summary.ts';
import { filtersFromAddress, showFiltersInAddress } from './filter-address.ts';
import Spinner from '../../components/spinner.tsx';
import FlashStatus from '../../components/flash-status.tsx';
import UndoDelete from './undo-delete.tsx';
import ScrollSentinel from './scroll-sentinel.tsx';
import RecipeTile from './recipe-tile.tsx';
import './recipe-list.css';
import { ListThumbnail, useApiBase } from '../photos/photo.tsx';
import { recipeHref } from '../../lib/routes.ts';
import { useKeptListPlace, useListPlace } from './use-list-position.ts';

const PAGE = 50;
const MAX_PAGES = 4;

/** The chips shown: the most used categories (a recipe page links to any of the others). */
const MAX_CHIPS = 20;

// `query`: the search text the pages answer, kept with them in the history entry. `narrowed`: the names on
// screen filtered by a keystroke while the server's answer is on its way (not a page to come back to).
type Load =
  | { state: 'loading' }
  | { state: 'failed' }
  | { state: 'ready'; pages: NamePage[]; query: string; category: string; filters: RecipeFilters; narrowed?: boolean };

/** `children`: the page's static heading, shown at the start of the toolbar. */
export default function RecipeList({ children }: { children?: ReactNode }) {
  const auth = useIslandStore($auth, PRERENDERED_AUTH);
  // null until the search bar has read the page's query (?search= or text typed before hydration).
  const query = useIslandStore($query, null);
  const category = useIslandStore($category, '');
  // null until read from the address after mounting (the static build has none, and hydration must match it).
  const [filters, setFilters] = useState<RecipeFilters | null>(null);
  useEffect(() => startTransition(() => setFilters(filtersFromAddress())), []);
  const changeFilters = (next: RecipeFilters, push: boolean) => {
    setFilters(next);
    showFiltersInAddress(next, push);
  };
  // The filter panel, closed on arrival (the recipes first); closing it puts focus back on its control.
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filterToggle = useRef<HTMLButtonElement>(null);
  const closeFilters = () => {
    setFiltersOpen(false);
    filterToggle.current?.focus();
  };
  // A chip's new address has the search and the category; the filters stay in it.
  const chooseWithFilters = (name: string) => {
    chooseCategory(name);
    showFiltersInAddress(filters ?? NO_FILTERS, false);
  };
  const remove = (removed: Removable) => {
    if (removed.category !== (named ?? '')) chooseWithFilters(removed.category);
    else changeFilters(removed.filters, true);
  };
  // Every category in use, the most used first; undefined until read, and the list waits for them, so the chips
  // never push it down (they come with it: `listShown`). null: they could not be read (no chips, and no word on
  // whether a category exists).
  const [categories, setCategories] = useState<string[] | null | undefined>();
  useEffect(() => {
    listCategories(apiTokens)
      // In a transition, as the first pages (`show`).
      .then((found) => startTransition(() => setCategories(found.map((c) => c.name))))
      .catch((error: unknown) => {
        console.error('Could not load the categories', error);
        setCategories(null);
      });
  }, []);
  const chips = categories === undefined ? undefined : (categories ?? []).slice(0, MAX_CHIPS);
  // The address's category as the list of categories spells it; undefined when no category has that name (a
  // mistyped or old link: the list says so, and no chip shows the address's text).
  const named =
    category === '' || !categories ? category : categories.find((n) => categoryKey(n) === categoryKey(category));
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  // The first pages come in a transition: the page is starting, and React draws them in slices between which the
  // browser answers input, not in one long task (Lighthouse on a phone: 100-150 ms tasks, most of the blocking
  // time). Later answers, which a reader typing or choosing waits for, are drawn at once.
  const drawn = useRef(false);
  useEffect(() => {
    if (load.state === 'ready') drawn.current = true;
  }, [load]);
  const show = (next: Load) => (drawn.current ? setLoad(next) : startTransition(() => setLoad(next)));
  // Answers to an older query or window arrive late; only the newest request may change the list.
  const latest = useRef(0);
  const base = useApiBase();
  // Where the list was in this history entry: restored on the first query and after Back and Forward.
  const place = useListPlace();

  // Narrowing the names already shown answers the keystroke at once (in the same event as the
  // keystroke, not an effect later); the server's answer (which may add recipes beyond them) replaces
  // it. No match among them proves nothing: then wait for the server.
  useEffect(
    () =>
      $query.listen((q) =>
        setLoad((now) => {
          if (q === null || now.state !== 'ready') return now;
          const shown = now.pages.flatMap((p) => p.recipes).filter((r) => matchesName(r.name, q));
          return shown.length > 0
            ? {
                state: 'ready',
                pages: [{ recipes: shown, next: null, previous: null }],
                query: q,
                category: now.category,
                filters: now.filters,
                narrowed: true,
              }
            : now;
        }),
      ),
    [],
  );

  // The search text in the address as it is typed (issue 54), here rather than in the search bar: the bar is on
  // every page, and only the list filters live (the recipe page is at its size budget).
  useEffect(() => {
    const write = (q: string | null) => q !== null && showSearchInAddress(q);
    write($query.get());
    return $query.listen(write);
  }, []);

  // Back and Forward between the list's own entries (a chip pressed is one): the address's search text and
  // category again, and the pages that entry showed when they answer it.
  useEffect(() => {
    const onPop = (event: PopStateEvent) => {
      place.popped(event.state);
      setQuery(currentSearch());
      categoryFromAddress();
      const fromAddress = filtersFromAddress();
      setFilters((now) => (now && sameFilters(now, fromAddress) ? now : fromAddress));
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [place]);

  useEffect(() => {
    if (query === null || filters === null) return;
    const ticket = ++latest.current;
    // The page's first query: Back, Forward or reload return to what this history entry showed, as it
    // was (no request), if the search text and category are still the ones those pages answer.
    const pages = place.restore(query, category);
    if (pages) {
      setLoad({ state: 'ready', pages, query, category, filters });
      return;
    }
    listRecipeNames(apiTokens, { search: query, category, filters, limit: PAGE })
      .then((page) => ticket === latest.current && show({ state: 'ready', pages: [page], query, category, filters }))
      .catch((error: unknown) => {
        // Spec section 8: a failed list load goes to the console only.
        console.error('Could not load the recipes', error);
        if (ticket === latest.current) setLoad({ state: 'failed' });
      });
  }, [query, category, filters, place]);

  // The pages, the search text and the place are kept in the history entry (use-list-position.ts): after the query
  // effect, whose restore() comes first in a render that changes both.
  useKeptListPlace(place, load.state === 'ready' ? load : undefined, chips !== undefined);

  const loading = useRef(false);
  const extend = (direction: 'next' | 'previous') => {
    if (load.state !== 'ready' || loading.current) return;
    const edge = direction === 'next' ? load.pages.at(-1) : load.pages[0];
    const cursor = edge?.[direction];
    if (!cursor) return;
    loading.current = true;
    const ticket = ++latest.current;
    listRecipeNames(apiTokens, {
      search: load.query,
      category: load.category,
      filters: load.filters,
      limit: PAGE,
      ...(direction === 'next' ? { after: cursor } : { before: cursor }),
    })
      .then((page) => {
        if (ticket !== latest.current) return;
        const pages =
          direction === 'next' ? [...load.pages, page].slice(-MAX_PAGES) : [page, ...load.pages].slice(0, MAX_PAGES);
        setLoad({ state: 'ready', pages, query: load.query, category: load.category, filters: load.filters });
      })
      .catch((error: unknown) => console.error('Could not load the recipes', error))
      .finally(() => (loading.current = false));
  };

  // What is on screen: the spinner until the chips are known too.
  const view: Load = chips === undefined ? { state: 'loading' } : load;
  // The chips come under the heading together with the list's first answer, in the spinner's place: above the
  // heading, or before the list, they pushed what was on screen down (Lighthouse on a phone: CLS 0.087). Neither
  // the pages nor the chips go back to loading, so once shown they stay, also while a chip's own answer is read.
  // Derived from the state, not kept in a ref set while rendering: a render the sign-in check's answer interrupts
  // (the pages come in a transition) is thrown away, and a ref it set showed the chips above the spinner.
  const listShown = view.state !== 'loading';
  const recipes = view.state === 'ready' ? view.pages.flatMap((p) => p.recipes) : [];
  const first = view.state === 'ready' ? view.pages[0] : undefined;
  const last = view.state === 'ready' ? view.pages.at(-1) : undefined;
  const isEditor = auth.status === 'signed-in' && auth.isEditor;
  const shownQuery = (query ?? '').trim();
  const filtered = view.state === 'ready' && hasFilters(view.filters);
  // The first page's count is the whole answer's (every page of one answer carries the same).
  const count = view.state === 'ready' && !view.narrowed ? first?.count : undefined;
  // The API's `more` (issue 52): the words matched more than it counts.
  const more = first?.more === true;

  return (
    <>
      <FlashStatus undo={(id, busy) => <UndoDelete id={id} busy={busy} />} />
      <div className="toolbar">
        {children}
        <span className="spacer" />
        {isEditor && (
          <a className="button button-primary" href="/new-recipe">
            <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
              <path d="M8 3v10M3 8h10" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
            Nytt recept
          </a>
        )}
      </div>
      <div className="list-controls">
        <FilterBar
          filters={filters ?? NO_FILTERS}
          open={filtersOpen}
          onToggle={() => setFiltersOpen((open) => !open)}
          toggleRef={filterToggle}
          panel={
            <ListFilters
              filters={filters ?? NO_FILTERS}
              onChange={changeFilters}
              open={filtersOpen}
              onClose={closeFilters}
            />
          }
        >
          {chips && listShown && (
            <CategoryChips names={chips} chosen={categories ? (named ?? '') : ''} onChoose={chooseWithFilters} />
          )}
        </FilterBar>
      </div>
      {/* Said politely each time a filtered answer arrives; empty (and silent) without filters. */}
      <p className="list-count" role="status">
        {filtered &&
          count !== undefined &&
          view.state === 'ready' &&
          countSentences(count, more, view.filters.maxMinutes !== undefined)}
      </p>
      {view.state === 'loading' && <Spinner label="Laddar recept…" />}
      {view.state === 'ready' && recipes.length === 0 && filtered && named !== undefined && (
        <LoosenFilters removable={removableFilters(view.filters, view.category && (named ?? ''))} onRemove={remove} />
      )}
      {view.state === 'ready' && !filtered && recipes.length === 0 && shownQuery === '' && view.category === '' && (
        <p className="notice">Det finns inga recept ännu.</p>
      )}
      {view.state === 'ready' && named === undefined && (
        <p className="notice">
          Det finns ingen kategori som heter ”{category}”. <a href="/">Visa alla recept</a>
        </p>
      )}
      {view.state === 'ready' &&
        named !== undefined &&
        !filtered &&
        recipes.length === 0 &&
        shownQuery === '' &&
        view.category !== '' && <p className="notice">Det finns inga recept i kategorin ”{view.category}”.</p>}
      {view.state === 'ready' && !filtered && named !== undefined && recipes.length === 0 && shownQuery !== '' && (
        <p className="notice">Inga recept matchar ”{shownQuery}”.</p>
      )}
      {first?.previous && <ScrollSentinel key={`p-${first.previous}`} onVisible={() => extend('previous')} />}
      {recipes.length > 0 && (
        <ul className="recipe-list" aria-label="Recept" ref={place.listRef} onClickCapture={place.save}>
          {recipes.map((r) => (
            <RecipeRow key={r.id} recipe={r} base={base} />
          ))}
        </ul>
      )}
      {last?.next && <ScrollSentinel key={`n-${last.next}`} onVisible={() => extend('next')} />}
    </>
  );
}

/**
 * One recipe's row. Memoised: the list draws again for the sign-in check's answer, a chip, the count or a keystroke
 * narrowing the names shown, and a row whose recipe is the same object (or reads the same) need not be drawn again.
 */
const RecipeRow = memo(
  function RecipeRow({ recipe: r, base }: { recipe: RecipeName; base: string | undefined }) {
    return (
      <li>
        <a className="recipe-link" href={recipeHref(r.id)} data-recipe-id={r.id}>
          {r.thumbnail ? (
            <ListThumbnail thumbnail={r.thumbnail} apiBase={base} />
          ) : (
            <RecipeTile id={r.id} name={r.name} />
          )}
          <span className="recipe-name">{r.name}</span>
          <svg width="18" height="18" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
            <path d="M6 3l5 5-5 5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </a>
      </li>
    );
  },
  // A page read again answers new objects for the same recipes: the same id, name and photo draw the same row.
  (a, b) =>
    a.base === b.base &&
    a.recipe.id === b.recipe.id &&
    a.recipe.name === b.recipe.name &&
    a.recipe.thumbnail?.placeholder === b.recipe.thumbnail?.placeholder &&
    JSON.stringify(a.recipe.thumbnail?.files) === JSON.stringify(b.recipe.thumbnail?.files),
);

/**
 * The most used categories as toggle buttons; none at all while no recipe has one. `chosen` is a category in use
 * (never the address's text as it came: an unknown name has no chip); one beyond the first chips (a recipe page's
 * link) is added, pressed, to unpress.
 */
function CategoryChips({
  names,
  chosen,
  onChoose,
}: {
  names: readonly string[];
  chosen: string;
  onChoose: (name: string) => void;
}) {
  if (names.length === 0 && chosen === '') return null;
  const key = categoryKey(chosen);
  const shown = chosen === '' || names.some((n) => categoryKey(n) === key) ? names : [...names, chosen];
  return (
    <ul className="category-chips list-categories" aria-label="Kategorier">
      {shown.map((name) => {
        const pressed = key !== '' && categoryKey(name) === key;
        return (
          <li key={name}>
            <button
              type="button"
              className="category-toggle"
              aria-pressed={pressed}
              onClick={() => onChoose(pressed ? '' : name)}
            >
              {name}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
