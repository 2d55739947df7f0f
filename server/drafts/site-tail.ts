// A recipe's name without the site's part ("Kladdkaka | Receptbloggen", "Stamppot - Culy", "Lecsó |
// Mindmegette.hu", "Köttbullar – ICA", "Banana bread | Recipes"): many pages give their <title> as the recipe's
// name, and the draft is the recipe's. One rule for every site, no list of sites (issue 55): a part before or after
// a separator is dropped when it is the site's (its og:site_name or publisher, its host with or without the
// top-level domain, or a text holding one of them in at most four words) or only says "recipes" in some language.
// What remains keeps at least one letter and is not itself the site's, else the name stays as it was.

// Separators pages put between a title and the site: spaced bars, dashes, bullets, guillemets, double colons.
const SEPARATOR = / (?:\||-|–|—|·|•|»|::|~) /u;
// "Recipes" as a whole part, in the languages the corpus's pages are written in.
const GENERIC =
  /^(?:recipes?|recept(?:e[kt]?|er|y)?|rezept(?:e)?|recettes?|recetas?|ricett[ae]|receitas?|opskrift(?:er)?|oppskrift(?:er)?|reseptit?|przepis(?:y)?|recepten?|recipe ideas?)$/iu;

export type SiteNames = { names: (string | undefined)[]; urls: (string | undefined)[] };

/** The name without a leading or trailing part that is the site's; the name itself when nothing is. */
export function withoutSiteTail(name: string, site: SiteNames): string {
  const keys = siteKeys(site);
  let parts = name.split(SEPARATOR);
  if (parts.length < 2) return name;
  // The tail first (where sites put their name), then a part before the title; each several times ("… | Recipes | Site").
  while (parts.length > 1 && isSitePart(parts.at(-1)!, keys)) parts = parts.slice(0, -1);
  while (parts.length > 1 && isSitePart(parts[0]!, keys)) parts = parts.slice(1);
  const kept = rejoin(name, parts);
  // A title that is only the site's ("Recipes | Culy") names no recipe better than it did.
  return /\p{L}/u.test(kept) && !(parts.length === 1 && isSitePart(kept, keys)) ? kept : name;
}

// The kept parts as the name wrote them: from the first kept part's start to the last one's end.
function rejoin(name: string, parts: string[]): string {
  const start = name.indexOf(parts[0]!);
  const last = parts.at(-1)!;
  const end = name.lastIndexOf(last) + last.length;
  return name.slice(start, end).trim();
}

// Small words a site's part may hold beside its name ("Recept från ICA", "Recipes by Culy").
const FILLER = new Set([
  'från',
  'fran',
  'by',
  'from',
  'von',
  'de',
  'du',
  'van',
  'på',
  'on',
  'at',
  'the',
  'och',
  'and',
  'i',
]);

function isSitePart(part: string, keys: Set<string>): boolean {
  const text = part.trim();
  if (GENERIC.test(text)) return true;
  const words = text
    .split(/\s+/u)
    .map(textKey)
    .filter((w) => w !== '');
  if (words.length === 0 || words.length > 4) return false;
  if (keys.has(words.join(''))) return true;
  // "Mindmegette.hu receptek", "Recept från ICA", "BBC Good Food": each word the site's, a filler or "recipes".
  const ofSite = (w: string) => [...keys].some((site) => site === w || (w.length >= 3 && site.includes(w)));
  return words.some(ofSite) && words.every((w) => ofSite(w) || FILLER.has(w) || GENERIC.test(w));
}

/** The site's names as keys: each name, each address's host (with and without 'www.' and its top-level domain). */
function siteKeys(site: SiteNames): Set<string> {
  const keys = new Set<string>();
  for (const name of site.names) {
    const key = textKey(name ?? '');
    if (key.length >= 2) keys.add(key);
  }
  for (const url of site.urls) {
    const host = /^https?:\/\/(?:www\.)?([^/?#:]+)/iu.exec(url ?? '')?.[1]?.toLowerCase();
    if (!host) continue;
    keys.add(textKey(host)); // "mindmegette.hu"
    // Each label but the top-level domain: "mindmegette", "ica", "example" of "recipes.example.com".
    for (const label of host.split('.').slice(0, -1))
      if (label.length >= 3 && label !== 'www') keys.add(textKey(label));
  }
  keys.delete('');
  return keys;
}

// Letters and digits, lower case: "Mindmegette.hu" and "mindmegette hu" are the same site.
function textKey(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
}
