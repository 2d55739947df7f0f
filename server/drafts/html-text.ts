// Reading HTML with htmlparser2 (a real parser, not regular expressions). A page is parsed once into a tree
// (`parsePage`) that every reader walks; the text of a node or of an HTML string (sites put HTML inside JSON-LD
// strings: "<p>Sätt ugnen&nbsp;på 200&deg;</p>") comes out clean: entities decoded, twice-encoded ones too
// ("&amp;amp;"), tags removed, invisible characters and odd spaces gone, fraction glyphs readable.
import { DomHandler, DomUtils, ElementType, Parser, parseDocument } from 'htmlparser2';
import { FRACTION_TEXT } from './ingredient-name.ts';

export type PageDocument = ReturnType<typeof parseDocument>;
export type PageNode = PageDocument['children'][number];
export type PageElement = ReturnType<typeof DomUtils.findAll>[number];

// Tags that start a new line in the text: a step per <p>, <li> or <br>.
const LINE_TAGS = new Set(['br', 'p', 'div', 'li', 'ol', 'ul', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'tr', 'section']);

// What never holds a recipe's text: dropped while the tree is built, so a 10 MB page of inline scripts costs
// the tokenizer's pass and no tree. JSON-LD scripts are kept (they are the recipe).
const DROPPED = new Set(['script', 'style', 'svg', 'noscript', 'template', 'iframe', 'canvas', 'math']);

function isJsonLd(attributes: Record<string, string>): boolean {
  return attributes.type?.split(';')[0]?.trim().toLowerCase() === 'application/ld+json';
}

/** DomHandler that leaves out DROPPED elements (with everything inside) and comments. */
class RecipeHandler extends DomHandler {
  private skipped = 0;
  override onopentag(name: string, attributes: Record<string, string>): void {
    if (this.skipped > 0 || (DROPPED.has(name) && !(name === 'script' && isJsonLd(attributes)))) this.skipped++;
    else super.onopentag(name, attributes);
  }
  override onclosetag(): void {
    if (this.skipped > 0) this.skipped--;
    else super.onclosetag();
  }
  override ontext(data: string): void {
    if (this.skipped === 0) super.ontext(data);
  }
  override oncomment(): void {}
  override oncommentend(): void {}
}

/** The page as a tree, without scripts (other than JSON-LD), styles, SVG or comments. */
export function parsePage(html: string): PageDocument {
  const handler = new RecipeHandler();
  new Parser(handler).end(html);
  return handler.root;
}

/** The text of every `<script type="application/ld+json">` (any case, `; charset=utf-8` allowed), in page order. */
export function jsonLdScripts(page: PageDocument): string[] {
  return DomUtils.findAll((e) => e.name === 'script' && isJsonLd(e.attribs), page.children).map((script) =>
    DomUtils.textContent(script),
  );
}

/**
 * The text of HTML as a reader meets it, from a tree's walk or from the parser's events alike: the text as it is,
 * a line break where a LINE_TAGS element opens and where it closes.
 */
class LineText {
  private text = '';
  ontext(part: string): void {
    this.text += part;
  }
  onopentag(name: string): void {
    if (LINE_TAGS.has(name)) this.text += '\n';
  }
  onclosetag(name: string): void {
    if (LINE_TAGS.has(name)) this.text += '\n';
  }
  /** The lines, clean, empty ones dropped. */
  lines(depth: number): string[] {
    // "&amp;amp;" read once is "&amp;": a page that encoded its text twice. One more reading, never more.
    return depth === 0 && ENTITY.test(this.text) ? htmlLines(this.text, 1) : splitLines(this.text);
  }
}

/** The lines of a node's text: a line per block (<p>, <li>, <br> …), each clean, empty lines dropped. */
export function nodeLines(node: PageNode): string[] {
  const text = new LineText();
  const walk = (n: PageNode): void => {
    if (n.type === ElementType.Text) text.ontext(n.data);
    else if ('attribs' in n) {
      text.onopentag(n.name);
      for (const child of n.children) walk(child);
      text.onclosetag(n.name);
    }
  };
  walk(node);
  return text.lines(0);
}

/** A node's text as one clean line. */
export function nodeText(node: PageNode): string {
  return nodeLines(node).join(' ');
}

/** The lines of an HTML fragment: tags removed, entities decoded (twice-encoded too), text clean, empty lines dropped. */
export function htmlLines(html: string, depth = 0): string[] {
  const text = new LineText();
  new Parser(text).end(html);
  return text.lines(depth);
}

/** An HTML fragment as one line of clean text. */
export function htmlText(html: string): string {
  return htmlLines(html).join(' ');
}

const ENTITY = /&(?:#\d{1,7}|#x[\da-f]{1,6}|[a-z][a-z\d]{1,31});/i;

/**
 * Plain text made tidy: invisible format characters (\p{Cf}: soft hyphens, zero-width spaces, direction marks)
 * removed, every kind of space (NBSP, thin spaces) one space, control characters gone, fraction glyphs as digits
 * ('1⅓' -> '1 1/3', '⅓' -> '1/3', '1⁄2' -> '1/2'; ½ stays, the form takes it).
 */
export function cleanText(text: string): string {
  return text
    .replace(/\p{Cf}/gu, '')
    .replace(/[\p{Cc}\p{Zs}\u2028\u2029]+/gu, ' ')
    .replace(/⁄/g, '/')
    .replace(/(\d?)([¼¾⅓⅔⅕⅖⅗⅘⅙⅚⅛⅜⅝⅞⅐⅑⅒])/gu, (_, digit: string, glyph: string) =>
      digit ? `${digit} ${FRACTION_TEXT[glyph]}` : FRACTION_TEXT[glyph]!,
    )
    .replace(/ {2,}/g, ' ')
    .trim();
}

function splitLines(text: string): string[] {
  return text
    .split(/\r\n?|\n/u) // a lone \r breaks a line too (older editors' texts, copied into JSON-LD)
    .map(cleanText)
    .filter((line) => line !== '');
}
