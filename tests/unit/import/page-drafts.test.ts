// Every committed import page carries the draft the import makes of it (issue 53 item 6): the pages of the import
// corpus (tests/fixtures/import-corpus) and the pages written for one kind of layout each (tests/fixtures/recipe-pages).
// A change to a reader shows here as a diff of drafts, page by page; `npx vitest run --project unit -u` writes them
// again once the change is meant. How well the pages are read is bench:import-pages' to print, not this file's.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import readRecipe from '../../../server/import/read-recipe.ts';

const FIXTURES = new URL('../../fixtures/', import.meta.url);
const DRAFTS = new URL('../../fixtures/import-drafts/', import.meta.url);
const pages = (folder: string) =>
  readdirSync(new URL(folder, FIXTURES), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.html'))
    .sort()
    .map((file) => `${folder}${file}`);

describe('the draft of every committed import page', () => {
  for (const page of [...pages('import-corpus/'), ...pages('recipe-pages/')]) {
    it(page, async () => {
      const draft = readRecipe({ kind: 'html', text: readFileSync(new URL(page, FIXTURES), 'utf8') });
      await expect(`${JSON.stringify(draft, null, 2)}\n`).toMatchFileSnapshot(
        new URL(page.replace(/\.html$/u, '.json'), DRAFTS).pathname,
      );
    });
  }
});
