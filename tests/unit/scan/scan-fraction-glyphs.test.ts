import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { amountText, findFraction, fractionGlyph, inkPieces, isStem } from '../../../server/scan/fraction-glyphs.ts';
import { amountWords, startsWithUnit } from '../../../server/scan/reread-amounts.ts';

/** An amount drawn in a font of this machine's, as the amount's cut-out in read-pages.ts sees it (gray, enlarged). */
async function drawn(text: string, font: string, size = 60) {
  const svg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size * 4}" height="${size * 1.6}">` +
      `<rect width="100%" height="100%" fill="#fff"/>` +
      `<text x="${size * 0.2}" y="${size * 1.1}" font-family="${font}" font-size="${size}">${text}</text></svg>`,
  );
  const { data, info } = await sharp(svg)
    .flatten({ background: '#fff' })
    .grayscale()
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

describe('fraction glyphs found by their shape', () => {
  for (const font of ['DejaVu Serif', 'Liberation Sans', 'Liberation Serif', 'DejaVu Sans Mono', 'Liberation Mono'])
    it(`finds ½, ¼ and ¾ after a whole number or alone, in ${font}`, async () => {
      const mixed = findFraction(await drawn('1 ½', font));
      expect(mixed?.wholeDigits).toBe(1);
      // The numerator lies above the denominator, and left of it.
      expect(mixed!.numerator.y1).toBeLessThan(mixed!.denominator.y1);
      expect(mixed!.numerator.x0).toBeLessThan(mixed!.denominator.x0);
      expect(findFraction(await drawn('¼', font))?.wholeDigits).toBe(0);
      expect(findFraction(await drawn('12 ¾', font))?.wholeDigits).toBe(2);
    });

  it('finds none in whole numbers, a slash between full digits or an empty cut-out', async () => {
    expect(findFraction(await drawn('250', 'DejaVu Serif'))).toBeNull();
    expect(findFraction(await drawn('12', 'Liberation Sans'))).toBeNull();
    expect(findFraction(await drawn('1/2', 'Liberation Serif'))).toBeNull();
    expect(findFraction({ data: Buffer.alloc(400, 255), width: 20, height: 20 })).toBeNull();
  });

  it('gives up on a cut-out of more pieces than an amount has (noise, whose every triple would be tried)', async () => {
    const clear = await drawn('1 ½', 'DejaVu Serif');
    expect(findFraction(clear)).not.toBeNull();
    // The same glyph between 120 specks of dust (3 x 3 px, apart from each other and from the ink) above and below.
    const dusty = { ...clear, data: Buffer.from(clear.data) };
    for (const y of [1, clear.height - 4])
      for (let i = 0; i < 60; i++)
        for (let dy = 0; dy < 3; dy++)
          for (let dx = 0; dx < 3; dx++) dusty.data[(y + dy) * dusty.width + 1 + i * 4 + dx] = 0;
    expect(inkPieces(dusty).length).toBeGreaterThan(80);
    expect(findFraction(dusty)).toBeNull();
  });

  for (const font of [
    'DejaVu Serif',
    'Liberation Serif',
    'Liberation Sans',
    'DejaVu Sans Mono',
    'Liberation Sans Narrow',
  ])
    it(`tells a numerator "1" by its stem from a "2" or "3", serifs and all, in ${font}`, async () => {
      const stem = async (digit: string) => {
        const pixels = await drawn(digit, font, 24);
        const [piece] = inkPieces(pixels);
        return isStem(pixels, piece!);
      };
      expect(await stem('1')).toBe(true);
      for (const other of ['2', '3']) expect(await stem(other)).toBe(false);
    });

  it('takes the pieces of ink apart, specks left out', async () => {
    const pieces = inkPieces(await drawn('3 4', 'DejaVu Sans'));
    expect(pieces).toHaveLength(2);
    expect(pieces[0]!.x1).toBeLessThan(pieces[1]!.x0);
  });

  it('makes the glyph of the digits read alone, and the amount of the whole number read', () => {
    expect(fractionGlyph('1', '2')).toBe('½');
    expect(fractionGlyph('3', '4')).toBe('¾');
    expect(fractionGlyph('1', '4 ')).toBe('¼');
    expect(fractionGlyph('3', '2')).toBeNull();
    expect(fractionGlyph('', '2')).toBeNull();
    expect(amountText('122', 1, '½')).toBe('1 ½');
    expect(amountText('17/4', 1, '½')).toBe('1 ½');
    expect(amountText('24', 0, '¼')).toBe('¼');
    expect(amountText('l2', 1, '½')).toBe('2 ½'); // digits only: the first digit Tesseract read
    expect(amountText('½', 1, '½')).toBeNull(); // the ink has a whole digit the text has not
  });

  it('takes as an amount only the one or two words right before a unit', () => {
    expect(amountWords(['122', 'dl', 'mjölk'])).toBe(1);
    expect(amountWords(['1', '17/4', 'tsk', 'salt'])).toBe(2);
    expect(amountWords(['V2', 'msk', 'smör'])).toBe(1);
    expect(amountWords(['1', '½', 'dl', 'mjölk'])).toBe(0); // read with its glyph: kept
    expect(amountWords(['2', 'ägg'])).toBe(0);
    expect(amountWords(['1.', 'Skär', 'äpplena'])).toBe(0);
    expect(amountWords(['Ingredienser'])).toBe(0);
    expect(amountWords(['socker', 'dl'])).toBe(0);
    expect(amountWords(['-', 'tsk', 'kardemumma'])).toBe(1); // a small glyph read as a mark: its ink decides
    // A glyph or a "1" read as one or two letters ("ya" for "¼", "il" for "1"): its ink decides as well.
    expect(amountWords(['Ya', 'krm', 'salt'])).toBe(1);
    expect(amountWords(['il', '3', 'msk', 'tomatpuré'])).toBe(2);
    expect(amountWords(['till', 'dl'])).toBe(0);
    // "dl" read as "då" after an amount (mend-ocr-text.ts mends the word): the amount is looked at too.
    expect(amountWords(['22', 'då', 'filmjölk'])).toBe(1);
    expect(amountWords(['Då', 'är', 'den', 'klar'])).toBe(0);
    // Before "då" only a written amount: a short word of a sentence is no amount ("Gå då vidare").
    expect(amountWords(['Gå', 'då', 'vidare'])).toBe(0);
    expect(amountWords(['Vi', 'är', 'då', 'klara'])).toBe(0);
    expect(amountWords(['1', '2', 'då', 'mjölk'])).toBe(2);
  });

  it('knows a line that starts with its unit, its amount unread', () => {
    expect(startsWithUnit(['tsk', 'kardemumma'])).toBe(true);
    expect(startsWithUnit(['st', 'ägg'])).toBe(true);
    expect(startsWithUnit(['2', 'tsk', 'kardemumma'])).toBe(false);
    expect(startsWithUnit(['tsk'])).toBe(false);
    expect(startsWithUnit(['g', '2'])).toBe(false);
  });

  it('takes a "1" read as letters for a digit of the whole number', () => {
    expect(amountText('il 3', 1, '½')).toBe('1 ½');
    expect(amountText('l 2', 1, '¼')).toBe('1 ¼');
    expect(amountText('Ya', 0, '¼')).toBe('¼');
    expect(amountText('Ya', 1, '¼')).toBeNull();
  });
});
