// Swedish field rules for registration, the account page and the users CLI (one place for the messages).
export type FieldErrors = Partial<Record<'firstName' | 'lastName' | 'email' | 'username' | 'password' | 'passwordConfirm' | 'currentPassword', string>>;

export const MESSAGES = {
  firstNameMissing: 'Ange förnamn.',
  lastNameMissing: 'Ange efternamn.',
  emailMissing: 'Ange e-post.',
  emailInvalid: 'Ogiltig e-postadress.',
  emailTaken: 'E-postadressen används redan.',
  usernameMissing: 'Ange användarnamn.',
  usernameInvalid: 'Användarnamnet får bara innehålla bokstäver, siffror och tecknen . _ - @ (3–64 tecken).',
  usernameTaken: 'Användarnamnet är upptaget.',
  passwordMissing: 'Ange lösenord.',
  passwordShort: 'Lösenordet måste ha minst 8 tecken.',
  passwordLong: 'Lösenordet får ha högst 128 tecken.',
  passwordConfirmMissing: 'Bekräfta lösenordet.',
  passwordsDiffer: 'Lösenorden matchar inte.',
  nameTooLong: 'Högst 100 tecken.',
  currentPasswordWrong: 'Nuvarande lösenord är fel.',
} as const;

const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
const USERNAME = /^[\p{L}\p{N}._@-]{3,64}$/u;

export function validateNames(v: { firstName: string; lastName: string }, errors: FieldErrors): void {
  if (!v.firstName.trim()) errors.firstName = MESSAGES.firstNameMissing;
  else if (v.firstName.trim().length > 100) errors.firstName = MESSAGES.nameTooLong;
  if (!v.lastName.trim()) errors.lastName = MESSAGES.lastNameMissing;
  else if (v.lastName.trim().length > 100) errors.lastName = MESSAGES.nameTooLong;
}

export function validateEmail(email: string, errors: FieldErrors): void {
  const e = email.trim();
  if (!e) errors.email = MESSAGES.emailMissing;
  else if (e.length > 254 || !EMAIL.test(e)) errors.email = MESSAGES.emailInvalid;
}

export function validateUsername(username: string, errors: FieldErrors): void {
  const u = username.trim();
  if (!u) errors.username = MESSAGES.usernameMissing;
  else if (!USERNAME.test(u)) errors.username = MESSAGES.usernameInvalid;
}

/** New password plus its confirmation; `confirm` undefined skips the comparison (CLI). */
export function validateNewPassword(password: string, confirm: string | undefined, errors: FieldErrors): void {
  if (!password) errors.password = MESSAGES.passwordMissing;
  else if ([...password].length < 8) errors.password = MESSAGES.passwordShort;
  else if (password.length > 128) errors.password = MESSAGES.passwordLong;
  if (confirm === undefined) return;
  if (!confirm) errors.passwordConfirm = MESSAGES.passwordConfirmMissing;
  else if (password && confirm !== password) errors.passwordConfirm = MESSAGES.passwordsDiffer;
}

export type Registration = { firstName: string; lastName: string; email: string; username: string; password: string; passwordConfirm: string };

/** Shape checks only; uniqueness needs the database and is added by the caller. */
export function validateRegistration(v: Registration): FieldErrors {
  const errors: FieldErrors = {};
  validateNames(v, errors);
  validateEmail(v.email, errors);
  validateUsername(v.username, errors);
  validateNewPassword(v.password, v.passwordConfirm, errors);
  return errors;
}
