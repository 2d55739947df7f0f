import { describe, expect, it } from 'vitest';
import { partsText, type LineBox } from '../../../server/scan/page-columns.ts';
import { capitalStart, joinTitleLines, printSize, titleLines, topTitle } from '../../../server/scan/title-lines.ts';

/** A line of words from x = 0 with its top at `top`, each word `size` px high, 12 px a character, 8 px a space. */
function line(top: number, text: string, size = 30, paragraph = 1): LineBox {
  let at = 0;
  const words = text.split(' ').map((word) => {
    const bbox = { x0: at, y0: top, x1: at + word.length * 12, y1: top + size };
    at = bbox.x1 + 8;
    return { text: word, bbox };
  });
  return { words, paragraph };
}

const BODY = ['4 portioner', 'Ingredienser', '2 dl mjölk', '1 msk smör', '3 st ägg', '1 tsk salt', 'Gör så här'];

/** A page: the title lines, then body lines 30 px high, 45 px apart. */
function page(title: LineBox[], body = [...BODY, '1. Värm mjölken.', '2. Vispa äggen.', '3. Grädda.']) {
  const top = Math.max(0, ...title.map((l) => Math.max(...l.words.map((w) => w.bbox.y1)))) + 20;
  return [...title, ...body.map((text, i) => line(top + i * 45, text, 30, 2))];
}

/** The line moved `dx` px to the right. */
const shifted = (l: LineBox, dx: number): LineBox => ({
  ...l,
  words: l.words.map((w) => ({ ...w, bbox: { ...w.bbox, x0: w.bbox.x0 + dx, x1: w.bbox.x1 + dx } })),
});

const texts = (lines: LineBox[]) => lines.map((l) => l.words.map((w) => w.text).join(' '));

describe('titleLines: the lines set larger than the page', () => {
  it('finds a title in print larger than the body, and no body line', () => {
    expect(titleLines(page([line(0, 'Kanelbullar', 60)]))).toEqual([0]);
    // A typed card's title is only a little larger: 38 against 30.
    expect(titleLines(page([line(0, 'Janssons frestelse', 38)]))).toEqual([0]);
  });

  it('finds none where all print is one size, and none on a page of a line or two', () => {
    expect(titleLines(page([line(0, 'Kanelbullar', 30)]))).toEqual([]);
    expect(titleLines([line(0, 'Kanelbullar', 60), line(80, '2 dl mjölk')])).toEqual([]);
  });

  it('does not take a row of two columns read as one line, or a word run down two rows, for a title', () => {
    // Two rows of body print: each word 30 px high, the line's box 75 px.
    const twoRows: LineBox = {
      paragraph: 2,
      words: [...line(400, '2 dl mjölk').words, ...line(445, '1. Värm mjölken.').words.map((w) => shift(w, 300))],
    };
    // One word 65 px high among words of 25 (a smudge Tesseract read across two rows).
    const smudge: LineBox = { paragraph: 2, words: [...line(500, '5 dl').words, line(500, 'SE', 65).words[0]!] };
    const lines = [...page([line(0, 'Rabarberpaj', 70)]), twoRows, smudge];
    expect(titleLines(lines)).toEqual([0]);
    expect(printSize(smudge)).toBe(30);
  });

  it('keeps the usual size from a card whose amounts stand on lines of their own', () => {
    const amounts = ['2', '4', '1', '3'].map((n, i) => line(600 + i * 45, n, 20, 3));
    expect(titleLines([...page([line(0, 'Skomakarlåda', 40)]), ...amounts])).toEqual([0]);
  });
});

function shift(word: LineBox['words'][number], dx: number) {
  return { ...word, bbox: { ...word.bbox, x0: word.bbox.x0 + dx, x1: word.bbox.x1 + dx } };
}

