import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLocalJWKSet, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app.ts';
import { loadConfig } from '../../../server/config.ts';
import { ensureDemoUsers } from '../../../server/idp/index.ts';
import { loadOrCreateKeys, type IdpKeys } from '../../../server/idp/protocol/keys.ts';
import { closeTestDatabase, createTestDatabase } from '../../support/database.ts';
import { bearer, recipeBody } from '../../support/recipes.ts';
import { Browser, payload, signIn, type Harness } from './harness.ts';

// The API as server/app.ts mounts it beside the embedded provider (issue 20, items 8 and 9): it refuses tokens
// signed with the provider's own keys that live longer than the provider issues them or are dated in the future,
// and tokens whose session ended (revocation, logout) within a second.
let h: Harness;
let keys: IdpKeys;
beforeAll(async () => {
  const dir = await mkdtemp(join(tmpdir(), 'idp-api-trust-'));
  const config = loadConfig({
    PUBLIC_URL: 'http://127.0.0.1:9',
    DATA_DIR: dir,
    LOG_LEVEL: 'silent',
    IDP_RATE_LIMIT: '1000000',
    SERVE_SITE: 'false',
  });
  const db = await createTestDatabase('pglite');
  await ensureDemoUsers(db);
  keys = await loadOrCreateKeys(dir);
  // The provider's public key in memory instead of its certs endpoint over HTTP (nothing listens here).
  const app = await buildApp(config, { db, logger: false, jwks: createLocalJWKSet({ keys: [keys.publicJwk] }) });
  h = {
    app,
    config,
    db,
    dir,
    realm: `/realms/${config.keycloakRealm}`,
    async close() {
      await app.close();
      await closeTestDatabase(db);
      await rm(dir, { recursive: true, force: true });
    },
  };
});
afterAll(() => h?.close());

const create = (token: string) =>
  h.app.inject({ method: 'POST', url: '/api/recipes', headers: bearer(token), payload: recipeBody() });
const mint = (claims: Record<string, unknown>) =>
  new SignJWT(claims).setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid: keys.kid }).sign(keys.privateKey);

function expectRefused(response: Awaited<ReturnType<typeof create>>, description: string) {
  expect(response.statusCode).toBe(401);
  expect(response.headers['www-authenticate']).toBe(`Bearer error="invalid_token", error_description="${description}"`);
  expect(response.json()).toMatchObject({ status: 401, error: 'Unauthorized', message: description });
}

describe("the API and the embedded provider's tokens", () => {
  it("refuses a token made with the provider's keys that lives longer than IDP_ACCESS_TOKEN_SECONDS or was issued in the future", async () => {
    const { tokens } = await signIn(h, new Browser(h), 'redaktor');
    const real = payload(tokens.access_token!) as { iat: number; exp: number };
    expect(real.exp - real.iat).toBe(300);
    expect((await create(tokens.access_token!)).statusCode).toBe(201);

    const now = Math.floor(Date.now() / 1000);
    expectRefused(
      await create(await mint({ ...real, iat: now, exp: now + 365 * 86400 })),
      'The token lives longer than the provider issues them',
    );
    expectRefused(
      await create(await mint({ ...real, iat: now, exp: now + 301 })),
      'The token lives longer than the provider issues them',
    );
    expectRefused(
      await create(await mint({ ...real, iat: now + 120, exp: now + 400 })),
      'The token was issued in the future',
    );
    // Within the clock skew of 30 s, and exactly the provider's lifetime: accepted.
    expect((await create(await mint({ ...real, iat: now + 20, exp: now + 320 }))).statusCode).toBe(201);
  });

  it('refuses the access token of a revoked session within a second; a new sign-in works', async () => {
    const b = new Browser(h);
    const { tokens } = await signIn(h, b, 'redaktor');
    expect((await create(tokens.access_token!)).statusCode).toBe(201);
    const revoked = await b.request('POST', `${h.realm}/protocol/openid-connect/revoke`, {
      token: tokens.refresh_token!,
      client_id: h.config.keycloakClientId,
    });
    expect(revoked.statusCode).toBe(200);
    const introspected = await b.request('POST', `${h.realm}/protocol/openid-connect/token/introspect`, {
      token: tokens.access_token!,
      client_id: h.config.keycloakClientId,
    });
    expect(introspected.json()).toEqual({ active: false });
    await refusedWithinASecond(tokens.access_token!);

    const again = await signIn(h, new Browser(h), 'redaktor');
    expect((await create(again.tokens.access_token!)).statusCode).toBe(201);
  });

  it('refuses the access token of a logged-out session within a second', async () => {
    const b = new Browser(h);
    const { tokens } = await signIn(h, b, 'redaktor');
    expect((await create(tokens.access_token!)).statusCode).toBe(201);
    const logout = await b.request(
      'GET',
      `${h.realm}/protocol/openid-connect/logout?${new URLSearchParams({ client_id: h.config.keycloakClientId, id_token_hint: tokens.id_token! })}`,
    );
    expect(logout.statusCode).toBe(200);
    await refusedWithinASecond(tokens.access_token!);
  });
});

/** Writes with the token until it is refused; the first refusal must come within a second of the session's end. */
async function refusedWithinASecond(token: string) {
  const ended = Date.now();
  let response = await create(token);
  while (response.statusCode === 201 && Date.now() - ended < 2000) {
    await new Promise((r) => setTimeout(r, 50));
    response = await create(token);
  }
  expect(Date.now() - ended).toBeLessThan(1000);
  expectRefused(response, 'The sign-in session has ended');
}
