// Every schema.org Recipe a page's JSON-LD holds, found the way search engines find them (issue 55): the type read
// without regard to letter case or the vocabulary's prefix ("recipe", "schema:Recipe", "http://schema.org/Recipe",
// one type of a list), and the recipe looked for anywhere in the graph rather than in the few places WordPress puts
// it (`@graph`, an ItemList's ListItem.item, `mainEntity`, `mainEntityOfPage`, `hasPart`, arrays in arrays, several
// scripts). A node that only names a recipe by `@id` is completed from the node with that id. Which recipe the page
// is about is then `chooseRecipe`'s: the one at the page's own address, else the first with a name and ingredients
// or steps.

export type JsonObject = Record<string, unknown>;

// Far deeper than any real page nests; a hostile page cannot exhaust the stack.
const MAX_DEPTH = 32;
// Nodes visited per page: a real page's graph has a few hundred; this bounds a page built to make the walk slow.
const MAX_NODES = 20_000;

// The vocabulary's prefixes a type may carry: full IRIs (either scheme, with or without 'www.') and the compact 'schema:'.
const SCHEMA_PREFIX = /^(?:https?:\/\/(?:www\.)?schema\.org\/|schema:)/iu;

/** Whether a `@type` (a text or a list of texts) names a Recipe, in any letter case, with or without the prefix. */
export function isRecipeType(type: unknown): boolean {
  const types = Array.isArray(type) ? type : [type];
  return types.some((t) => typeof t === 'string' && t.trim().replace(SCHEMA_PREFIX, '').toLowerCase() === 'recipe');
}

/** The Recipes in JSON-LD values (each script's parsed value), in page order, each once, references completed. */
export function recipesIn(values: unknown[]): JsonObject[] {
  const found: JsonObject[] = [];
  const byId = new Map<string, JsonObject>();
  const seen = new Set<unknown>();
  let budget = MAX_NODES;
  const walk = (value: unknown, depth: number): void => {
    if (depth > MAX_DEPTH || budget <= 0 || typeof value !== 'object' || value === null || seen.has(value)) return;
    seen.add(value);
    budget--;
    if (Array.isArray(value)) {
      for (const item of value) walk(item, depth + 1);
      return;
    }
    const node = value as JsonObject;
    const id = typeof node['@id'] === 'string' ? node['@id'] : undefined;
    if (id && Object.keys(node).length > 1 && !byId.has(id)) byId.set(id, node);
    if (isRecipeType(node['@type'])) {
      found.push(node);
      return; // a recipe's own parts (its steps, its reviews) hold no other recipe worth importing
    }
    // Anywhere in the graph: a search engine does not stop at the properties WordPress happens to use.
    for (const child of Object.values(node)) walk(child, depth + 1);
  };
  for (const value of values) walk(value, 0);
  // "@id"-only references (an ItemList pointing at a node elsewhere in the @graph) are read as that node.
  const completed = found.map((recipe) => {
    const id = typeof recipe['@id'] === 'string' ? recipe['@id'] : undefined;
    const full = id ? byId.get(id) : undefined;
    return full && full !== recipe ? { ...full, ...recipe } : recipe;
  });
  // A recipe given twice (a page's two scripts, a reference and its node) is one recipe.
  const unique: JsonObject[] = [];
  for (const recipe of completed) {
    const key = recipeKey(recipe);
    const same = unique.findIndex((other) => key !== '' && recipeKey(other) === key);
    if (same < 0) unique.push(recipe);
    else if (!isFull(unique[same]!) && isFull(recipe)) unique[same] = recipe;
  }
  return unique;
}

/** A recipe one can cook from: a name, and ingredients or steps. */
export function isFull(recipe: JsonObject): boolean {
  const said = (value: unknown) =>
    (typeof value === 'string' && value.trim() !== '') || (Array.isArray(value) && value.length > 0);
  return (
    said(recipe.name ?? recipe.headline) &&
    (said(recipe.recipeIngredient ?? recipe.ingredients) ||
      said(recipe.recipeInstructions) ||
      (typeof recipe.recipeInstructions === 'object' && recipe.recipeInstructions !== null))
  );
}

/**
 * The recipe the page is about: the full one whose `url`, `@id` or `mainEntityOfPage` is one of the page's own
 * addresses (compared without the fragment, query, scheme, 'www.' or trailing slash), else the first full one, else the first.
 * `others`: how many other full recipes the page holds (0 when one).
 */
export function chooseRecipe(
  recipes: JsonObject[],
  pageAddresses: string[],
): { recipe: JsonObject; others: number } | undefined {
  if (recipes.length === 0) return undefined;
  const full = recipes.filter(isFull);
  const addresses = new Set(pageAddresses.map(addressKey).filter((a) => a !== ''));
  const atAddress = full.find((recipe) => recipeAddresses(recipe).some((a) => addresses.has(a)));
  const recipe = atAddress ?? full[0] ?? recipes[0]!;
  return { recipe, others: Math.max(0, full.length - (full.includes(recipe) ? 1 : 0)) };
}

function recipeAddresses(recipe: JsonObject): string[] {
  const main = recipe.mainEntityOfPage;
  const mainAddress =
    typeof main === 'object' && main !== null && !Array.isArray(main)
      ? ((main as JsonObject)['@id'] ?? (main as JsonObject).url)
      : main;
  return [recipe.url, recipe['@id'], mainAddress]
    .flatMap((value): unknown[] => (Array.isArray(value) ? (value as unknown[]) : [value]))
    .filter((value): value is string => typeof value === 'string')
    .map(addressKey)
    .filter((a) => a !== '');
}

/** An address as a key: host and path, lower case, without scheme, 'www.', query, fragment or trailing slash. */
export function addressKey(address: string): string {
  const match = /^https?:\/\/(?:www\.)?([^/?#]+)([^?#]*)/iu.exec(address.trim());
  return match ? `${match[1]}${match[2]!.replace(/\/+$/u, '')}`.toLowerCase() : '';
}

function recipeKey(recipe: JsonObject): string {
  const id = typeof recipe['@id'] === 'string' ? recipe['@id'] : '';
  if (id !== '') return `id:${id}`;
  const name = recipe.name ?? recipe.headline;
  return typeof name === 'string' ? `name:${name.trim().toLowerCase()}` : '';
}
