// A schema.org Recipe written into the page's HTML rather than a JSON-LD block: microdata (itemscope, itemtype,
// itemprop) or RDFa (typeof, property). Read into the shape JSON-LD has ({ '@type': 'Recipe', name,
// recipeIngredient: [...], recipeInstructions: [{ '@type': 'HowToSection', name, itemListElement: [...] }] }), so
// one reader (json-ld.ts) turns every structured form into a draft. The ingredient elements come along: the
// headings between them on the page name the ingredient groups (structured data has no groups).
import { DomUtils } from 'htmlparser2';
import { nodeLines, type PageDocument, type PageElement } from '../../drafts/html-text.ts';

export type StructuredRecipe = { data: Record<string, unknown>; ingredientElements: PageElement[] };

type Vocabulary = {
  isItem: (element: PageElement) => boolean;
  type: (element: PageElement) => string;
  properties: (element: PageElement) => string[];
};

// 'http://schema.org/Recipe', 'schema:Recipe', 'Recipe': the name after the last '/', '#' or ':'.
const localName = (term: string) => term.replace(/^.*[/#:]/u, '');
const terms = (value: string | undefined) =>
  (value ?? '')
    .split(/\s+/u)
    .filter((t) => t !== '')
    .map(localName);

const MICRODATA: Vocabulary = {
  isItem: (e) => 'itemscope' in e.attribs,
  type: (e) => terms(e.attribs.itemtype).join(' '),
  properties: (e) => terms(e.attribs.itemprop),
};

const RDFA: Vocabulary = {
  isItem: (e) => 'typeof' in e.attribs,
  type: (e) => terms(e.attribs.typeof).join(' '),
  properties: (e) => terms(e.attribs.property),
};

const MAX_DEPTH = 32;
const INGREDIENT_PROPERTIES = new Set(['recipeIngredient', 'ingredients']);

/** The page's first microdata Recipe, else its first RDFa Recipe, as JSON-LD-shaped data; undefined when none. */
export function microdataRecipe(page: PageDocument): StructuredRecipe | undefined {
  for (const vocabulary of [MICRODATA, RDFA]) {
    const root = DomUtils.findOne(
      (e) => vocabulary.isItem(e) && vocabulary.type(e).split(' ').includes('Recipe'),
      page.children,
    );
    if (!root) continue;
    const ingredientElements: PageElement[] = [];
    const data = item(root, vocabulary, ingredientElements, 0);
    // A stray end tag can close the recipe's element early (a browser closes it too): its remaining properties
    // then belong to no item. They are the recipe's when it lacks them.
    if (data.recipeIngredient === undefined && data.ingredients === undefined) {
      const orphans = properties(page, vocabulary, ingredientElements, 0);
      for (const [name, value] of Object.entries(orphans)) data[name] ??= value;
    }
    return { data, ingredientElements };
  }
  return undefined;
}

// One item: its type and every property below it, up to the items nested in it (which hold their own).
function item(
  root: PageElement,
  vocabulary: Vocabulary,
  ingredients: PageElement[],
  depth: number,
): Record<string, unknown> {
  return { '@type': vocabulary.type(root).split(' '), ...properties(root, vocabulary, ingredients, depth) };
}

function properties(
  root: PageElement | PageDocument,
  vocabulary: Vocabulary,
  ingredients: PageElement[],
  depth: number,
): Record<string, unknown> {
  const data: Record<string, unknown[]> = {};
  const add = (name: string, value: unknown) => (data[name] ??= []).push(value);
  const walk = (element: PageElement | PageDocument): void => {
    for (const child of element.children) {
      if (!('attribs' in child)) continue;
      const names = vocabulary.properties(child);
      const nested = vocabulary.isItem(child);
      if (names.length > 0) {
        const value =
          nested && depth < MAX_DEPTH ? item(child, vocabulary, ingredients, depth + 1) : propertyValue(child);
        for (const name of names) add(name, value);
        if (names.some((n) => INGREDIENT_PROPERTIES.has(n))) ingredients.push(child);
      }
      if (!nested) walk(child);
    }
  };
  walk(root);
  // One value as itself, more as a list: the shapes JSON-LD uses.
  const shaped: Record<string, unknown> = {};
  for (const [name, values] of Object.entries(data)) shaped[name] = values.length === 1 ? values[0] : values;
  return shaped;
}

// What a property says (microdata's rules, which RDFa's `content`/`href`/`src` follow too): `content` wherever it
// is given (sites put it on spans), an address for links and media, a machine time, else the element's text.
function propertyValue(element: PageElement): string {
  const a = element.attribs;
  if (a.content !== undefined) return a.content;
  if (['a', 'link', 'area'].includes(element.name) && a.href) return a.href;
  if (['img', 'source', 'video', 'audio', 'embed', 'iframe'].includes(element.name) && a.src) return a.src;
  if (a.resource !== undefined) return a.resource;
  if (element.name === 'time' && a.datetime) return a.datetime;
  if (['data', 'meter'].includes(element.name) && a.value !== undefined) return a.value;
  return nodeLines(element).join('\n');
}
