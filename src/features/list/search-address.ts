// The list's search text in the address as it is typed (issue 54): a shared address shows what the sender sees, and
// Back returns the box to the text its entry had. Each keystroke replaces the history entry (typing is not a step
// to go Back through). Only on the list (its island calls it): elsewhere the search bar does not filter live (the
// specification), so its text means nothing until submitted.

/**
 * The address with `text` as its ?search= (none when the text is only spaces), the rest of it kept. Spaces stay
 * %20, as searchHref and the filters write them (URLSearchParams would turn every space into '+').
 */
export function addressWithSearch(text: string, href: string): string {
  const url = new URL(href);
  const params = new URLSearchParams(url.search);
  if (text.trim() === '') params.delete('search');
  else params.set('search', text);
  const search = params.toString().replace(/\+/g, '%20'); // a '+' typed is '%2B' here
  return `${url.pathname}${search ? `?${search}` : ''}${url.hash}`;
}

/** Writes the text into the list's address, replacing the entry and keeping its state (the saved list position). */
export function showSearchInAddress(text: string): void {
  if (window.location.pathname !== '/') return;
  const href = addressWithSearch(text, window.location.href);
  if (href === `${window.location.pathname}${window.location.search}${window.location.hash}`) return;
  window.history.replaceState(window.history.state, '', href);
}
