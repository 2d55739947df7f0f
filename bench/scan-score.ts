// How a scan's draft compares with the recipe printed (npm run bench:scan), per field:
//   - name: the draft's name is the printed one, case and spaces aside;
//   - ingredient lines: each printed line ("1 ½ dl mjölk") as the import's own line reader reads it from the exact
//     text (amount, unit, name; the reader's share is not the scan's to lose), found in the draft with the same
//     amount, unit and name (each draft line counts once);
//   - step words: the share of the printed steps' words (lower case, letters and digits) found in the draft's
//     instructions, each occurrence once;
//   - servings: the draft's number is the printed one.
import { parseIngredientLine } from '../server/drafts/ingredient-line.ts';
import type { ReadRecipe } from '../server/drafts/recipe-draft.ts';
import type { ScanRecipe } from './scan-recipes.ts';

export type Score = {
  name: boolean;
  lines: number;
  linesRight: number;
  words: number;
  wordsFound: number;
  servings: boolean;
  /** The printed ingredient lines not found in the draft, and the draft's lines left unmatched (--misses). */
  missed: string[];
  unmatched: string[];
};

const plain = (text: string) => text.toLocaleLowerCase('sv').replace(/\s+/gu, ' ').trim();
const words = (text: string) => text.toLocaleLowerCase('sv').match(/[\p{L}\p{N}]+/gu) ?? [];

type Line = { name: string; value?: number; unit?: string };
const asLine = (i: ReadRecipe['ingredients'][number]): Line => ({
  name: plain(i.name),
  value: i.quantity?.value,
  unit: i.quantity?.unit,
});
const same = (a: Line, b: Line) =>
  a.name === b.name && a.unit === b.unit && (a.value === b.value || Math.abs((a.value ?? 0) - (b.value ?? 0)) < 1e-6);

export function scoreDraft(recipe: ScanRecipe, draft: ReadRecipe | null): Score {
  const printedText = recipe.groups.flatMap((g) => g.lines);
  const printed = printedText.map((l) => asLine(parseIngredientLine(l)));
  const stepWords = recipe.steps.flatMap(words);
  if (!draft)
    return {
      name: false,
      lines: printed.length,
      linesRight: 0,
      words: stepWords.length,
      wordsFound: 0,
      servings: false,
      missed: printedText,
      unmatched: [],
    };
  const read = draft.ingredients.map((i) => ({ line: asLine(i), note: i.note ?? '' }));
  let linesRight = 0;
  const missed: string[] = [];
  for (const [n, line] of printed.entries()) {
    const at = read.findIndex((r) => same(r.line, line));
    if (at === -1) {
      missed.push(printedText[n]!);
      continue;
    }
    linesRight++;
    read.splice(at, 1);
  }
  const bag = new Map<string, number>();
  for (const w of words(draft.instructions)) bag.set(w, (bag.get(w) ?? 0) + 1);
  let wordsFound = 0;
  for (const w of stepWords) {
    const left = bag.get(w) ?? 0;
    if (left > 0) {
      wordsFound++;
      bag.set(w, left - 1);
    }
  }
  return {
    name: plain(draft.name) === plain(recipe.name),
    lines: printed.length,
    linesRight,
    words: stepWords.length,
    wordsFound,
    servings: draft.servings === recipe.servings,
    missed,
    unmatched: read.map((r) => `${r.line.value ?? '–'} | ${r.line.unit ?? '–'} | ${r.line.name} | ${r.note}`),
  };
}

/** Shares over several pages: names and servings per page, ingredient lines and step words over all of them. */
export function totals(scores: Score[]) {
  const sum = (f: (s: Score) => number) => scores.reduce((n, s) => n + f(s), 0);
  return {
    pages: scores.length,
    name: sum((s) => Number(s.name)) / scores.length,
    lines: sum((s) => s.linesRight) / sum((s) => s.lines),
    words: sum((s) => s.wordsFound) / sum((s) => s.words),
    servings: sum((s) => Number(s.servings)) / scores.length,
  };
}
