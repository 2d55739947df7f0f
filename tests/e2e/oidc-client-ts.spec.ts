import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import type { Page } from '@playwright/test';
import type { UserManager } from 'oidc-client-ts';
import { test, expect } from './support/fixtures.ts';
import { EDITOR, fillLoginForm } from './support/auth.ts';
import { arrivalAt, expectNoSession, oidcProvider, serveTestPages, TEST_PATH, type Provider } from './support/oidc.ts';

// oidc-client-ts 3 in the browser, as a single-page app on an allowed redirect origin would use it (its
// browser bundle on a page served by interception), with no settings beyond its defaults, against whichever
// provider /config.json names. What is asserted is what Keycloak does.
const BUNDLE = readFileSync(
  join(
    dirname(createRequire(import.meta.url).resolve('oidc-client-ts/package.json')),
    'dist/browser/oidc-client-ts.js',
  ),
  'utf8',
);

const appPage = (provider: Provider) => `<!doctype html>
<html lang="sv"><head><meta charset="utf-8"><title>oidc-client-ts</title></head><body>
<script src="${TEST_PATH}/oidc-client-ts.js"></script>
<script>
const settings = ${JSON.stringify({
  authority: provider.issuer,
  client_id: provider.clientId,
  redirect_uri: provider.callback,
  post_logout_redirect_uri: provider.loggedOut,
  scope: 'openid profile email',
  loadUserInfo: true,
})};
window.manager = (responseMode) => new oidc.UserManager({
  ...settings,
  ...(responseMode ? { response_mode: responseMode } : {}),
  userStore: new oidc.WebStorageStateStore({ store: window.localStorage }),
});
</script></body></html>`;

type TestWindow = { manager: (responseMode?: 'query' | 'fragment') => UserManager };
type Metadata = Record<string, string>;

async function openApp(page: Page, provider: Provider, path = '/'): Promise<void> {
  await page.goto(`${provider.app}${path}`);
  await page.waitForFunction(() => 'manager' in window);
}

/** The user the library holds, as plain data. */
function held(page: Page, mode?: 'fragment') {
  return page.evaluate(async (m) => {
    const user = await (window as unknown as TestWindow).manager(m).getUser();
    return (
      user && {
        access: user.access_token,
        refresh: user.refresh_token,
        id: user.id_token,
        profile: user.profile,
        expired: user.expired,
      }
    );
  }, mode);
}

