import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authParams, authUrl, Browser, freePort, startIdp, type Harness } from './harness.ts';

// Redirect URIs are matched against the client's patterns as Keycloak matches them, not "any path on an
// allowed origin": an attacker must not be able to send codes to another page of the same site.
let h: Harness;
let origin: string;
beforeAll(async () => {
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  h = await startIdp({ port, env: { IDP_REDIRECT_URIS: `${origin}/app/*,${origin}/exact/callback` } });
});
afterAll(() => h?.close());

async function accepted(redirectUri: string) {
  const res = await new Browser(h).request('GET', authUrl(h, authParams(h, { redirect_uri: redirectUri }).params));
  if (res.statusCode === 200) return true; // the login page: the redirect URI was accepted
  expect(res.statusCode).toBe(400);
  expect(res.body).toContain('Ogiltig parameter: redirect_uri');
  return false;
}

describe('redirect URI patterns', () => {
  it('accepts what the patterns allow', async () => {
    for (const uri of [`${origin}/app/`, `${origin}/app`, `${origin}/app/recept/1?x=1#y`, `${origin}/exact/callback`])
      expect(await accepted(uri), uri).toBe(true);
  });

  it('refuses other paths of the same origin, look-alike prefixes, traversal and inexact matches', async () => {
    for (const uri of [
      `${origin}/`,
      `${origin}/other`,
      `${origin}/appx`,
      `${origin}/app/../admin`,
      `${origin}/app/%2e%2e/admin`,
      `${origin}/exact/callback?x=1`,
      `${origin}/exact/callback/more`,
      `${origin}/exact/callbackx`,
      `http://evil@127.0.0.1:${new URL(origin).port}/app/`,
      `http://127.0.0.2:${new URL(origin).port}/app/`,
      'javascript:alert(1)//app/',
    ]) {
      expect(await accepted(uri), uri).toBe(false);
    }
  });

  it('checks post-logout redirect URIs against the same patterns', async () => {
    const logout = (uri: string) =>
      new Browser(h).request(
        'GET',
        `${h.realm}/protocol/openid-connect/logout?client_id=${h.config.keycloakClientId}&post_logout_redirect_uri=${encodeURIComponent(uri)}`,
      );
    expect((await logout(`${origin}/other`)).statusCode).toBe(400);
    const ok = await logout(`${origin}/app/`);
    expect(ok.statusCode).toBe(200); // the confirmation page (no id_token_hint)
  });
});
