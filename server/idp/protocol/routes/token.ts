import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { isKnownClient } from '../clients.ts';
import { flat, type Form, type Idp } from '../../context.ts';
import {
  consumeCode,
  findActiveSession,
  recordRefreshToken,
  redeemRefreshToken,
  touchSession,
  type ActiveSession,
} from '../sessions.ts';
import { issueTokens, verifyRefresh } from '../tokens.ts';
import { PATHS } from '../../paths.ts';

const TOKEN = PATHS.token;
const VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;

function oauthError(reply: FastifyReply, status: number, error: string, description: string) {
  return reply.code(status).header('cache-control', 'no-store').send({ error, error_description: description });
}

async function respond(
  idp: Idp,
  reply: FastifyReply,
  active: ActiveSession,
  clientId: string,
  nonce: string | null,
  acr: '0' | '1',
) {
  const now = new Date();
  await touchSession(idp.db, active.session.id, now);
  const { refreshJti, refreshExpiresAt, ...body } = await issueTokens(
    idp.config,
    idp.keys,
    { ...active, clientId, nonce, acr, idleSeconds: idp.idleSeconds },
    now,
  );
  await recordRefreshToken(idp.db, refreshJti, active.session.id, refreshExpiresAt);
  return reply.header('cache-control', 'no-store').header('pragma', 'no-cache').send(body);
}

async function codeGrant(idp: Idp, reply: FastifyReply, body: Form) {
  if (!body.code) return oauthError(reply, 400, 'invalid_request', 'Missing parameter: code');
  const grant = await consumeCode(idp.db, body.code);
  if (!grant) return oauthError(reply, 400, 'invalid_grant', 'Code not valid');
  if (grant.clientId !== body.client_id) return oauthError(reply, 400, 'invalid_grant', 'Auth error');
  if (grant.redirectUri !== body.redirect_uri) return oauthError(reply, 400, 'invalid_grant', 'Incorrect redirect_uri');
  if (!VERIFIER.test(body.code_verifier ?? ''))
    return oauthError(reply, 400, 'invalid_grant', 'PKCE verification failed: Invalid code verifier');
  const challenge = createHash('sha256').update(body.code_verifier!).digest('base64url');
  if (challenge !== grant.codeChallenge)
    return oauthError(reply, 400, 'invalid_grant', 'PKCE verification failed: Code mismatch');
  const active = await findActiveSession(idp.db, grant.sessionId, idp.idleSeconds);
  if (!active) return oauthError(reply, 400, 'invalid_grant', 'Session not active');
  return respond(idp, reply, active, grant.clientId, grant.nonce, grant.acr);
}

async function refreshGrant(idp: Idp, reply: FastifyReply, body: Form) {
  const claims = body.refresh_token ? await verifyRefresh(idp.config, idp.keys, body.refresh_token) : null;
  if (!claims) return oauthError(reply, 400, 'invalid_grant', 'Invalid refresh token');
  if (claims.azp !== body.client_id)
    return oauthError(
      reply,
      400,
      'invalid_grant',
      "Invalid refresh token. Token client and authorized client don't match",
    );
  // Rotation: each refresh token works once; a replay revokes the whole family (see sessions.ts).
  const redeemed = await redeemRefreshToken(idp.db, claims.jti!);
  if (redeemed !== 'ok') return oauthError(reply, 400, 'invalid_grant', 'Maximum allowed refresh token reuse exceeded');
  const active = await findActiveSession(idp.db, claims.sid, idp.idleSeconds);
  if (!active || active.user.id !== claims.sub) return oauthError(reply, 400, 'invalid_grant', 'Session not active');
  return respond(idp, reply, active, body.client_id!, claims.nonce ?? null, claims.acr === '0' ? '0' : '1');
}

export default async function tokenRoutes(app: FastifyInstance, opts: { idp: Idp }) {
  const { idp } = opts;
  app.post(TOKEN, async (request, reply) => {
    const body = flat(request.body);
    if (!isKnownClient(idp.config, body.client_id)) {
      return oauthError(reply, 401, 'invalid_client', 'Invalid client or Invalid client credentials');
    }
    if (body.grant_type === 'authorization_code') return codeGrant(idp, reply, body);
    if (body.grant_type === 'refresh_token') return refreshGrant(idp, reply, body);
    return oauthError(reply, 400, 'unsupported_grant_type', 'Unsupported grant_type');
  });
}
