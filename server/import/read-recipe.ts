// The task a reading worker runs (page-reader.ts): a page's text -> its recipe draft. Everything that works on
// the page's own text happens here, off the event loop: the HTML tokenizer, the JSON repair, the ingredient lines,
// and the reading of a recipe pasted as plain text.
import { recipeFromText } from './plain-text.ts';
import { recipeFromHtml, recipeFromJsonLd, type ReadRecipe } from './recipe-draft.ts';

export type PageText = { kind: 'html' | 'json' | 'text'; text: string };

export default function readRecipe(page: PageText): ReadRecipe | null {
  if (page.kind === 'html') return recipeFromHtml(page.text);
  if (page.kind === 'text') return recipeFromText(page.text);
  try {
    return recipeFromJsonLd(JSON.parse(page.text));
  } catch {
    return null; // JSON-LD that is not JSON holds no recipe
  }
}
