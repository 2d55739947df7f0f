// An imported ingredient's name and note as the form accepts them (docs/decisions/052-import-measures.md): only
// ALLOWED_CHARACTERS (what a page writes otherwise is replaced readably or dropped), a name of at most 34 characters
// and a note of at most 100. Bracketed text is the note's; a name still too long gives what follows its first comma
// to the note, and is cut at a word boundary only when even that is not enough: words move, they are not lost. Linear scans only: this
// runs on whatever a page holds.
import { MAX_INGREDIENT_NAME, MAX_INGREDIENT_NOTE } from '../../src/lib/recipe-schema.ts';
import { ALLOWED_CHARACTERS, characterCount } from '../../src/lib/text-rules.ts';
import { FRACTIONS } from '../../src/lib/quantity-format.ts';

// Characters the form refuses, as text it accepts. The fraction glyphs other than ½ become '1/4' (after a digit,
// '1¼' is '1 1/4'); marks of trade are dropped, not spelt out ('Oreo™' is 'Oreo').
/** The fraction glyphs the form refuses (all but ½) as the digits they stand for ('1¼' is written '1 1/4'). */
export const FRACTION_TEXT: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(FRACTIONS).flatMap(([glyph, [n, d]]) => (glyph === '½' ? [] : [[glyph, `${n}/${d}`]])),
);

const REPLACEMENTS: Readonly<Record<string, string>> = {
  ...FRACTION_TEXT,
  '+': ' plus ',
  '~': 'ca ',
  '≈': 'ca ',
  '±': 'ca ',
  '×': 'x',
  '⁄': '/',
  '’': "'",
  '‘': "'",
  '‚': "'",
  '′': "'",
  '‹': "'",
  '›': "'",
  '“': '"',
  '”': '"',
  '„': '"',
  '″': '"',
  '«': '"',
  '»': '"',
  '…': '...',
  '‐': '-',
  '‑': '-',
  '‒': '-',
  '−': '-',
  '®': '',
  '™': '',
  '©': '',
  '℠': '',
};

const isAllowed = (text: string) => ALLOWED_CHARACTERS.test(text);

