// The task a reading worker runs (page-reader.ts): a page's text -> its recipe draft. Everything that works on
// the page's own text happens here, off the event loop: the HTML tokenizer, the JSON repair, the ingredient lines.
import { recipeFromHtml, recipeFromJsonLd, type ReadRecipe } from './recipe-draft.ts';

export type PageText = { kind: 'html' | 'json'; text: string };

export default function readRecipe(page: PageText): ReadRecipe | null {
  if (page.kind === 'html') return recipeFromHtml(page.text);
  try {
    return recipeFromJsonLd(JSON.parse(page.text));
  } catch {
    return null; // JSON-LD that is not JSON holds no recipe
  }
}
