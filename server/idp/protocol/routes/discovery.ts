import type { FastifyInstance } from 'fastify';
import type { Idp } from '../../context.ts';
import { PATHS } from '../../paths.ts';

export function discoveryDocument(idp: Idp) {
  const url = (path: string) => `${idp.realmUrl}${path}`;
  return {
    issuer: idp.config.issuer,
    authorization_endpoint: url(PATHS.auth),
    token_endpoint: url(PATHS.token),
    userinfo_endpoint: url(PATHS.userinfo),
    end_session_endpoint: url(PATHS.logout),
    revocation_endpoint: url(PATHS.revoke),
    introspection_endpoint: url(PATHS.introspect),
    revocation_endpoint_auth_methods_supported: ['none'],
    introspection_endpoint_auth_methods_supported: ['none'],
    authorization_response_iss_parameter_supported: true,
    acr_values_supported: ['0', '1'],
    jwks_uri: url(PATHS.certs),
    registration_endpoint_for_browsers: url(PATHS.registrations),
    grant_types_supported: ['authorization_code', 'refresh_token'],
    response_types_supported: ['code'],
    response_modes_supported: ['query', 'fragment', 'form_post'],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: ['RS256'],
    userinfo_signing_alg_values_supported: ['none'],
    token_endpoint_auth_methods_supported: ['none'],
    code_challenge_methods_supported: ['S256'],
    scopes_supported: ['openid', 'profile', 'email'],
    claims_supported: [
      'sub',
      'iss',
      'aud',
      'exp',
      'iat',
      'auth_time',
      'name',
      'given_name',
      'family_name',
      'preferred_username',
      'email',
      'email_verified',
      'acr',
      'sid',
    ],
    frontchannel_logout_session_supported: false,
    backchannel_logout_supported: false,
  };
}

export default async function discoveryRoutes(app: FastifyInstance, opts: { idp: Idp }) {
  const { idp } = opts;
  const document = discoveryDocument(idp);
  app.get(PATHS.discovery, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=300').send(document),
  );
  app.get(PATHS.certs, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=300').send({ keys: [idp.keys.publicJwk] }),
  );
}
