import { test as base, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { accessToken, EDITOR, runtimeConfig } from './auth.ts';
import { RecipeApi } from './recipes.ts';

// Fixtures: `recipes` creates data through the API as the editor and removes it afterwards;
// `editorToken` signs in once per worker. Uncaught page errors fail the test.
type TestFixtures = { recipes: RecipeApi };
type WorkerFixtures = { editorToken: string };

export const test = base.extend<TestFixtures, WorkerFixtures>({
  editorToken: [
    async ({ browser }, use, workerInfo) => {
      const baseURL = String(workerInfo.project.use.baseURL);
      await use(await accessToken(browser, baseURL, EDITOR));
    },
    { scope: 'worker' },
  ],
  recipes: async ({ request, baseURL, editorToken }, use) => {
    const cfg = await runtimeConfig(request, String(baseURL));
    const apiUrl = new URL(cfg.API_URL, String(baseURL)).href.replace(/\/+$/, '');
    const api = new RecipeApi(request, apiUrl, editorToken);
    await use(api);
    await api.cleanUp();
  },
  page: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await use(page);
    expect(errors, 'uncaught errors in the page').toEqual([]);
  },
});

export { expect };

/** axe-core over the whole page as it is now: no violations allowed. */
export async function expectAccessible(page: Page): Promise<void> {
  const result = await new AxeBuilder({ page }).analyze();
  const summary = result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  expect(summary).toEqual([]);
}
