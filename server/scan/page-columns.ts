// Columns kept apart (issue 56): on a page with the ingredients beside the steps Tesseract sometimes reads a row of
// both columns as one line ("2 msk kakao 1. Skär äpplena …"), which no reader can split by its text. The word boxes
// can: a gutter is a band of x that no word of a run of consecutive lines crosses while words lie on both sides of
// it. Each such run is read column by column, the left column's lines first, then the right's; lines above and below
// (a title across both columns) stay where they are. Pure: it takes Tesseract's lines with their word boxes (read in
// read-pages.ts) and gives the text, so it is tested on boxes alone (tests/unit/scan/scan-page-columns.test.ts).

export type Box = { x0: number; y0: number; x1: number; y1: number };
export type WordBox = { text: string; bbox: Box };
/** A line as Tesseract found it, with its paragraph's number on the page (a change of paragraph is a blank line). */
export type LineBox = { words: WordBox[]; paragraph: number };

/** Fewest consecutive lines a gutter must run down, with at least this many lines on each side of it. */
const LEAST_RUN = 3;
const LEAST_EACH_SIDE = 2;
/** A gutter is at least this wide, in line heights (a word space is under half of one). */
const LEAST_GUTTER = 1.2;

export type Part = { words: WordBox[]; paragraph: number; top: number };

const middle = (b: Box) => (b.x0 + b.x1) / 2;
// An amount and its unit alone ("2 dl", "1 ½", "250 g"): a list set as a table, amounts in a column of their own
// before the names, is one column to read across, never two.
const AMOUNT_ONLY = /^[\d½¼¾⅓⅔/.,\s–-]+(?:dl|cl|ml|l|msk|tsk|krm|g|kg|hg|st|port)?\.?$/iu;

/** The gutter of the longest run of lines (at least LEAST_RUN) that a band of x splits; null when none does. */
export function findGutter(lines: LineBox[]): { x: number; from: number; to: number } | null {
  const words = lines.flatMap((l) => l.words);
  if (lines.length < LEAST_RUN || words.length === 0) return null;
  const heights = words.map((w) => w.bbox.y1 - w.bbox.y0).sort((a, b) => a - b);
  const lineHeight = Math.max(1, heights[Math.floor(heights.length / 2)]!);
  const left = Math.min(...words.map((w) => w.bbox.x0));
  const right = Math.max(...words.map((w) => w.bbox.x1));
  // At most about a thousand trial x across the page, however small the median word on a noisy photo.
  const step = Math.max(1, lineHeight / 4, (right - left) / 1000);
  // For each trial x, the maximal runs of consecutive lines no word crosses, and how wide the band of x is that
  // leaves the same run uncrossed (the gutter's width).
  const runs = new Map<string, { from: number; to: number; xs: number[] }[]>();
  for (let x = left + step; x < right; x += step) {
    let from = -1;
    const close = (to: number) => {
      if (from === -1) return;
      const run = lines.slice(from, to);
      const leftSide = run.filter((l) => l.words.some((w) => middle(w.bbox) < x)).length;
      const rightSide = run.filter((l) => l.words.some((w) => middle(w.bbox) > x)).length;
      const lefts = run.map((l) =>
        l.words
          .filter((w) => middle(w.bbox) < x)
          .map((w) => w.text)
          .join(' '),
      );
      const table = lefts.filter((t) => AMOUNT_ONLY.test(t)).length * 2 >= leftSide;
      if (run.length >= LEAST_RUN && leftSide >= LEAST_EACH_SIDE && rightSide >= LEAST_EACH_SIDE && !table) {
        // One gutter is one unbroken band of x: the same run found again further along is another band.
        const key = `${from}:${to}`;
        const bands = runs.get(key) ?? [];
        const last = bands.at(-1);
        if (last && x - last.xs.at(-1)! <= step * 1.5) last.xs.push(x);
        else bands.push({ from, to, xs: [x] });
        runs.set(key, bands);
      }
      from = -1;
    };
    lines.forEach((line, i) => {
      const crossed = line.words.some((w) => w.bbox.x0 < x && w.bbox.x1 > x);
      if (crossed) close(i);
      else if (from === -1) from = i;
    });
    close(lines.length);
  }
  let best: { x: number; from: number; to: number; width: number } | null = null;
  for (const { from, to, xs } of [...runs.values()].flat()) {
    const width = xs.at(-1)! - xs[0]! + step;
    if (width < LEAST_GUTTER * lineHeight) continue;
    const better =
      !best || to - from > best.to - best.from || (to - from === best.to - best.from && width > best.width);
    if (better) best = { x: (xs[0]! + xs.at(-1)!) / 2, from, to, width };
  }
  return best && { x: best.x, from: best.from, to: best.to };
}

