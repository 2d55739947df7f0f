import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RECENT_SIGN_IN_COOKIE, sessionCookieOf, type Idp } from '../context.ts';
import { findSessionByCookie } from '../protocol/sessions.ts';
import type { User } from '../users/user-repository.ts';

// Who the password queue lets go first (password-queue.ts, issue 35 item 8): a browser that signed in to this
// account lately, or one holding a live session of this user. The client cannot claim either: the first is a cookie
// the server signed at a successful sign-in (an HMAC over the account and the time, under a key derived from the
// provider's CSRF secret in idp-keys.json), the second is the SSO cookie looked up in the database. A vouched-for
// sign-in only goes ahead in the queue; the throttles count it as any other.

/** How long a successful sign-in vouches for the browser it was made in. */
export const RECENT_SIGN_IN_DAYS = 30;
const MAX_AGE_SECONDS = RECENT_SIGN_IN_DAYS * 24 * 3600;

const mac = (idp: Idp, account: string, issuedAt: number) =>
  createHmac('sha256', idp.keys.csrfSecret).update(`recent-sign-in\0${account}\0${issuedAt}`).digest('base64url');

/** Sets the cookie after a successful sign-in to `account` (login.ts `accountKey`): `issuedAt.mac`, nothing else. */
export function rememberSignIn(idp: Idp, reply: FastifyReply, account: string, now = Date.now()): void {
  const issuedAt = Math.floor(now / 1000);
  reply.setCookie(RECENT_SIGN_IN_COOKIE, `${issuedAt}.${mac(idp, account, issuedAt)}`, {
    path: idp.cookie.path,
    httpOnly: true,
    sameSite: 'lax',
    secure: idp.cookie.secure,
    maxAge: MAX_AGE_SECONDS,
  });
}

/** Whether the request's cookie was set by a sign-in to `account` within RECENT_SIGN_IN_DAYS. */
export function signedInLately(idp: Idp, request: FastifyRequest, account: string, now = Date.now()): boolean {
  const [issued = '', given = ''] = (request.cookies[RECENT_SIGN_IN_COOKIE] ?? '').split('.');
  const issuedAt = Number(issued);
  if (!/^\d{1,12}$/.test(issued) || issuedAt * 1000 > now || issuedAt + MAX_AGE_SECONDS < now / 1000) return false;
  const expected = Buffer.from(mac(idp, account, issuedAt));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** What login.ts asks before a check: does the server vouch for this client at this account (and user)? */
export type Vouch = (account: string, user: User | null) => Promise<boolean>;

/** The recent-sign-in cookie for the account, or else a live SSO session of the same user. */
export const vouchFor =
  (idp: Idp, request: FastifyRequest): Vouch =>
  async (account, user) => {
    if (signedInLately(idp, request, account)) return true;
    if (!user || !sessionCookieOf(request)) return false;
    const active = await findSessionByCookie(idp.db, sessionCookieOf(request), idp.idleSeconds);
    return active?.user.id === user.id;
  };
