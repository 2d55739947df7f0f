// Field rules for registration, the account page and the users CLI (one place for the messages).
// Rules and words are Keycloak 26's (default user profile, theme messages_sv) or, where the realm overrides a
// message in keycloak/realm-recipes.json `localizationTexts.sv`, the realm's: both providers show the same text.
export type FieldErrors = Partial<
  Record<'firstName' | 'lastName' | 'email' | 'username' | 'password' | 'passwordConfirm' | 'currentPassword', string>
>;

/** Keycloak's default user profile: every attribute is at most 255 long, a username at least 3. */
export const MAX_LENGTH = 255;
export const USERNAME_MIN = 3;

export const PROFILE_MESSAGES = {
  // Keycloak's user-profile "required" (error-user-attribute-required): one text for every attribute.
  required: 'Fyll i detta fält.',
  emailMissing: 'Ange e-post.',
  emailInvalid: 'Ogiltig e-postadress.',
  emailTaken: 'E-postadressen används redan.', // realm: emailExistsMessage
  usernameMissing: 'Ange användarnamn.',
  usernameLength: `Längd måste vara mellan ${USERNAME_MIN} och ${MAX_LENGTH}.`, // error-invalid-length
  invalidCharacters: 'Värdet innehåller ogiltiga tecken.', // error-username/person-name-invalid-character
  tooLong: `Högsta längd är ${MAX_LENGTH}.`, // error-invalid-length-too-long
  usernameTaken: 'Användarnamnet är upptaget.', // realm: usernameExistsMessage
  passwordMissing: 'Ange lösenord.',
  passwordShort: 'Lösenordet måste ha minst 8 tecken.', // realm: invalidPasswordMinLengthMessage, policy length(8)
  passwordLong: 'Lösenordet får ha högst 128 tecken.', // realm: invalidPasswordMaxLengthMessage, maxLength(128)
  passwordsDiffer: 'Lösenorden matchar inte.', // realm: invalidPasswordConfirmMessage (also for an empty one)
  currentPasswordWrong: 'Nuvarande lösenord är fel.',
} as const;

/**
 * Usernames and e-mail addresses are compared in one form: NFKC (fullwidth and other compatibility forms become
 * their plain letters, so `ｒｅｄａｋｔｏｒ` is `redaktor`), then lower-cased as Keycloak does. Validation runs on
 * this form, never on the raw input, so what is checked is what is stored.
 */
export const normalise = (value: string) => value.normalize('NFKC').trim().toLowerCase().normalize('NFKC');

// Characters nobody can see: format characters (zero-width space and joiners, bidi controls), controls and the
// other default-ignorable code points. A name containing one looks like another name.
const INVISIBLE = /[\p{Cf}\p{Cc}\p{Default_Ignorable_Code_Point}]/u;

const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
// Keycloak's validators, translated from Java regex: username-prohibited-characters ...
// eslint-disable-next-line no-control-regex -- Keycloak refuses control characters; this is how it says so.
const USERNAME_PROHIBITED = /[<>&"'\s\x85$%!#?§,;:*~/\\|^=[\]{}()`\x00-\x1F\x7F]/u;
// ... up-username-not-idn-homograph (only Latin and "Common" script characters, against look-alike names) ...
const USERNAME_SCRIPTS = /^[\p{Script=Latin}\p{Script=Common}|]+$/u;
// ... and person-name-prohibited-characters (Java's \v: vertical whitespace; \p{Cntrl}: ASCII controls).
// eslint-disable-next-line no-control-regex -- as above.
const NAME_PROHIBITED = /[<>&"\n\x0B\f\r\x85\u2028\u2029$%!#?§;*~/\\|^=[\]{}()\x00-\x1F\x7F]/u;

function validateName(value: string, field: 'firstName' | 'lastName', errors: FieldErrors): void {
  const name = value.trim();
  if (!name) errors[field] = PROFILE_MESSAGES.required;
  else if (name.length > MAX_LENGTH) errors[field] = PROFILE_MESSAGES.tooLong;
  else if (NAME_PROHIBITED.test(name) || INVISIBLE.test(name)) errors[field] = PROFILE_MESSAGES.invalidCharacters;
}

export function validateNames(v: { firstName: string; lastName: string }, errors: FieldErrors): void {
  validateName(v.firstName, 'firstName', errors);
  validateName(v.lastName, 'lastName', errors);
}

// Usernames and e-mail addresses are measured as typed, before `normalise`: NFKC can make a value 18 times longer
// (U+FDFA is 18 letters), so a long value is refused before any work is done on it, and a value that only fits
// after normalising (combining marks composed) is refused too: Keycloak, which does not normalise, measures what was sent.
const tooLongAsTyped = (value: string) => value.length > MAX_LENGTH;

export function validateEmail(email: string, errors: FieldErrors): void {
  if (tooLongAsTyped(email)) {
    errors.email = PROFILE_MESSAGES.tooLong;
    return;
  }
  const address = normalise(email);
  if (!address) errors.email = PROFILE_MESSAGES.emailMissing;
  else if (!EMAIL.test(address) || INVISIBLE.test(address)) errors.email = PROFILE_MESSAGES.emailInvalid;
  else if (address.length > MAX_LENGTH) errors.email = PROFILE_MESSAGES.tooLong;
}

export function validateUsername(username: string, errors: FieldErrors): void {
  if (tooLongAsTyped(username)) {
    errors.username = PROFILE_MESSAGES.usernameLength;
    return;
  }
  const name = normalise(username);
  if (!name) errors.username = PROFILE_MESSAGES.usernameMissing;
  else if (name.length < USERNAME_MIN || name.length > MAX_LENGTH) errors.username = PROFILE_MESSAGES.usernameLength;
  else if (USERNAME_PROHIBITED.test(name) || INVISIBLE.test(name) || !USERNAME_SCRIPTS.test(name))
    errors.username = PROFILE_MESSAGES.invalidCharacters;
}

/**
 * New password plus its confirmation; `confirm` undefined skips the comparison (CLI). As in Keycloak's
 * RegistrationPassword: an empty password is only "missing"; otherwise any other confirmation, empty
 * included, "does not match".
 */
export function validateNewPassword(password: string, confirm: string | undefined, errors: FieldErrors): void {
  if (!password) errors.password = PROFILE_MESSAGES.passwordMissing;
  else if ([...password].length < 8) errors.password = PROFILE_MESSAGES.passwordShort;
  else if (password.length > 128) errors.password = PROFILE_MESSAGES.passwordLong;
  if (confirm === undefined || !password) return;
  if (confirm !== password) errors.passwordConfirm = PROFILE_MESSAGES.passwordsDiffer;
}

export type Registration = {
  firstName: string;
  lastName: string;
  email: string;
  username: string;
  password: string;
  passwordConfirm: string;
};

/** Shape checks only; uniqueness needs the database and is added by the caller. */
export function validateRegistration(v: Registration): FieldErrors {
  const errors: FieldErrors = {};
  validateNames(v, errors);
  validateEmail(v.email, errors);
  validateUsername(v.username, errors);
  validateNewPassword(v.password, v.passwordConfirm, errors);
  return errors;
}
