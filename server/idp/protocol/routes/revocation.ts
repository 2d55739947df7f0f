import type { FastifyInstance, FastifyReply } from 'fastify';
import { eq } from 'drizzle-orm';
import { idpRefreshTokens } from '../../../db/schema/user-tables.ts';
import { isKnownClient } from '../clients.ts';
import { flat, type Idp } from '../../context.ts';
import { findActiveSession, issuedAfterRevocation, revokeSessionTokens } from '../sessions.ts';
import { verifyRefresh, verifySigned, type Claims } from '../tokens.ts';
import { PATHS } from '../../paths.ts';

// Token revocation (RFC 7009) and introspection (RFC 7662) at Keycloak's paths. The one client is public, so
// it authenticates with its client_id alone, as it does at the token endpoint.
const REVOKE = PATHS.revoke;
const INTROSPECT = PATHS.introspect;

type Found = { claims: Claims; kind: 'access' | 'refresh' };

/** One of our tokens, still valid by signature and time, whichever kind it is (the hint is only a hint). */
async function identify(idp: Idp, token: string): Promise<Found | null> {
  const access = await verifySigned(idp.config, idp.keys, token, 'Bearer');
  if (access) return { claims: access, kind: 'access' };
  const refresh = await verifyRefresh(idp.config, idp.keys, token);
  return refresh ? { claims: refresh, kind: 'refresh' } : null;
}

function invalidClient(reply: FastifyReply) {
  return reply
    .code(401)
    .header('cache-control', 'no-store')
    .send({ error: 'invalid_client', error_description: 'Invalid client or Invalid client credentials' });
}

export default async function revocationRoutes(app: FastifyInstance, opts: { idp: Idp }) {
  const { idp } = opts;

  app.post(REVOKE, async (request, reply) => {
    const body = flat(request.body);
    if (!isKnownClient(idp.config, body.client_id)) return invalidClient(reply);
    if (!body.token) return reply.code(400).send({ error: 'invalid_request', error_description: 'Token not provided' });
    const found = await identify(idp, body.token);
    // An unknown, expired or foreign token is answered 200 too (RFC 7009 2.2): nothing to revoke.
    if (found?.claims.sid && found.claims.azp === body.client_id) await revokeSessionTokens(idp.db, found.claims.sid);
    return reply.header('cache-control', 'no-store').send();
  });

  app.post(INTROSPECT, async (request, reply) => {
    const body = flat(request.body);
    if (!isKnownClient(idp.config, body.client_id)) return invalidClient(reply);
    const inactive = () => reply.header('cache-control', 'no-store').send({ active: false });
    const found = body.token ? await identify(idp, body.token) : null;
    if (!found?.claims.sid) return inactive();
    const active = await findActiveSession(idp.db, found.claims.sid, idp.idleSeconds);
    if (!active || active.user.id !== found.claims.sub) return inactive();
    if (found.kind === 'access' && !issuedAfterRevocation(active.session, found.claims.iat)) return inactive();
    if (found.kind === 'refresh') {
      const [row] = await idp.db.orm
        .select()
        .from(idpRefreshTokens)
        .where(eq(idpRefreshTokens.jti, found.claims.jti!))
        .limit(1);
      if (!row || row.usedAt) return inactive();
    }
    return reply.header('cache-control', 'no-store').send({
      ...found.claims,
      active: true,
      client_id: found.claims.azp,
      username: active.user.username,
      token_type: found.kind === 'access' ? 'Bearer' : 'Refresh',
    });
  });
}
