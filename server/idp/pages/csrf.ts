import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CSRF_COOKIE, type Idp } from '../context.ts';
import { randomId } from '../protocol/sessions.ts';

// Double-submit: a random HttpOnly SameSite=Lax cookie, and in the form an HMAC of it. A cross-site form
// neither carries the cookie (Lax) nor can compute the HMAC.
const sign = (idp: Idp, value: string) => createHmac('sha256', idp.keys.csrfSecret).update(value).digest('base64url');

/** Returns the token for the page's forms, setting the cookie when the browser has none. */
export function csrfToken(idp: Idp, request: FastifyRequest, reply: FastifyReply): string {
  let value = request.cookies[CSRF_COOKIE];
  if (!value || value.length < 20) {
    value = randomId(24);
    reply.setCookie(CSRF_COOKIE, value, {
      path: idp.cookie.path,
      httpOnly: true,
      sameSite: 'lax',
      secure: idp.cookie.secure,
    });
    // Make it visible to the rest of this request (the page renders with it).
    request.cookies[CSRF_COOKIE] = value;
  }
  return sign(idp, value);
}

export function csrfValid(idp: Idp, request: FastifyRequest, token: string | undefined): boolean {
  const value = request.cookies[CSRF_COOKIE];
  if (!value || !token) return false;
  const expected = Buffer.from(sign(idp, value));
  const actual = Buffer.from(token);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

export const CSRF_EXPIRED = 'Sidan hade gått ut. Försök igen.';
