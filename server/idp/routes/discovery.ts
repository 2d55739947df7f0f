import type { FastifyInstance } from 'fastify';
import type { Idp } from '../context.ts';
import { CSS_PATH, etagOf } from '../html.ts';
import { IDP_CSS } from '../styles.ts';

export const CERTS = '/protocol/openid-connect/certs';
export const WELL_KNOWN = '/.well-known/openid-configuration';

export function discoveryDocument(idp: Idp) {
  const base = `${idp.realmUrl}/protocol/openid-connect`;
  return {
    issuer: idp.config.issuer,
    authorization_endpoint: `${base}/auth`,
    token_endpoint: `${base}/token`,
    userinfo_endpoint: `${base}/userinfo`,
    end_session_endpoint: `${base}/logout`,
    revocation_endpoint: `${base}/revoke`,
    introspection_endpoint: `${base}/token/introspect`,
    revocation_endpoint_auth_methods_supported: ['none'],
    introspection_endpoint_auth_methods_supported: ['none'],
    authorization_response_iss_parameter_supported: true,
    acr_values_supported: ['0', '1'],
    jwks_uri: `${base}/certs`,
    registration_endpoint_for_browsers: `${base}/registrations`,
    grant_types_supported: ['authorization_code', 'refresh_token'],
    response_types_supported: ['code'],
    response_modes_supported: ['query', 'fragment', 'form_post'],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: ['RS256'],
    userinfo_signing_alg_values_supported: ['none'],
    token_endpoint_auth_methods_supported: ['none'],
    code_challenge_methods_supported: ['S256'],
    scopes_supported: ['openid', 'profile', 'email'],
    claims_supported: ['sub', 'iss', 'aud', 'exp', 'iat', 'auth_time', 'name', 'given_name', 'family_name', 'preferred_username', 'email', 'email_verified', 'acr', 'sid'],
    frontchannel_logout_session_supported: false,
    backchannel_logout_supported: false,
  };
}

export default async function discoveryRoutes(app: FastifyInstance, opts: { idp: Idp }) {
  const { idp } = opts;
  const document = discoveryDocument(idp);
  app.get(WELL_KNOWN, async (_request, reply) => reply.header('cache-control', 'public, max-age=300').send(document));
  app.get(CERTS, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=300').send({ keys: [idp.keys.publicJwk] }),
  );
  const etag = etagOf(IDP_CSS);
  app.get(CSS_PATH, async (request, reply) => {
    reply.header('etag', etag).header('cache-control', 'public, max-age=3600');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type('text/css; charset=utf-8').send(IDP_CSS);
  });
}