test.describe('oidc-client-ts against the identity provider', { tag: '@provider' }, () => {
  test.use({ permissions: ['local-network-access'] });

  for (const mode of [undefined, 'fragment'] as const) {
    test(`response_mode ${mode ?? 'unset (query)'}: sign-in, ID token, userinfo, refresh, revocation and sign-out`, async ({
      page,
      baseURL,
    }) => {
      const provider = await oidcProvider(page.request, String(baseURL));
      const metadata = (await (
        await page.request.get(`${provider.issuer}/.well-known/openid-configuration`)
      ).json()) as Metadata;
      await serveTestPages(page, provider, (path) =>
        path === '/oidc-client-ts.js'
          ? { contentType: 'text/javascript', body: BUNDLE }
          : { contentType: 'text/html; charset=utf-8', body: appPage(provider) },
      );
      await openApp(page, provider);

      // signinRedirect -> login page -> back to the callback; the answer is where response_mode says.
      const authorize = page.waitForRequest((r) => r.url().startsWith(metadata.authorization_endpoint!));
      await page.evaluate((m) => void (window as unknown as TestWindow).manager(m).signinRedirect(), mode);
      const sent = new URL((await authorize).url()).searchParams;
      expect({ mode: sent.get('response_mode'), method: sent.get('code_challenge_method') }).toEqual({
        mode: mode ?? null,
        method: 'S256',
      });
      await expect(page.locator('#username')).toBeVisible();
      await fillLoginForm(page, EDITOR);
      const returned = await arrivalAt(page, provider.callback);
      const answer = new URLSearchParams(mode === 'fragment' ? returned.hash.slice(1) : returned.search);
      expect(answer.get('code'), returned.href).toBeTruthy();
      expect(answer.get('state')).toBe(sent.get('state'));
      expect(mode === 'fragment' ? returned.search : returned.hash).toBe('');
      await page.waitForFunction(() => 'manager' in window);
      const userinfo = page.waitForResponse((r) => r.url() === metadata.userinfo_endpoint);
      await page.evaluate(
        (m) =>
          (window as unknown as TestWindow)
            .manager(m)
            .signinRedirectCallback()
            .then(() => undefined),
        mode,
      );
      expect((await userinfo).status()).toBe(200);

      // getUser on a fresh load: the library kept the user, with the userinfo claims merged into the profile.
      await openApp(page, provider);
      const user = (await held(page, mode))!;
      expect(user.profile).toMatchObject({
        preferred_username: EDITOR.username,
        email: 'redaktor@example.se',
        given_name: 'Rut',
      });
      expect(user.expired).toBe(false);

      // The ID token the library accepted (it checks nonce and claims, not the signature): verified against the JWKS.
      const { payload } = await jwtVerify(user.id!, createRemoteJWKSet(new URL(metadata.jwks_uri!)), {
        issuer: provider.issuer,
        audience: provider.clientId,
      });
      expect(payload).toMatchObject({
        typ: 'ID',
        sub: user.profile.sub,
        preferred_username: EDITOR.username,
        acr: '1',
      });

      // signinSilent with a refresh token is a refresh_token grant from the browser.
      const refreshGrant = page.waitForRequest(
        (r) => r.url() === metadata.token_endpoint && !!r.postData()?.includes('grant_type=refresh_token'),
      );
      await page.evaluate(
        (m) =>
          (window as unknown as TestWindow)
            .manager(m)
            .signinSilent()
            .then(() => undefined),
        mode,
      );
      await refreshGrant;
      const refreshed = (await held(page, mode))!;
      expect(refreshed.access).not.toBe(user.access);
      expect(refreshed.refresh).toBeTruthy();
      expect(refreshed.profile.sub).toBe(user.profile.sub);

      // revokeTokens revokes both at the revocation endpoint; both are refused afterwards.
      await page.evaluate((m) => (window as unknown as TestWindow).manager(m).revokeTokens(), mode);
      const reuse = await page.request.post(metadata.token_endpoint!, {
        form: { grant_type: 'refresh_token', refresh_token: refreshed.refresh!, client_id: provider.clientId },
      });
      expect(reuse.status()).toBe(400);
      expect(await reuse.json()).toMatchObject({ error: 'invalid_grant' });
      const afterRevocation = await page.request.get(metadata.userinfo_endpoint!, {
        headers: { Authorization: `Bearer ${refreshed.access}` },
      });
      expect(afterRevocation.status()).toBe(401);

      // signoutRedirect sends id_token_hint and comes straight back; the provider's session is gone.
      const endSession = page.waitForRequest((r) => r.url().startsWith(metadata.end_session_endpoint!));
      await page.evaluate((m) => void (window as unknown as TestWindow).manager(m).signoutRedirect(), mode);
      const logout = new URL((await endSession).url()).searchParams;
      expect({ hint: logout.get('id_token_hint'), back: logout.get('post_logout_redirect_uri') }).toEqual({
        hint: refreshed.id,
        back: provider.loggedOut,
      });
      await arrivalAt(page, provider.loggedOut);
      await page.waitForFunction(() => 'manager' in window);
      await page.evaluate(
        (m) =>
          (window as unknown as TestWindow)
            .manager(m)
            .signoutRedirectCallback()
            .then(() => undefined),
        mode,
      );
      expect(await held(page, mode)).toBeNull();
      await expectNoSession(page, provider, metadata.authorization_endpoint!);
    });
  }
});
