import type { FastifyReply } from 'fastify';
import { isAllowedRedirect, isKnownClient, withResponseParams } from './clients.ts';
import { sendError, type Form, type Idp } from '../context.ts';
import { sendFormPost } from './form-post.ts';
import { CLIENT_NOT_FOUND } from '../pages/pages.ts';
import { createCode, touchSession, type ActiveSession } from './sessions.ts';

/** A validated authorization request (from /auth or /registrations). */
export type AuthRequest = {
  clientId: string;
  redirectUri: string;
  responseMode: ResponseMode;
  state?: string;
  nonce?: string;
  codeChallenge: string;
  prompt?: string;
  maxAge?: number;
  loginHint?: string;
};

/** Where the answer goes: query (the default for `code`, OAuth Multiple Response Types 2.1), fragment, or form_post. */
export type ResponseMode = 'query' | 'fragment' | 'form_post';
const RESPONSE_MODES: readonly string[] = ['query', 'fragment', 'form_post'];

export type Parsed = { ok: true; req: AuthRequest } | { ok: false; send: (reply: FastifyReply) => FastifyReply };

const CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

/**
 * Validates the parameters. A bad client or redirect URI gets an error page (never a redirect to an unchecked
 * address); anything else wrong is reported to the client through the redirect, as OAuth requires.
 */
export function parseAuthRequest(idp: Idp, params: Form): Parsed {
  const page = (message: string, backHref?: string): Parsed => ({
    ok: false,
    send: (reply) => sendError(idp, reply, 400, message, backHref),
  });
  if (!isKnownClient(idp.config, params.client_id)) return page(CLIENT_NOT_FOUND);
  if (!isAllowedRedirect(idp.config, params.redirect_uri))
    return page('Ogiltig parameter: redirect_uri', `${idp.config.publicUrl}/`);
  const responseMode = (
    RESPONSE_MODES.includes(params.response_mode ?? '') ? params.response_mode : 'query'
  ) as ResponseMode;
  const redirectUri = params.redirect_uri;
  const fail = (error: string, description: string): Parsed => ({
    ok: false,
    send: (reply) =>
      answer(idp, reply, redirectUri, responseMode, {
        error,
        error_description: description,
        state: params.state || undefined,
      }),
  });
  if (params.response_mode && !RESPONSE_MODES.includes(params.response_mode))
    return fail('invalid_request', 'Invalid parameter: response_mode');
  if (params.response_type !== 'code')
    return fail(
      'unsupported_response_type',
      'Client is not allowed to initiate browser login with given response_type.',
    );
  if (!(params.scope ?? '').split(' ').includes('openid')) return fail('invalid_scope', 'Missing openid scope');
  // PKCE is mandatory: the client is public, so the code alone must be useless to whoever intercepts it.
  if (params.code_challenge_method !== 'S256')
    return fail('invalid_request', 'Missing parameter: code_challenge_method');
  if (!CHALLENGE.test(params.code_challenge ?? '')) return fail('invalid_request', 'Invalid parameter: code_challenge');
  const maxAge = params.max_age && /^\d+$/.test(params.max_age) ? Number(params.max_age) : undefined;
  return {
    ok: true,
    req: {
      clientId: params.client_id,
      redirectUri,
      responseMode,
      state: params.state || undefined,
      nonce: params.nonce || undefined,
      codeChallenge: params.code_challenge!,
      prompt: params.prompt || undefined,
      maxAge,
      loginHint: params.login_hint || undefined,
    },
  };
}

/** Whether an existing SSO session may answer this request without showing a form. */
export function sessionSatisfies(req: AuthRequest, active: ActiveSession | null): active is ActiveSession {
  if (!active || req.prompt === 'login') return false;
  if (req.maxAge !== undefined && Date.now() - active.session.authTime.getTime() > req.maxAge * 1000) return false;
  return true;
}

/**
 * Issues a code for the session and sends the browser back to the client. `acr` says how the person
 * authenticated for this request: "1" with a password just now, "0" on the SSO cookie alone (as Keycloak).
 */
export async function completeAuth(
  idp: Idp,
  reply: FastifyReply,
  req: AuthRequest,
  active: ActiveSession,
  acr: '0' | '1',
): Promise<FastifyReply> {
  await touchSession(idp.db, active.session.id);
  const code = await createCode(idp.db, {
    sessionId: active.session.id,
    clientId: req.clientId,
    redirectUri: req.redirectUri,
    codeChallenge: req.codeChallenge,
    nonce: req.nonce ?? null,
    acr,
  });
  return answer(idp, reply, req.redirectUri, req.responseMode, {
    state: req.state,
    session_state: active.session.id,
    code,
  });
}

export function loginRequired(idp: Idp, reply: FastifyReply, req: AuthRequest): FastifyReply {
  return answer(idp, reply, req.redirectUri, req.responseMode, { error: 'login_required', state: req.state });
}

/** Sends the authorization response, always with `iss` (RFC 9207), in the requested response mode. */
function answer(
  idp: Idp,
  reply: FastifyReply,
  redirectUri: string,
  mode: ResponseMode,
  params: Record<string, string | undefined>,
): FastifyReply {
  const all = { ...params, iss: idp.config.issuer };
  reply.header('cache-control', 'no-store');
  if (mode === 'form_post') return sendFormPost(reply, redirectUri, all);
  return reply.redirect(withResponseParams(redirectUri, all, mode), 302);
}
