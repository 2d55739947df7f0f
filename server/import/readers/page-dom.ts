// Small questions the readers ask of the page's tree (htmlparser2's domhandler nodes, walked with its DomUtils):
// which elements carry a class, an element's attribute, and the groups a list of ingredients falls into.
import { DomUtils, ElementType } from 'htmlparser2';
import { nodeText, type PageElement, type PageNode } from '../../drafts/html-text.ts';
import { headingText, isHeadingLine } from '../../drafts/headings.ts';
import type { IngredientGroup } from '../../drafts/recipe-draft.ts';

export function isElement(node: PageNode | null | undefined): node is PageElement {
  return node !== null && node !== undefined && 'attribs' in node;
}

export function classes(element: PageElement): string[] {
  return (element.attribs.class ?? '').split(/\s+/).filter((c) => c !== '');
}

export function hasClass(element: PageElement, name: string): boolean {
  return classes(element).includes(name);
}

/** Every element under `roots` (in page order) with the class `name`. */
export function byClass(roots: PageNode | PageNode[], name: string): PageElement[] {
  return DomUtils.findAll((e) => hasClass(e, name), Array.isArray(roots) ? roots : [roots]);
}

export function firstByClass(roots: PageNode | PageNode[], names: string[]): PageElement | undefined {
  for (const name of names) {
    const found = DomUtils.findOne((e) => hasClass(e, name), Array.isArray(roots) ? roots : [roots]);
    if (found) return found;
  }
  return undefined;
}

const HEADING_TAGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
const HEADING_CLASS =
  /(?:group|section)[-_]?(?:name|title|head(?:er|ing)?|label)|heading|subtitle|subheader|ingredient-label|ERSSectionHead/i;

/**
 * The ingredients of `container` in groups: walking it in page order, each `isItem` element is a line of the
 * current group, and each heading between them (h1-h6, an element whose class names a group or section title,
 * or a short line ending in ':') starts a new group named by it; with `titlesEndGroups`, a card's block title
 * ("Ingredients"), or a list of none of the items before a group's first line, starts one named by none. Elements inside
 * an item are the item's.
 */
export function groupsIn(
  container: PageNode,
  isItem: (element: PageElement) => boolean,
  isHeading: (element: PageElement) => boolean = looksLikeHeading,
  titlesEndGroups = false,
): IngredientGroup[] {
  const groups: IngredientGroup[] = [{ lines: [] }];
  const walk = (node: PageNode): void => {
    if (!isElement(node)) return;
    if (isItem(node)) {
      const line = nodeText(node);
      if (line !== '') groups.at(-1)!.lines.push(line);
      return;
    }
    if (isHeading(node)) {
      const heading = headingText(nodeText(node));
      if (heading !== '') groups.push({ heading, lines: [] });
      else if (titlesEndGroups) groups.push({ lines: [] });
      return;
    }
    // So does a list holding none of the lines, before the heading's first line: the heading named that list.
    const list = node.name === 'ul' || node.name === 'ol';
    if (titlesEndGroups && list && groups.at(-1)!.lines.length === 0 && !DomUtils.findOne(isItem, node.children)) {
      groups.push({ lines: [] });
      return;
    }
    for (const child of node.children) walk(child);
  };
  if (isElement(container) && isItem(container)) walk(container);
  else for (const child of 'children' in container ? container.children : []) walk(child);
  return groups.filter((group) => group.lines.length > 0);
}

/**
 * A heading by its tag or its class, or a short block among the items that is no item: bold throughout
 * ("<p><b>Brown Butter Pancakes</b></p>") or ending with a colon ("Till såsen:").
 */
export function looksLikeHeading(element: PageElement): boolean {
  if (HEADING_TAGS.has(element.name) || HEADING_CLASS.test(element.attribs.class ?? '')) return true;
  if (!['p', 'strong', 'b', 'span', 'dt', 'li', 'div', 'label'].includes(element.name)) return false;
  if (DomUtils.findOne((e) => e.name === 'li' || e.name === 'ul' || e.name === 'ol', element.children)) return false;
  const text = nodeText(element);
  if (text === '' || text.length > 80) return false;
  return isHeadingLine(text) || isBold(element);
}

