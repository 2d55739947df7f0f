// The title: a page's largest print (a recipe's name, set larger than its lines). Read with the page, a large bold
// title gains or loses a letter ("Skomakartlåda", "gräddTil", "wWallenbergare"): on the prepared page its strokes
// are hollow (evenLight's paper estimate takes a bold title's dense ink for paper) and Tesseract, which reads a line
// scaled to one height from its own thresholded pixels, takes the outlines for letters. read-pages.ts reads each
// title line again alone, shrunk smoothly from the gray page to TITLE_PX high, where the outlines fill in. A title
// set over two lines is one line again. Pure, on Tesseract's boxes (tests/unit/scan/scan-title-lines.test.ts).
import { HANGING } from './mend-ocr-text.ts';
import type { LineBox } from './page-columns.ts';

/**
 * A line whose print is this many times the page's usual line is set larger than the body: a title. On TUNE the
 * titles stood at 1.28 (a typed card's) to 3.0, the largest other lines ("Ingredienser" in bold) at 1.10.
 */
export const TITLE_RATIO = 1.2;
/**
 * The height (px) a title line's box is shrunk to before it is read again. On TUNE, 32-40 read every title (bar a
 * stray mark, mend-ocr-text.ts); 24 lost capitals and split words, 48 and more gained letters as the page's read does.
 */
export const TITLE_PX = 40;
/** Two title lines are one title only when of about one size: within this share of each other's height. */
const SAME_SIZE = 0.25;

export function lineHeight(line: LineBox): number {
  if (line.words.length === 0) return 0;
  return Math.max(...line.words.map((w) => w.bbox.y1)) - Math.min(...line.words.map((w) => w.bbox.y0));
}

const heights = (line: LineBox) => line.words.map((w) => w.bbox.y1 - w.bbox.y0).sort((a, b) => a - b);

/**
 * The size of a line's print: its median word's height. Not the line's own box nor its tallest word: a row of two
 * columns that Tesseract took for one line (page-columns.ts), or a word it ran down two rows, is tall without the
 * line's print being large.
 */
export function printSize(line: LineBox): number {
  const h = heights(line);
  return h.length === 0 ? 0 : h.length % 2 ? h[(h.length - 1) / 2]! : (h[h.length / 2 - 1]! + h[h.length / 2]!) / 2;
}

/**
 * The lines whose print is larger than the page's usual, by their index. The usual is a full line's height, from
 * the top of its tallest letter to the foot of its "g" and "p": the tallest word of the line at the upper quarter of
 * the page's lines (a card's amounts set on lines of their own, "2", are many and small; a title is far fewer than a
 * quarter of a page's lines).
 */
export function titleLines(lines: LineBox[]): number[] {
  const tallest = lines
    .map((l) => heights(l).at(-1) ?? 0)
    .filter((h) => h > 0)
    .sort((a, b) => a - b);
  // A line or two alone (a card with its name only) has no usual size to stand above.
  if (tallest.length < 4) return [];
  const usual = tallest[Math.floor(tallest.length * 0.75)]!;
  return lines.flatMap((line, i) => (printSize(line) >= TITLE_RATIO * usual ? [i] : []));
}

/**
 * A title's first letter is a capital (Swedish titles are in sentence case). Read alone, a line has no smaller print
 * beside it to tell "W" from "w" by size, and c, k, o, s, v, w, x and z differ by nothing else: such a first letter
 * becomes a capital. Any other lower-case start ("ärtsoppa") is as read: it may be what the page prints.
 */
export function capitalStart(text: string): string {
  return text.replace(/^([ckosvwxz])(?=\p{Ll})/u, (letter) => letter.toUpperCase());
}

const text = (line: LineBox) => line.words.map((w) => w.text).join(' ');

/**
 * A title set over two lines, one line again: the next line is of the same size and goes on with it, starting in
 * lower case (a Swedish title is in sentence case: "Kycklinggryta med" / "curry och ris"), or both are in capitals
 * only ("KÅLDOLMAR MED" / "GRÄDDSÅS"). A title and a heading beneath it in capitals of its own stay apart.
 */
