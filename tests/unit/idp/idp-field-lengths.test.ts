import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  PROFILE_MESSAGES,
  validateEmail,
  validateUsername,
  type FieldErrors,
} from '../../../server/idp/users/profile-rules.ts';

// Issue 29, item 5: usernames and e-mail addresses are at most 255 characters as typed, checked before NFKC
// (which makes U+FDFA eighteen letters long), as Keycloak's default user profile limits them.
afterEach(() => vi.restoreAllMocks());

const check = (validate: (value: string, errors: FieldErrors) => void, value: string) => {
  const errors: FieldErrors = {};
  validate(value, errors);
  return errors;
};

describe('username and e-mail length', () => {
  it('refuses a value longer than 255 before normalising it', () => {
    const normalize = vi.spyOn(String.prototype, 'normalize');
    expect(check(validateUsername, '\uFDFA'.repeat(28_000)).username).toBe(PROFILE_MESSAGES.usernameLength);
    expect(check(validateEmail, `${'\uFDFA'.repeat(28_000)}@example.se`).email).toBe(PROFILE_MESSAGES.tooLong);
    expect(normalize).not.toHaveBeenCalled();
  });

  it('measures what was typed: 400 characters that NFKC composes into 200 are too long', () => {
    const composedLater = 'e\u0301'.repeat(200);
    expect(composedLater.normalize('NFKC')).toHaveLength(200);
    expect(check(validateUsername, composedLater).username).toBe('Längd måste vara mellan 3 och 255.');
    expect(check(validateEmail, `${'e\u0301'.repeat(150)}@example.se`).email).toBe('Högsta längd är 255.');
  });

  it('accepts 255 characters and refuses 256', () => {
    expect(check(validateUsername, 'a'.repeat(255))).toEqual({});
    expect(check(validateUsername, 'a'.repeat(256)).username).toBe(PROFILE_MESSAGES.usernameLength);
    const local = (n: number) => `${'a'.repeat(n - '@example.se'.length)}@example.se`;
    expect(check(validateEmail, local(255))).toEqual({});
    expect(check(validateEmail, local(256)).email).toBe(PROFILE_MESSAGES.tooLong);
  });
});
