import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { completeAuth, loginRequired, parseAuthRequest, sessionSatisfies, type AuthRequest } from '../auth-request.ts';
import { flat, sessionCookieOf, setSessionCookie, type Form, type Idp } from '../../context.ts';
import { CSRF_EXPIRED, csrfValid } from '../../pages/csrf.ts';
import { authenticate } from '../../pages/login.ts';
import { PATHS } from '../../paths.ts';
import { rememberSignIn, vouchFor } from '../../abuse/recent-sign-in.ts';
import { createSession, findSessionByCookie } from '../sessions.ts';
import { sendLoginPage } from '../../pages/sign-in-pages.ts';
import { clientKey } from '../../abuse/throttle.ts';

const AUTH = PATHS.auth;

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
    return sendLoginPage(idp, request, reply, params, { status: 200, username: req.loginHint ?? '' });
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
    if (!csrfValid(idp, request, body.csrf))
      return sendLoginPage(idp, request, reply, params, { status: 400, username, error: CSRF_EXPIRED });
    const ip = clientKey(request.ip);
    const result = await authenticate(idp, username, body.password ?? '', ip, vouchFor(idp, request));
    if (!result.ok)
      return sendLoginPage(idp, request, reply, params, { status: result.status, username, error: result.error });
    const { session, cookieSecret } = await createSession(idp.db, result.user.id);
    setSessionCookie(idp, reply, cookieSecret);
    rememberSignIn(idp, reply, result.account);
    return completeAuth(idp, reply, parsed.req, { session, user: result.user }, '1');
  });
}
