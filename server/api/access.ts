import type { FastifyReply, FastifyRequest } from 'fastify';
import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import type { Config } from '../config.ts';
import { HttpError } from './errors.ts';
import { bearerChallenge, readBearer } from '../bearer.ts';

// Bearer tokens from Keycloak (or the embedded provider): RS256 against the realm's JWKS, exact
// issuer, azp = our client (Keycloak access tokens carry aud "account", so azp is what names us).
export type Caller = { username: string; isEditor: boolean };

/**
 * Whether the token's SSO session still stands (the embedded provider, in this process: server/idp/protocol/session-check.ts).
 * Keycloak's tokens are not checked this way: they stay good until they expire (README, "Running against an existing Keycloak").
 */
export type SessionCheck = (token: { sid?: unknown; sub?: unknown; iat?: number }) => Promise<boolean>;

/** How far the provider's clock may be ahead of ours: for exp, nbf and a token's issue time. */
export const CLOCK_SKEW_SECONDS = 30;

type KeycloakClaims = JWTPayload & {
  typ?: unknown;
  azp?: unknown;
  preferred_username?: unknown;
  realm_access?: { roles?: unknown };
  resource_access?: Record<string, { roles?: unknown } | undefined>;
};

const FORBIDDEN = 'You lack the privileges required to perform this action';

const hasRole = (roles: unknown, role: string) => Array.isArray(roles) && roles.includes(role);

function unauthorized(message: string, error?: 'invalid_token'): HttpError {
  return new HttpError(
    401,
    message,
    {},
    { 'www-authenticate': bearerChallenge(error ? { description: message } : {}) },
  );
}

export function createAuth(config: Config, jwks?: JWTVerifyGetKey, sessionCheck?: SessionCheck) {
  const keys = jwks ?? createRemoteJWKSet(new URL(`${config.issuer}/protocol/openid-connect/certs`));

  async function verify(token: string): Promise<Caller> {
    let payload: KeycloakClaims;
    try {
      ({ payload } = await jwtVerify<KeycloakClaims>(token, keys, {
        issuer: config.issuer,
        algorithms: ['RS256'],
        clockTolerance: CLOCK_SKEW_SECONDS,
        // A token without an expiry would be good forever; Keycloak's always carry both.
        requiredClaims: ['exp', 'iat'],
      }));
    } catch (error) {
      // The identity provider being unreachable is our problem, not a bad token.
      if (error instanceof errors.JWKSTimeout || (error instanceof TypeError && /fetch/i.test(error.message))) {
        throw new HttpError(503, 'Cannot verify sign-in right now; try again shortly');
      }
      const refused = unauthorized('The access token is invalid or expired', 'invalid_token');
      refused.cause = (error as { code?: string }).code ?? (error as Error).name;
      throw refused;
    }
    if (payload.typ !== 'Bearer') throw unauthorized('Not an access token', 'invalid_token');
    // Whoever holds the signing keys (a restored backup's maker, say) could mint a token good for a year: the
    // provider never issues one that lives longer than its maximum, nor one dated in the future.
    const { iat, exp } = payload as { iat: number; exp: number };
    if (iat > Date.now() / 1000 + CLOCK_SKEW_SECONDS)
      throw unauthorized('The token was issued in the future', 'invalid_token');
    if (exp - iat > config.accessTokenMaxSeconds)
      throw unauthorized('The token lives longer than the provider issues them', 'invalid_token');
    if (payload.azp !== config.keycloakClientId)
      throw unauthorized('The token was issued to another client', 'invalid_token');
    if (typeof payload.preferred_username !== 'string' || !payload.preferred_username) {
      throw unauthorized('The token names no user', 'invalid_token');
    }
    if (sessionCheck && !(await sessionCheck(payload)))
      throw unauthorized('The sign-in session has ended', 'invalid_token');
    const isEditor =
      hasRole(payload.realm_access?.roles, 'editor') ||
      hasRole(payload.resource_access?.[config.keycloakClientId]?.roles, 'editor');
    return { username: payload.preferred_username, isEditor };
  }

  /** preHandler for writes: 401 without a valid token, 403 without the editor role. */
  async function requireEditor(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const header = readBearer(request.headers.authorization);
    if (header.kind === 'missing') throw unauthorized('Sign in to do this: a bearer token is required');
    if (header.kind === 'malformed')
      throw unauthorized('The Authorization header must be "Bearer <token>"', 'invalid_token');
    let caller: Caller;
    try {
      caller = await verify(header.token);
    } catch (error) {
      // Why a token was refused helps operators; the token itself never reaches the log.
      if (error instanceof HttpError)
        request.log.info(
          { status: error.statusCode, reason: error.message, code: error.cause },
          'bearer token refused',
        );
      throw error;
    }
    if (!caller.isEditor) {
      request.log.info({ user: caller.username }, 'write refused: no editor role');
      throw new HttpError(403, FORBIDDEN);
    }
    request.caller = caller;
  }

  return { verify, requireEditor };
}

/** The editor requireEditor let through (a route without requireEditor asking for one is a bug: 500). */
export function editorOf(request: FastifyRequest): Caller {
  if (!request.caller) throw new Error('editorOf: the route does not run requireEditor');
  return request.caller;
}

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller | null;
  }
}
