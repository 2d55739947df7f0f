import { createHash, randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify, type JWTPayload } from 'jose';
import type { Config } from '../../config.ts';
import type { SessionRow, UserRow } from '../../db/schema/user-tables.ts';
import type { IdpKeys } from './keys.ts';

// Token shapes copied from Keycloak 26 (public client, default scopes) so keycloak-js and the API cannot tell us apart.
export const SCOPE = 'openid profile email';
const ACCOUNT_ROLES = ['manage-account', 'manage-account-links', 'view-profile'];

export function realmRoles(realm: string, user: Pick<UserRow, 'isEditor'>): string[] {
  const roles = [`default-roles-${realm}`, 'offline_access', 'uma_authorization'];
  return user.isEditor ? [...roles, 'editor'] : roles;
}

export function profileClaims(user: UserRow) {
  return {
    email_verified: user.emailVerified,
    name: `${user.firstName} ${user.lastName}`.trim(),
    preferred_username: user.username,
    given_name: user.firstName,
    family_name: user.lastName,
    email: user.email,
  };
}

/** at_hash: base64url of the left half of SHA-256 over the access token (OIDC Core 3.1.3.6). */
const atHash = (token: string) => createHash('sha256').update(token).digest().subarray(0, 16).toString('base64url');

export type TokenSet = {
  access_token: string;
  expires_in: number;
  refresh_expires_in: number;
  refresh_token: string;
  token_type: 'Bearer';
  id_token: string;
  'not-before-policy': 0;
  session_state: string;
  scope: string;
  /** Not sent: the caller stores it for rotation. */
  refreshJti: string;
  refreshExpiresAt: Date;
};

/** `acr`: "1" when the person typed a password for this grant, "0" when the SSO cookie alone signed them in. */
export type IssueInput = {
  user: UserRow;
  session: SessionRow;
  clientId: string;
  nonce: string | null;
  acr: '0' | '1';
  idleSeconds: number;
};

export async function issueTokens(
  config: Config,
  keys: IdpKeys,
  input: IssueInput,
  now = new Date(),
): Promise<TokenSet> {
  const { user, session, clientId } = input;
  const iat = Math.floor(now.getTime() / 1000);
  const exp = iat + config.idp.accessTokenSeconds;
  const authTime = Math.floor(session.authTime.getTime() / 1000);
  // The refresh token never outlives the SSO session (idle window from now, capped by the session maximum).
  const refreshExp = Math.min(iat + input.idleSeconds, Math.floor(session.expiresAt.getTime() / 1000));
  const rs256 = { alg: 'RS256', typ: 'JWT', kid: keys.kid };
  const common = {
    iat,
    auth_time: authTime,
    iss: config.issuer,
    sub: user.id,
    azp: clientId,
    sid: session.id,
    acr: input.acr,
  };

  const access = await new SignJWT({
    ...common,
    exp,
    jti: randomUUID(),
    aud: 'account',
    typ: 'Bearer',
    'allowed-origins': [...config.allowedOrigins],
    realm_access: { roles: realmRoles(config.keycloakRealm, user) },
    resource_access: { account: { roles: ACCOUNT_ROLES } },
    scope: SCOPE,
    ...profileClaims(user),
  })
    .setProtectedHeader(rs256)
    .sign(keys.privateKey);

  const id = await new SignJWT({
    ...common,
    exp,
    jti: randomUUID(),
    aud: clientId,
    typ: 'ID',
    ...(input.nonce ? { nonce: input.nonce } : {}),
    at_hash: atHash(access),
    ...profileClaims(user),
  })
    .setProtectedHeader(rs256)
    .sign(keys.privateKey);

  const refreshJti = randomUUID();
  const refresh = await new SignJWT({
    exp: refreshExp,
    iat,
    jti: refreshJti,
    iss: config.issuer,
    aud: config.issuer,
    sub: user.id,
    typ: 'Refresh',
    azp: clientId,
    sid: session.id,
    scope: SCOPE,
    acr: input.acr,
    ...(input.nonce ? { nonce: input.nonce } : {}),
  })
    .setProtectedHeader({ alg: 'HS512', typ: 'JWT', kid: keys.refreshKid })
    .sign(keys.refreshSecret);

  return {
    access_token: access,
    expires_in: exp - iat,
    refresh_expires_in: refreshExp - iat,
    refresh_token: refresh,
    token_type: 'Bearer',
    id_token: id,
    'not-before-policy': 0,
    session_state: session.id,
    scope: SCOPE,
    refreshJti,
    refreshExpiresAt: new Date(refreshExp * 1000),
  };
}

export type Claims = JWTPayload & { typ?: string; azp?: string; sid?: string; nonce?: string; acr?: string };

/** Verifies one of our RS256 tokens (access or ID). `ignoreExpiry` is for id_token_hint, which may be old. */
export async function verifySigned(
  config: Config,
  keys: IdpKeys,
  token: string,
  typ: 'Bearer' | 'ID',
  opts: { ignoreExpiry?: boolean } = {},
): Promise<Claims | null> {
  try {
    const { payload } = await jwtVerify<Claims>(token, keys.publicKey, {
      issuer: config.issuer,
      algorithms: ['RS256'],
      clockTolerance: 5,
      ...(opts.ignoreExpiry ? { currentDate: new Date(0) } : {}),
    });
    return payload.typ === typ ? payload : null;
  } catch {
    return null;
  }
}

export async function verifyRefresh(config: Config, keys: IdpKeys, token: string): Promise<Claims | null> {
  try {
    const { payload } = await jwtVerify<Claims>(token, keys.refreshSecret, {
      issuer: config.issuer,
      audience: config.issuer,
      algorithms: ['HS512'],
    });
    return payload.typ === 'Refresh' && typeof payload.jti === 'string' ? payload : null;
  } catch {
    return null;
  }
}
