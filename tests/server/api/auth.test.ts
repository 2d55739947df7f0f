import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app.ts';
import { buildApiApp, createApiHarness, testConfig, type ApiHarness } from '../../support/api-app.ts';
import { closeTestDatabase, createTestDatabase, DATABASE_KINDS } from '../../support/database.ts';
import { bearer, recipeBody } from '../../support/recipes.ts';
import {
  createTestKeys,
  hs256WithPublicKey,
  serveJwks,
  signToken,
  TEST_CLIENT_ID,
  unsignedToken,
  type TestKeys,
} from '../../support/tokens.ts';

describe.each(DATABASE_KINDS)('authentication and roles (%s)', (kind) => {
  let h: ApiHarness;
  let otherKeys: TestKeys;
  beforeAll(async () => {
    h = await createApiHarness(kind);
    otherKeys = await createTestKeys();
  });
  afterAll(() => h?.close());

  const post = (headers: Record<string, string>) =>
    h.app.inject({ method: 'POST', url: '/api/recipes', headers, payload: recipeBody() });

  it('401 with WWW-Authenticate: Bearer without a token', async () => {
    const response = await post({});
    expect(response.statusCode).toBe(401);
    expect(response.headers['www-authenticate']).toBe('Bearer');
    expect(response.json()).toMatchObject({ status: 401, error: 'Unauthorized' });
  });

  it('checks the token before the body: an invalid body without a token is 401, with a visitor token 403', async () => {
    const noToken = await h.app.inject({ method: 'POST', url: '/api/recipes', payload: { name: '' } });
    expect(noToken.statusCode).toBe(401);
    const visitor = await signToken(h.keys, { username: 'besokare' });
    const forbidden = await h.app.inject({
      method: 'PUT',
      url: '/api/recipes/1',
      headers: { ...bearer(visitor), 'content-type': 'application/json' },
      payload: '{broken',
    });
    expect(forbidden.statusCode).toBe(403);
  });

  it('401 for an Authorization header that is not a bearer token', async () => {
    expect((await post({ authorization: 'Basic dXNlcjpwYXNz' })).statusCode).toBe(401);
    expect((await post({ authorization: 'Bearer' })).statusCode).toBe(401);
  });

  const bad: [string, () => Promise<string> | string][] = [
    ['expired', () => signToken(h.keys, { realmRoles: ['editor'], expiresIn: -120 })],
    ['not yet valid', () => signToken(h.keys, { realmRoles: ['editor'], notBefore: 120 })],
    [
      'from the wrong issuer',
      () => signToken(h.keys, { realmRoles: ['editor'], issuer: 'http://idp.test/realms/other' }),
    ],
    ['for another client (azp)', () => signToken(h.keys, { realmRoles: ['editor'], claims: { azp: 'someone-else' } })],
    ['without azp', () => signToken(h.keys, { realmRoles: ['editor'], claims: { azp: undefined } })],
    ['signed by another key', () => signToken(otherKeys, { realmRoles: ['editor'] })],
    ['unsigned (alg none)', () => unsignedToken()],
    ['HS256 with the public key as secret', () => hs256WithPublicKey(h.keys)],
    ['a refresh token (typ Refresh)', () => signToken(h.keys, { realmRoles: ['editor'], claims: { typ: 'Refresh' } })],
    ['an ID token (typ ID)', () => signToken(h.keys, { realmRoles: ['editor'], claims: { typ: 'ID' } })],
    [
      'without preferred_username',
      () => signToken(h.keys, { realmRoles: ['editor'], claims: { preferred_username: undefined } }),
    ],
    [
      'valid for a year (longer than KEYCLOAK_ACCESS_TOKEN_MAX_SECONDS, 3600 by default)',
      () => signToken(h.keys, { realmRoles: ['editor'], expiresIn: 365 * 86400 }),
    ],
    [
      'issued in the future (beyond the 30 s clock skew)',
      () =>
        signToken(h.keys, {
          realmRoles: ['editor'],
          expiresIn: 600,
          claims: { iat: Math.floor(Date.now() / 1000) + 120 },
        }),
    ],
    ['garbage', () => 'not.a.jwt'],
  ];
  it.each(bad)('401 for a token %s', async (_, make) => {
    const response = await post(bearer(await make()));
    expect(response.statusCode).toBe(401);
    expect(response.headers['www-authenticate']).toMatch(/^Bearer error="invalid_token"/);
    expect(response.json()).toMatchObject({ status: 401, error: 'Unauthorized' });
  });

  it('accepts a token within the 30 s clock leeway', async () => {
    const response = await post(bearer(await signToken(h.keys, { realmRoles: ['editor'], expiresIn: -10 })));
    expect(response.statusCode).toBe(201);
  });

  it("refuses a token without exp, without iat, or without typ Bearer (Keycloak's access tokens carry all three)", async () => {
    for (const claims of [
      { exp: undefined },
      { iat: undefined },
      { typ: undefined },
      { typ: 'ID' },
      { typ: 'Refresh' },
    ]) {
      const response = await post(bearer(await signToken(h.keys, { realmRoles: ['editor'], claims })));
      expect(response.statusCode, JSON.stringify(claims)).toBe(401);
    }
  });

  it('403 for a valid token without the editor role, on every write', async () => {
    const token = await signToken(h.keys, { username: 'besokare', realmRoles: ['user'], clientRoles: ['viewer'] });
    const created = (await post(bearer(await signToken(h.keys, { realmRoles: ['editor'] })))).json();
    const responses = await Promise.all([
      post(bearer(token)),
      h.app.inject({ method: 'PUT', url: `/api/recipes/${created.id}`, headers: bearer(token), payload: recipeBody() }),
      h.app.inject({ method: 'DELETE', url: `/api/recipes/${created.id}`, headers: bearer(token) }),
    ]);
    for (const response of responses) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        status: 403,
        error: 'Forbidden',
        message: 'You lack the privileges required to perform this action',
      });
    }
  });

  it('403 when editor is a role of another client, not ours', async () => {
    const token = await signToken(h.keys, { claims: { resource_access: { other: { roles: ['editor'] } } } });
    expect((await post(bearer(token))).statusCode).toBe(403);
  });

  it('201 for an editor by realm role, and the author is preferred_username', async () => {
    const response = await post(bearer(await signToken(h.keys, { username: 'anna', realmRoles: ['editor'] })));
    expect(response.statusCode).toBe(201);
    expect(response.json().author).toBe('anna');
  });

  it(`201 for an editor by client role (resource_access.${TEST_CLIENT_ID})`, async () => {
    const response = await post(bearer(await signToken(h.keys, { username: 'bo', clientRoles: ['editor'] })));
    expect(response.statusCode).toBe(201);
    expect(response.json().author).toBe('bo');
  });

  it('reads ignore a bad token', async () => {
    const response = await h.app.inject({ method: 'GET', url: '/api/recipes', headers: bearer('not.a.jwt') });
    expect(response.statusCode).toBe(200);
  });
});