/** The text with every character the form refuses replaced readably or dropped, whitespace as single spaces. */
export function inFormCharacters(input: string): string {
  let text = input.normalize('NFC');
  if (!isAllowed(text) || text.includes('  ')) {
    let out = '';
    let previous = '';
    for (const char of text) {
      let next = REPLACEMENTS[char];
      if (next === undefined) {
        if (/\s/u.test(char)) next = ' ';
        else if (isAllowed(char)) next = char;
        else {
          // Compatibility forms ('ﬁ', full-width letters, '²') have an allowed spelling; emoji and symbols have none.
          const compatible = char.normalize('NFKC');
          next = isAllowed(compatible) ? compatible : '';
        }
      } else if (/^\d\//u.test(next) && /\d/u.test(previous)) next = ` ${next}`;
      out += next;
      previous = char;
    }
    text = out;
  }
  return text.replace(/\s+/gu, ' ').replace(/\( /gu, '(').replace(/ \)/gu, ')').trim();
}

/** The first `count` characters (code points) and the rest. */
function splitAt(text: string, count: number): [string, string] {
  let i = 0;
  for (let n = 0; n < count && i < text.length; n++) i += text.codePointAt(i)! > 0xffff ? 2 : 1;
  return [text.slice(0, i), text.slice(i)];
}

/** The name within 34 characters and the note within 100, the notes given first (the page's own measure). */
export function fitName(name: string, notes: readonly string[] = []): { name: string; note?: string } {
  let main = tidy(name);
  const moved: string[] = [];
  // A bracket is a note by how it is written ("(à 0,5 g)", "(tightly packed)"), whatever the name's length.
  const outside = takeBrackets(main, moved);
  if (outside !== '') main = outside;
  else moved.length = 0;
  if (characterCount(main) > MAX_INGREDIENT_NAME) {
    const at = firstSeparator(main);
    if (at > 0) {
      moved.push(main.slice(at + 1));
      main = tidy(main.slice(0, at));
    }
  }
  if (characterCount(main) > MAX_INGREDIENT_NAME) {
    // "pure vanilla extract or vanilla bean paste": an alternative or a use is where a name ends.
    const at = lastBreak(main);
    if (at > 0) {
      moved.unshift(main.slice(at));
      main = tidy(main.slice(0, at));
    }
  }
  if (characterCount(main) > MAX_INGREDIENT_NAME) {
    const [within] = splitAt(main, MAX_INGREDIENT_NAME + 1);
    const space = within.lastIndexOf(' ');
    const [kept, rest] = space > 0 ? [main.slice(0, space), main.slice(space)] : splitAt(main, MAX_INGREDIENT_NAME);
    moved.unshift(rest);
    main = tidy(kept);
  }
  const note = shortNote(
    [...notes, ...moved]
      .map(tidy)
      .filter((part) => part !== '')
      .join(', '),
  );
  return note === '' ? { name: main } : { name: main, note };
}

/** The text outside brackets that do not open inside a word ('salt (gärna flingsalt)', not 'citron(er)'); the inside to `moved`. */
function takeBrackets(text: string, moved: string[]): string {
  let outside = '';
  let inside = '';
  let depth = 0;
  let previous = ' ';
  for (const char of text) {
    if ((char === '(' || char === '[') && (depth > 0 || !/[\p{L}\p{N}]/u.test(previous))) {
      if (depth > 0) inside += char;
      depth++;
    } else if ((char === ')' || char === ']') && depth > 0) {
      depth--;
      if (depth === 0) {
        moved.push(inside);
        inside = '';
      } else inside += char;
    } else if (depth > 0) inside += char;
    else outside += char;
    previous = char;
  }
  if (inside !== '') moved.push(inside); // a bracket the page never closed
  return tidy(outside);
}

/** Where the name's first comma, semicolon or spaced dash is; -1 when there is none. */
function firstSeparator(text: string): number {
  // A separator after a word: "13.5 – ounce can" is one measure, not a name and its note.
  const found = [text.indexOf(','), text.indexOf(';'), text.indexOf(' - '), text.indexOf(' – ')].filter(
    (i) => i > 0 && /\p{L}/u.test(text.slice(0, i)),
  );
  return found.length === 0 ? -1 : Math.min(...found);
}

// Words that start an alternative or a use ("or rigatoni", "such as mahi", "for garnish", "till servering").
const BREAKS = [' or ', ' eller ', ' oder ', ' ou ', ' o ', ' such as ', ' t.ex. ', ' for ', ' till ', ' zum '];
// A head shorter than this is an adjective, not a name ("Chicken or vegetable bouillon"): cut by words instead.
const MIN_HEAD = 12;

/** Where the last break word that leaves a name of 12 to 34 characters starts; -1 when there is none. */
function lastBreak(text: string): number {
  const [within] = splitAt(text, MAX_INGREDIENT_NAME + 1);
  let best = -1;
  for (const word of BREAKS) {
    const at = within.toLowerCase().lastIndexOf(word);
    if (at >= MIN_HEAD && at > best) best = at;
  }
  return best;
}

/** Single spaces, no space before a comma, no punctuation left dangling at either end. */
function tidy(text: string): string {
  const single = text.replace(/\s+/gu, ' ').replace(/ ([,;:])/gu, '$1');
  let start = 0;
  let end = single.length;
  while (start < end && DANGLING.has(single[start]!)) start++;
  while (end > start && DANGLING.has(single[end - 1]!)) end--;
  return single.slice(start, end);
}
// A scan, not /[,;]+$/: that pattern is quadratic on a long run of commas.
const DANGLING = new Set([' ', ',', ';', ':', '-', '–']);

/** A note over 100 characters ends at a word boundary with '...': all a note can hold. */
function shortNote(text: string): string {
  if (characterCount(text) <= MAX_INGREDIENT_NOTE) return text;
  const [within] = splitAt(text, MAX_INGREDIENT_NOTE - 3);
  const space = within.lastIndexOf(' ');
  return `${tidy(space > 0 ? within.slice(0, space) : within)}...`;
}
