// The search bar island, placed once by each page that has one (not re-mounted inside other islands).
// Every keystroke goes to the shared $query store, which the list page's island filters by; submitting
// goes to /?search=q (an empty search to / without the parameter) on every page, within the list's category.
// On the list, the list's island writes the text into the address as it is typed (issue 54: search-address.ts).
import { useEffect, useRef, type FormEvent } from 'react';
import { $category, $query, setQuery, startQuery } from '../../stores/query.ts';
import { useIslandStore } from '../../stores/use-island-store.ts';
import { searchHref } from '../../lib/routes.ts';

export default function SearchBar() {
  const query = useIslandStore($query, null) ?? '';
  const input = useRef<HTMLInputElement>(null);
  // Read after mounting: the static build has no URL, and hydration must match its HTML (the store is
  // null until now, so the first render shows ''). Text typed into the prerendered field before the
  // island hydrated lives only in the DOM: keep it.
  useEffect(() => startQuery(input.current?.value ?? ''), []);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    // On the list narrowed to a category, the search stays within it, and within the list's filters (issue 40):
    // the address's other parameters go along as they are. Copied, not read as filters, so the search bar on every
    // page does not carry the filters' rules (the recipe page is at its size budget).
    const href = searchHref(query, $category.get());
    const kept = new URLSearchParams();
    if (window.location.pathname === '/')
      for (const [name, value] of new URLSearchParams(window.location.search))
        if (name !== 'search' && name !== 'category') kept.append(name, value);
    const more = kept.toString().replace(/\+/g, '%20'); // spaces as searchHref writes them
    window.location.assign(more ? `${href}${href.includes('?') ? '&' : '?'}${more}` : href);
  };

  return (
    // action="/": before the island hydrates, Enter submits the plain form, which must also reach the list.
    <form className="search" role="search" action="/" method="get" onSubmit={submit}>
      <label htmlFor="search-input" className="visually-hidden">
        Sök recept
      </label>
      <input
        ref={input}
        id="search-input"
        className="input"
        type="search"
        name="search"
        value={query}
        placeholder="Sök recept"
        autoComplete="off"
        onChange={(e) => setQuery(e.target.value)}
      />
      <button type="submit" className="button button-primary">
        Sök
      </button>
    </form>
  );
}
