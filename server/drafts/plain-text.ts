// A recipe pasted as plain text (issue 37 item 8) -> the same draft a page gives. What people paste comes from
// e-mails, notes, messages and PDFs: a name, perhaps the servings and a time, the ingredient lines (under a heading
// or not, in groups or not, bulleted or not), then the steps. The reader sorts lines by what they read as; nothing
// is dropped except bullets, step numbers and the headings it understands, so what it cannot place lands in the
// steps, where the editor sees it. Runs in the reading worker like the HTML reader (read-recipe.ts).
import type { ReadRecipe } from './recipe-draft.ts';
import { parseIngredientLine } from './ingredient-line.ts';
import { minutesFromText } from '../../src/lib/step-durations.ts';
import { HeadedIngredients, INGREDIENTS_WORDS, STEPS_WORDS } from './headings.ts';

type Ingredient = ReadRecipe['ingredients'][number];

// Headings that open the ingredient list or the steps ("Ingredienser", "Du behöver:", "Gör så här", "Method").
const INGREDIENTS_HEADING = new RegExp(`^(?:${INGREDIENTS_WORDS})\\b[^.!?]{0,20}:?$`, 'iu');
const STEPS_HEADING = new RegExp(`^(?:${STEPS_WORDS})\\b[^.!?]{0,20}:?$`, 'iu');

// A bullet (•, -, *, –, ▪ …) or a step number ("1.", "1)", "Steg 1:", "Step 1 -") in front of a line. A bullet
// glyph is one with or without a space after it; a dash is one only before a space or a letter ("- salt", "-salt"),
// never before a digit: "-5 cups flour" is a negative amount, which the kitchen-range rule keeps as the page wrote
// it (ingredient-line.ts keptAsWritten, issue 52), not "5 cups" with its sign lost.
const BULLET = /^(?:[•·▪◦‣∙●○*]\s*|[–—-](?:\s+|(?=\p{L})))/u;
const STEP_NUMBER = /^(?:(?:steg|step|schritt)\s*\d{1,2}\s*[:.)–-]?|\d{1,2}\s*[.)](?!\d))\s*/iu;
// An amount first: "2 dl", "½ tsk", "1-2", "ca 3", "about 1" (a step number "1." is not one, see STEP_NUMBER).
// A sign before the number ("-5 cups") still makes a line that starts with an amount.
const AMOUNT_FIRST = /^(?:(?:ca\.?|cirka|about|approx\.?)\s)?[-−]?[\d½¼¾⅓⅔⅛]/iu;

// "4 portioner", "4 port.", "För 4 personer", "Serves 4", "Makes 12", "Portioner: 4", "Yield: 4 servings".
const SERVINGS = [
  /^(?:ca\.?\s)?(\d{1,3})(?:\s?[-–]\s?\d{1,3})?\s*(?:portioner|portion|port\.?|personer|pers\.?|servings?|people|persons|portionen|personen|stycken|st|bitar|pieces)$/iu,
  /^(?:för|serves|makes|yield|yields|för ca|till|portioner|servings|portionen|für)\s*:?\s*(?:ca\.?\s)?(\d{1,3})(?:\s?[-–]\s?\d{1,3})?(?:\s+\p{L}+\.?)?$/iu,
];
// "Tid: 30 min", "Total tid ca 1 timme", "Prep time: 15 minutes", "Tillagningstid 45 min", "Cook time: 1 h 10 min".
const TIME =
  /^(tid|total ?tid|totaltid|tillagningstid|total time|time|ready in|förberedelse(?:tid)?|prep(?:aration)? ?time|prep|arbetstid|zubereitungszeit)\s*:?\s*(?:ca\.?\s|cirka\s|about\s)?(.+)$/iu;
const PREP_WORDS = /^(?:förberedelse|prep|arbetstid)/iu;

const MAX_TITLE = 80;