describe('keys fetched from the issuer JWKS over HTTP', () => {
  it('verifies against {issuer}/protocol/openid-connect/certs', async () => {
    const keys = await createTestKeys();
    const served = await serveJwks(keys);
    const db = await createTestDatabase('pglite');
    const config = testConfig({ KEYCLOAK_URL: served.keycloakUrl });
    const app = await buildApiApp(config, db);
    try {
      const token = await signToken(keys, { realmRoles: ['editor'], issuer: config.issuer });
      const ok = await app.inject({
        method: 'POST',
        url: '/api/recipes',
        headers: bearer(token),
        payload: recipeBody(),
      });
      expect(ok.statusCode).toBe(201);
      const forged = await signToken(await createTestKeys(), { realmRoles: ['editor'], issuer: config.issuer });
      const refused = await app.inject({
        method: 'POST',
        url: '/api/recipes',
        headers: bearer(forged),
        payload: recipeBody(),
      });
      expect(refused.statusCode).toBe(401);
    } finally {
      await app.close();
      await closeTestDatabase(db);
      await served.close();
    }
  });

  it('503 (not 401) when the identity provider cannot be reached for its keys', async () => {
    const keys = await createTestKeys();
    const db = await createTestDatabase('pglite');
    const config = testConfig({ KEYCLOAK_URL: 'http://127.0.0.1:1' });
    const app = await buildApiApp(config, db);
    try {
      const token = await signToken(keys, { realmRoles: ['editor'], issuer: config.issuer });
      const response = await app.inject({
        method: 'POST',
        url: '/api/recipes',
        headers: bearer(token),
        payload: recipeBody(),
      });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        status: 503,
        error: 'Service Unavailable',
        message: 'Cannot verify sign-in right now; try again shortly',
      });
    } finally {
      await app.close();
      await closeTestDatabase(db);
    }
  });

  it('logs why a token was refused, never the token', async () => {
    const keys = await createTestKeys();
    const db = await createTestDatabase('pglite');
    const config = testConfig();
    const lines: string[] = [];
    const stream = new Writable({ write: (chunk, _enc, done) => (lines.push(chunk.toString()), done()) });
    const app = await buildApp(config, { db, logger: { level: 'info', stream }, jwks: keys.jwks });
    try {
      const expired = await signToken(keys, { realmRoles: ['editor'], expiresIn: -120 });
      const visitor = await signToken(keys, { username: 'besokare' });
      await app.inject({ method: 'POST', url: '/api/recipes', headers: bearer(expired), payload: recipeBody() });
      await app.inject({ method: 'POST', url: '/api/recipes', headers: bearer(visitor), payload: recipeBody() });
      const log = lines.join('');
      expect(log).toContain('bearer token refused');
      expect(log).toContain('ERR_JWT_EXPIRED');
      expect(log).toContain('write refused: no editor role');
      for (const token of [expired, visitor]) {
        expect(log).not.toContain(token);
        expect(log).not.toContain(token.split('.')[2]);
      }
    } finally {
      await app.close();
      await closeTestDatabase(db);
    }
  });
});
