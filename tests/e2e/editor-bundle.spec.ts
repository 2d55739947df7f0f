import type { Page } from '@playwright/test';
import { EDITOR } from './support/auth.ts';
import { expect, test } from './support/fixtures.ts';

// Visitor pages keep their budget: the editor's libraries (react-hook-form, the zod resolver,
// Radix dialog, dnd-kit) load only on /new-recipe and /{id}/edit. Markers are string literals
// each library keeps after minification.
const MARKERS = {
  'dnd-kit': 'DndLiveRegion',
  'radix dialog': 'data-radix-focus-guard',
  'react-hook-form': 'shouldUnregister',
};

async function scriptsOf(page: Page, path: string): Promise<string> {
  const bodies: Promise<string>[] = [];
  const onResponse = (r: import('@playwright/test').Response) => {
    if (r.request().resourceType() === 'script' && r.ok()) bodies.push(r.text().catch(() => ''));
  };
  page.on('response', onResponse);
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  page.off('response', onResponse);
  return (await Promise.all(bodies)).join('\n');
}

function present(js: string): string[] {
  return Object.entries(MARKERS)
    .filter(([, marker]) => js.includes(marker))
    .map(([lib]) => lib);
}

test('the editor libraries load on the editor pages only', async ({ page, recipes, sessions }) => {
  const recipe = await recipes.create({ name: 'Budgetkaka' });
  expect(present(await scriptsOf(page, '/'))).toEqual([]);
  expect(present(await scriptsOf(page, `/${recipe.id}`))).toEqual([]);
  await sessions.open(page, EDITOR); // /new-recipe is protected: the editor opens it signed in
  expect(present(await scriptsOf(page, '/new-recipe'))).toEqual(Object.keys(MARKERS));
});