/** A recipe pasted as text, as a draft; null when the text holds neither an ingredient nor a step. */
export function recipeFromText(text: string): ReadRecipe | null {
  const lines = normalisedLines(text);
  const meta: { servings: number | null; prepTime?: number; totalTime?: number } = { servings: null };
  const content = lines.map((line) => (line !== '' && readMeta(line, meta) ? null : line));

  const ingredientsAt = content.findIndex((line) => line !== null && INGREDIENTS_HEADING.test(line));
  const explicit = ingredientsAt !== -1;
  const nameAt = nameIndex(content);
  const name = nameAt === -1 ? '' : unshouted(stripMarks(content[nameAt]!));
  const body = content.map((line, i) => (i === nameAt ? null : line));

  // Where the ingredients start: under their heading, else at the first line that reads as one (and the group
  // heading right above it). What comes before (an introduction, a greeting) goes with the steps, as text.
  const start = explicit ? ingredientsAt + 1 : firstIngredient(body);
  const steps = stepLines(body.slice(0, start));

  const ingredients = new HeadedIngredients<Ingredient>();
  let i = start;
  let inList = explicit;
  for (; i < body.length; i++) {
    const line = body[i];
    if (line === null || line === undefined) continue;
    if (line === '') {
      // Without a heading a list is what follows without a gap (or what has amounts or bullets).
      inList = explicit;
      continue;
    }
    if (STEPS_HEADING.test(line)) {
      i++;
      break;
    }
    if (isGroupHeading(line) && nextReadsAsIngredient(body, i, explicit)) {
      ingredients.startGroup(groupHeading(line));
      continue;
    }
    if (!readsAsIngredient(line, inList)) break;
    ingredients.add(parseIngredientLine(stripBullet(line)));
    inList = true;
  }
  steps.push(...stepLines(body.slice(i)));
  if (ingredients.list.length === 0 && steps.length === 0) return null;

  // A preparation time over the total is dropped by fitDraft, every reader's last step (read-recipe.ts).
  return {
    name,
    servings: meta.servings,
    ingredients: ingredients.list,
    instructions: steps.join('\n'),
    ...(meta.prepTime === undefined ? {} : { prepTime: meta.prepTime }),
    ...(meta.totalTime === undefined ? {} : { totalTime: meta.totalTime }),
  };
}

/**
 * Lines as pasted, tidied: CRLF and CR as LF, no-break and other odd spaces as spaces, invisible characters gone,
 * a word hyphenated across a line break ("ingre-\ndienser") joined. Blank lines are kept ('').
 *
 * The hyphen rule: a lower-case letter, a hyphen at the line's end and a lower-case letter first on the next line is
 * one word split by the line ("potatis-\nmjöl" -> "potatismjöl"), unless the next line starts with the word "och",
 * "eller" or "samt". Then the hyphen is Swedish's shared compound part ("salt- och pepparblandning", "fisk- eller
 * skaldjursfond", "mat- samt dessertvin"): the lines are joined with the hyphen kept and a space after it
 * ("salt- och peppar"), never "saltoch peppar".
 */
function normalisedLines(text: string): string[] {
  return text
    .replace(/\r\n?/gu, '\n')
    .replace(/[\u00AD\u200B-\u200D\u2060\uFEFF]/gu, '')
    .replace(/[\t\u00A0\u2000-\u200A\u202F\u205F\u3000]/gu, ' ')
    .replace(/(\p{Ll})-\n[ ]*(?=(?:och|eller|samt)(?!\p{L}))/gu, '$1- ')
    .replace(/(\p{Ll})-\n[ ]*(\p{Ll})/gu, '$1$2')
    .split('\n')
    .map((line) => line.replace(/ {2,}/gu, ' ').trim());
}

/** Servings and times on a line of their own: read into `meta`, and true (the line is not content). */
function readMeta(line: string, meta: { servings: number | null; prepTime?: number; totalTime?: number }): boolean {
  const plain = stripBullet(line);
  for (const pattern of SERVINGS) {
    const number = pattern.exec(plain)?.[1];
    if (number === undefined) continue;
    const servings = Number(number);
    if (meta.servings === null && servings >= 1 && servings <= 100) meta.servings = servings;
    return true;
  }
  const time = TIME.exec(plain);
  const minutes = time ? minutesFromText(time[2], { whole: true }) : undefined;
  if (!time || minutes === undefined) return false;
  if (PREP_WORDS.test(time[1]!)) meta.prepTime ??= minutes;
  else meta.totalTime ??= minutes;
  return true;
}

