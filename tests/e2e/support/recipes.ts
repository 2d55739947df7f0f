import { expect, type APIRequestContext } from '@playwright/test';
import type { Recipe, RecipeInput } from '../../../src/lib/recipe-schema.ts';

// Test data through the real API, with a bearer token from support/auth.ts. Quantities use
// wire keys here (DECILITER): this talks to the API, not to the site.
export type NewRecipe = Pick<RecipeInput, 'name'> &
  Partial<
    Pick<RecipeInput, 'instructions' | 'servings' | 'ingredients' | 'categories' | 'prepTime' | 'totalTime' | 'source'>
  >;
export type StoredRecipe = Recipe;

/** A name no other test (or earlier run) uses, so tests own their data. */
export function uniqueName(base: string): string {
  return `${base} ${Math.random().toString(36).slice(2, 7)}`;
}

export class RecipeApi {
  private readonly created = new Set<number>();

  constructor(
    private readonly request: APIRequestContext,
    private readonly apiUrl: string,
    private readonly token: () => Promise<string>,
  ) {}

  /** The token is asked for at each request: a long test or worker outlives one access token. */
  private async headers() {
    return { Authorization: `Bearer ${await this.token()}`, Accept: 'application/json' };
  }

  async create(recipe: NewRecipe): Promise<StoredRecipe> {
    const res = await this.request.post(`${this.apiUrl}/recipes`, {
      headers: await this.headers(),
      data: { instructions: '', servings: 4, ingredients: [], ...recipe },
    });
    expect(res.ok(), `create answered ${res.status()}: ${await res.text()}`).toBe(true);
    const stored = (await res.json()) as StoredRecipe;
    this.created.add(stored.id);
    return stored;
  }

  /** Saves `recipe` as the recipe's new content (PUT, If-Match the version read); a version in its history. */
  async update(stored: StoredRecipe, recipe: NewRecipe): Promise<StoredRecipe> {
    const res = await this.request.put(`${this.apiUrl}/recipes/${stored.id}`, {
      headers: { ...(await this.headers()), 'If-Match': `"${stored.version}"` },
      data: { instructions: '', servings: 4, ingredients: [], ...recipe },
    });
    expect(res.ok(), `update answered ${res.status()}: ${await res.text()}`).toBe(true);
    return (await res.json()) as StoredRecipe;
  }

  /** Deletes the recipe and erases it from the trash (issue 41), so the tests' recipes do not pile up there. */
  async remove(id: number): Promise<void> {
    const res = await this.request.delete(`${this.apiUrl}/recipes/${id}`, { headers: await this.headers() });
    expect([200, 204, 404]).toContain(res.status());
    const erased = await this.request.delete(`${this.apiUrl}/trash/${id}`, { headers: await this.headers() });
    expect([204, 404]).toContain(erased.status());
    this.created.delete(id);
  }

  /** Deletes the recipe as the site's 'Ta bort' does: it goes to the trash (erased at clean-up). */
  async trash(id: number): Promise<void> {
    const res = await this.request.delete(`${this.apiUrl}/recipes/${id}`, { headers: await this.headers() });
    expect(res.status()).toBe(204);
  }

  /** Recipes whose name contains `text` (the API's search). */
  async search(text: string): Promise<StoredRecipe[]> {
    const res = await this.request.get(`${this.apiUrl}/recipes?search=${encodeURIComponent(text)}`, {
      headers: await this.headers(),
    });
    expect(res.ok()).toBe(true);
    return (await res.json()) as StoredRecipe[];
  }

  /** Removes this recipe at clean-up (one the test made through the site). */
  adopt(id: number): void {
    this.created.add(id);
  }

  /** Removes whatever this test created and did not remove itself. */
  async cleanUp(): Promise<void> {
    for (const id of [...this.created]) await this.remove(id);
  }
}
