// The text rules every schema of src/lib shares: section 5's allowed characters, its messages, and how characters
// are counted. recipe-schema.ts re-exports them; photo-schema.ts uses them without importing the recipe's schema.
import { MAX_DATABASE_INTEGER } from './limits.ts';

/** Ingredients in one recipe: every visitor downloads them all, so there is a ceiling (section 5's style). */
export const MAX_INGREDIENTS = 100;
/** Versions and ids are PostgreSQL integers (1 to 2^31-1). */
export const MAX_VERSION = MAX_DATABASE_INTEGER;

export const MESSAGES = {
  nameRequired: 'Name is required',
  max64: 'Max 64 characters',
  invalidCharacters: 'Ett eller flera ogiltliga tecken',
  max10000: 'Max 10000 characters',
  min1: 'Must be 1 or more',
  max100: 'Max 100',
  notANumber: 'Must be a number',
  max34: 'Max 34 characters',
  max100Characters: 'Max 100 characters',
  max5: 'Max 5 characters',
  // Not in the spec's table: only an API client sending the wrong JSON types sees these.
  notText: 'Must be text',
  notAList: 'Must be a list',
  unknownUnit: 'Unknown unit',
  maxIngredients: `Max ${MAX_INGREDIENTS} ingredients`,
  maxVersion: `Max ${MAX_VERSION}`,
  notAnId: 'Must be a positive whole number',
  notABoolean: 'Must be true or false',
} as const;

/**
 * Section 5: letters (any script, so å ä ö and é è are covered), digits, space, newline and the
 * listed symbols. Tab, emoji, ~, + and backslash are not in the list, so they are refused.
 */
export const ALLOWED_CHARACTERS = /^[\p{L}0-9 \n.,:;!?()\-–*°½"'`éè—_^´=#%&/[\]{}€$@¨<>|]*$/u;

/**
 * Control and format characters (\p{Cc}, \p{Cf}): NUL (which PostgreSQL's text cannot hold), ESC, DEL, NEL (white
 * space to PostgreSQL, not to JavaScript), the bidirectional overrides that make a text read other than it is
 * (U+202E), zero-width characters. ALLOWED_CHARACTERS admits none of them; a source's address, which may hold any
 * other printable character, is checked with this, so no text field of a recipe can hold one.
 */
export const CONTROL_OR_FORMAT = /[\p{Cc}\p{Cf}]/u;
/** CONTROL_OR_FORMAT as a whole-text rule (and the document's pattern): none anywhere. */
export const NO_CONTROL_OR_FORMAT = /^[^\p{Cc}\p{Cf}]*$/u;

/** Characters as people (and JSON Schema's maxLength) count them: code points, so 'Å' or '𝒜' is one. */
export function characterCount(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}