export function joinTitleLines(lines: LineBox[]): LineBox[] {
  const titles = new Set(titleLines(lines));
  const out: LineBox[] = [];
  for (const [i, line] of lines.entries()) {
    const previous = out.at(-1);
    if (previous && titles.has(i) && titles.has(i - 1) && goesOn(lines[i - 1]!, line)) {
      out[out.length - 1] = { ...previous, words: joinedWords(previous.words, line.words) };
      continue;
    }
    out.push(line);
  }
  return out;
}

/**
 * The second line's words after the first's. Words are put in order by where they stand (page-columns.ts sorts a
 * line's words left to right), so the second line's words are moved to the right of the first line's last word, in
 * their own order; their height stays. A word broken at the first line's end ("Kyckling-" / "gryta") is one word
 * again, as mendOcrText joins one.
 */
function joinedWords(head: LineBox['words'], tail: LineBox['words']): LineBox['words'] {
  const last = head.at(-1)!;
  const shift = last.bbox.x1 + 1 - Math.min(...tail.map((w) => w.bbox.x0));
  const moved = tail.map((w) => ({ ...w, bbox: { ...w.bbox, x0: w.bbox.x0 + shift, x1: w.bbox.x1 + shift } }));
  const first = moved[0]!;
  if (!/\p{Ll}-$/u.test(last.text) || !/^\p{Ll}/u.test(first.text) || HANGING.test(first.text))
    return [...head, ...moved];
  const word = { text: last.text.slice(0, -1) + first.text, bbox: { ...last.bbox, x1: first.bbox.x1 } };
  return [...head.slice(0, -1), word, ...moved.slice(1)];
}

function goesOn(first: LineBox, next: LineBox): boolean {
  const [a, b] = [printSize(first), printSize(next)];
  if (Math.abs(a - b) > SAME_SIZE * Math.max(a, b)) return false;
  // Below the line, not beside it (two titles side by side are two columns' headings).
  const bottom = Math.max(...first.words.map((w) => w.bbox.y1));
  if (Math.min(...next.words.map((w) => w.bbox.y0)) < bottom - a / 2) return false;
  const [head, tail] = [text(first), text(next)];
  if (/[.!?:;]$/u.test(head)) return false;
  const capitals = (t: string) => /\p{Lu}{2}/u.test(t) && t === t.toUpperCase();
  return /^\p{Ll}/u.test(tail) || (capitals(head) && capitals(tail));
}

const top = (line: LineBox) => Math.min(...line.words.map((w) => w.bbox.y0));
const bottom = (line: LineBox) => Math.max(...line.words.map((w) => w.bbox.y1));

/**
 * The title lines at the page's top, apart from the rest: a title above two columns is never cut at their gutter
 * (page-columns.ts), where a space between its words may lie ("Ugnsbakad" over the ingredients, "torsk" read as
 * the steps' first line). Only a title line with no other title at its height: two titles side by side each head a
 * column of their own, and stay with it.
 */
export function topTitle(lines: LineBox[]): { title: LineBox[]; rest: LineBox[] } {
  const titles = new Set(titleLines(lines).map((i) => lines[i]));
  const ordered = lines.filter((l) => l.words.length > 0).sort((a, b) => top(a) - top(b));
  // Beside other print of its row (a card's "4 portioner" at the right) a title is still the title; beside another
  // title it is a column's.
  const others = ordered.filter((line) => titles.has(line));
  const alone = (line: LineBox) =>
    others.every((other) => other === line || Math.min(bottom(other), bottom(line)) <= Math.max(top(other), top(line)));
  let count = 0;
  while (count < ordered.length && titles.has(ordered[count]) && alone(ordered[count]!)) count++;
  return { title: ordered.slice(0, count), rest: ordered.slice(count) };
}