/** Lines in reading order with the columns apart: each gutter's run split, its left parts first, then its right. */
export function columnParts(lines: LineBox[]): Part[] {
  const sorted = [...lines]
    .filter((l) => l.words.length > 0)
    .map((l) => ({ ...l, top: Math.min(...l.words.map((w) => w.bbox.y0)) }))
    .sort((a, b) => a.top - b.top);
  return split(sorted);
}

function split(lines: (LineBox & { top: number })[]): Part[] {
  const gutter = findGutter(lines);
  if (!gutter) return rows(lines);
  const run = lines.slice(gutter.from, gutter.to);
  const side = (inLeft: boolean) =>
    run.flatMap((l) => {
      const words = l.words.filter((w) => middle(w.bbox) < gutter.x === inLeft);
      return words.length ? [{ words, paragraph: l.paragraph, top: l.top }] : [];
    });
  // Each column may hold columns of its own (three across): each side is split again.
  return [
    ...split(lines.slice(0, gutter.from)),
    ...split(side(true)),
    { words: [], paragraph: -1, top: 0 }, // a blank line between the columns
    ...split(side(false)),
    ...split(lines.slice(gutter.to)),
  ];
}

/**
 * Lines of one column, those on the same row made one: Tesseract sometimes takes a column of amounts set apart by a
 * wide space (a typewriter's "3  st äpplen") for a block of its own, and its lines would come apart from their
 * names. Same row: they overlap in height by more than half the lower one's.
 */
export function rows(lines: (LineBox & { top: number })[]): Part[] {
  const out: (Part & { bottom: number; left: number; right: number; paragraphs: Set<number> })[] = [];
  for (const line of lines) {
    const bottom = Math.max(...line.words.map((w) => w.bbox.y1));
    const left = Math.min(...line.words.map((w) => w.bbox.x0));
    const right = Math.max(...line.words.map((w) => w.bbox.x1));
    const height = bottom - line.top;
    // Only lines Tesseract put in other paragraphs, side by side (not one above the other: the lines of a slanted
    // paragraph overlap in height), of about one height (a "line" run down a column of amounts spans several rows).
    const row = out.find(
      (r) =>
        !r.paragraphs.has(line.paragraph) &&
        (right <= r.left || left >= r.right) &&
        Math.max(r.bottom - r.top, height) < 2 * Math.min(r.bottom - r.top, height) &&
        Math.min(r.bottom, bottom) - Math.max(r.top, line.top) > 0.5 * Math.min(r.bottom - r.top, height),
    );
    if (row) {
      row.words = [...row.words, ...line.words];
      row.top = Math.min(row.top, line.top);
      row.bottom = Math.max(row.bottom, bottom);
      row.left = Math.min(row.left, left);
      row.right = Math.max(row.right, right);
      row.paragraphs.add(line.paragraph);
    } else
      out.push({
        words: line.words,
        paragraph: line.paragraph,
        top: line.top,
        bottom,
        left,
        right,
        paragraphs: new Set([line.paragraph]),
      });
  }
  // Each row's words left to right: its first words are its amount (read-pages.ts looks at them again).
  return out.map(({ words, paragraph, top }) => ({
    words: [...words].sort((a, b) => a.bbox.x0 - b.bbox.x0),
    paragraph,
    top,
  }));
}

/** The text of parts in reading order: a part a line, its words left to right; a blank line between columns. */
export function partsText(parts: Part[]): string {
  const out: string[] = [];
  let paragraph: number | undefined;
  for (const part of parts) {
    if (part.words.length === 0) {
      if (out.length && out.at(-1) !== '') out.push('');
      paragraph = undefined;
      continue;
    }
    // A new paragraph of Tesseract's is a blank line, as in its own text.
    if (paragraph !== undefined && part.paragraph !== paragraph && out.at(-1) !== '') out.push('');
    paragraph = part.paragraph;
    out.push(
      [...part.words]
        .sort((a, b) => a.bbox.x0 - b.bbox.x0)
        .map((w) => w.text)
        .join(' '),
    );
  }
  return out.join('\n');
}

/** The page's text with its columns apart and each row one line (columnParts, then partsText). */
export function columnText(lines: LineBox[]): string {
  return partsText(columnParts(lines));
}
