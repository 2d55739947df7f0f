// Requests the page's inline head script started before any island loaded (src/pages/recipe.astro):
// /config.json and, on /{id}, the recipe. Each is handed out once; later reads fetch as usual. The same script
// preloads the recipe's main photo as soon as the recipe is here (src/pages/recipe.astro), not after hydration.
type Early = { config?: Promise<Response>; recipe?: Promise<Response>; recipeId?: number };

const early = (): Early =>
  typeof window === 'undefined' ? {} : ((window as unknown as { __early?: Early }).__early ?? {});

/** The /config.json response already under way, if the page started one. */
export function takeEarlyConfig(): Promise<Response> | undefined {
  const e = early();
  const started = e.config;
  e.config = undefined;
  return started;
}

/** The GET /recipes/{id} response already under way for this id, if the page started one. */
export function takeEarlyRecipe(id: number): Promise<Response> | undefined {
  const e = early();
  if (e.recipeId !== id || !e.recipe) return undefined;
  const started = e.recipe;
  e.recipe = undefined;
  return started;
}
