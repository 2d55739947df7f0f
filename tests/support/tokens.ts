// A test signing key, its JWKS (in memory, or served over HTTP like Keycloak's certs endpoint) and
// builders for good and deliberately bad access tokens shaped like Keycloak 26's.
import { createServer, type Server } from 'node:http';
import {
  createLocalJWKSet,
  exportJWK,
  exportSPKI,
  generateKeyPair,
  SignJWT,
  type JWK,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose';

export const TEST_KEYCLOAK_URL = 'http://idp.test';
export const TEST_REALM = 'recipes';
export const TEST_CLIENT_ID = 'recipes-frontend';
export const TEST_ISSUER = `${TEST_KEYCLOAK_URL}/realms/${TEST_REALM}`;

export type TestKeys = {
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  publicJwk: JWK;
  publicPem: string;
  jwks: JWTVerifyGetKey;
};

export async function createTestKeys(kid = 'test-key'): Promise<TestKeys> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  return {
    privateKey,
    publicKey,
    publicJwk,
    publicPem: await exportSPKI(publicKey),
    jwks: createLocalJWKSet({ keys: [publicJwk] }),
  };
}

export type TokenOptions = {
  username?: string;
  realmRoles?: string[];
  clientRoles?: string[];
  /** Extra or overriding claims; `undefined` values remove a claim. */
  claims?: Record<string, unknown>;
  issuer?: string;
  /** Seconds from now. */
  expiresIn?: number;
  notBefore?: number;
  kid?: string;
};

/** A Keycloak-like access token: typ Bearer, azp = client, aud account, roles in both places. */
export function accessTokenClaims(opts: TokenOptions = {}): JWTPayload {
  const now = Math.floor(Date.now() / 1000);
  const claims: Record<string, unknown> = {
    iss: opts.issuer ?? TEST_ISSUER,
    sub: `user-${opts.username ?? 'redaktor'}`,
    aud: 'account',
    typ: 'Bearer',
    azp: TEST_CLIENT_ID,
    iat: now,
    exp: now + (opts.expiresIn ?? 300),
    ...(opts.notBefore !== undefined ? { nbf: now + opts.notBefore } : {}),
    preferred_username: opts.username ?? 'redaktor',
    realm_access: { roles: ['default-roles-recipes', 'offline_access', ...(opts.realmRoles ?? [])] },
    resource_access: {
      account: { roles: ['manage-account', 'view-profile'] },
      ...(opts.clientRoles ? { [TEST_CLIENT_ID]: { roles: opts.clientRoles } } : {}),
    },
    scope: 'openid profile email',
    ...opts.claims,
  };
  for (const [k, v] of Object.entries(claims)) if (v === undefined) delete claims[k];
  return claims;
}

export function signToken(keys: Pick<TestKeys, 'privateKey'>, opts: TokenOptions = {}): Promise<string> {
  return new SignJWT(accessTokenClaims(opts))
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid: opts.kid ?? 'test-key' })
    .sign(keys.privateKey);
}

export const editorToken = (keys: TestKeys, username = 'redaktor') =>
  signToken(keys, { username, realmRoles: ['editor'] });
export const visitorToken = (keys: TestKeys, username = 'besokare') => signToken(keys, { username });

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** An unsigned token (alg none) with editor claims. */
export function unsignedToken(opts: TokenOptions = { realmRoles: ['editor'] }): string {
  return `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url(accessTokenClaims(opts))}.`;
}

/** The classic confusion attack: HS256 with the RSA public key (PEM) as the HMAC secret. */
export function hs256WithPublicKey(keys: TestKeys, opts: TokenOptions = { realmRoles: ['editor'] }): Promise<string> {
  return new SignJWT(accessTokenClaims(opts))
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT', kid: 'test-key' })
    .sign(new TextEncoder().encode(keys.publicPem));
}

/** Serves the public key at {url}/realms/{realm}/protocol/openid-connect/certs, as Keycloak does. */
export async function serveJwks(keys: TestKeys): Promise<{ keycloakUrl: string; close(): Promise<void> }> {
  const server: Server = createServer((request, response) => {
    if (request.url === `/realms/${TEST_REALM}/protocol/openid-connect/certs`) {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [keys.publicJwk] }));
    } else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    keycloakUrl: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
