// Tesseract's typical slips on a printed Swedish recipe, mended before the plain-text reader sorts the lines
// (server/drafts/plain-text.ts). Only where the meaning is certain: a slip that could be a real word stays, since the
// editor checks the draft beside the photo and a wrong "fix" is worse than a visible slip.

// The units an amount stands before (Swedish kitchen measures and the metric ones); "1" read as "l" or "I" is only
// mended in front of one of these, where a letter cannot be meant ("l dl" is no Swedish).
const UNITS =
  'dl|cl|ml|l|liter|msk|tsk|krm|g|gram|kg|hg|st|stycken|förp|paket|pkt|burk|burkar|påse|klyfta|klyftor|skiva|skivor|nypa|kvist|kvistar|knippe|cm|port';
const UNIT_AFTER = `(?=\\s*(?:${UNITS})\\b)`;

// A fraction's slash read as a letter: "V2" (½ in most fonts), "V4", "3A" is not certain and stays.
const FRACTIONS: [RegExp, string][] = [
  [/(^|[\s(])[Vv]2(?=$|[\s)])/gu, '$1½'],
  [/(^|[\s(])[Vv]4(?=$|[\s)])/gu, '$1¼'],
];
// "½" and "¼" read as "72" and "74" (the glyph's slash taken for a 7), alone or after a whole number ("172",
// "1 72" for "1 ½"), before a spoon or litre measure: 72 dl or 172 tsk is in no home recipe, so the meaning is
// certain there. Before grams or pieces ("72 g") it could be meant and stays.
const GLYPH_AS_SEVEN = /(^|[\s(])(\d?)\s?7([24])(?=\s*(?:dl|cl|l|msk|tsk|krm)\b)/giu;
// An amount of digits with "l", "I" or "|" for 1 and "O" for 0 ("l dl", "l00 g", "2O0 g"), before a unit.
const AMOUNT_SLIP = new RegExp(`(^|[\\s(])((?=[0-9lI|O]*[0-9lI|])[0-9lI|O]{1,4})${UNIT_AFTER}`, 'gu');
// "dl" read as "då" (a thin "l" softened into "å"): at the line's start an amount, "då", then a word in lower case
// that is no word a sentence goes on with after "då" ("2 då det"): "då" after an amount is no Swedish, a measure is.
const DL_AS_DA =
  /^((?:\d+(?:[.,]\d+)?(?: ?[-–] ?\d+)?(?: ?[½¼¾⅓⅔])?|[½¼¾⅓⅔])) då (?!(?:jag|du|han|hon|den|det|vi|ni|de|man|är|var|blir|blev|kan|ska|skall|har|hade|får|fick|bör|måste|och|så|även|också|inte)(?:\s|$))(?=\p{Ll}{2})/u;
// A mark before a line's first word read as a letter: the page's edge or a speck as "I", "l" or "|" ("IKorvstroganoff"),
// or the first letter doubled in the other case ("wWallenbergare"). No Swedish word starts with one of these and
// then a capital followed by small letters; capitals only ("IKEA", "ICA-kassen") and "iPhone" stay.
const STRAY_START = /^(?:[Il|]|(\p{L}))(?=(\p{Lu})\p{Ll}{2})/u;
// Words that follow a compound's hanging hyphen ("salt- och pepparkakor"): the hyphen is the author's, not a break.
export const HANGING = /^(?:och|eller|samt|resp|respektive|som|till)\b/u;

/** The text read from one or more pages, mended line by line; blank lines (paragraphs) are kept. */
export function mendOcrText(text: string): string {
  const lines = text.replace(/\r\n?/gu, '\n').split('\n');
  const joined: string[] = [];
  for (const raw of lines) {
    const line = raw.replace(/[ \t]+/gu, ' ').trim();
    const previous = joined.at(-1);
    // A word broken at the line's end ("ugns-" / "form", "¬" from some fonts): one word again.
    if (previous && /\p{Ll}[-¬]$/u.test(previous) && /^\p{Ll}/u.test(line) && !HANGING.test(line)) {
      const [word, ...rest] = line.split(' ');
      joined[joined.length - 1] = previous.slice(0, -1) + word;
      if (rest.length) joined.push(rest.join(' '));
      continue;
    }
    joined.push(line);
  }
  return joined.map(mendLine).join('\n');
}

/** One line: fractions first (so "l V2 dl" is not read as an amount "l" + "V2"), then digits read as letters. */
export function mendLine(line: string): string {
  let text = line
    .replace(STRAY_START, (all, letter: string | undefined, capital: string) =>
      letter === undefined || letter.toUpperCase() === capital ? '' : all,
    )
    // A dash a font draws long in a range of amounts ("2–3 dl"): a hyphen, as the reader expects.
    .replace(/(\d)\s?[–—]\s?(\d)/gu, '$1-$2')
    // A degree sign read as a small "o": "200oC", "200°C" -> "200 °C".
    .replace(/(\d)\s?[o°º]\s?C\b/gu, '$1 °C');
  for (const [pattern, replacement] of FRACTIONS) text = text.replace(pattern, replacement);
  // The grave accent read as an acute one: "créme" is no word in Swedish or French ("crème fraiche", "crème brûlée").
  text = text.replace(/\b([Cc])réme\b/gu, '$1rème');
  // The grave accent of "à la" lost or read as an acute one ("Biff a la Lindström"): "a" and "á" are no Swedish words,
  // and before "la" and a word they are the French "à la" a Swedish recipe borrows.
  text = text.replace(/(^|\s)[aá] (?=la\s+\p{L})/gu, '$1à ');
  text = text.replace(DL_AS_DA, '$1 dl ');
  text = text.replace(
    GLYPH_AS_SEVEN,
    (_all, before: string, whole: string, half: string) =>
      `${before}${whole ? `${whole} ` : ''}${half === '2' ? '½' : '¼'}`,
  );
  return text.replace(AMOUNT_SLIP, (_all, before: string, amount: string) =>
    /^[O]+$/u.test(amount) ? `${before}${amount}` : `${before}${amount.replace(/[lI|]/gu, '1').replace(/O/gu, '0')}`,
  );
}
