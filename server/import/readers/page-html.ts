// A recipe read from the page as people see it, for pages whose structured data holds none (issue 55): no code
// per site, only what every recipe page shows. The title (the first <h1>, else og:title, else <title>; the site's
// part is dropped by the caller); the ingredient list (the list whose items read as ingredient lines to
// ingredient-line.ts, with the lists beside it as its groups); the steps (the list, or the paragraphs, under a
// heading such as 'Gör så här', 'Instructions', 'Zubereitung', else the first list of sentences after the
// ingredients); the servings and times from short lines of text ("4 portioner", "Serves 4", "Tid: 30 min").
// Bounded: at most MAX_LISTS lists and MAX_ITEMS items are weighed, whatever the page holds.
import { DomUtils, ElementType } from 'htmlparser2';
import { nodeLines, nodeText, type PageDocument, type PageElement, type PageNode } from '../../drafts/html-text.ts';
import { parseIngredientLine } from '../../drafts/ingredient-line.ts';
import type { IngredientGroup, RecipeParts } from '../../drafts/recipe-draft.ts';
import { commonAncestor, groupsIn, isElement, looksLikeHeading } from './page-dom.ts';
import { minutesFromText } from '../../../src/lib/step-durations.ts';
import { headingText, isHeadingLine, STEP_WORDS, STEPS_WORDS } from '../../drafts/headings.ts';

export type HtmlRecipe = RecipeParts & { name: string };

const MAX_LISTS = 400;
const MAX_ITEMS = 4000;
const MAX_LINE = 200;
const MAX_STEPS = 200;
const MAX_TITLE = 120;
const MAX_TITLES = 8;
// How far past a title its first step may be (elements): a title with nothing under it reads no further.
const MAX_WALK_TO_FIRST = 3000;
const HEADING_TAGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
const TITLE_TAGS = new Set(['p', 'strong', 'b', 'span', 'div', 'dt', 'label']);

// The titles of a recipe's steps, in the languages of the unit table and the corpus.
const STEPS_TITLE = new RegExp(
  `^(?:(?:cooking|recipe|baking|step[ -]by[ -]step)\\s+)?(?:${STEPS_WORDS})\\b.{0,30}$`,
  'iu',
);
// "Steg 1", "Step 2:", "1." — a step's own label, not its text.
const STEP_LABEL = new RegExp(`^(?:(?:${STEP_WORDS})\\s*\\d{1,3}|\\d{1,3})\\s*[.:)]?$`, 'iu');

