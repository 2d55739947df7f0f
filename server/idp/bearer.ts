import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Idp } from './context.ts';
import { findActiveSession, issuedAfterRevocation, type ActiveSession } from './sessions.ts';
import { verifySigned, type Claims } from './tokens.ts';

/** Verifies the bearer access token, that its SSO session still exists and that it was not revoked (as Keycloak's userinfo does). */
export async function bearerSession(idp: Idp, request: FastifyRequest): Promise<{ claims: Claims; active: ActiveSession } | null> {
  const header = request.headers.authorization ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match?.[1]) return null;
  const claims = await verifySigned(idp.config, idp.keys, match[1], 'Bearer');
  if (!claims?.sid) return null;
  const active = await findActiveSession(idp.db, claims.sid, idp.idleSeconds);
  if (!active || active.user.id !== claims.sub || !issuedAfterRevocation(active.session, claims.iat)) return null;
  return { claims, active };
}

export function unauthorized(idp: Idp, reply: FastifyReply, description = 'Token verification failed') {
  return reply
    .code(401)
    .header('www-authenticate', `Bearer realm="${idp.config.keycloakRealm}", error="invalid_token", error_description="${description}"`)
    .send({ error: 'invalid_token', error_description: description });
}
