// The trash and each recipe's history (issue 41): editors' requests, apart from src/client/api.ts so that the pages
// every visitor loads do not carry them (the recipe page is at its size budget). The same request rules as api.ts.
import { request, toLabels, type Recipe, type TokenSource } from './api.ts';
import type { TrashedRecipe, VersionSummary } from '../lib/recipe-keeping.ts';

export type { TrashedRecipe, VersionSummary };

export async function listTrash(tokens: TokenSource): Promise<TrashedRecipe[]> {
  return (await request<{ recipes: TrashedRecipe[] }>(tokens, 'GET', '/trash')).recipes;
}

/** Brings a deleted recipe back under its id (a retry answers it as it is). */
export async function restoreTrashed(tokens: TokenSource, id: number): Promise<Recipe> {
  return toLabels(await request<Recipe>(tokens, 'POST', `/trash/${id}/restore`));
}

/** Erases a deleted recipe for good. */
export async function eraseTrashed(tokens: TokenSource, id: number): Promise<void> {
  await request<unknown>(tokens, 'DELETE', `/trash/${id}`);
}

export async function listVersions(tokens: TokenSource, id: number): Promise<VersionSummary[]> {
  return (await request<{ versions: VersionSummary[] }>(tokens, 'GET', `/recipes/${id}/versions`)).versions;
}

export async function getVersion(
  tokens: TokenSource,
  id: number,
  version: number,
): Promise<VersionSummary & { recipe: Recipe }> {
  const saved = await request<VersionSummary & { recipe: Recipe }>(tokens, 'GET', `/recipes/${id}/versions/${version}`);
  return { ...saved, recipe: toLabels(saved.recipe) };
}

/** Saves `version` as the recipe's newest; `current` is the version read (If-Match: 409 when someone saved since). */
export async function restoreVersion(
  tokens: TokenSource,
  id: number,
  version: number,
  current: number,
): Promise<Recipe> {
  return toLabels(
    await request<Recipe>(tokens, 'POST', `/recipes/${id}/versions/${version}/restore`, undefined, {
      'If-Match': `"${current}"`,
    }),
  );
}
