import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { completeAuth, loginRequired, parseAuthRequest, sessionSatisfies, type AuthRequest } from '../auth-request.ts';
import { flat, queryString, sendPage, sessionCookieOf, setSessionCookie, type Idp } from '../context.ts';
import { CSRF_EXPIRED, csrfToken, csrfValid } from '../csrf.ts';
import { authenticate } from '../login.ts';
import { LOGIN_HEADING, loginBody, PAGE_TITLE } from '../pages.ts';
import { createSession, findSessionByCookie } from '../sessions.ts';

const AUTH = '/protocol/openid-connect/auth';
const REGISTER = '/protocol/openid-connect/registrations';

function renderLogin(idp: Idp, request: FastifyRequest, reply: FastifyReply, status: number, username: string, error?: string) {
  const qs = queryString(request);
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

  const activeSession = (request: FastifyRequest) => findSessionByCookie(idp.db, sessionCookieOf(request), idp.idleSeconds);

  app.get(AUTH, async (request, reply) => {
    const parsed = parseAuthRequest(idp, flat(request.query));
    if (!parsed.ok) return parsed.send(reply);
    const req: AuthRequest = parsed.req;
    const active = await activeSession(request);
    if (sessionSatisfies(req, active)) return completeAuth(idp, reply, req, active);
    if (req.prompt === 'none') return loginRequired(reply, req);
    return renderLogin(idp, request, reply, 200, req.loginHint ?? '');
  });

  app.post(AUTH, async (request, reply) => {
    const parsed = parseAuthRequest(idp, flat(request.query));
    if (!parsed.ok) return parsed.send(reply);
    const body = flat(request.body);
    const username = body.username ?? '';
    if (!csrfValid(idp, request, body.csrf)) return renderLogin(idp, request, reply, 400, username, CSRF_EXPIRED);
    const result = await authenticate(idp, username, body.password ?? '', request.ip);
    if (!result.ok) return renderLogin(idp, request, reply, result.status, username, result.error);
    const { session, cookieSecret } = await createSession(idp.db, result.user.id);
    setSessionCookie(idp, reply, cookieSecret);
    return completeAuth(idp, reply, parsed.req, { session, user: result.user });
  });
}