// <b>, <strong>, or an element whose only content is one of them.
function isBold(element: PageElement): boolean {
  if (element.name === 'b' || element.name === 'strong') return true;
  const content = element.children.filter((c) => !(c.type === ElementType.Text && c.data.trim() === ''));
  return content.length === 1 && isElement(content[0]) && isBold(content[0]);
}

/** The deepest element holding every node of `nodes` (they are in one document). */
export function commonAncestor(nodes: PageNode[]): PageNode | undefined {
  if (nodes.length === 0) return undefined;
  const chain = (node: PageNode): PageNode[] => {
    const up: PageNode[] = [];
    for (let n: PageNode | null = node; n; n = n.parent) up.unshift(n);
    return up;
  };
  let shared = chain(nodes[0]!);
  for (const node of nodes.slice(1)) {
    const other = chain(node);
    let i = 0;
    while (i < shared.length && i < other.length && shared[i] === other[i]) i++;
    shared = shared.slice(0, i);
  }
  return shared.at(-1);
}

const MAX_LINES = 300;
const MAX_ITEM_LENGTH = 400;

/**
 * The groups the page shows the structured data's ingredient `lines` in, when no plugin or microdata marks its
 * ingredients: the list items that read as one of the lines (the same words in any order, as a page may show
 * "Ris 2,5 dl" for "2,5 dl Ris"), the first for each line, and the headings between them in the element holding
 * them all. Each group's lines are the structured data's. Undefined when fewer than half the lines are found.
 */
export function groupsOfLines(roots: PageNode[], lines: string[]): IngredientGroup[] | undefined {
  // Bounds on a hostile page's work (every item against every line): no recipe lists more, no line is longer.
  if (lines.length > MAX_LINES) return undefined;
  const open = lines.map((line, index) => ({ line, index, words: wordsKey(line), letters: lettersKey(line) }));
  const found = new Map<PageElement, string>();
  const order: number[] = [];
  const leaves = (e: PageElement) => e.name === 'li' && !DomUtils.findOne((c) => c.name === 'li', e.children);
  for (const item of DomUtils.findAll(leaves, roots)) {
    if (open.length === 0) break;
    const text = nodeText(item);
    if (text.length > MAX_ITEM_LENGTH) continue;
    const words = wordsKey(text);
    const letters = lettersKey(text);
    // The same words; else the line's letters and digits within the item's, the item adding a short note
    // ("7,5 dl vetemjöl - special (450 g)" for "7.5 dl vetemjöl"; the page's spans may run words together).
    let at = open.findIndex((o) => o.words !== '' && o.words === words);
    if (at < 0) at = open.findIndex((o) => o.letters.length >= 4 && letters.includes(o.letters));
    if (at < 0 || letters.length > open[at]!.letters.length * 2 + 30) continue;
    found.set(item, open[at]!.line);
    order.push(open[at]!.index);
    open.splice(at, 1);
  }
  // The page's list in another order than the lines (or lines found elsewhere on the page) places no group.
  if (order.some((index, i) => i > 0 && index < order[i - 1]!)) return undefined;
  if (found.size < 2 || found.size * 2 < lines.length) return undefined;
  const container = commonAncestor([...found.keys()]);
  if (!container) return undefined;
  const lineOf = new Map([...found].map(([item, line]) => [nodeText(item), line]));
  // A card's block title ("Ingredienser") or another list ends the heading before it: "Tänk på:" names no group.
  let previous: string | undefined;
  return groupsIn(container, (e) => found.has(e), looksLikeHeading, true).map(({ heading, lines: texts }) => {
    const group = { lines: texts.map((text) => lineOf.get(text) ?? text) };
    // The group before's heading again (a page's list shown twice over) names no new group.
    const named = heading !== undefined && heading !== previous;
    previous = heading;
    return named ? { heading, ...group } : group;
  });
}

// A line's letters and digits alone, lower case.
function lettersKey(line: string): string {
  return line.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
}

// A line's words, lower case and sorted: one key for the same words in any order.
function wordsKey(line: string): string {
  return (line.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).sort().join(' ');
}
