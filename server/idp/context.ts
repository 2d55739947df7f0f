import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/index.ts';
import type { IdpKeys } from './protocol/keys.ts';
import type { PasswordQueue } from './abuse/password-queue.ts';
import type { LoginThrottle, WindowLimit } from './abuse/throttle.ts';
import type { Html } from '../http/html-template.ts';
import { csp, layout } from './pages/html.ts';
import { ERROR_TITLE, errorBody, PAGE_TITLE } from './pages/pages.ts';

/** Everything the routes share; built once by the plugin. */
export type Idp = {
  config: Config;
  db: Database;
  keys: IdpKeys;
  throttle: LoginThrottle;
  /** This provider's password checks and hashes wait here (password-queue.ts); never shared with another app. */
  passwords: PasswordQueue;
  /** New accounts per client address and hour (IDP_REGISTRATIONS_PER_HOUR). */
  registrations: WindowLimit;
  /** Absolute realm URL as the browser sees it (= issuer), used in links and form actions. */
  realmUrl: string;
  /** SSO idle timeout: a session unused this long ends (Keycloak's "SSO Session Idle" = refresh lifetime). */
  idleSeconds: number;
  cookie: { path: string; secure: boolean };
};

export const SESSION_COOKIE = 'KEYCLOAK_SESSION';
export const CSRF_COOKIE = 'KC_CSRF';
/** Set at a successful sign-in; lets the browser's next sign-in to that account go first (recent-sign-in.ts). */
export const RECENT_SIGN_IN_COOKIE = 'KC_RECENT_SIGN_IN';

export function sendPage(
  idp: Idp,
  reply: FastifyReply,
  status: number,
  title: string,
  heading: string,
  body: Html,
  pageId?: string,
): FastifyReply {
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', csp(idp.config.allowedOrigins))
    .header('referrer-policy', 'no-referrer')
    .header('x-frame-options', 'DENY')
    .send(layout({ title, heading, realmPath: idp.realmUrl, body, pageId }));
}

/** Keycloak's error page (error.ftl): the usual title, heading 'Vi ber om ursäkt...', the message in #kc-error-message. */
export function sendError(
  idp: Idp,
  reply: FastifyReply,
  status: number,
  message: string,
  backHref?: string,
): FastifyReply {
  return sendPage(idp, reply, status, PAGE_TITLE, ERROR_TITLE, errorBody(message, backHref), 'login-error');
}

export function sessionCookieOf(request: FastifyRequest): string | undefined {
  return request.cookies[SESSION_COOKIE] || undefined;
}

/** Sets the SSO cookie to the session's secret (never to its public id, which every token carries as `sid`). */
export function setSessionCookie(idp: Idp, reply: FastifyReply, cookieSecret: string): void {
  reply.setCookie(SESSION_COOKIE, cookieSecret, {
    path: idp.cookie.path,
    httpOnly: true,
    sameSite: 'lax',
    secure: idp.cookie.secure,
    // A session cookie (no Max-Age) like Keycloak's; the server side decides how long the session lives.
  });
}

export function clearSessionCookie(idp: Idp, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, {
    path: idp.cookie.path,
    httpOnly: true,
    sameSite: 'lax',
    secure: idp.cookie.secure,
  });
}

/** The query string of the current request, to carry authorization parameters from page to page. */
export function queryString(request: FastifyRequest): string {
  const queryStart = request.url.indexOf('?');
  return queryStart < 0 ? '' : request.url.slice(queryStart);
}

export type Form = Record<string, string>;
/** Flattens a parsed form or query to single strings; repeated parameters count as invalid (empty). */
export function flat(input: unknown): Form {
  const out: Form = {};
  if (input && typeof input === 'object') {
    for (const [name, value] of Object.entries(input)) out[name] = typeof value === 'string' ? value : '';
  }
  return out;
}
