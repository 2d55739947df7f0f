import type { FastifyReply, FastifyRequest } from 'fastify';
import { bearerChallenge, readBearer } from '../../bearer.ts';
import type { Idp } from '../context.ts';
import { findActiveSession, issuedAfterRevocation, type ActiveSession } from './sessions.ts';
import { verifySigned, type Claims } from './tokens.ts';

/** Verifies the bearer access token, that its SSO session still exists and that it was not revoked (as Keycloak's userinfo does). */
export async function bearerSession(
  idp: Idp,
  request: FastifyRequest,
): Promise<{ claims: Claims; active: ActiveSession } | null> {
  const header = readBearer(request.headers.authorization);
  if (header.kind !== 'token') return null;
  const claims = await verifySigned(idp.config, idp.keys, header.token, 'Bearer');
  if (!claims?.sid) return null;
  const active = await findActiveSession(idp.db, claims.sid, idp.idleSeconds);
  if (!active || active.user.id !== claims.sub || !issuedAfterRevocation(active.session, claims.iat)) return null;
  return { claims, active };
}

export function unauthorized(idp: Idp, reply: FastifyReply, description = 'Token verification failed') {
  return reply
    .code(401)
    .header('www-authenticate', bearerChallenge({ realm: idp.config.keycloakRealm, description }))
    .send({ error: 'invalid_token', error_description: description });
}
