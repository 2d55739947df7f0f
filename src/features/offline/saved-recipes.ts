// The recipes this device can show offline (issue 54): every recipe the service worker keeps read in full in its
// data cache (opened, or kept by 'Spara för offline'). The offline page (src/pages/offline.astro) links to them.
import { OFFLINE_CACHES } from '../../stores/offline.ts';

export type SavedRecipe = { id: number; name: string };

/** A stored read of one recipe at its own servings: `…/recipes/{id}` with no query. */
const RECIPE_READ = /\/recipes\/([1-9][0-9]{0,9})$/;

/** The id of the recipe a stored read `url` holds at its own servings, or undefined (a list, other servings). */
export function savedRecipeId(url: string): number | undefined {
  const parsed = new URL(url);
  if (parsed.search !== '') return undefined;
  const match = RECIPE_READ.exec(parsed.pathname);
  return match ? Number(match[1]) : undefined;
}

const byName = new Intl.Collator('sv');

/** The saved recipes, each once, by name as a Swede sorts them; rows without a usable name are left out. */
export function savedList(rows: Array<{ id: number; body: unknown }>): SavedRecipe[] {
  const seen = new Map<number, SavedRecipe>();
  for (const { id, body } of rows) {
    const name = (body as { name?: unknown } | null)?.name;
    if (typeof name === 'string' && name.trim() !== '' && !seen.has(id)) seen.set(id, { id, name: name.trim() });
  }
  return [...seen.values()].sort((a, b) => byName.compare(a.name, b.name) || a.id - b.id);
}

/** Reads the data cache; empty where there is no Cache Storage (an insecure origin, an old browser). */
export async function readSavedRecipes(): Promise<SavedRecipe[]> {
  if (typeof caches === 'undefined') return [];
  const cache = await caches.open(OFFLINE_CACHES.data);
  const rows = await Promise.all(
    (await cache.keys()).map(async (key) => {
      const id = savedRecipeId(key.url);
      if (id === undefined) return undefined;
      const body: unknown = await (await cache.match(key))?.json().catch(() => undefined);
      return { id, body };
    }),
  );
  return savedList(rows.filter((r): r is { id: number; body: unknown } => r !== undefined));
}
