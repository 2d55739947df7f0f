import { describe, expect, it } from 'vitest';
import { columnText, findGutter, rows, type LineBox } from '../../../server/scan/page-columns.ts';
import { runsDown } from '../../../server/scan/read-pages.ts';

/** A line of words set from `x` on row `row` (30 px high, 45 px apart), each character 12 px wide, a space 8 px. */
function line(row: number, x: number, text: string, paragraph = 1): LineBox {
  let at = x;
  const words = text.split(' ').map((word) => {
    const bbox = { x0: at, y0: row * 45, x1: at + word.length * 12, y1: row * 45 + 30 };
    at = bbox.x1 + 8;
    return { text: word, bbox };
  });
  return { words, paragraph };
}
/** Two lines on one row, joined as Tesseract joins a row of both columns. */
const joined = (row: number, left: string, right: string): LineBox => ({
  words: [...line(row, 0, left).words, ...line(row, 300, right).words],
  paragraph: 2,
});

describe('columns kept apart by the word boxes', () => {
  it('splits rows that join the ingredients and the steps beside them, and reads the left column first', () => {
    const page = [
      line(0, 0, 'Kanelbullar med kardemumma och pärlsocker till kaffet'),
      joined(1, 'Ingredienser', 'Gör så här'),
      joined(2, '2 dl mjölk', '1. Värm mjölken och smöret i en kastrull'),
      joined(3, '1 ½ msk kakao', 'tills smöret har smält helt.'),
      joined(4, '3 st ägg', '2. Vispa ägg och socker pösigt.'),
      line(6, 0, 'Smaklig måltid önskar vi er alla här i köket'),
    ];
    expect(columnText(page)).toBe(
      [
        'Kanelbullar med kardemumma och pärlsocker till kaffet',
        '',
        'Ingredienser',
        '2 dl mjölk',
        '1 ½ msk kakao',
        '3 st ägg',
        '',
        'Gör så här',
        '1. Värm mjölken och smöret i en kastrull',
        'tills smöret har smält helt.',
        '2. Vispa ägg och socker pösigt.',
        '',
        'Smaklig måltid önskar vi er alla här i köket',
      ].join('\n'),
    );
  });

  it('leaves one column alone: word spaces are no gutter, and short lines are no column', () => {
    const page = [
      line(0, 0, 'Ingredienser'),
      line(1, 0, '2 dl mjölk'),
      line(2, 0, '1 msk smör'),
      line(3, 0, 'Värm mjölken och smöret i en kastrull tills smöret har smält'),
      line(4, 0, 'Vispa ägg och socker pösigt och vänd ner mjölet försiktigt'),
    ];
    expect(findGutter(page)).toBeNull();
    expect(columnText(page)).toBe(page.map((l) => l.words.map((w) => w.text).join(' ')).join('\n'));
  });

  it('keeps a list set as a table (amounts in a column of their own) as one column', () => {
    const page = [1, 2, 3, 4].map((row) => ({
      words: [...line(row, 0, `${row} dl`).words, ...line(row, 200, 'vetemjöl special').words],
      paragraph: 1,
    }));
    expect(findGutter(page)).toBeNull();
    expect(columnText(page).split('\n')).toEqual([
      '1 dl vetemjöl special',
      '2 dl vetemjöl special',
      '3 dl vetemjöl special',
      '4 dl vetemjöl special',
    ]);
  });

  it('makes lines on one row one line, but never joins a "line" running down several rows', () => {
    const amounts = { words: line(1, 0, '3').words, paragraph: 5 };
    const names = { words: line(1, 40, 'st äpplen').words, paragraph: 6 };
    const down = { words: [{ text: 'PR', bbox: { x0: 0, y0: 0, x1: 20, y1: 200 } }], paragraph: 7 };
    const merged = rows([amounts, names, down].map((l) => ({ ...l, top: l.words[0]!.bbox.y0 })));
    expect(merged.map((p) => p.words.map((w) => w.text).join(' '))).toEqual(['3 st äpplen', 'PR']);
  });

  it('never joins the lines of one paragraph, nor lines one above the other, however they overlap in height', () => {
    // A slanted paragraph: each line's box reaches well into the next one's.
    const slanted = [0, 1, 2].map((i) => ({
      words: [{ text: `rad${i}`, bbox: { x0: 0, y0: i * 12, x1: 400, y1: i * 12 + 40 } }],
      paragraph: i === 2 ? 9 : 8,
      top: i * 12,
    }));
    expect(rows(slanted).map((p) => p.words[0]!.text)).toEqual(['rad0', 'rad1', 'rad2']);
  });
  it('tries at most about a thousand x across a page however small its median word (specks of a noisy photo)', () => {
    // Words 1 px high (the specks Tesseract takes for words on a noisy photo) across 10 million px: a quarter of the
    // median word's height a step would be 40 million trials; the gutter between the two columns is still found.
    const speck = (row: number, x0: number, text: string) => ({
      text,
      bbox: { x0, y0: row * 3, x1: x0 + 5, y1: row * 3 + 1 },
    });
    const page = [0, 1, 2, 3].map((row) => ({
      words: [speck(row, 0, 'a'), speck(row, 100, 'b'), speck(row, 6_000_000, 'c'), speck(row, 10_000_000, 'd')],
      paragraph: 1,
    }));
    const started = performance.now();
    const gutter = findGutter(page);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(gutter).toMatchObject({ from: 0, to: 4 });
    expect(gutter!.x).toBeGreaterThan(105);
    expect(gutter!.x).toBeLessThan(6_000_000);
  });
});

describe('a page whose words run down it', () => {
  it('is told from its word boxes: most words of three letters or more taller than wide', () => {
    const across = [line(0, 0, 'Kanelbullar med kardemumma'), line(1, 0, '2 dl mjölk')];
    expect(runsDown(across)).toBe(false);
    const down = across.map((l) => ({
      ...l,
      words: l.words.map((w) => ({ ...w, bbox: { x0: w.bbox.y0, y0: w.bbox.x0, x1: w.bbox.y1, y1: w.bbox.x1 } })),
    }));
    expect(runsDown(down)).toBe(true);
    expect(runsDown([])).toBe(false);
  });
});
