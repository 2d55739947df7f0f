// Reading HTML with htmlparser2 (a tokenizer, not regular expressions): the JSON-LD blocks of a page,
// and the plain text of the HTML that sites put inside JSON-LD strings ("<p>Sätt ugnen&nbsp;på 200&deg;</p>").
import { Parser } from 'htmlparser2';

// Tags that start a new line in the text: a step per <p>, <li> or <br>.
const LINE_TAGS = new Set(['br', 'p', 'div', 'li', 'ol', 'ul', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'tr', 'section']);

/** The text of every `<script type="application/ld+json">` (any case, parameters such as `; charset=utf-8` allowed), in page order. */
export function jsonLdScripts(html: string): string[] {
  const scripts: string[] = [];
  let current: string | undefined;
  const parser = new Parser({
    onopentag(name, attributes) {
      if (name === 'script' && attributes.type?.split(';')[0]?.trim().toLowerCase() === 'application/ld+json')
        current = '';
    },
    // Script content is raw text: the tokenizer decodes no entities inside it.
    ontext(text) {
      if (current !== undefined) current += text;
    },
    onclosetag(name) {
      if (name === 'script' && current !== undefined) scripts.push(current);
      if (name === 'script') current = undefined;
    },
  });
  parser.end(html);
  return scripts;
}

/** The lines of an HTML fragment: tags removed, entities decoded, whitespace collapsed, empty lines dropped. */
export function htmlLines(html: string): string[] {
  let text = '';
  const parser = new Parser({
    ontext(part) {
      text += part;
    },
    onopentag(name) {
      if (LINE_TAGS.has(name)) text += '\n';
    },
    onclosetag(name) {
      if (LINE_TAGS.has(name)) text += '\n';
    },
  });
  parser.end(html);
  return text
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '');
}

/** An HTML fragment as one line of plain text. */
export function htmlText(html: string): string {
  return htmlLines(html).join(' ');
}