/** The name: the first line that looks like a title (an e-mail's "Hej Anna!" does not), else the first line. */
function nameIndex(content: (string | null)[]): number {
  const usable = content
    .map((line, i) => ({ line, i }))
    .filter(
      (c): c is { line: string; i: number } =>
        !!c.line && !INGREDIENTS_HEADING.test(c.line) && !STEPS_HEADING.test(c.line),
    );
  return usable.find((c) => looksLikeTitle(c.line))?.i ?? usable[0]?.i ?? -1;
}

/** The first line that reads as an ingredient on its own (an amount first, a bullet), or the group heading above it. */
function firstIngredient(body: (string | null)[]): number {
  const at = body.findIndex((line) => !!line && !isGroupHeading(line) && readsAsIngredient(line, false));
  if (at === -1) return body.length;
  for (let j = at - 1; j >= 0; j--) {
    const line = body[j];
    if (line === null || line === '') continue;
    return line !== undefined && isGroupHeading(line) ? j : at;
  }
  return at;
}

function looksLikeTitle(line: string): boolean {
  const text = stripMarks(line);
  return (
    text.length > 0 &&
    text.length <= MAX_TITLE &&
    !/[.!?,;:]$/u.test(text) &&
    !AMOUNT_FIRST.test(text) &&
    !BULLET.test(line) &&
    /\p{L}/u.test(text)
  );
}

/** "Till degen:", "Dressing:", "FYLLNING": a group of ingredients (never one that starts with an amount). */
function isGroupHeading(line: string): boolean {
  const text = stripBullet(line);
  if (AMOUNT_FIRST.test(text) || text.length > 64) return false;
  if (/^[^:]{1,62}:$/u.test(text)) return true;
  const letters = text.replace(/[^\p{L}]/gu, '');
  return letters.length >= 2 && letters === letters.toUpperCase() && letters !== letters.toLowerCase();
}

/** A heading as the recipe keeps it: no colon, and SHOUTED capitals as a sentence ("FYLLNING" -> "Fyllning"). */
function groupHeading(line: string): string {
  return unshouted(stripBullet(line).replace(/\s*:$/u, ''));
}

function unshouted(text: string): string {
  const letters = text.replace(/[^\p{L}]/gu, '');
  return letters.length >= 2 && letters === letters.toUpperCase() ? text.charAt(0) + text.slice(1).toLowerCase() : text;
}

function nextReadsAsIngredient(body: (string | null)[], at: number, explicit: boolean): boolean {
  for (let j = at + 1; j < body.length; j++) {
    const next = body[j];
    if (next === null || next === '' || next === undefined) continue;
    if (isGroupHeading(next) || STEPS_HEADING.test(next)) return false;
    return AMOUNT_FIRST.test(stripBullet(next)) || BULLET.test(next) || (explicit && readsAsIngredient(next, true));
  }
  return false;
}

/**
 * Whether a line is an ingredient: a numbered step never; one with an amount first or a bullet is unless it reads as
 * a sentence; a short line that does not end as a sentence is one inside a list (`inList`: under a heading, or
 * right after an ingredient).
 */
function readsAsIngredient(line: string, inList: boolean): boolean {
  if (STEP_NUMBER.test(line)) return false;
  const text = stripBullet(line);
  const ends = /[.!?]$/u.test(text);
  if (AMOUNT_FIRST.test(text)) return !ends || text.length <= 60;
  if (BULLET.test(line)) return !ends || text.split(' ').length <= 5;
  return inList && !ends && text.length <= 50;
}

/** The steps: numbers and bullets gone, a line a PDF or e-mail wrapped joined to the sentence it continues. */
function stepLines(lines: (string | null)[]): string[] {
  const steps: string[] = [];
  let joinable = false;
  for (const line of lines) {
    if (line === null) continue;
    if (line === '') {
      joinable = false;
      continue;
    }
    if (STEPS_HEADING.test(line) || INGREDIENTS_HEADING.test(line)) continue;
    const marked = BULLET.test(line) || STEP_NUMBER.test(line);
    const text = stripMarks(line);
    if (text === '') continue;
    if (joinable && !marked && /^\p{Ll}/u.test(text)) steps[steps.length - 1] += ` ${text}`;
    else steps.push(text);
    joinable = !/[.!?:]$/u.test(text);
  }
  return steps;
}

function stripBullet(line: string): string {
  return line.replace(BULLET, '').trim();
}

function stripMarks(line: string): string {
  return stripBullet(line).replace(STEP_NUMBER, '').trim();
}
