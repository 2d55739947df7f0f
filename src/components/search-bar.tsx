// The search bar. Submitting goes to /?search=q (an empty search to / without the parameter).
// With onQuery (the list page) it also reports every keystroke so the list filters live.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { searchHref } from '../lib/routes.ts';

/** The current ?search= value of the page (empty when absent or during the static build). */
export function currentSearch(): string {
  if (typeof window === 'undefined') return '';
  return new URLSearchParams(window.location.search).get('search') ?? '';
}

type Props = { value?: string; onQuery?: (query: string) => void };

/** Controlled when the list page passes value + onQuery; otherwise shows the URL's query. */
export default function SearchBar({ value, onQuery }: Props) {
  const [own, setOwn] = useState('');
  const input = useRef<HTMLInputElement>(null);
  // Read after mounting: the static build has no URL, and hydration must match its HTML. Text typed
  // into the prerendered field before the island hydrated lives only in the DOM: keep it.
  useEffect(() => {
    const initial = input.current?.value || currentSearch();
    if (value === undefined) setOwn(initial);
    else onQuery?.(initial);
    // Once, on mount: afterwards the field is controlled.
  }, []);
  const query = value ?? own;
  const setQuery = (q: string) => (value === undefined ? setOwn(q) : undefined);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    window.location.assign(searchHref(query));
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
        onChange={(e) => {
          setQuery(e.target.value);
          onQuery?.(e.target.value);
        }}
      />
      <button type="submit" className="button button-primary">
        Sök
      </button>
    </form>
  );
}
