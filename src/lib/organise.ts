// Issue 25's rules, written once for the API, the editor, the recipe page and the web import: categories
// (normalised so one category is one, whatever its letter case), times in minutes (shown as "1 tim 15 min"),
// and where a recipe came from. No zod here: recipe-schema.ts builds the schemas from these.

/** Categories per recipe. */
export const MAX_CATEGORIES = 20;
/** A category is written like an ingredient name: at most 34 characters. */
export const MAX_CATEGORY = 34;
/** Times in minutes: up to a week (a cured salmon, a sourdough's long rise). */
export const MAX_MINUTES = 10080;
/** A source's address and name. */
export const MAX_SOURCE_URL = 2048;
export const MAX_SOURCE_NAME = 64;
/** An ingredient section's heading ('Till degen'). */
export const MAX_HEADING = 64;

/** A category as written, with its spacing tidied ('  Till   fest ' -> 'Till fest'). */
export function tidyCategory(name: string): string {
  return name.trim().replace(/\s+/gu, ' ');
}

/** The same category in any letter case (and any spacing) is one: 'bakning', ' Bakning ' and 'BAKNING'. */
export function categoryKey(name: string): string {
  return tidyCategory(name).toLocaleLowerCase('sv');
}

/** A recipe's categories: tidied, each once (the first spelling kept), in the order given. */
export function normaliseCategories(names: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const name of names) {
    const key = categoryKey(name);
    if (key === '' || seen.has(key)) continue;
    seen.add(key);
    out.push(tidyCategory(name));
  }
  return out;
}

/** Minutes as a cook reads them: 45 -> '45 min', 75 -> '1 tim 15 min', 120 -> '2 tim', 0 -> '0 min'. */
export function formatMinutes(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} tim` : `${hours} tim ${rest} min`;
}

/** Minutes as ISO 8601 for JSON-LD: 75 -> 'PT1H15M', 0 -> 'PT0M'. */
export function isoDuration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return `PT${hours > 0 ? `${hours}H` : ''}${rest > 0 || hours === 0 ? `${rest}M` : ''}`;
}

/**
 * An ISO 8601 duration as a web page writes it ('PT1H15M', 'P0DT0H45M', 'PT90M', 'PT1.5H') -> whole minutes,
 * or undefined when it is not a duration or is longer than MAX_MINUTES. Seconds round to the nearest minute.
 */
export function minutesFromIsoDuration(text: string): number | undefined {
  const match =
    /^P(?:(\d+(?:[.,]\d+)?)D)?(?:T(?:(\d+(?:[.,]\d+)?)H)?(?:(\d+(?:[.,]\d+)?)M)?(?:(\d+(?:[.,]\d+)?)S)?)?$/iu.exec(
      text.trim(),
    );
  if (!match || text.trim().toUpperCase() === 'P' || /T$/iu.test(text.trim())) return undefined;
  const [, d, h, m, s] = match.map((part) => (part === undefined ? 0 : Number(part.replace(',', '.'))));
  const minutes = Math.round((d ?? 0) * 1440 + (h ?? 0) * 60 + (m ?? 0) + (s ?? 0) / 60);
  return Number.isFinite(minutes) && minutes <= MAX_MINUTES ? minutes : undefined;
}

/**
 * Whether a source address can be a link: an absolute http or https address with a host and no spaces, control
 * or format characters (text-rules.ts's CONTROL_OR_FORMAT: a U+202E can make the address shown read as another).
 */
export function isWebAddress(text: string): boolean {
  return /^https?:\/\/[^\s\p{Cc}\p{Cf}/?#@]+(?:[/?#][^\s\p{Cc}\p{Cf}]*)?$/iu.test(text);
}

/** Messages of these rules, in the style of the specification's table (MESSAGES). */
export const ORGANISE_MESSAGES = {
  maxCategories: `Max ${MAX_CATEGORIES} categories`,
  maxMinutes: `Max ${MAX_MINUTES} minutes`,
  wholeMinutes: 'Must be a whole number of minutes',
  notAWebAddress: 'Must be a web address starting with http:// or https://',
  maxSourceUrl: `Max ${MAX_SOURCE_URL} characters`,
  sourceEmpty: 'Give the address or the name of the source',
  headingRequired: 'Heading is required',
  // Swedish, as the section's own Swedish message ('Ett eller flera ogiltliga tecken'): said under the preparation time.
  prepOverTotal: 'Kan inte vara längre än total tid',
} as const;

/** Preparation is part of the total: both given, the preparation time may not be longer (issue 35). */
export function timesInOrder(times: { prepTime?: unknown; totalTime?: unknown }): boolean {
  const { prepTime, totalTime } = times;
  return !(typeof prepTime === 'number' && typeof totalTime === 'number' && prepTime > totalTime);
}
