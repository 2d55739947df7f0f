// The list page's search and order: a case-insensitive substring of the name, sorted with
// Swedish collation (å, ä, ö after z). Pure, shared by the list island and its unit tests.

const collator = new Intl.Collator('sv', { sensitivity: 'variant', numeric: true });

export type Named = { name: string; id?: number };

/** The case folding every name search uses (exported for the server's name index, which folds once). */
export function fold(text: string): string {
  return text.toLocaleLowerCase('sv');
}

export function matchesName(name: string, query: string): boolean {
  const q = fold(query.trim());
  return q === '' || fold(name).includes(q);
}

export function sortByName<T extends Named>(items: readonly T[]): T[] {
  // Ties (same name) keep a stable order by id so the list never shuffles between renders.
  return [...items].sort((a, b) => collator.compare(a.name, b.name) || (a.id ?? 0) - (b.id ?? 0));
}

export function searchRecipes<T extends Named>(items: readonly T[], query: string): T[] {
  return sortByName(items.filter((r) => matchesName(r.name, query)));
}
