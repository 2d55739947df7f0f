// The one duration reader (issue 53 item 2). The durations written in a step's Swedish text ("Grädda i 200 °C i 25
// minuter"), for cook mode's timers (issue 57 item 1): the rules and their table of examples are in
// docs/step-durations.md; tests/unit/lib/step-durations.test.ts runs every row of that table, so the doc and this
// code cannot drift apart. And a recipe's time as a time field writes it ("Prep Time 15 mins", "Tid: 1 h 15 min",
// "PT1H15M"), for the web import, the plain-text import and moving in (minutesFromText). Both read the same Swedish
// unit words; a time field also reads the other languages' that recipe cards write. A step is text anyone may write:
// every quantifier below is bounded, so each attempt reads a few dozen characters at most and the scan is linear.
import { MAX_MINUTES, minutesFromIsoDuration } from './organise.ts';

/** A duration found in a step: where it is written (`text` is step.slice(start, end)) and how long it is. */
export type StepDuration = Readonly<{ start: number; end: number; text: string; seconds: number }>;

/** The longest timer a step can start: a week (a dough in the fridge, a marinade), as the time filters' limit. */
export const MAX_DURATION_SECONDS = 7 * 24 * 60 * 60;

const FRACTIONS: Readonly<Record<string, number>> = { '½': 0.5, '¼': 0.25, '¾': 0.75, '⅓': 1 / 3, '⅔': 2 / 3 };
const NUMBER_WORDS: Readonly<Record<string, number>> = {
  en: 1,
  ett: 1,
  två: 2,
  tre: 3,
  fyra: 4,
  fem: 5,
  sex: 6,
  sju: 7,
  åtta: 8,
  nio: 9,
  tio: 10,
  femton: 15,
  tjugo: 20,
  trettio: 30,
  fyrtio: 40,
  femtio: 50,
};

// The Swedish words for an hour and a minute, longest spelling first so "minuter" is not read as "min" + "uter".
const HOUR_WORDS = 'timmar(?:na)?|timm(?:en|e|a)|tim|h';
const MINUTE_WORDS = 'minut(?:erna|er|en)?|min';

// Seconds per unit.
const UNITS: ReadonlyArray<readonly [RegExp, number]> = [
  [/^(?:halvtimm(?:e|a|en))$/u, 30 * 60],
  [new RegExp(`^(?:${HOUR_WORDS})$`, 'u'), 60 * 60],
  [/^(?:kvart(?:en)?)$/u, 15 * 60],
  [new RegExp(`^(?:${MINUTE_WORDS})$`, 'u'), 60],
  [/^(?:sekund(?:er|erna|en)?|sek)$/u, 1],
  [/^(?:dygn(?:et)?)$/u, 24 * 60 * 60],
];

const SPACE = '[ \\u00a0]';
const FRACTION = '[½¼¾⅓⅔]';
const DIGITS = `\\d{1,4}(?:[.,]\\d{1,2})?(?:${SPACE}?(?:${FRACTION}|\\d\\/\\d{1,2}))?|${FRACTION}|\\d\\/\\d{1,2}`;
const WORDS = `(?:en|ett)${SPACE}halv|halv|${Object.keys(NUMBER_WORDS).join('|')}`;
const AMOUNT = `(?:${DIGITS}|${WORDS})`;
const UNIT = `halvtimm(?:en|e|a)|${HOUR_WORDS}|kvart(?:en)?|${MINUTE_WORDS}|sekund(?:erna|er|en)?|sek|dygn(?:et)?`;
// An amount (or the first of a range, "20–25"), then the unit; "en halvtimme" and a bare "halvtimme" have the
// amount in the word. Neither a letter nor a digit may touch either end ("2 minst", "1 hg", "12h30" are no times).
const DURATION = new RegExp(
  `(?<![\\p{L}\\d])(?:(${AMOUNT})(?:${SPACE}{0,2}(?:[-–—]|till)${SPACE}{0,2}${AMOUNT})?${SPACE}{0,2}(${UNIT})|(?:(?:en|ett)${SPACE})?(halvtimm(?:en|e|a)))(?![\\p{L}\\d])`,
  'giu',
);
// Between "1 timme" and "30 minuter" of one duration: a space, a comma or "och".
const JOINER = new RegExp(`^${SPACE}{0,2}(?:,|och)?${SPACE}{0,2}$`, 'u');

/** The number an amount stands for ("1 ½", "1 1/2", "1,5", "en halv", "tre"), or undefined if it is not one. */
function amountValue(text: string): number | undefined {
  const word = text.toLowerCase().replace(/\u00a0/gu, ' ');
  if (/^(?:en |ett )?halv$/u.test(word)) return 0.5;
  if (word in NUMBER_WORDS) return NUMBER_WORDS[word];
  const parts = /^(\d{1,4}(?:[.,]\d{1,2})?)? ?(?:([½¼¾⅓⅔])|(\d)\/(\d{1,2}))?$/u.exec(word);
  if (!parts) return undefined;
  const [, whole, fraction, top, bottom] = parts;
  let value = whole === undefined ? 0 : Number(whole.replace(',', '.'));
  if (fraction !== undefined) value += FRACTIONS[fraction] ?? 0;
  if (top !== undefined && bottom !== undefined) {
    if (Number(bottom) === 0) return undefined;
    value += Number(top) / Number(bottom);
  }
  return value;
}

