// The recipe list (/): search bar, live filter, Swedish order, 'Nytt recept' for editors.
import { useEffect, useMemo, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $auth } from '../stores/auth.ts';
import { listRecipes, type Recipe } from '../client/api.ts';
import { searchRecipes } from '../lib/recipe-search.ts';
import SearchBar from '../components/search-bar.tsx';
import Spinner from '../components/spinner.tsx';

type Load = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; recipes: Recipe[] };

export default function RecipeList() {
  const auth = useStore($auth);
  const [query, setQuery] = useState('');
  const [load, setLoad] = useState<Load>({ state: 'loading' });

  useEffect(() => {
    // The search bar reports the initial query (?search= or text typed before hydration) on mount.
    // All recipes once; the query filters on the client so every keystroke answers at once.
    listRecipes()
      .then((recipes) => setLoad({ state: 'ready', recipes }))
      .catch((error: unknown) => {
        // Spec section 8: a failed list load goes to the console only.
        console.error('Could not load the recipes', error);
        setLoad({ state: 'failed' });
      });
  }, []);

  const shown = useMemo(() => (load.state === 'ready' ? searchRecipes(load.recipes, query) : []), [load, query]);
  const isEditor = auth.status === 'signed-in' && auth.isEditor;

  return (
    <>
      <SearchBar value={query} onQuery={setQuery} />
      <div className="toolbar">
        <h1 className="list-title">Recept</h1>
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
      {load.state === 'ready' && load.recipes.length === 0 && <p className="notice">Det finns inga recept ännu.</p>}
      {load.state === 'ready' && load.recipes.length > 0 && shown.length === 0 && (
        <p className="notice">Inga recept matchar ”{query.trim()}”.</p>
      )}
      {shown.length > 0 && (
        <ul className="recipe-list" aria-label="Recept">
          {shown.map((r) => (
            <li key={r.id}>
              <a className="recipe-link" href={`/${r.id}`}>
                <span className="recipe-name">{r.name}</span>
                <svg width="18" height="18" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
                  <path d="M6 3l5 5-5 5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                </svg>
              </a>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
