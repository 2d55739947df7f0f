// Where a page says it lives and what its site is called, from its <head>: the canonical address
// (<link rel="canonical">, then og:url) and the site's name (og:site_name). A pasted page has no address of its own
// but names these; a fetched one is named by its site rather than its host.
import { DomUtils } from 'htmlparser2';
import type { PageDocument } from '../../drafts/html-text.ts';
import { cleanText, htmlText } from '../../drafts/html-text.ts';
import type { PageSource } from '../../drafts/recipe-draft.ts';

export function pageSource(page: PageDocument): PageSource {
  const canonical = DomUtils.findOne(
    (e) => e.name === 'link' && (e.attribs.rel ?? '').toLowerCase().split(/\s+/u).includes('canonical'),
    page.children,
  )?.attribs.href;
  const meta = (name: string) =>
    DomUtils.findOne(
      (e) => e.name === 'meta' && (e.attribs.property ?? e.attribs.name ?? '').toLowerCase() === name,
      page.children,
    )?.attribs.content;
  const urls = [canonical, meta('og:url')].map((url) => cleanText(url ?? '')).filter((url) => url !== '');
  const siteName = htmlText(meta('og:site_name') ?? '');
  return { urls, ...(siteName ? { siteName } : {}) };
}
