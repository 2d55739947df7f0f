// The import's page reader: pages are read in worker threads (loaded by Node's own type stripping), a read that
// outlasts the limit is aborted and its worker replaced, and a full queue is refused rather than grown.
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { createPageReader, PageReadError } from '../../../server/import/page-reader.ts';
import { recipeFromJsonLd } from '../../../server/drafts/recipe-draft.ts';
import { recipeFromHtml } from '../../../server/import/page-draft.ts';

const fixture = (name: string) => readFileSync(new URL(`../../fixtures/import-api/${name}`, import.meta.url), 'utf8');
const HOSTILE = '<b>'.repeat(333_000);

describe('the import page reader', { timeout: 30_000 }, () => {
  // The limit counts a read's own work, from when its thread starts it (a thread's start and its loading of the
  // readers do not count: at a lower priority, with two busy test files on both cores, they took seconds).
  const reader = createPageReader({ timeoutMs: 5000 });
  // For the waiting room: the pages waiting are read one after another, each stopped after its own limit.
  const quick = createPageReader({ timeoutMs: 300 });
  afterAll(() => Promise.all([reader.close(), quick.close()]));

  it('reads HTML and JSON-LD in a worker exactly as the draft functions do', async () => {
    const html = fixture('recipe.html');
    const jsonLd = fixture('recipe.jsonld');
    expect(await reader.read({ kind: 'html', text: html })).toEqual(recipeFromHtml(html));
    expect(await reader.read({ kind: 'json', text: jsonLd })).toEqual(recipeFromJsonLd(JSON.parse(jsonLd)));
    expect(await reader.read({ kind: 'json', text: '{not json' })).toBeNull();
  });

  it('every draft, from any reader, gets °C in its steps and no ingredient of refused characters alone', async () => {
    const recipe = { '@type': 'Recipe', name: 'Kakor', recipeIngredient: ['2 dl mjöl', '\u{1F36A}'] };
    const steps = 'Bake at 350°F for 20 minutes.';
    const page = `<script type="application/ld+json">${JSON.stringify({ ...recipe, recipeInstructions: steps })}</script>`;
    const text = `Kakor\n\nIngredienser\n2 dl mjöl\n\nGör så här\n${steps}`;
    for (const read of [
      await reader.read({ kind: 'html', text: page }),
      await reader.read({ kind: 'json', text: JSON.stringify({ ...recipe, recipeInstructions: steps }) }),
      await reader.read({ kind: 'text', text }),
    ]) {
      expect(read?.instructions).toContain('Bake at 175°C for 20 minutes.');
      expect(read?.ingredients).toEqual([{ name: 'mjöl', quantity: { value: 2, unit: 'DECILITER' } }]);
    }
  });

  it('gives up on a hostile page after the limit, and reads the next page with a fresh worker', async () => {
    const started = performance.now();
    const error = await reader.read({ kind: 'html', text: HOSTILE }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PageReadError);
    expect(error).toMatchObject({
      kind: 'too-complex',
      message: 'The page could not be read within 5 s: it is too large or too deeply nested to import',
    });
    expect(performance.now() - started).toBeLessThan(15_000); // not the tens of seconds the page would take
    const html = fixture('recipe.html');
    expect(await reader.read({ kind: 'html', text: html })).toEqual(recipeFromHtml(html));
  });

  it('refuses pages beyond the queue instead of holding them all', async () => {
    const results = await Promise.all(
      Array.from({ length: 24 }, () => quick.read({ kind: 'html', text: HOSTILE }).catch((e: unknown) => e)),
    );
    const kinds = results.map((r) => (r instanceof PageReadError ? r.kind : 'other'));
    expect(kinds).not.toContain('other');
    // One or two readers (one per core beyond the first) and 16 waiting: the rest are refused at once.
    expect(kinds.filter((k) => k === 'too-complex').length).toBeGreaterThanOrEqual(17);
    expect(kinds.filter((k) => k === 'too-complex').length).toBeLessThanOrEqual(18);
    expect(kinds.filter((k) => k === 'busy').length).toBe(24 - kinds.filter((k) => k === 'too-complex').length);
  }, 120_000);
});
