import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import apiPlugin from '../../../server/api/index.ts';
import { closeTestDatabase, createTestDatabase } from '../../support/database.ts';
import { createTestKeys, signToken } from '../../support/tokens.ts';
import type { Database } from '../../../server/db/index.ts';
import { authParams, authUrl, Browser, callbackParams, freePort, signIn, startIdp, type Harness } from './harness.ts';

describe("the API verifies this provider's tokens through its JWKS over HTTP", () => {
  let h: Harness;
  beforeAll(async () => {
    // Both plugins on one listening app, as server/app.ts mounts them: the API fetches certs from config.issuer.
    h = await startIdp({
      listen: true,
      extend: async (app, config, db) => {
        await app.register(apiPlugin, { prefix: config.apiBasePath, config, db });
      },
    });
  });
  afterAll(() => h?.close());

  const createRecipe = (token: string) =>
    fetch(`${h.config.publicUrl}/api/recipes`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Provkaka', instructions: 'Grädda.', servings: 4, ingredients: [] }),
    });

  it('accepts an editor token, refuses a visitor (403) and a token signed by another key (401)', async () => {
    const editor = await signIn(h, new Browser(h), 'redaktor');
    const created = await createRecipe(editor.tokens.access_token!);
    expect(created.status).toBe(201);
    expect((await created.json()).author).toBe('redaktor');

    const visitor = await signIn(h, new Browser(h), 'besokare');
    expect((await createRecipe(visitor.tokens.access_token!)).status).toBe(403);

    // Same claims, same issuer and kid, but another private key.
    const other = await createTestKeys();
    const kid = JSON.parse(Buffer.from(editor.tokens.access_token!.split('.')[0]!, 'base64url').toString()).kid;
    const forged = await signToken(other, { issuer: h.config.issuer, realmRoles: ['editor'], kid });
    expect((await createRecipe(forged)).status).toBe(401);
    // And the refresh token (HS512) or the ID token are not access tokens.
    expect((await createRecipe(editor.tokens.id_token!)).status).toBe(401);
  });
});

describe('restart', () => {
  let db: Database;
  let dir: string;
  beforeAll(async () => {
    db = await createTestDatabase('pglite');
    dir = await mkdtemp(join(tmpdir(), 'idp-restart-'));
  });
  afterAll(async () => {
    await closeTestDatabase(db);
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps the signing key (0600) and the sessions', async () => {
    const port = await freePort();
    const first = await startIdp({ db, dir, port });
    const b = new Browser(first);
    const { tokens } = await signIn(first, b, 'redaktor');
    const certs1 = (await b.request('GET', `${first.realm}/protocol/openid-connect/certs`)).json();
    await first.close();
    expect((await stat(join(dir, 'idp-keys.json'))).mode & 0o777).toBe(0o600);

    const second = await startIdp({ db, dir, port });
    try {
      const b2 = new Browser(second);
      for (const [k, v] of b.cookies) b2.cookies.set(k, v);
      const certs2 = (await b2.request('GET', `${second.realm}/protocol/openid-connect/certs`)).json();
      expect(certs2).toEqual(certs1);
      const none = authParams(second, { prompt: 'none' });
      const res = await b2.request('GET', authUrl(second, none.params));
      expect(callbackParams(res.headers.location as string).get('code')).toBeTruthy();
      const refreshed = await b2.request('POST', `${second.realm}/protocol/openid-connect/token`, {
        grant_type: 'refresh_token',
        refresh_token: tokens.refresh_token!,
        client_id: 'recipes-frontend',
      });
      expect(refreshed.statusCode).toBe(200);
    } finally {
      await second.close();
    }
  });
});
