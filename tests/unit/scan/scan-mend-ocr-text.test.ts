import { describe, expect, it } from 'vitest';
import { mendLine, mendOcrText } from '../../../server/scan/mend-ocr-text.ts';

describe('mendLine', () => {
  it('reads "V2" and "V4" as the fractions they were', () => {
    expect(mendLine('V2 dl grädde')).toBe('½ dl grädde');
    expect(mendLine('1 V2 dl mjölk')).toBe('1 ½ dl mjölk');
    expect(mendLine('v4 tsk salt')).toBe('¼ tsk salt');
  });
  it('reads "72" and "74" before a spoon or litre measure as ½ and ¼, after a whole number too', () => {
    expect(mendLine('72 dl grädde')).toBe('½ dl grädde');
    expect(mendLine('74 tsk salt')).toBe('¼ tsk salt');
    expect(mendLine('172 dl mjölk')).toBe('1 ½ dl mjölk');
    expect(mendLine('1 72 tsk salt')).toBe('1 ½ tsk salt');
    expect(mendLine('174 krm muskot')).toBe('1 ¼ krm muskot');
    expect(mendLine('72 Msk hackad dill')).toBe('½ Msk hackad dill');
  });
  it('leaves "72" that can be meant: before grams or pieces, in a word, without a unit', () => {
    expect(mendLine('172 g smör')).toBe('172 g smör');
    expect(mendLine('72 st småkakor')).toBe('72 st småkakor');
    expect(mendLine('Grädda i 72 minuter')).toBe('Grädda i 72 minuter');
    expect(mendLine('272 dl')).toBe('2 ½ dl');
  });
  it('leaves "V2" alone inside a word', () => {
    expect(mendLine('Volvo V2O')).toBe('Volvo V2O');
  });
  it('reads "l", "I" and "|" as 1 and "O" as 0 in an amount before a unit', () => {
    expect(mendLine('l dl mjölk')).toBe('1 dl mjölk');
    expect(mendLine('I tsk kardemumma')).toBe('1 tsk kardemumma');
    expect(mendLine('l00 g smör')).toBe('100 g smör');
    expect(mendLine('2O0 g socker')).toBe('200 g socker');
    expect(mendLine('| msk olja')).toBe('1 msk olja');
  });
  it('leaves a letter that is not before a unit', () => {
    expect(mendLine('I en skål')).toBe('I en skål');
    expect(mendLine('lägg i formen')).toBe('lägg i formen');
    expect(mendLine('O g')).toBe('O g');
  });
  it('reads "a la" and "á la" before a word as "à la", and leaves "a" elsewhere', () => {
    expect(mendLine('Biff a la Lindström')).toBe('Biff à la Lindström');
    expect(mendLine('Kyckling á la king')).toBe('Kyckling à la king');
    expect(mendLine('Pytt a la')).toBe('Pytt a la');
    expect(mendLine('Plan a lagom')).toBe('Plan a lagom');
    expect(mendLine('Salsa la Bamba')).toBe('Salsa la Bamba');
  });
  it('reads "créme" (no word) as "crème", and leaves other words with an acute accent', () => {
    expect(mendLine('1 dl créme fraiche')).toBe('1 dl crème fraiche');
    expect(mendLine('Créme brûlée')).toBe('Crème brûlée');
    expect(mendLine('2 dl creme fraiche')).toBe('2 dl creme fraiche'); // a spelling people use: not a slip
    expect(mendLine('1 st idé')).toBe('1 st idé');
  });

  it('reads "då" after an amount at the line\'s start, before a word in lower case, as "dl"', () => {
    expect(mendLine('2 då filmjölk')).toBe('2 dl filmjölk');
    expect(mendLine('1 ½ då havregryn')).toBe('1 ½ dl havregryn');
    expect(mendLine('½ då grädde')).toBe('½ dl grädde');
    expect(mendLine('1,5 då mjölk')).toBe('1,5 dl mjölk');
    // Mended first, then the "72" that is "½" before it (a measure now).
    expect(mendLine('72 då vatten')).toBe('½ dl vatten');
  });
  it('leaves "då" where a sentence can mean it', () => {
    expect(mendLine('Rör om då och då')).toBe('Rör om då och då');
    expect(mendLine('2 då det kokar')).toBe('2 då det kokar');
    expect(mendLine('Grädda 20 minuter, då är den klar')).toBe('Grädda 20 minuter, då är den klar');
    expect(mendLine('3 då Kalle kommer')).toBe('3 då Kalle kommer');
  });

  it('drops a mark read as a letter before a line\'s first word: a stroke as "I", "l" or "|", a doubled first letter', () => {
    expect(mendLine('IKorvstroganoff')).toBe('Korvstroganoff');
    expect(mendLine('wWallenbergare')).toBe('Wallenbergare');
    expect(mendLine('|Pannkakor med sylt')).toBe('Pannkakor med sylt');
    expect(mendLine('lBlanda mjölet')).toBe('Blanda mjölet');
  });

  it('keeps a first word that can be meant: capitals only, a small letter before a brand, a word in lower case', () => {
    expect(mendLine('IKEA-köttbullar')).toBe('IKEA-köttbullar');
    expect(mendLine('ICA-kassens lasagne')).toBe('ICA-kassens lasagne');
    expect(mendLine('iPhone-vänlig kaka')).toBe('iPhone-vänlig kaka');
    expect(mendLine('Ingredienser')).toBe('Ingredienser');
    expect(mendLine('I Sverige äter vi')).toBe('I Sverige äter vi');
    expect(mendLine('aBc')).toBe('aBc');
  });

  it('mends a long dash in a range and a degree read as "o"', () => {
    expect(mendLine('2–3 dl vatten')).toBe('2-3 dl vatten');
    expect(mendLine('Grädda i 200oC')).toBe('Grädda i 200 °C');
  });
});

describe('mendOcrText', () => {
  it('joins a word broken across lines', () => {
    expect(mendOcrText('Smörj en ugns-\nform och häll i smeten.')).toBe('Smörj en ugnsform\noch häll i smeten.');
    expect(mendOcrText('en ugns-\nform')).toBe('en ugnsform');
  });
  it("keeps a compound's hanging hyphen", () => {
    expect(mendOcrText('salt-\noch pepparkakor')).toBe('salt-\noch pepparkakor');
  });
  it('keeps blank lines and tidies spaces', () => {
    expect(mendOcrText('Kanelbullar\n\n  4   portioner \r\n')).toBe('Kanelbullar\n\n4 portioner\n');
  });
});
