import { readFileSync } from 'node:fs';

// Decision 062's table of cases, the ingredient rule's test: read by the unit test of the rule and by the test that
// runs the same rows through the API and the offline copy (tests/server/api/filters-agree.test.ts).
const DECISION = readFileSync(
  new URL('../../docs/decisions/062-ingredient-words-match-last-parts.md', import.meta.url),
  'utf8',
);

export type IngredientCase = { word: string; name: string; found: boolean };

/** The rows of the decision's table: a word of "Med …", an ingredient's name, whether it is found. */
export function ingredientCases(): IngredientCase[] {
  return DECISION.split('\n').flatMap((line) => {
    const match = /^\| ([^|]+) \| ([^|]+) \| (yes|no) \|/.exec(line);
    return match ? [{ word: (match[1] ?? '').trim(), name: (match[2] ?? '').trim(), found: match[3] === 'yes' }] : [];
  });
}
