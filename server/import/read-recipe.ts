// The task a reading worker runs (page-reader.ts): a page -> its recipe draft. Everything that works on the page's
// own text happens here, off the event loop: decoding the page's bytes, the HTML tokenizer, the JSON repair,
// the ingredient lines, and the reading of a recipe pasted as plain text.
import { fitDraft } from '../drafts/fit-draft.ts';
import { recipeFromText } from '../drafts/plain-text.ts';
import { recipeFromJsonLd, type ReadRecipe } from '../drafts/recipe-draft.ts';
import { recipeFromHtml } from './page-draft.ts';

/**
 * The page as text, or as bytes in `charset` (a fetched page: what its header names, else its <meta charset>, else
 * UTF-8; a pasted one: UTF-8). Bytes are what the route sends: a worker receives a string of 10 MB at a cost of
 * hundreds of milliseconds of the event loop, its bytes at a copy's.
 */
export type PageText =
  | { kind: 'html' | 'json' | 'text'; text: string }
  | { kind: 'html' | 'json' | 'text'; bytes: Uint8Array; charset?: string };

export default function readRecipe(page: PageText): ReadRecipe | null {
  const text = 'text' in page ? page.text : decode(page.bytes, page.charset, page.kind);
  const draft =
    page.kind === 'html' ? recipeFromHtml(text) : page.kind === 'text' ? recipeFromText(text) : fromJson(text);
  return draft && fitDraft(draft);
}

function fromJson(text: string): ReadRecipe | null {
  try {
    return recipeFromJsonLd(JSON.parse(text));
  } catch {
    return null; // JSON-LD that is not JSON holds no recipe
  }
}

/** The header's charset, else the page's own <meta charset> (older Swedish sites are often ISO-8859-1), else UTF-8. */
function decode(bytes: Uint8Array, charset: string | undefined, kind: PageText['kind']): string {
  const declared =
    kind === 'html'
      ? /<meta[^>]+charset\s*=\s*["']?([\w-]+)/i.exec(new TextDecoder('latin1').decode(bytes.subarray(0, 1024)))?.[1]
      : undefined;
  try {
    return new TextDecoder(charset ?? declared ?? 'utf-8').decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes); // an unknown charset label: UTF-8 is the web's default
  }
}
