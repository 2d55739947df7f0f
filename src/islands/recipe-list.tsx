// The recipe list (/): live filter by the search bar's $query, Swedish order, 'Nytt recept' for editors.
// The page places the search bar (its own island) above this one and passes the static heading in.
// A keystroke first narrows the names on screen (instant), then the server's page for the query replaces them.
// It reads ids and names a page at a time (GET /recipes/names) and keeps at most MAX_PAGES pages in
// the DOM: scrolling near either end loads the neighbouring page and drops the farthest one, so the
// page stays small at 100,000 recipes while every recipe can still be reached by scrolling.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { $auth, apiTokens } from '../stores/auth.ts';
import { $query } from '../stores/query.ts';
import { listRecipeNames, type NamePage } from '../client/api.ts';
import { matchesName } from '../lib/recipe-search.ts';
import Spinner from '../components/spinner.tsx';
import ScrollSentinel from '../components/scroll-sentinel.tsx';
import { recipeHref } from '../lib/routes.ts';

const PAGE = 50;
const MAX_PAGES = 4;

type Load = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; pages: NamePage[] };

/** `children`: the page's static heading, shown at the start of the toolbar. */
export default function RecipeList({ children }: { children?: ReactNode }) {
  const auth = useStore($auth);
  // null until the search bar has read the page's query (?search= or text typed before hydration).
  const query = useStore($query);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  // Answers to an older query or window arrive late; only the newest request may change the list.
  const latest = useRef(0);

  // Narrowing the names already shown answers the keystroke at once (in the same event as the
  // keystroke, not an effect later); the server's answer (which may add recipes beyond them) replaces
  // it. No match among them proves nothing: then wait for the server.
  useEffect(
    () =>
      $query.listen((q) =>
        setLoad((now) => {
          if (q === null || now.state !== 'ready') return now;
          const shown = now.pages.flatMap((p) => p.recipes).filter((r) => matchesName(r.name, q));
          return shown.length > 0 ? { state: 'ready', pages: [{ recipes: shown, next: null, previous: null }] } : now;
        }),
      ),
    [],
  );

  useEffect(() => {
    if (query === null) return;
    const ticket = ++latest.current;
    listRecipeNames(apiTokens, { search: query, limit: PAGE })
      .then((page) => ticket === latest.current && setLoad({ state: 'ready', pages: [page] }))
      .catch((error: unknown) => {
        // Spec section 8: a failed list load goes to the console only.
        console.error('Could not load the recipes', error);
        if (ticket === latest.current) setLoad({ state: 'failed' });
      });
  }, [query]);

  const loading = useRef(false);
  const extend = (direction: 'next' | 'previous') => {
    if (load.state !== 'ready' || loading.current) return;
    const edge = direction === 'next' ? load.pages.at(-1) : load.pages[0];
    const cursor = edge?.[direction];
    if (!cursor) return;
    loading.current = true;
    const ticket = ++latest.current;
    listRecipeNames(apiTokens, {
      search: query ?? '',
      limit: PAGE,
      ...(direction === 'next' ? { after: cursor } : { before: cursor }),
    })
      .then((page) => {
        if (ticket !== latest.current) return;
        const pages =
          direction === 'next' ? [...load.pages, page].slice(-MAX_PAGES) : [page, ...load.pages].slice(0, MAX_PAGES);
        setLoad({ state: 'ready', pages });
      })
      .catch((error: unknown) => console.error('Could not load the recipes', error))
      .finally(() => (loading.current = false));
  };

  const recipes = load.state === 'ready' ? load.pages.flatMap((p) => p.recipes) : [];
  const first = load.state === 'ready' ? load.pages[0] : undefined;
  const last = load.state === 'ready' ? load.pages.at(-1) : undefined;
  const isEditor = auth.status === 'signed-in' && auth.isEditor;
  const shownQuery = (query ?? '').trim();

  return (
    <>
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
      {load.state === 'loading' && <Spinner label="Laddar recept…" />}
      {load.state === 'ready' && recipes.length === 0 && shownQuery === '' && (
        <p className="notice">Det finns inga recept ännu.</p>
      )}
      {load.state === 'ready' && recipes.length === 0 && shownQuery !== '' && (
        <p className="notice">Inga recept matchar ”{shownQuery}”.</p>
      )}
      {first?.previous && <ScrollSentinel key={`p-${first.previous}`} onVisible={() => extend('previous')} />}
      {recipes.length > 0 && (
        <ul className="recipe-list" aria-label="Recept">
          {recipes.map((r) => (
            <li key={r.id}>
              <a className="recipe-link" href={recipeHref(r.id)}>
                <span className="recipe-name">{r.name}</span>
                <svg width="18" height="18" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
                  <path d="M6 3l5 5-5 5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                </svg>
              </a>
            </li>
          ))}
        </ul>
      )}
      {last?.next && <ScrollSentinel key={`n-${last.next}`} onVisible={() => extend('next')} />}
    </>
  );
}
