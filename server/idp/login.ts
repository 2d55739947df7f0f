import type { Idp } from './context.ts';
import { dummyHash, needsRehash, verifyPassword } from './passwords.ts';
import { INVALID_CREDENTIALS, THROTTLED } from './pages.ts';
import { findUserByLogin, normalise, setPassword, type User } from './users.ts';

export type LoginResult = { ok: true; user: User } | { ok: false; error: string; status: number };

/**
 * Checks username-or-e-mail and password, throttled per account-and-address and per address (throttle.ts). The
 * answer is the same for an unknown user and a wrong password (same message, same scrypt cost), so the form
 * never tells whether a username exists. A hash made with weaker parameters is replaced on success.
 */
export async function authenticate(idp: Idp, login: string, password: string, ip: string): Promise<LoginResult> {
  const user = login.trim() ? await findUserByLogin(idp.db, login) : null;
  const account = user ? `user:${user.id}` : `login:${normalise(login)}`;
  if (idp.throttle.isLocked(account, ip)) return { ok: false, error: THROTTLED, status: 429 };
  const matches = await verifyPassword(password, user?.passwordHash ?? (await dummyHash()));
  if (!user || !matches || !password) {
    idp.throttle.fail(account, ip);
    return { ok: false, error: INVALID_CREDENTIALS, status: 401 };
  }
  idp.throttle.succeed(account, ip);
  if (needsRehash(user.passwordHash)) await setPassword(idp.db, user.id, password);
  return { ok: true, user };
}

/**
 * The account page's current-password check, throttled exactly like sign-in: a stolen session cookie must not
 * become an unlimited password oracle. 'locked' means the caller must wait.
 */
export async function checkCurrentPassword(idp: Idp, user: User, password: string, ip: string): Promise<'ok' | 'wrong' | 'locked'> {
  const account = `user:${user.id}`;
  if (idp.throttle.isLocked(account, ip)) return 'locked';
  if (password && (await verifyPassword(password, user.passwordHash))) {
    idp.throttle.succeed(account, ip);
    return 'ok';
  }
  idp.throttle.fail(account, ip);
  return 'wrong';
}
