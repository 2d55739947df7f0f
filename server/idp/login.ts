import type { Idp } from './context.ts';
import { dummyHash, verifyPassword } from './passwords.ts';
import { INVALID_CREDENTIALS, THROTTLED } from './pages.ts';
import { findUserByLogin, normalise, type User } from './users.ts';

export type LoginResult = { ok: true; user: User } | { ok: false; error: string; status: number };

/**
 * Checks username-or-e-mail and password, with throttling. The answer is the same for an unknown user and a
 * wrong password (same message, same scrypt cost), so the form never tells whether a username exists.
 */
export async function authenticate(idp: Idp, login: string, password: string): Promise<LoginResult> {
  const user = login.trim() ? await findUserByLogin(idp.db, login) : null;
  const key = user ? `user:${user.id}` : `login:${normalise(login)}`;
  if (idp.throttle.isLocked(key)) return { ok: false, error: THROTTLED, status: 429 };
  const matches = await verifyPassword(password, user?.passwordHash ?? (await dummyHash()));
  if (!user || !matches || !password) {
    idp.throttle.fail(key);
    return { ok: false, error: INVALID_CREDENTIALS, status: 401 };
  }
  idp.throttle.succeed(key);
  return { ok: true, user };
}
