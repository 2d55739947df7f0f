import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isAllowedRedirect, isKnownClient, withResponseParams } from '../clients.ts';
import { clearSessionCookie, flat, sendError, sendPage, sessionCookieOf, type Form, type Idp } from '../../context.ts';
import { csrfToken, csrfValid } from '../../pages/csrf.ts';
import { CLIENT_NOT_FOUND, INVALID_REDIRECT, logoutConfirmBody, messageBody } from '../../pages/pages.ts';
import { deleteSession, findSessionByCookie } from '../sessions.ts';
import { verifySigned } from '../tokens.ts';
import { PATHS } from '../../paths.ts';

const LOGOUT = PATHS.logout;

/** Ends the browser's session (and the hinted one) and clears the cookie. */
async function endSessions(
  idp: Idp,
  request: FastifyRequest,
  reply: FastifyReply,
  hint?: { sid?: string; sub?: string },
) {
  const cookieSession = await findSessionByCookie(idp.db, sessionCookieOf(request), idp.idleSeconds);
  if (hint?.sid) await deleteSession(idp.db, hint.sid);
  // The cookie's session goes too unless it demonstrably belongs to someone else than the hint names.
  if (cookieSession && (!hint?.sub || cookieSession.user.id === hint.sub))
    await deleteSession(idp.db, cookieSession.session.id);
  clearSessionCookie(idp, reply);
}

function finish(idp: Idp, reply: FastifyReply, params: Form, redirectAllowed: boolean) {
  if (params.post_logout_redirect_uri && redirectAllowed) {
    const target = params.state
      ? withResponseParams(params.post_logout_redirect_uri, { state: params.state }, 'query')
      : params.post_logout_redirect_uri;
    return reply.header('cache-control', 'no-store').redirect(target, 302);
  }
  return sendPage(idp, reply, 200, 'Utloggad', 'Du är utloggad', messageBody({ message: 'Du har loggats ut.' }));
}

export default async function logoutRoutes(app: FastifyInstance, opts: { idp: Idp }) {
  const { idp } = opts;

  const handle = async (request: FastifyRequest, reply: FastifyReply, params: Form) => {
    if (params.post_logout_redirect_uri && !isAllowedRedirect(idp.config, params.post_logout_redirect_uri)) {
      return sendError(idp, reply, 400, INVALID_REDIRECT);
    }
    if (params.client_id && !isKnownClient(idp.config, params.client_id)) {
      return sendError(idp, reply, 400, CLIENT_NOT_FOUND);
    }
    // An id_token_hint proves the request comes from the app: log out at once. It may be expired (an old tab).
    const hint = params.id_token_hint
      ? await verifySigned(idp.config, idp.keys, params.id_token_hint, 'ID', { ignoreExpiry: true })
      : null;
    if (hint && (!params.client_id || hint.aud === params.client_id)) {
      await endSessions(idp, request, reply, { sid: hint.sid, sub: hint.sub });
      return finish(idp, reply, params, true);
    }
    if (request.method === 'POST' && params.confirmLogout === 'true') {
      if (!csrfValid(idp, request, params.csrf)) {
        return sendError(idp, reply, 400, 'Sidan hade gått ut. Försök igen.');
      }
      await endSessions(idp, request, reply);
      // Without a hint, Keycloak only follows post_logout_redirect_uri when the client is named.
      return finish(idp, reply, params, !!params.client_id);
    }
    const fields = {
      client_id: params.client_id,
      post_logout_redirect_uri: params.post_logout_redirect_uri,
      state: params.state,
    };
    return sendPage(
      idp,
      reply,
      200,
      'Logga ut',
      'Logga ut',
      logoutConfirmBody({ action: `${idp.realmUrl}${LOGOUT}`, csrf: csrfToken(idp, request, reply), fields }),
      'login-logout-confirm',
    );
  };

  app.get(LOGOUT, (request, reply) => handle(request, reply, flat(request.query)));
  app.post(LOGOUT, (request, reply) => handle(request, reply, { ...flat(request.query), ...flat(request.body) }));
}