function unitSeconds(unit: string): number {
  const word = unit.toLowerCase();
  return UNITS.find(([spelling]) => spelling.test(word))?.[1] ?? 0;
}

const isHours = (unit: string) => unitSeconds(unit) === 3600;
const isMinutes = (unit: string) => unitSeconds(unit) === 60;

/**
 * Every duration in a step's text, in order: "25 minuter", "1 ½ timme", "20–25 min" (the first of a range),
 * "1 timme och 15 minuter" (one duration). Amounts of nothing, and anything over MAX_DURATION_SECONDS, are left out.
 */
export function stepDurations(step: string): StepDuration[] {
  type Found = StepDuration & { unit: string; ranged: boolean };
  const found: Found[] = [];
  for (const m of step.matchAll(DURATION)) {
    const [text, amount, unit, halfHour] = m;
    const start = m.index;
    const value = halfHour !== undefined ? 1 : amountValue(amount ?? '');
    const seconds = Math.round((value ?? 0) * unitSeconds(halfHour ?? unit ?? ''));
    if (seconds <= 0) continue;
    found.push({
      start,
      end: start + text.length,
      text,
      seconds,
      unit: halfHour ?? unit ?? '',
      ranged: /[-–—]|till/u.test(text),
    });
  }
  // "1 timme och 15 minuter", "2 h 30 min": hours then minutes, nothing but a space, a comma or "och" between.
  const joined: Found[] = [];
  for (const d of found) {
    const before = joined.at(-1);
    if (
      before &&
      isHours(before.unit) &&
      !before.ranged &&
      isMinutes(d.unit) &&
      JOINER.test(step.slice(before.end, d.start))
    ) {
      joined[joined.length - 1] = {
        ...d,
        start: before.start,
        text: step.slice(before.start, d.end),
        seconds: before.seconds + d.seconds,
        unit: 'joined',
      };
    } else joined.push(d);
  }
  return joined
    .filter((d) => d.seconds <= MAX_DURATION_SECONDS)
    .map(({ start, end, text, seconds }) => ({ start, end, text, seconds }));
}

// A time field's parts: an amount, then an hour or a minute in Swedish or in the languages recipe cards are written
// in ("1 hour 15 minutes", "1 hr. 15 mins", "1h15m", "2 Stunden", "1 heure", "1 uur", "20 minuti", "10 minutos").
const FIELD_PART = new RegExp(
  `(?<!\\d)(\\d{1,6}(?:[.,]\\d{1,6})?)\\s{0,3}(?:(${HOUR_WORDS}|hrs?|hours?|std|stunden?|heures?|uur|ore?)|(?:${MINUTE_WORDS}|mins|minutes?|minuten|minutos?|minuti|m))\\.?(?!\\p{L})`,
  'giu',
);

/**
 * A recipe's time as a time field writes it, in whole minutes: an ISO 8601 duration ("PT1H15M"), or the hours and
 * minutes the text names, added up ("Prep Time 15 mins", "1 tim 30 min"). With `whole`, the text must be nothing
 * but the time (a pasted recipe's "Tid: ungefär 30 min" is a line of the recipe, not its time). Undefined when there
 * is none, it is no minute, or it is longer than MAX_MINUTES.
 */
export function minutesFromText(text: string | undefined, { whole = false } = {}): number | undefined {
  const trimmed = text?.trim() ?? '';
  if (/^P(?:\d|T\d)/u.test(trimmed)) return minutesFromIsoDuration(trimmed);
  let minutes = 0;
  for (const [, amount, hour] of trimmed.matchAll(FIELD_PART))
    minutes += Number(amount!.replace(',', '.')) * (hour === undefined ? 1 : 60);
  if (whole && trimmed.replace(FIELD_PART, '').trim() !== '') return undefined;
  const total = Math.round(minutes);
  return total >= 1 && total <= MAX_MINUTES ? total : undefined;
}

/** A duration as a timer shows it: "25 min", "1 tim 30 min", "45 sek", "1 min 30 sek", "2 dygn 3 tim". */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  const days = Math.floor(whole / 86400);
  const hours = Math.floor((whole % 86400) / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = whole % 60;
  const parts = [
    days > 0 ? `${days} dygn` : '',
    hours > 0 ? `${hours} tim` : '',
    minutes > 0 ? `${minutes} min` : '',
    rest > 0 || whole === 0 ? `${rest} sek` : '',
  ];
  return parts.filter(Boolean).join(' ');
}

/** Time left on a running timer as a clock: "24:59", "1:05:00" (hours shown only when there are some). */
export function formatClock(seconds: number): string {
  const whole = Math.max(0, Math.ceil(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = whole % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}
