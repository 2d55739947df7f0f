import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { completeAuth, loginRequired, parseAuthRequest, sessionSatisfies, type AuthRequest } from '../auth-request.ts';
import { flat, sendPage, sessionCookieOf, setSessionCookie, type Form, type Idp } from '../context.ts';
import { CSRF_EXPIRED, csrfToken, csrfValid } from '../csrf.ts';
import { authenticate } from '../login.ts';
import { LOGIN_HEADING, loginBody, PAGE_TITLE } from '../pages.ts';
import { createSession, findSessionByCookie } from '../sessions.ts';
import { PATHS } from '../paths.ts';

const AUTH = PATHS.auth;
const REGISTER = PATHS.registrations;

/** The login form; its action and the registration link carry the authorization parameters along. */
function renderLogin(idp: Idp, request: FastifyRequest, reply: FastifyReply, params: Form, status: number, username: string, error?: string) {
  const qs = `?${new URLSearchParams(params)}`;
  return sendPage(
    idp,
    reply,
    status,
    PAGE_TITLE,
    LOGIN_HEADING,
    loginBody({
      action: `${idp.realmUrl}${AUTH}${qs}`,
      csrf: csrfToken(idp, request, reply),
      username,
      error,
      registerHref: `${idp.realmUrl}${REGISTER}${qs}`,
    }),
    'login-login',
  );
}

export default async function authorizeRoutes(app: FastifyInstance, opts: { idp: Idp }) {
  const { idp } = opts;

  /** An authorization request: a code on the SSO cookie's session when it will do, else the login form. */
  async function authorizationRequest(request: FastifyRequest, reply: FastifyReply, params: Form) {
    const parsed = parseAuthRequest(idp, params);
    if (!parsed.ok) return parsed.send(reply);
    const req: AuthRequest = parsed.req;
    const active = await findSessionByCookie(idp.db, sessionCookieOf(request), idp.idleSeconds);
    if (sessionSatisfies(req, active)) return completeAuth(idp, reply, req, active, '0');
    if (req.prompt === 'none') return loginRequired(idp, reply, req);
    return renderLogin(idp, request, reply, params, 200, req.loginHint ?? '');
  }

  app.get(AUTH, async (request, reply) => authorizationRequest(request, reply, flat(request.query)));

  // Two kinds of POST: the login form (authorization parameters in the query, credentials in the body), and an
  // authorization request sent as a form (OIDC Core 3.1.2.1: the endpoint must accept POST).
  app.post(AUTH, async (request, reply) => {
    const params = flat(request.query);
    const body = flat(request.body);
    if (!params.client_id) return authorizationRequest(request, reply, body);
    const parsed = parseAuthRequest(idp, params);
    if (!parsed.ok) return parsed.send(reply);
    const username = body.username ?? '';
    if (!csrfValid(idp, request, body.csrf)) return renderLogin(idp, request, reply, params, 400, username, CSRF_EXPIRED);
    const result = await authenticate(idp, username, body.password ?? '', request.ip);
    if (!result.ok) return renderLogin(idp, request, reply, params, result.status, username, result.error);
    const { session, cookieSecret } = await createSession(idp.db, result.user.id);
    setSessionCookie(idp, reply, cookieSecret);
    return completeAuth(idp, reply, parsed.req, { session, user: result.user }, '1');
  });
}