describe('joinTitleLines: a title set over two lines is one', () => {
  it('joins a second title line that goes on in lower case', () => {
    const lines = page([line(0, 'Kycklinggryta med', 60), line(70, 'curry och ris', 60)]);
    expect(texts(joinTitleLines(lines))[0]).toBe('Kycklinggryta med curry och ris');
    expect(joinTitleLines(lines)).toHaveLength(lines.length - 1);
  });

  it('keeps the joined words in their order where the text is put together by where words stand', () => {
    // The second line's words start at the left edge as the first's do; partsText puts a line's words left to right.
    const lines = page([line(0, 'Kycklinggryta med', 60), line(70, 'curry och ris', 60)]);
    const joined = joinTitleLines(lines)[0]!;
    expect(partsText([{ ...joined, top: 0 }])).toBe('Kycklinggryta med curry och ris');
    const broken = joinTitleLines(page([line(0, 'Kyckling-', 60), line(70, 'gryta med ris', 60)]))[0]!;
    expect(partsText([{ ...broken, top: 0 }])).toBe('Kycklinggryta med ris');
  });

  it('joins two title lines in capitals only', () => {
    const lines = page([line(0, 'KÅLDOLMAR MED', 60), line(70, 'GRÄDDSÅS', 60)]);
    expect(texts(joinTitleLines(lines))[0]).toBe('KÅLDOLMAR MED GRÄDDSÅS');
  });

  it('makes a word broken at the first line one word again, but keeps a hanging hyphen', () => {
    const broken = page([line(0, 'Kyckling-', 60), line(70, 'gryta med ris', 60)]);
    expect(texts(joinTitleLines(broken))[0]).toBe('Kycklinggryta med ris');
    const hanging = page([line(0, 'Salt-', 60), line(70, 'och pepparkakor', 60)]);
    expect(texts(joinTitleLines(hanging))[0]).toBe('Salt- och pepparkakor');
  });

  it('keeps apart a second line that starts anew, is of another size, or is not a title', () => {
    const capital = page([line(0, 'Kladdkaka', 60), line(70, 'Mormors bästa', 60)]);
    expect(texts(joinTitleLines(capital)).slice(0, 2)).toEqual(['Kladdkaka', 'Mormors bästa']);
    const smaller = page([line(0, 'Kladdkaka', 80), line(90, 'med hallon', 50)]);
    expect(texts(joinTitleLines(smaller)).slice(0, 2)).toEqual(['Kladdkaka', 'med hallon']);
    const sentence = page([line(0, 'Kladdkaka.', 60), line(70, 'med hallon', 60)]);
    expect(texts(joinTitleLines(sentence)).slice(0, 2)).toEqual(['Kladdkaka.', 'med hallon']);
    const body = page([line(0, 'Kladdkaka', 60)], ['4 portioner', 'med hallon', ...BODY]);
    expect(joinTitleLines(body)).toEqual(body);
  });
});

describe('capitalStart: a title begins with a capital', () => {
  it('makes a first letter that differs from its capital only by size a capital', () => {
    expect(capitalStart('wallenbergare')).toBe('Wallenbergare');
    expect(capitalStart('sockerkaka')).toBe('Sockerkaka');
    expect(capitalStart('kålpudding')).toBe('Kålpudding');
  });

  it('leaves any other start as read', () => {
    expect(capitalStart('Wallenbergare')).toBe('Wallenbergare');
    expect(capitalStart('ärtsoppa')).toBe('ärtsoppa');
    expect(capitalStart('pannkakor')).toBe('pannkakor');
    expect(capitalStart('s')).toBe('s');
  });
});

describe('topTitle: the title at the top, apart from the columns below it', () => {
  it('takes the title lines at the top, in order from the top, and leaves the rest', () => {
    const lines = page([line(0, 'Ugnsbakad torsk', 60)]);
    const { title, rest } = topTitle([...lines].reverse());
    expect(texts(title)).toEqual(['Ugnsbakad torsk']);
    expect(texts(rest)).toEqual(texts(lines.slice(1)));
  });

  it('leaves two titles side by side with their columns', () => {
    const lines = [
      line(0, 'Pannkakor', 60),
      shifted(line(0, 'Citronkräm', 60), 800),
      ...page([]).map((l, i) => (i % 2 ? shifted(l, 800) : l)),
    ];
    expect(topTitle(lines).title).toEqual([]);
    // Beside smaller print of its row (a card's servings at the right) a title is still the page's title.
    const card = page([line(0, 'Ugnsbakad torsk', 60)]);
    expect(texts(topTitle([...card, shifted(line(20, '4 portioner'), 900)]).title)).toEqual(['Ugnsbakad torsk']);
  });

  it('takes no title that stands below other print, and none on a page without one', () => {
    const below = [line(0, '4 portioner'), ...page([line(60, 'Kanelbullar', 60)]).slice(0)];
    expect(topTitle(below).title).toEqual([]);
    expect(topTitle(page([line(0, 'Kanelbullar', 30)])).title).toEqual([]);
  });
});