// "Foto: Erik Spronk", "Text och bild: Anna Ek": the credits under an article, no step.
const CREDIT =
  /^(?:(?:text|tekst|recept|recipe|rezept)\s*(?:och|og|and|&|und|en)\s*)?(?:foto(?:'|’)?s?|photos?|photography|bild(?:er)?|kuva|billede|fotograf(?:i|ie)?|styling|text|tekst)\s*[:：]/iu;
const isCredit = (line: string) => line.length <= 80 && CREDIT.test(line);

// "Abrikozenvlaai maken", "Apfelkuchen zubereiten": the dish, then the verb (Dutch and German say how to make it so).
const MAKE_TITLE = /^[\p{L}\s'’:,-]{2,60}\s(?:maken|bereiden|bakken|zubereiten|machen|backen)$/iu;

// "Step 2: Sauté the onion", "Steg 3 – Grädda": a step's label with its title.
const STEP_LABEL_START =
  /^(?:(?:step|steg|schritt|étape|stap|paso|passo|trin|vaihe)\s*\d{1,3}\s*[.:)–-]|\d{1,2}\s*[.)])\s*[^\s\d]/iu;

// A title of the steps, not a label with a value ("Preparation time: 10 min").
function isStepsTitle(text: string): boolean {
  // An emoji or a symbol before the words ("👩‍🍳 How to Make …") is decoration.
  const title = text
    .replace(/^[^\p{L}\p{N}]+/u, '')
    .replace(/[:：]$/u, '')
    .trim();
  return !/\d/u.test(title) && (STEPS_TITLE.test(title) || MAKE_TITLE.test(title));
}

/** The recipe the page shows, or undefined when it shows no ingredient list with steps or a title. */
export function htmlRecipe(page: PageDocument): HtmlRecipe | undefined {
  const ingredients = ingredientLists(page);
  if (!ingredients) return undefined;
  const steps = stepsOf(page, ingredients.lists);
  const name = titleOf(page);
  // A list of amounts alone is no recipe (a price list, a table of contents): it needs steps, or a title.
  if (steps.length === 0 && name === '') return undefined;
  // The ingredient lines are not the recipe's labels ("4 portioner ris" is an ingredient).
  const shownLines = new Set(ingredients.groups.flatMap((group) => group.lines));
  const lines = textLines(page).filter((line) => !shownLines.has(line));
  const servingsText = servingsOf(lines);
  const prepTime = timeOf(lines, PREP_LABEL);
  const totalTime = timeOf(lines, TOTAL_LABEL);
  const imageUrl = meta(page, 'og:image');
  return {
    name,
    groups: ingredients.groups,
    steps,
    ...(servingsText ? { servingsText } : {}),
    ...(prepTime === undefined ? {} : { prepTime }),
    ...(totalTime === undefined ? {} : { totalTime }),
    ...(imageUrl ? { imageUrl } : {}),
  };
}

/** Whether a line reads as an ingredient: the ingredient-line reader finds an amount in it. */
export function readsAsIngredient(line: string): boolean {
  return line.length <= MAX_LINE && parseIngredientLine(line).quantity !== undefined;
}

// The leaf items of a list (an item holding a list of its own is that list's heading, not a line).
function itemsOf(list: PageElement): PageElement[] {
  return DomUtils.findAll(
    (e) => e.name === 'li' && !DomUtils.findOne((c) => c.name === 'li', e.children),
    list.children,
  ).slice(0, MAX_ITEMS);
}

type Scored = { list: PageElement; items: PageElement[]; amounts: number };

/**
 * The ingredient list: the list with the most items that read as ingredient lines, at least two and half of its
 * items; with it, the lists near it that read so too (a recipe's groups), and the headings between them.
 */
function ingredientLists(page: PageDocument): { lists: PageElement[]; groups: IngredientGroup[] } | undefined {
  const lists = DomUtils.findAll((e) => e.name === 'ul' || e.name === 'ol', page.children).slice(0, MAX_LISTS);
  let budget = MAX_ITEMS;
  const scored: Scored[] = [];
  for (const list of lists) {
    if (budget <= 0) break;
    // Only the innermost lists are weighed: an outer list's items are its inner lists.
    if (DomUtils.findOne((e) => e.name === 'ul' || e.name === 'ol', list.children)) continue;
    const items = itemsOf(list);
    budget -= items.length;
    const amounts = items.filter((item) => readsAsIngredient(lineOf(item))).length;
    if (items.length > 0 && amounts >= 1 && amounts * 2 >= items.length) scored.push({ list, items, amounts });
  }
  const best = scored.reduce<Scored | undefined>((top, s) => (!top || s.amounts > top.amounts ? s : top), undefined);
  // A page that writes its ingredients as paragraphs (or lines of one paragraph) rather than a list: that run of
  // lines when it holds more amounts than any list.
  const run = paragraphRun(page);
  if (run && run.amounts > (best && best.amounts >= 2 ? best.amounts : 0)) {
    return { lists: [run.anchor], groups: run.groups };
  }
  if (!best || best.amounts < 2) return undefined;
  // The groups: lists that read as ingredients within a few levels of the best one (its siblings, their cousins).
  const near = scored.filter((s) => s === best || isNear(s.list, best.list));
  const items = new Set(near.flatMap((s) => s.items));
  // An item laid out as its name, then its amount, reads amount first (as the ingredient-line reader reads it).
  const reordered = new Map(
    [...items].flatMap((item) => {
      const line = amountLast(item);
      return line === undefined ? [] : [[nodeText(item), line] as const];
    }),
  );
  const container = commonAncestor(near.map((s) => s.list));
  const groups = (
    container
      ? groupsIn(container, (e) => items.has(e), looksLikeHeading, true)
      : [{ lines: best.items.map((item) => nodeText(item)) }]
  ).map((group) => ({ ...group, lines: group.lines.map((line) => reordered.get(line) ?? line) }));
  const lines = groups.flatMap((group) => group.lines);
  return lines.length >= 2 ? { lists: near.map((s) => s.list), groups } : undefined;
}

type Run = { anchor: PageElement; groups: IngredientGroup[]; amounts: number };
type Entry = { text: string; kind: 'amount' | 'line' | 'heading' | 'other' };

const MAX_CONTAINERS = 5000;
const MAX_CHILDREN_ASKED = 20_000;
const MAX_ITEM_NODES = 60;
const MIN_RUN_AMOUNTS = 3;
// A figure among a line's first characters ("2 dl", "- 250g", "• ½ tsk"): the cheap question before the
// ingredient-line reader is asked (a page has thousands of short blocks).
const AMOUNT_NEAR_START = /^\P{L}{0,3}[\d½¼¾⅓⅔⅛]/u;
// What is no line of text among a block's children.
const NOT_ITEMS = new Set(['br', 'hr', 'img', 'input', 'picture', 'figure', 'button', 'select', 'option', 'ul', 'ol']);

/**
 * The ingredients as paragraphs: of every block's children (<p>s, <div>s, <label>s side by side), or of the lines of
 * one block broken by <br>, the run of short lines with the most that read as ingredient lines (at least three, and
 * half of the run), a heading among them (bold, or ending in ':') naming a group. A run ends at a line that is
 * neither: a sentence, a long text. Bounded: MAX_CONTAINERS blocks, each child's text read only when it is short.
 */
function paragraphRun(page: PageDocument): Run | undefined {
  let best: Run | undefined;
  const consider = (entries: Entry[], anchorOf: (last: number) => PageElement | undefined) => {
    for (const run of runsOf(entries)) {
      const anchor = anchorOf(run.last);
      if (anchor && (!best || run.amounts > best.amounts)) best = { anchor, groups: run.groups, amounts: run.amounts };
    }
  };
  let budget = MAX_CONTAINERS;
  // The children asked about, over all blocks: each is read within MAX_ITEM_NODES nodes, some once parsed.
  let childBudget = MAX_CHILDREN_ASKED;
  for (const block of DomUtils.findAll(
    (e) => e.name !== 'ul' && e.name !== 'ol' && e.name !== 'select',
    page.children,
  )) {
    if (budget <= 0 || childBudget <= 0) break;
    const children = block.children.filter(isElement);
    if (children.filter((c) => c.name === 'br').length >= 2) {
      budget--;
      if (rawText(block, MAX_LINE * 40) !== undefined) consider(brEntries(block), () => block);
    }
    if (children.length < 2) continue;
    budget--;
    const items = children.filter((c) => !NOT_ITEMS.has(c.name)).slice(0, Math.max(0, childBudget));
    childBudget -= items.length;
    // The cheap question first: enough children whose short text starts with a figure.
    const figures = items.filter((item) => AMOUNT_NEAR_START.test(textStart(item)) || amountLast(item) !== undefined);
    if (figures.length < MIN_RUN_AMOUNTS) continue;
    // The anchor: the run's last element, after which the steps are looked for.
    consider(
      items.map((item) => entryOf(item)),
      (last) => items[last],
    );
  }
  return best;
}

// A child block as an entry of a run: its text when short, and what it reads as.
function entryOf(element: PageElement): Entry {
  if (rawText(element, MAX_LINE) === undefined) return { text: '', kind: 'other' };
  const text = lineOf(element);
  // The page's title ends a run: it names the recipe, not a group.
  return element.name === 'h1'
    ? { text, kind: 'other' }
    : { text, kind: kindOf(text, () => looksLikeHeading(element)) };
}

// The lines of a block broken by <br>: a line that is a bold child's whole text is a heading.
function brEntries(block: PageElement): Entry[] {
  const bold = new Set(
    block.children
      .filter((c): c is PageElement => isElement(c) && (c.name === 'strong' || c.name === 'b'))
      .map((c) => nodeText(c)),
  );
  return nodeLines(block).map((text) => ({
    text,
    kind: kindOf(text, () => bold.has(text) || isHeadingLine(text)),
  }));
}

function kindOf(text: string, isHeading: () => boolean): Entry['kind'] {
  if (text === '') return 'line';
  // A sentence is no ingredient line, whatever figure it starts with ("1998 was the year we opened").
  if (text.length > MAX_LINE || (/[.!?]$/u.test(text) && text.split(/\s+/u).length >= 6)) return 'other';
  // An amount of something named: a table's bare figures ("54", "20 g") are no ingredients.
  if (AMOUNT_NEAR_START.test(text) && readsAsIngredient(text) && /\p{L}/u.test(parseIngredientLine(text).name)) {
    return 'amount';
  }
  if (text.length > 60) return 'other';
  if (isHeading()) return 'heading';
  return /[.!?]$/u.test(text) || !/\p{L}/u.test(text) ? 'other' : 'line';
}

/** The runs of entries that read as an ingredient list, with their groups and where each run's last entry is. */
function runsOf(entries: Entry[]): { groups: IngredientGroup[]; amounts: number; last: number }[] {
  const runs: { groups: IngredientGroup[]; amounts: number; last: number }[] = [];
  let at = 0;
  while (at < entries.length) {
    if (entries[at]!.kind === 'other') {
      at++;
      continue;
    }
    const groups: IngredientGroup[] = [{ lines: [] }];
    let amounts = 0;
    let lines = 0;
    let last = at;
    for (; at < entries.length && entries[at]!.kind !== 'other'; at++) {
      const { text, kind } = entries[at]!;
      if (text === '') continue;
      if (kind === 'heading') {
        const heading = headingText(text);
        if (heading !== '') groups.push({ heading, lines: [] });
        else if (groups.at(-1)!.lines.length > 0) groups.push({ lines: [] });
        continue;
      }
      groups.at(-1)!.lines.push(text);
      lines++;
      last = at;
      if (kind === 'amount') amounts++;
    }
    if (amounts >= MIN_RUN_AMOUNTS && amounts * 2 >= lines) {
      runs.push({ groups: groups.filter((group) => group.lines.length > 0), amounts, last });
    }
  }
  return runs;
}

// A nutrition table's row ("Fett 12 g", "Energy 250 kcal") is laid out as a name, then an amount, too.
const NUTRIENT =
  /(?:^|[^\p{L}])(?:energi|energy|kalorier|calories|kcal|kj|fett|fat|fedt|protein|proteiner|proteiini|kolhydrater|carbohydrates?|carbs|kulhydrat|hiilihydraatit|sockerarter|sugars|fiber|fibre|kostfiber|sodium|natrium|cholesterol|kolesterol|vitamin|calcium|kalcium|iron|järn|potassium|kalium|rasva|eiweiß|kohlenhydrate|ballaststoffe|lipides|glucides|protéines|koolhydraten|eiwit)(?!\p{L})/iu;
const MAX_AMOUNT = 24;
const MAX_NAME = 60;

/**
 * An ingredient laid out as blocks, its name before its amount ("<div>Pak choi</div><div>3 st</div>",
 * "<b>brown sugar</b> <u>45 g</u>"): the line amount first ("3 st Pak choi"), as the ingredient-line reader reads
 * a line; undefined for any other element. The element's text nodes, at most MAX_ITEM_NODES nodes read: two to four
 * parts, the last a short amount, the others a short name without figures, and no nutrient's name.
 */
function amountLast(element: PageElement): string | undefined {
  const parts: string[] = [];
  let nodes = 0;
  const walk = (node: PageNode): boolean => {
    if (++nodes > MAX_ITEM_NODES || parts.length > 4) return false;
    if (node.type === ElementType.Text) {
      const part = node.data.trim();
      if (part !== '') parts.push(part);
    } else if (isElement(node)) {
      for (const child of node.children) if (!walk(child)) return false;
    }
    return true;
  };
  if (!walk(element) || parts.length < 2 || parts.length > 4) return undefined;
  const amount = parts.at(-1)!;
  const name = parts.slice(0, -1).join(' ');
  if (amount.length > MAX_AMOUNT || !AMOUNT_NEAR_START.test(amount) || AMOUNT_NEAR_START.test(name)) return undefined;
  // A name holds no figure: a comment's date, a rating or a price row is no ingredient.
  if (name.length > MAX_NAME || /\d/u.test(name) || NUTRIENT.test(name) || !/\p{L}/u.test(name)) return undefined;
  const line = `${amount.replace(/[:：]\s*$/u, '')} ${name.replace(/\s*[:：]$/u, '')}`;
  return readsAsIngredient(line) ? line : undefined;
}

/** An ingredient's line as the page shows it: its text, or amount first when laid out name, then amount. */
function lineOf(element: PageElement): string {
  const text = nodeText(element);
  return AMOUNT_NEAR_START.test(text) ? text : (amountLast(element) ?? text);
}

// The start of an element's text: its first text that is not only spaces, found within a few nodes.
function textStart(element: PageElement): string {
  let nodes = 0;
  const walk = (node: PageNode): string | undefined => {
    if (++nodes > 12) return '';
    if (node.type === ElementType.Text) return node.data.trim() || undefined;
    if (isElement(node)) {
      for (const child of node.children) {
        const found = walk(child);
        if (found !== undefined) return found;
      }
    }
    return undefined;
  };
  return walk(element) ?? '';
}

// An element's text as the parser left it, when it is at most `max` characters, found without reading more than
// MAX_ITEM_NODES nodes (20 times that for a block's <br> lines); undefined when longer.
function rawText(element: PageElement, max: number): string | undefined {
  let text = '';
  let nodes = 0;
  const limit = MAX_ITEM_NODES * (max > MAX_LINE ? 20 : 1);
  const walk = (node: PageNode): boolean => {
    if (++nodes > limit) return false;
    if (node.type === ElementType.Text) text += node.data;
    else if (isElement(node)) for (const child of node.children) if (!walk(child)) return false;
    return text.length <= max * 2;
  };
  return walk(element) && text.trim().length <= max ? text : undefined;
}

// Within three levels of each other's parent: the lists of one ingredient block, not a list elsewhere on the page.
function isNear(a: PageElement, b: PageElement): boolean {
  const shared = commonAncestor([a, b]);
  const depth = (from: PageElement) => {
    let n = 0;
    for (let node: PageNode | null = from; node && node !== shared; node = node.parent) n++;
    return n;
  };
  return shared !== undefined && depth(a) <= 3 && depth(b) <= 3;
}

/**
 * The steps: under a heading that names them, the list (or lists) after it, else its paragraphs, up to the next
 * heading; without such a heading, the first list after the ingredients whose items are sentences.
 */
function stepsOf(page: PageDocument, ingredientLists: PageElement[]): string[] {
  const all = DomUtils.findAll(() => true, page.children);
  const lastList = ingredientLists.at(-1)!;
  const listAt = all.indexOf(lastList);
  // Cheap questions first: a title is a heading, or a small block of few children, and its text is short (read
  // within a few nodes: a page's every <div> asked for its whole text would be quadratic in the page's depth).
  const titles: number[] = [];
  all.forEach((e, at) => {
    if (
      (HEADING_TAGS.has(e.name) || (TITLE_TAGS.has(e.name) && e.children.length <= 3)) &&
      rawText(e, MAX_TITLE) !== undefined &&
      isStepsTitle(nodeText(e)) &&
      (HEADING_TAGS.has(e.name) || looksLikeHeading(e) || (e.name === 'p' && nodeText(e).length <= 25))
    ) {
      titles.push(at);
    }
  });
  // The heading after the ingredients first; a page may name its steps above its ingredients too. At most
  // MAX_TITLES are tried, each reading at most MAX_WALK_TO_FIRST elements on to its first step.
  const ordered = [...titles.filter((at) => at > listAt), ...titles.filter((at) => at < listAt)].slice(0, MAX_TITLES);
  const skip = new Set(ingredientLists);
  for (const at of ordered) {
    const steps = linesAfter(all, at, skip);
    if (steps.length > 0) return steps.slice(0, MAX_STEPS);
  }
  // No title: the first list of sentences after the ingredient list.
  for (const element of all.slice(listAt + 1)) {
    if ((element.name !== 'ol' && element.name !== 'ul') || skip.has(element)) continue;
    const items = itemsOf(element);
    const lines = items.map((item) => nodeText(item));
    // A share bar's or a menu's items are links ("Klik om te delen op Facebook …"): no step is a link alone.
    const sentences = lines.filter(
      (line, i) => line.split(/\s+/u).length >= 5 && !readsAsIngredient(line) && !isLinkOnly(items[i]!, line),
    );
    if (lines.length > 0 && sentences.length * 2 > lines.length) {
      return (partsOf(element) ?? lines).slice(0, MAX_STEPS);
    }
  }
  return paragraphsAfter(all, listAt);
}

const MAX_PARTS = 40;
const BULLET = /^[-–—•·*]\s+/u;
const MAX_BLOCKS_ASKED = 50;
const MAX_DIV_STEPS = 60;
const STEP_BLOCKS = new Set(['div', 'section', 'article']);

/**
 * A block whose children are the steps: two or more blocks of one tag, each a sentence of text or a step's
 * number and its sentence ("<div><span>1</span><div>Koka pastan.</div></div>"), nothing else among them. The
 * steps' texts, their numbers dropped; undefined for any other block.
 */
function divSteps(block: PageElement): string[] | undefined {
  const children = block.children.filter(isElement);
  if (children.length < 2 || children.length > MAX_DIV_STEPS) return undefined;
  const tag = children[0]!.name;
  if (!STEP_BLOCKS.has(tag) || children.some((child) => child.name !== tag)) return undefined;
  const steps: string[] = [];
  for (const child of children) {
    if (rawText(child, MAX_LINE * 5) === undefined) return undefined;
    const step = nodeLines(child)
      .filter((line) => !STEP_LABEL.test(line))
      .join(' ');
    // A sentence: a few words, or a text that ends as one; not an ingredient's line ("400 g pasta").
    const words = step.split(/\s+/u).length;
    if ((words < 3 && !/[.!]$/u.test(step)) || (words < 8 && readsAsIngredient(step))) return undefined;
    steps.push(step);
  }
  return steps;
}

/**
 * A method in parts, each a heading and its list ("1. Do some prep:", the list, "2. Make the meringue:", the list):
 * the headings and items of the list's block when the block holds only headings and lists, two lists or more;
 * undefined otherwise. A part's heading is a line before its steps.
 */
function partsOf(list: PageElement): string[] | undefined {
  const block = list.parent;
  if (!isElement(block)) return undefined;
  const children = block.children.filter(isElement);
  if (children.length > MAX_PARTS) return undefined;
  const lines: string[] = [];
  let lists = 0;
  for (const child of children) {
    if (HEADING_TAGS.has(child.name)) {
      const heading = nodeText(child);
      if (heading !== '') lines.push(heading);
    } else if (child.name === 'ul' || child.name === 'ol') {
      lists++;
      lines.push(...itemsOf(child).map((item) => nodeText(item)));
    } else if (nodeText(child) !== '') {
      return undefined;
    }
  }
  return lists >= 2 ? lines.filter((line) => line !== '') : undefined;
}

// A list of links alone: a share bar, a menu, the page's tags.
function isLinkList(list: PageElement): boolean {
  const items = itemsOf(list);
  return items.length > 0 && items.every((item) => isLinkOnly(item, nodeText(item)));
}

// An item whose whole text is one link's (or button's) text.
function isLinkOnly(item: PageElement, text: string): boolean {
  const link = DomUtils.findOne((e) => e.name === 'a' || e.name === 'button', item.children);
  return link !== null && nodeText(link) === text;
}

// Each page's element list's positions, made once (by the first `subtreeEnd`).
const positions = new WeakMap<PageElement[], Map<PageElement, number>>();

/**
 * The index in `all` (the page's elements in document order) of the last element inside `all[at]`: the elements
 * inside it are exactly those between. Asked in O(depth), where `inside` asked for every later element would cost
 * its depth each time (quadratic on a deeply nested page).
 */
function subtreeEnd(all: PageElement[], at: number): number {
  let index = positions.get(all);
  if (!index) {
    index = new Map(all.map((e, i) => [e, i]));
    positions.set(all, index);
  }
  let last = all[at]!;
  for (let child = last.children.findLast(isElement); child; child = child.children.findLast(isElement)) last = child;
  return index.get(last) ?? at;
}

/** Whether `ancestor` holds `e`: a walk up its parents, not down a subtree (a paragraph of 100,000 inline elements
 * searched down once for each of them was quadratic). */
function inside(e: PageElement, ancestor: PageElement): boolean {
  for (let node: PageNode | null = e.parent; node; node = node.parent) if (node === ancestor) return true;
  return false;
}

/**
 * No title and no list of sentences: the paragraphs right after the ingredients, when they are sentences (at least
 * two), up to the next heading or list.
 */
function paragraphsAfter(all: PageElement[], listAt: number): string[] {
  const lines: string[] = [];
  let last: PageElement | undefined;
  for (const element of all.slice(listAt + 1)) {
    if (lines.length >= MAX_STEPS) break;
    if (last && inside(element, last)) continue;
    if (element.name === 'ul' || element.name === 'ol') {
      // A share bar or a menu (items that are links alone) between the ingredients and the steps is passed over.
      if (!isLinkList(element)) break;
      last = element;
      continue;
    }
    if (HEADING_TAGS.has(element.name)) {
      if (lines.length > 0) break;
      continue;
    }
    if (element.name !== 'p') continue;
    last = element;
    const line = nodeText(element);
    if (line === '' || isCredit(line)) continue;
    if (line.split(/\s+/u).length < 5 || readsAsIngredient(line)) break;
    lines.push(line);
  }
  return lines.length >= 2 ? lines : [];
}

// The lines after the element at `from` (not inside it): its lists' items, else its paragraphs, to the next heading.
function linesAfter(all: PageElement[], from: number, skip: Set<PageElement>): string[] {
  const title = all[from]!;
  const lines: string[] = [];
  let mode: 'any' | 'lists' | 'paragraphs' = 'any';
  // The last index inside the title and inside what was read already (a paragraph or list): passed over.
  const titleEnd = subtreeEnd(all, from);
  let consumedEnd = -1;
  // A title inline at the start of a paragraph ("<p><strong>Bereidingswijze:</strong><br>Splits de eieren.<br>…"):
  // the paragraph's lines after it are steps.
  const block = title.parent;
  if (!HEADING_TAGS.has(title.name) && isElement(block) && block.name === 'p') {
    const first = block.children.find((c) => isElement(c) || (c.type === ElementType.Text && c.data.trim() !== ''));
    const own = nodeLines(block);
    if (first === title && own.length > 1 && own.length <= MAX_STEPS) {
      const titleLines = nodeLines(title).length;
      lines.push(...own.slice(titleLines).filter((line) => !STEP_LABEL.test(line) && !isCredit(line)));
      if (lines.length > 0) {
        mode = 'paragraphs';
        // Not among the elements read: the part of the page read is inside it, so all of it is.
        const blockAt = all.indexOf(block);
        consumedEnd = blockAt === -1 ? all.length : subtreeEnd(all, blockAt);
      }
    }
  }
  let blocksAsked = 0;
  let parted = false;
  for (let at = from + 1; at < all.length; at++) {
    const element = all[at]!;
    if (lines.length >= MAX_STEPS || (lines.length === 0 && at - from > MAX_WALK_TO_FIRST)) break;
    if (at <= titleEnd || at <= consumedEnd) continue;
    const text = (): string => nodeText(element);
    // The steps as a list of <div>s (each a step's number and its text), not an <ol>: at most MAX_BLOCKS_ASKED
    // blocks asked, each child's text read within a few nodes.
    if (mode === 'any' && element.name === 'div' && blocksAsked < MAX_BLOCKS_ASKED) {
      blocksAsked++;
      const steps = divSteps(element);
      if (steps) {
        lines.push(...steps);
        consumedEnd = subtreeEnd(all, at);
        mode = 'lists';
        continue;
      }
    }
    if (HEADING_TAGS.has(element.name)) {
      const heading = text();
      // "Steg 1", "Step 2: Sauté the onion" heads its step; a heading ranked under the title's ("Method", then
      // "Preparation" and "Cooking" in smaller headings) names a part of the steps.
      if (STEP_LABEL.test(heading) || STEP_LABEL_START.test(heading) || heading === '') continue;
      // Only when the steps start with such a part: else a smaller heading after them ("Notes") ends them.
      if (HEADING_TAGS.has(title.name) && element.name > title.name && (lines.length === 0 || parted)) {
        parted = true;
        continue;
      }
      // A part of the method with a title of its own ("Abrikozenvlaai bakken" after "Abrikozenvlaai maken"): its
      // title is a line, and its steps follow.
      if (lines.length > 0 && mode === 'paragraphs' && isStepsTitle(heading)) {
        lines.push(heading);
        continue;
      }
      break;
    }
    if (element.name === 'ul' || element.name === 'ol') {
      consumedEnd = subtreeEnd(all, at);
      if (skip.has(element) || mode === 'paragraphs' || isLinkList(element)) {
        if (lines.length > 0) break;
        continue;
      }
      lines.push(
        ...itemsOf(element)
          .map((item) => nodeText(item))
          .filter((line) => !STEP_LABEL.test(line)),
      );
      mode = 'lists';
      continue;
    }
    if (element.name === 'p' && mode !== 'lists') {
      consumedEnd = subtreeEnd(all, at);
      const line = text();
      // A second title under the first ("How to make it", then "Method" above the list) is no step.
      if (lines.length === 0 && isStepsTitle(line)) continue;
      // A paragraph of <br> lines each set off by a dash or a bullet ("– Zwiebel würfeln<br>– Anbraten") is a list.
      const own = nodeLines(element);
      if (own.length >= 2 && own.every((part) => BULLET.test(part))) {
        lines.push(...own.map((part) => part.replace(BULLET, '')));
        mode = 'paragraphs';
      } else if (line !== '' && !STEP_LABEL.test(line) && !isCredit(line)) {
        lines.push(line);
        mode = 'paragraphs';
      }
    }
  }
  return lines.filter((line) => line !== '');
}

/** The recipe's title: the first <h1>, else og:title, else <title>. */
function titleOf(page: PageDocument): string {
  const h1 = DomUtils.findOne((e) => e.name === 'h1', page.children);
  const title = h1 ? nodeText(h1) : '';
  if (title !== '') return title;
  const og = meta(page, 'og:title');
  if (og) return og;
  const head = DomUtils.findOne((e) => e.name === 'title', page.children);
  return head ? nodeText(head) : '';
}

function meta(page: PageDocument, name: string): string | undefined {
  const content = DomUtils.findOne(
    (e) => e.name === 'meta' && (e.attribs.property ?? e.attribs.name ?? '').toLowerCase() === name,
    page.children,
  )?.attribs.content;
  return content?.trim() || undefined;
}

// The page's short lines (labels and their values), where servings and times are written: at most 5,000.
function textLines(page: PageDocument): string[] {
  const body = DomUtils.findOne((e) => e.name === 'body', page.children);
  const lines: string[] = [];
  const walk = (node: PageNode): void => {
    if (lines.length >= 5000 || !isElement(node)) return;
    const blocks = node.children.filter(isElement);
    // A leaf block (or one of inline elements only): one line; and each of its inline elements, a row of facts
    // run together without spaces ("<span>4 portioner</span><span>Tid: 25 min</span>").
    if (blocks.every((c) => !BLOCK_TAGS.has(c.name))) {
      const line = nodeText(node);
      if (line !== '' && line.length <= 80) lines.push(line);
      if (blocks.length >= 2 && blocks.length <= 20) {
        for (const inline of blocks) {
          const part = nodeText(inline);
          if (part !== '' && part !== line && part.length <= 80) lines.push(part);
        }
      }
      return;
    }
    for (const child of node.children) walk(child);
  };
  for (const child of (body ?? page).children) walk(child);
  return lines;
}

const BLOCK_TAGS = new Set([
  'div',
  'p',
  'li',
  'ul',
  'ol',
  'section',
  'article',
  'header',
  'footer',
  'main',
  'aside',
  'table',
  'tr',
  'td',
  'dl',
  'dt',
  'dd',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
]);

// "4 portioner", "4 personer", "Serves 4", "Portioner: 4", "4 servings", "Für 4 Personen", "Pour 4 personnes".
const SERVINGS = [
  /(?:^|[^\p{L}\p{N},.])\d{1,3}(?:\s*[-–]\s*\d{1,3})?\s*(?:portioner|portion|port\.|personer|pers\.?|servings?|people|persons|portionen|personen|personnes|porties|porsjoner|annosta|porzioni|raciones)(?!\p{L})/iu,
  /^(?:serves|servings|yield|makes|portioner|antal portioner|portionen|für|pour|porties|porsjoner)\s*:?\s*\d{1,3}(?!\d)/iu,
];
// "Tid: 30 min", "Total time 1 hour", "Tillagningstid: 45 min"; "Förberedelse: 10 min", "Prep time: 15 mins".
const TOTAL_LABEL =
  /^(?:total\s*tid|tid|tillagningstid|total time|total|time|ready in|gesamtzeit|zeit|temps total|totale tijd|tiempo total|tempo totale|samlet tid|tid i alt)\s*:?\s*(.{1,40})$/iu;
const PREP_LABEL =
  /^(?:förberedelse(?:tid)?|arbetstid|prep(?:aration)?\s*time|prep|vorbereitung(?:szeit)?|arbeitszeit|temps de préparation|préparation|voorbereidingstijd|bereidingstijd|tiempo de preparación)\s*:?\s*(.{1,40})$/iu;

// The words that say the servings, alone: a facts row reads "Tid: 30 min 4 portioner" as one line.
function servingsOf(lines: string[]): string | undefined {
  for (const line of lines) {
    for (const pattern of SERVINGS) {
      const match = pattern.exec(line);
      if (match) return match[0].trim();
    }
  }
  return undefined;
}

function timeOf(lines: string[], label: RegExp): number | undefined {
  for (const line of lines) {
    const match = label.exec(line);
    const minutes = match ? minutesFromText(match[1]) : undefined;
    if (minutes !== undefined) return minutes;
  }
  return undefined;
}
