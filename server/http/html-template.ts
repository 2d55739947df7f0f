// The server's one HTML writer (issue 53): the sign-in pages (server/idp) and the recipe page's head and first screen
// (server/site) are written with this template, so every interpolated value goes through escapeHtml and only
// another template's result is taken as markup.
import { escapeHtml } from './escape-html.ts';

/** A trusted HTML fragment: the result of a template, never raw input. */
export class Html {
  readonly value: string;
  constructor(value: string) {
    this.value = value;
  }
  toString() {
    return this.value;
  }
}

/** What a template takes: markup (Html), or a value it escapes; a boolean, null and undefined write nothing. */
export type HtmlPart = Html | string | number | boolean | null | undefined;

/** Tagged template: interpolations are escaped unless they are Html (or arrays of Html). */
export function html(strings: TemplateStringsArray, ...values: (HtmlPart | readonly HtmlPart[])[]): Html {
  let out = strings[0] ?? '';
  values.forEach((value, index) => {
    const parts: readonly HtmlPart[] = Array.isArray(value) ? value : [value as HtmlPart];
    for (const part of parts)
      out += part instanceof Html ? part.value : typeof part === 'boolean' || part == null ? '' : escapeHtml(part);
    out += strings[index + 1] ?? '';
  });
  return new Html(out);
}

/**
 * The text of a data block (`<script type="application/ld+json">`), which HTML does not unescape: taken as it is, so
 * it may hold no `<` (no `</script>` or `<!--` can end or bend the block). JSON written with `<` as `\u003c`
 * (src/lib/recipe-jsonld.ts' jsonLdText) always passes.
 */
export function scriptData(text: string): Html {
  if (text.includes('<')) throw new Error('A data block may not hold "<".');
  return new Html(text);
}
