// Which words of a line are an ingredient's amount, to be looked at again (read-pages.ts rereadAmounts): small
// print's fraction glyphs are Tesseract's worst slip on a recipe ("1 ½" read as "122", "124" or "17/4", "¼" as
// "24", "¾" as "-"). The amount's ink is then searched for a fraction's shape (fraction-glyphs.ts); the text of a
// line is never guessed at here.

/** The units an amount stands before (as in mend-ocr-text.ts): what follows the amount's words. */
const UNIT = /^(?:dl|cl|ml|l|msk|tsk|krm|g|kg|hg|st|förp|paket|burk|påse|klyfta|klyftor|skivor|nypa|kvist)\.?$/iu;
/** After an amount, "då" is "dl" misread (mend-ocr-text.ts mends it): the amount before it is looked at too. */
const UNIT_AFTER_AMOUNT = (word: string) => UNIT.test(word) || word === 'då';
/**
 * A word that may be an amount as Tesseract misreads it: digits, a fraction glyph or slash, "V2" for "½", or a
 * mark alone where a small glyph was ("-" or "~" for "¼"): only its ink decides, so a mark that is none stays.
 */
const AMOUNT_LIKE = /^(?:[\d½¼¾⅓⅔/.,–-]*\d[\d½¼¾⅓⅔/.,–-]*|[½¼¾⅓⅔]|[Vv][24]|[lI|][½¼¾]?|[-–—~'‘’"“”.,:;*°]{1,2})$/u;

/**
 * How many words at the line's start are its amount: one or two amount-like words right before a unit ("1 ½ dl",
 * "122 dl", "3 msk"); 0 when the line does not start so (a step, a heading, an amount with no unit, "2 ägg").
 */
export function amountWords(words: string[]): number {
  for (const count of [1, 2]) {
    const unit = words[count];
    if (unit === undefined || !UNIT_AFTER_AMOUNT(unit)) continue;
    const amount = words.slice(0, count);
    // Before "då" only a written amount counts: "Gå då vidare" and "Vi är då klara" are sentences, not "dl".
    if (unit === 'då' && !amount.every((w) => /[\d½¼¾⅓⅔]/u.test(w))) continue;
    // Read with its glyph already ("1 ½", "¾"): kept. Digits alone are looked at ("2" may be a "½" misread).
    if (/^\d{0,2} ?[½¼¾]$/u.test(amount.join(' '))) return 0;
    // A word of one or two characters of any kind ("ya" for "¼", "il" for "1"): only the amount's ink decides.
    if (amount.every((w) => AMOUNT_LIKE.test(w) || [...w].length <= 2)) return count;
  }
  return 0;
}

/** A line that starts with its unit ("tsk kardemumma"): its amount, a small glyph, was not read at all. */
export function startsWithUnit(words: string[]): boolean {
  return words.length >= 2 && UNIT.test(words[0]!) && /^\p{L}/u.test(words[1]!);
}
