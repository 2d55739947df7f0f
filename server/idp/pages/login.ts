import { createHash } from 'node:crypto';
import type { Idp } from '../context.ts';
import { dummyHash, needsRehash, verifyPassword, type Requester } from '../users/passwords.ts';
import { INVALID_CREDENTIALS, THROTTLED } from './pages.ts';
import type { Vouch } from '../abuse/recent-sign-in.ts';
import { networkKey, type Attempt } from '../abuse/throttle.ts';
import { findUserByLogin, normalise, setPassword, type User } from '../users/user-repository.ts';
import { MAX_LENGTH } from '../users/profile-rules.ts';

/** `account`: the account key signed into the recent-sign-in cookie (recent-sign-in.ts). */
export type LoginResult = { ok: true; user: User; account: string } | { ok: false; error: string; status: number };

/**
 * The longest username or e-mail address a sign-in looks at: the forms' limit (Keycloak's 255, users/profile-rules.ts).
 * Checked before normalising: NFKC can make a string 18 times longer ('ﷺ'), and nobody's login is longer.
 */
export const MAX_LOGIN_LENGTH = MAX_LENGTH;

const INVALID: LoginResult = { ok: false, error: INVALID_CREDENTIALS, status: 401 };

// The account a guess is counted against, fixed-size whatever was typed: an existing user by id, else the
// normalised login (so "Rut" and "rut" are one unknown account).
const accountKey = (name: string) => createHash('sha256').update(name).digest('base64url');
/** The account key of an existing user. */
export const userAccount = (user: User) => accountKey(`user:${user.id}`);

/** Who a check is for, as the password queue weighs it: address, network, account, vouched for or not. */
const requesterOf = (idp: Idp, ip: string, account: string, vouched: boolean): Requester => ({
  client: ip,
  network: networkKey(ip),
  account,
  vouched,
  weight: () => idp.throttle.addressLoad(ip),
  networkWeight: () => idp.throttle.networkLoad(ip),
});

/** Runs the password check for an accepted attempt; a check that never ran (503, queue full) counts as nothing. */
async function check(attempt: Attempt, run: () => Promise<boolean>): Promise<boolean> {
  try {
    return await run();
  } catch (error) {
    attempt.cancel();
    throw error;
  }
}

/**
 * Checks username-or-e-mail and password, throttled per account-and-address and per address (throttle.ts). The
 * answer is the same for an unknown user and a wrong password (same message, same scrypt cost), so the form
 * never tells whether a username exists. A hash made with weaker parameters is replaced on success. `vouch` says
 * whether the server knows this client at this account (recent-sign-in.ts): such a check goes first in the queue.
 */
export async function authenticate(
  idp: Idp,
  login: string,
  password: string,
  ip: string,
  vouch?: Vouch,
): Promise<LoginResult> {
  if (login.length > MAX_LOGIN_LENGTH) return INVALID;
  const user = login.trim() ? await findUserByLogin(idp.db, login) : null;
  const account = user ? userAccount(user) : accountKey(`login:${normalise(login)}`);
  // Asked before the attempt is taken: a database error here must not leave an attempt that never settles.
  const vouched = (await vouch?.(account, user)) ?? false;
  // Taken before the check and settled after it, so guesses sent at once are counted as they are accepted.
  const attempt = idp.throttle.begin(account, ip);
  if (!attempt) return { ok: false, error: THROTTLED, status: 429 };
  const requester = requesterOf(idp, ip, account, vouched);
  const matches = await check(attempt, async () =>
    verifyPassword(password, user?.passwordHash ?? (await dummyHash()), idp.passwords, requester),
  );
  if (!user || !matches || !password) {
    attempt.fail();
    return INVALID;
  }
  attempt.succeed();
  if (needsRehash(user.passwordHash)) await setPassword(idp.db, user.id, password, idp.passwords);
  return { ok: true, user, account };
}

/**
 * The account page's current-password check, throttled exactly like sign-in: a stolen session cookie must not
 * become an unlimited password oracle. 'locked' means the caller must wait. The caller holds a live session of the
 * user, so the check is vouched for in the queue.
 */
export async function checkCurrentPassword(
  idp: Idp,
  user: User,
  password: string,
  ip: string,
): Promise<'ok' | 'wrong' | 'locked'> {
  const account = userAccount(user);
  const attempt = idp.throttle.begin(account, ip);
  if (!attempt) return 'locked';
  const requester = requesterOf(idp, ip, account, true);
  if (password && (await check(attempt, () => verifyPassword(password, user.passwordHash, idp.passwords, requester)))) {
    attempt.succeed();
    return 'ok';
  }
  attempt.fail();
  return 'wrong';
}
