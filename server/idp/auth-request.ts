import type { FastifyReply } from 'fastify';
import { isAllowedRedirect, isKnownClient, withResponseParams } from './clients.ts';
import { sendError, type Form, type Idp } from './context.ts';
import { CLIENT_NOT_FOUND } from './pages.ts';
import { createCode, touchSession, type ActiveSession } from './sessions.ts';

/** A validated authorization request (from /auth or /registrations). */
export type AuthRequest = {
  clientId: string;
  redirectUri: string;
  responseMode: 'fragment' | 'query';
  state?: string;
  nonce?: string;
  codeChallenge: string;
  prompt?: string;
  maxAge?: number;
  loginHint?: string;
};

export type Parsed = { ok: true; req: AuthRequest } | { ok: false; send: (reply: FastifyReply) => FastifyReply };

const CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

/**
 * Validates the parameters. A bad client or redirect URI gets an error page (never a redirect to an unchecked
 * address); anything else wrong is reported to the client through the redirect, as OAuth requires.
 */
export function parseAuthRequest(idp: Idp, q: Form): Parsed {
  const page = (message: string, backHref?: string): Parsed => ({
    ok: false,
    send: (reply) => sendError(idp, reply, 400, message, backHref),
  });
  if (!isKnownClient(idp.config, q.client_id)) return page(CLIENT_NOT_FOUND);
  if (!isAllowedRedirect(idp.config, q.redirect_uri)) return page('Ogiltig parameter: redirect_uri', `${idp.config.publicUrl}/`);
  const responseMode = q.response_mode === 'query' ? 'query' : 'fragment';
  const redirectUri = q.redirect_uri;
  const fail = (error: string, description: string): Parsed => ({
    ok: false,
    send: (reply) =>
      reply.redirect(withResponseParams(redirectUri, { error, error_description: description, state: q.state || undefined }, responseMode)),
  });
  if (q.response_mode && q.response_mode !== 'query' && q.response_mode !== 'fragment') return fail('invalid_request', 'Invalid parameter: response_mode');
  if (q.response_type !== 'code') return fail('unsupported_response_type', 'Client is not allowed to initiate browser login with given response_type.');
  if (!(q.scope ?? '').split(' ').includes('openid')) return fail('invalid_scope', 'Missing openid scope');
  // PKCE is mandatory: the client is public, so the code alone must be useless to whoever intercepts it.
  if (q.code_challenge_method !== 'S256') return fail('invalid_request', 'Missing parameter: code_challenge_method');
  if (!CHALLENGE.test(q.code_challenge ?? '')) return fail('invalid_request', 'Invalid parameter: code_challenge');
  const maxAge = q.max_age && /^\d+$/.test(q.max_age) ? Number(q.max_age) : undefined;
  return {
    ok: true,
    req: {
      clientId: q.client_id,
      redirectUri,
      responseMode,
      state: q.state || undefined,
      nonce: q.nonce || undefined,
      codeChallenge: q.code_challenge!,
      prompt: q.prompt || undefined,
      maxAge,
      loginHint: q.login_hint || undefined,
    },
  };
}

/** Whether an existing SSO session may answer this request without showing a form. */
export function sessionSatisfies(req: AuthRequest, active: ActiveSession | null): active is ActiveSession {
  if (!active || req.prompt === 'login') return false;
  if (req.maxAge !== undefined && Date.now() - active.session.authTime.getTime() > req.maxAge * 1000) return false;
  return true;
}

/** Issues a code for the session and sends the browser back to the client. */
export async function completeAuth(idp: Idp, reply: FastifyReply, req: AuthRequest, active: ActiveSession): Promise<FastifyReply> {
  await touchSession(idp.db, active.session.id);
  const code = await createCode(idp.db, {
    sessionId: active.session.id,
    clientId: req.clientId,
    redirectUri: req.redirectUri,
    codeChallenge: req.codeChallenge,
    nonce: req.nonce ?? null,
  });
  const params = { state: req.state, session_state: active.session.id, iss: idp.config.issuer, code };
  return reply.header('cache-control', 'no-store').redirect(withResponseParams(req.redirectUri, params, req.responseMode), 302);
}

export function loginRequired(reply: FastifyReply, req: AuthRequest): FastifyReply {
  const params = { error: 'login_required', state: req.state, iss: undefined };
  return reply.header('cache-control', 'no-store').redirect(withResponseParams(req.redirectUri, params, req.responseMode), 302);
}
