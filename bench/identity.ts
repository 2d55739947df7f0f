import { createServer, type Server } from 'node:http';
import { SignJWT, exportJWK, generateKeyPair } from 'jose';
import { freePort } from './net.ts';

export type BenchIdentity = {
  /** KEYCLOAK_URL for the server under test: it fetches our JWKS like it would Keycloak's. */
  keycloakUrl: string;
  /** A Keycloak-shaped editor access token, valid for the whole bench. */
  editorToken: string;
  stop(): Promise<void>;
};

/**
 * A stand-in for Keycloak that only publishes a JWKS. The server under test is started with
 * KEYCLOAK_URL pointing here, so it verifies the token exactly as in production (remote JWKS,
 * exact issuer, azp, typ, roles) and the embedded identity provider stays unmounted: its work is
 * not part of what we measure.
 */
export async function startBenchIdentity(realm: string, clientId: string): Promise<BenchIdentity> {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const kid = 'bench-key';
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  const port = await freePort();
  const keycloakUrl = `http://127.0.0.1:${port}`;
  const issuer = `${keycloakUrl}/realms/${realm}`;
  const certsPath = `/realms/${realm}/protocol/openid-connect/certs`;

  const server: Server = createServer((req, res) => {
    if (req.url === certsPath) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ keys: [jwk] }));
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));

  const now = Math.floor(Date.now() / 1000);
  // The claims a real Keycloak 26 access token carries (see /work/shared/notes/keycloak.md).
  const editorToken = await new SignJWT({
    typ: 'Bearer',
    azp: clientId,
    scope: 'openid profile email',
    sid: 'bench-session',
    preferred_username: 'bench-editor',
    given_name: 'Bench',
    family_name: 'Editor',
    email: 'bench-editor@example.test',
    email_verified: true,
    realm_access: { roles: [`default-roles-${realm}`, 'offline_access', 'uma_authorization', 'editor'] },
    resource_access: { account: { roles: ['manage-account', 'view-profile'] } },
  })
    .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
    .setIssuer(issuer)
    .setSubject('00000000-0000-4000-8000-00000000be7c')
    .setAudience('account')
    .setIssuedAt(now)
    .setExpirationTime(now + 3600)
    .setJti(crypto.randomUUID())
    .sign(privateKey);

  return {
    keycloakUrl,
    editorToken,
    stop: () => new Promise<void>((done) => server.close(() => done())),
  };
}
