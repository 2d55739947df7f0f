// The recipe list's search and order, one rule for the site and the API (the server's list, its
// paged name index and its cache all import compareRecipes from here): a case-insensitive substring
// of the name; Swedish collation (å, ä, ö after z, case ignored) with natural numbers ("Recept 9"
// before "Recept 10"); equal names in id order, so the list never shuffles between renders.

// Made at its first use, not when the module loads: a Swedish collator costs ICU's locale data (on a phone, about a
// tenth of a second of the list page's start, before anything is sorted in the browser at all).
let collator: Intl.Collator | undefined;

export type Named = { name: string; id?: number };

export function compareRecipes(a: Named, b: Named): number {
  collator ??= new Intl.Collator('sv', { sensitivity: 'base', numeric: true });
  return collator.compare(a.name, b.name) || (a.id ?? 0) - (b.id ?? 0);
}

/** The case folding every name search uses (exported for the server's name index, which folds once). */
export function fold(text: string): string {
  return text.toLocaleLowerCase('sv');
}

export function matchesName(name: string, query: string): boolean {
  const q = fold(query.trim());
  return q === '' || fold(name).includes(q);
}

/** Puts `item` into `sorted` (already in this order) at its place: a binary search, no re-sort. */
export function insertByName<T extends Named>(sorted: T[], item: T): void {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (compareRecipes(sorted[mid] as T, item) < 0) low = mid + 1;
    else high = mid;
  }
  sorted.splice(low, 0, item);
}

export function sortByName<T extends Named>(items: readonly T[]): T[] {
  return [...items].sort(compareRecipes);
}

export function searchRecipes<T extends Named>(items: readonly T[], query: string): T[] {
  return sortByName(items.filter((r) => matchesName(r.name, query)));
}
