// One ingredient line of an imported recipe ("2 dl vetemjöl", "1 cup flour", "2 EL Olivenöl") as an ingredient the
// form accepts: a quantity in our units where the line gives an amount, a name of at most 34 allowed characters,
// and a note holding what the name and our units cannot (docs/decisions/052-import-measures.md, which replaces
// 025's "only exact units"). US and imperial measures are converted and rounded to a Swedish kitchen amount with the
// page's own measure in the note; a count before any other word ('burk', 'cans') is pieces, the word starting the
// name. Linear: anchored patterns and scans only, as the line comes from any page.
import type { ImportedRecipe } from '../../src/lib/recipe-schema.ts';
import type { UnitKey } from '../../src/lib/units.ts';
import { AMOUNT_SOURCE, parseAmount } from '../../src/lib/quantity-format.ts';
import { fitName, inFormCharacters } from './ingredient-name.ts';
import { MAX_INGREDIENT_NAME, MAX_INGREDIENT_NOTE } from '../../src/lib/recipe-schema.ts';
import { inKitchenRange, measureOf, swedishAmount, type Measure } from './measures.ts';

/** An ingredient of the draft: the recipe's own ingredient type. */
export type ImportedIngredient = ImportedRecipe['ingredients'][number];

// "1½", "1 ½", "2 1/2", "1/2", "½", "1,5", "0.5", "3", followed by a space, a letter, a bracket, a dash or the end.
const AMOUNT = new RegExp(`^(?:${AMOUNT_SOURCE})(?=[\\s\\p{L}(\\-–—/]|$)`, 'u');
// The second amount of a range: "-3", " – 3", " to 3", " till 3", " bis 3", " à 3", " or 3".
const RANGE = new RegExp(
  `^(?:\\s?[-–—]\\s?|\\s(?:to|till|bis|à|a|or|eller|o|ou|oder|tot|ó)\\s)(${AMOUNT_SOURCE})(?=[\\s\\p{L}(]|$)`,
  'iu',
);
// Amounts in words: numbers, and articles when a measure follows ("en nypa salt", "a pinch of salt").
const NUMBER_WORDS: Readonly<Record<string, number>> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  twelve: 12,
  två: 2,
  tre: 3,
  fyra: 4,
  fem: 5,
  zwei: 2,
  drei: 3,
  twee: 2,
  drie: 3,
  deux: 2,
  trois: 3,
  dos: 2,
  due: 2,
};
const ARTICLES = new Set('a an en ett et ein eine einen een un une una uno'.split(' '));
// Words before an amount that say it is approximate ("ca 2 dl", "about 1 cup").
const APPROXIMATE = new Set(
  'ca c:a cirka circa ungefär ung about approx approximately around environ etwa ongeveer cerca aprox'.split(' '),
);
// "1 level tbsp" is a tablespoon; "1 heaped tbsp" is a little more, said in the note.
const LEVEL = new Set(['level', 'struken', 'strukna', 'struket', 'rasa', 'rase', 'gestrichen', 'gestrichener']);
const HEAPED = new Set(['heaped', 'heaping', 'rounded', 'rågad', 'rågade', 'rågat', 'generous', 'gehäuft', 'colma']);
// After a measure: "2 tbsp of oil", "2 c. à soupe de sucre", "30 cl d'huile", "1 cucchiaio di olio"; before one,
// with English's article too: "¼ of a cup sugar".
const LINKING = /^(?:of(?:\s+an?)?|de|di|du|des|del|da)\s|^d['’]/iu;
// Swedish package words that stand for one when a line starts with them ("pkt saffran (à 0,5 g)").
const PACKAGES = new Set('pkt paket förp förpackning burk påse ask tub knippe kruka klyfta bit'.split(' '));
// "14 oz can tomatoes": the size of a package, which goes to the note with the measure ("14 oz can").
const SIZED = new Set(
  'can cans tin tins jar jars package packages packet packets box boxes bag bags container containers carton cartons bottle bottles block blocks'.split(
    ' ',
  ),
);

/** "2 dl vetemjöl" -> 2 dl "vetemjöl"; "1 cup flour" -> 2.4 dl "flour", note "1 cup"; "Salt" -> the name only. */
export function parseIngredientLine(line: string): ImportedIngredient {
  const text = line
    .normalize('NFC')
    .replace(/\s+/gu, ' ')
    .replace(/^[•▪·*\-–] /u, '')
    .trim();
  const read = withAmount(text) ?? withoutAmount(text) ?? trailingAmount(text) ?? fitName(inFormCharacters(text));
  // A line of punctuation alone (",") keeps it: the name is never empty while the line has an allowed character.
  return read.name === '' ? { name: inFormCharacters(text).slice(0, MAX_INGREDIENT_NAME) } : read;
}

/**
 * A line that starts with an amount ("2-3 dl grädde", "One 15-ounce can beans"); undefined for any other. Read in
 * three steps, each answering once: the amount (leadAmount), the measure after it (measureAfter), and the amount in
 * our units with what is left for the name (inOurUnits).
 */
function withAmount(text: string): ImportedIngredient | undefined {
  const lead = leadAmount(text);
  if (!lead) return undefined;
  const measure = measureAfter(text, lead.end);
  if (lead.asWritten) return keptAsWritten(text, lead.start, measure.rest);
  const ours = inOurUnits(text, lead, measure);
  if (!inKitchenRange(ours.amount)) return keptAsWritten(text, lead.start, ours.rest);
  // The page's measure goes to the note where ours says less: converted, the larger of a range, or heaped.
  const written = ours.amount.converted || lead.ranged || measure.heaped ? [ours.written] : [];
  const fitted = fitName(inFormCharacters(ours.rest), [...written, ...measure.notes].map(inFormCharacters));
  if (fitted.name === '') return undefined;
  return { ...fitted, quantity: { value: ours.amount.value, unit: ours.amount.unit } };
}

/**
 * The amount a line starts with, from `start` (after "ca") to `end` (after a range's second amount). `asWritten`:
 * "-5 cups", "1e5 cups" are read as amounts, but no kitchen measures them; they stay as written (keptAsWritten).
 */
type LeadAmount = { start: number; end: number; value: number; ranged: boolean; asWritten: boolean };

function leadAmount(text: string): LeadAmount | undefined {
  const start = skipApproximate(text);
  const negative = /^[-−]\d/u.test(text.slice(start, start + 2));
  const first = leadingAmount(text, negative ? start + 1 : start);
  if (!first) return undefined;
  const exponent = /^[eE][-+]?\d{1,6}/u.exec(text.slice(first.end, first.end + 8))?.[0] ?? '';
  const range = RANGE.exec(text.slice(first.end + exponent.length));
  const { value, ranged } = rangedValue(first.value, range);
  if (!(value > 0)) return undefined;
  const end = first.end + exponent.length + (range?.[0].length ?? 0);
  return { start, end, value, ranged, asWritten: negative || exponent !== '' || !Number.isFinite(value) };
}

/** "1-1/2 cups" is the US way to write 1 ½; "2-3 dl" and "2 - 2 1/2 dl" are ranges: the larger is kept. */
function rangedValue(value: number, range: RegExpExecArray | null): { value: number; ranged: boolean } {
  const upper = range ? parseAmount(range[1]!) : undefined;
  if (range && upper !== undefined && upper < 1 && /^-\d+\/\d+$/u.test(range[0]) && Number.isInteger(value))
    return { value: value + upper, ranged: false };
  return upper !== undefined && upper > value ? { value: upper, ranged: true } : { value, ranged: false };
}

/**
 * What follows the amount: from `at` (after a linking word, a package size in brackets and "2 x"), the measure
 * (`measure`, its words ending at `end`; none at `at`), whether it is heaped, the package size (`notes`), and the
 * `rest` after it.
 */
type MeasureRead = { at: number; measure?: Measure; end: number; heaped: boolean; notes: string[]; rest: string };

function measureAfter(text: string, amountEnd: number): MeasureRead {
  const { at, notes } = beforeMeasure(text, amountEnd);
  const all = wordsAt(text, at);
  // "1 level tbsp", "1 heaped tbsp": a word before the measure that only qualifies it.
  const qualifier = all[0] && (LEVEL.has(all[0].key) || HEAPED.has(all[0].key)) && measureOf(keys(all.slice(1)));
  const words = qualifier ? all.slice(1) : all;
  const heaped = qualifier ? HEAPED.has(all[0]!.key) : false;
  const found = measureOf(keys(words)) ?? usLetter(text, words[0]);
  const last = found ? words[found.words - 1]!.end : at;
  // "1 C-vitamintablett", "2 L-glutamin": a letter joined to a word by a hyphen is not a measure.
  if (!found || text[last] === '-') return { at, end: at, heaped, notes, rest: text.slice(at) };
  // "1 colher (sopa) de sal": the bracket closes inside the measure.
  const end = text[last] === ')' && text.slice(at, last).includes('(') ? last + 1 : last;
  return {
    at,
    measure: found.measure,
    end,
    heaped,
    notes,
    rest: text.slice(skipSpaces(text, end)).replace(LINKING, ''),
  };
}

/** Where a measure may start after the amount, and a package size passed on the way (kept as the note). */
function beforeMeasure(text: string, amountEnd: number): { at: number; notes: string[] } {
  let at = skipSpaces(text, amountEnd);
  // "1/4 de cucharadita de sal", "¼ of a cup": the linking word before a measure belongs to it.
  const linking = LINKING.exec(text.slice(at, at + 6));
  if (linking && measureOf(keys(wordsAt(text, at + linking[0].length)))) at += linking[0].length;
  // "1 (14.5 ounce) can tomatoes", "2 (8 oz) packages cream cheese": a package's size.
  const close = text[at] === '(' ? text.indexOf(')', at) : -1;
  const notes = close > at ? [text.slice(at + 1, close)] : [];
  if (close > at) at = skipSpaces(text, close + 1);
  // "2 x 400g cans tomatoes": two of what follows.
  return { at: /^[x×] /iu.test(text.slice(at, at + 2)) ? at + 2 : at, notes };
}

/**
 * The amount in one of our units, what is left for the name (`rest`), and the amount and measure as the page wrote
 * them (`written`, for the note).
 */
function inOurUnits(
  text: string,
  lead: LeadAmount,
  read: MeasureRead,
): { amount: { value: number; unit: UnitKey; converted: boolean }; rest: string; written: string } {
  const swedish = read.measure && swedishAmount(lead.value, read.measure, read.rest);
  // No measure, or one that is not one here (a cinnamon stick): a count of what the rest names.
  if (!read.measure || !swedish) {
    const amount = { value: lead.value, unit: 'PIECES' as const, converted: false };
    return { amount, rest: text.slice(read.at), written: inFormCharacters(text.slice(lead.start, lead.end)) };
  }
  const written = inFormCharacters(text.slice(lead.start, read.end));
  // "140g/5oz flour", "227g (1 cup) butter": the same amount in other measures, dropped.
  if (!swedish.converted || 'metric' in read.measure)
    return { amount: swedish, rest: read.rest.slice(alternativeLength(read.rest)).trimStart(), written };
  // "¼ cup (30 g) cocoa", "12 ounces 340g squash": the page's own metric amount beats a conversion.
  const metric = metricAlternative(read.rest);
  const amount = metric ? { ...metric.amount, converted: true } : swedish;
  const rest = metric ? read.rest.slice(metric.length).trimStart() : read.rest;
  // "14 oz can tomatoes": the package word goes to the note with its size.
  const sized = wordsAt(rest, 0)[0];
  if (!sized || !SIZED.has(sized.key)) return { amount, rest, written };
  return { amount, rest: rest.slice(sized.end).trimStart(), written: `${written} ${rest.slice(0, sized.end)}` };
}

/**
 * A line whose amount no kitchen measures (a negative one, one in exponent notation, more than 100 l or 100 kg:
 * measures.ts `inKitchenRange`): the amount and measure as the page wrote them go first in the note, and there is no
 * quantity, so nothing absurd is stored and nothing the page said is lost. `rest` is the line after them (a package
 * size in brackets, "-2 (14 oz) cans", is in what was written).
 */
function keptAsWritten(text: string, start: number, rest: string): ImportedIngredient | undefined {
  const fitted = fitName(inFormCharacters(rest));
  if (fitted.name === '') return undefined;
  // Put first here, not through fitName, which trims a note's leading dash: the sign of "-5 cups" is what it says.
  const note = [
    ...[inFormCharacters(text.slice(start, text.length - rest.length).trim()), fitted.note ?? '']
      .filter(Boolean)
      .join(', '),
  ];
  const cut = note.length > MAX_INGREDIENT_NOTE ? [...note.slice(0, MAX_INGREDIENT_NOTE - 3), '...'] : note;
  return { name: fitted.name, note: cut.join('') };
}

/** The amount at `at`: digits and fractions, a number word, or an article before a measure. */
function leadingAmount(text: string, at: number): { value: number; end: number } | undefined {
  const digits = AMOUNT.exec(text.slice(at));
  if (digits) {
    const value = parseAmount(digits[0]);
    if (value === undefined) return undefined;
    const end = at + digits[0].length;
    // "1 and 1/2 cups": a mixed number in words.
    const fraction = /^ and (\d+\/\d+|[½¼¾⅓⅔⅛])(?=\s)/u.exec(text.slice(end, end + 16));
    const part = fraction ? parseAmount(fraction[1]!) : undefined;
    if (fraction && part !== undefined && part < 1 && Number.isInteger(value)) {
      return { value: value + part, end: end + fraction[0].length };
    }
    return { value, end };
  }
  const word = wordsAt(text, at)[0];
  if (!word || text[word.end] !== ' ') return undefined;
  const number = NUMBER_WORDS[word.key];
  if (number !== undefined) return { value: number, end: word.end };
  if (ARTICLES.has(word.key) && measureOf(keys(wordsAt(text, word.end)))) return { value: 1, end: word.end };
  return undefined;
}

/** A line without an amount: "pkt saffran" is one package, "nypa salt" a pinch; others stay text (undefined). */
function withoutAmount(text: string): ImportedIngredient | undefined {
  const words = wordsAt(text, 0);
  const first = words[0];
  if (!first || !words[1]) return undefined;
  const measure = measureOf([first.key]);
  if (measure?.measure.kind === 'unit' && measure.measure.unit === 'PINCH') {
    const name = fitName(inFormCharacters(text.slice(first.end).trimStart().replace(LINKING, '')));
    return name.name === '' ? undefined : { ...name, quantity: { value: 1, unit: 'PINCH' } };
  }
  if (PACKAGES.has(first.key)) return { ...fitName(inFormCharacters(text)), quantity: { value: 1, unit: 'PIECES' } };
  return undefined;
}

/** "Polohrubá múka: 500 g", "Riz - 250 grammes": the amount at the end, read as if it came first. */
function trailingAmount(text: string): ImportedIngredient | undefined {
  const colon = text.lastIndexOf(': ');
  const dash = Math.max(text.lastIndexOf(' - '), text.lastIndexOf(' – '));
  const at = Math.max(colon, dash);
  if (at <= 0) return undefined;
  const head = text.slice(0, at).trim();
  const tail = text.slice(at + (at === colon ? 2 : 3)).trim();
  const amount = AMOUNT.exec(tail);
  if (!amount || head === '') return undefined;
  const measure = measureAt(tail);
  const end = measure ? measure.end : amount[0].length;
  if (!/^\.?$/u.test(tail.slice(end).trim())) return undefined;
  return withAmount(`${tail.slice(0, end)} ${head}`);
}

type Word = { key: string; end: number };
const LETTERS = /\p{L}+/uy;

/**
 * The words (letters only) at `from`, up to 4, lower case, each with the index after it and its dot: "c. à soupe de"
 * is c, à, soupe, de; "fl.oz." is fl, oz; "colher (sopa)" is colher, sopa. Stops at any other character.
 */
function wordsAt(text: string, from: number): Word[] {
  const words: Word[] = [];
  let i = from;
  while (words.length < 4 && i < text.length) {
    while (text[i] === ' ' || (words.length > 0 && (text[i] === '(' || text[i] === ')'))) i++;
    LETTERS.lastIndex = i;
    const word = LETTERS.exec(text)?.[0] ?? '';
    if (word === '') break;
    i += word.length;
    if (text[i] === '.') i++;
    // "pièce(s)", "Zehe(n)": a plural ending in brackets belongs to the word.
    else if (text[i] === '(' && /^\(\p{L}{1,3}\)/u.test(text.slice(i, i + 5))) i = text.indexOf(')', i) + 1;
    // Lower case, but the US 'T' (tablespoon) and 't' (teaspoon) keep theirs.
    words.push({ key: word === 'T' ? 'T' : word.toLowerCase(), end: i });
    if (text[i] !== ' ' && text[i] !== '(' && text[i] !== ')' && !/\p{L}/u.test(text[i] ?? '')) break;
  }
  return words;
}

const keys = (words: readonly Word[]) => words.map((w) => w.key);

// The US cookbook letters: 'T' a tablespoon, 't' a teaspoon ("2 T butter", not "2 T-bone steaks").
function usLetter(text: string, word: Word | undefined): { measure: Measure; words: number } | undefined {
  if (text[word?.end ?? 0] !== ' ') return undefined;
  if (word?.key === 'T') return { measure: { kind: 'unit', unit: 'TABLESPOON' }, words: 1 };
  if (word?.key === 't') return { measure: { kind: 'unit', unit: 'TEASPOON' }, words: 1 };
  return undefined;
}

function skipSpaces(text: string, at: number): number {
  while (text[at] === ' ') at++;
  return at;
}

function skipApproximate(text: string): number {
  const word = wordsAt(text, 0)[0];
  return word && APPROXIMATE.has(word.key) && /^ [\d½¼¾⅓⅔]/u.test(text.slice(word.end, word.end + 2))
    ? word.end + 1
    : 0;
}

/** An amount and a measure at the start of `text` ("30 g", "1 cup"), with the index after the measure. */
function measureAt(text: string): { value: number; measure: Measure; end: number } | undefined {
  const at = skipApproximate(text);
  const amount = AMOUNT.exec(text.slice(at));
  const value = amount ? parseAmount(amount[0]) : undefined;
  if (!amount || value === undefined) return undefined;
  const words = wordsAt(text, at + amount[0].length);
  const found = measureOf(keys(words));
  return found ? { value, measure: found.measure, end: words[found.words - 1]!.end } : undefined;
}

const METRIC: ReadonlySet<UnitKey> = new Set(['GRAM', 'KILOGRAM', 'MILLILITER', 'DECILITER', 'LITER']);

/** "(30 g)", "/ 400 ml", "340g" at the start of the rest: the metric amount and how many characters it takes. */
function metricAlternative(rest: string): { amount: { value: number; unit: UnitKey }; length: number } | undefined {
  const opening = /^[(/]\s?/u.exec(rest)?.[0] ?? '';
  const found = measureAt(rest.slice(opening.length));
  if (!found) return undefined;
  const metric = found.measure.kind === 'unit' && METRIC.has(found.measure.unit);
  const centilitres = found.measure.kind === 'volume' && found.measure.metric === true;
  if (!metric && !centilitres) return undefined;
  let length = opening.length + found.end;
  if (opening.startsWith('(')) {
    if (rest[length] !== ')') return undefined;
    length++;
  }
  const amount = swedishAmount(found.value, found.measure, '')!;
  return { amount: { value: amount.value, unit: amount.unit }, length };
}

/** How long a measure in other units right after ours is: "/5oz", "(1 cup)", "/ 1 cup", "2 ½ cups"; else 0. */
function alternativeLength(rest: string): number {
  const opening = /^[(/]\s?/u.exec(rest)?.[0] ?? '';
  const found = measureAt(rest.slice(opening.length));
  // Without a bracket or slash only a US measure is a twin ("625 ml 2 ½ cups"): "1 tbsp 2 tsp" is two amounts.
  if (!found || (opening === '' && (found.measure.kind === 'unit' || 'metric' in found.measure))) return 0;
  const end = opening.length + found.end;
  if (!opening.startsWith('(')) return end;
  return rest[end] === ')' ? end + 1 : 0;
}
