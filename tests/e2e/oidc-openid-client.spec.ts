import * as client from 'openid-client';
import type { Page } from '@playwright/test';
import { test, expect } from './support/fixtures.ts';
import { EDITOR, fillLoginForm } from './support/auth.ts';
import { arrivalAt, expectNoSession, nextLoadOf, oidcProvider, serveTestPages, type Provider } from './support/oidc.ts';

// panva's openid-client 6 in the test process, as a server-side app would use it, with no settings beyond
// the defaults (plain http on loopback aside), against whichever provider /config.json names. The browser
// only carries the person through the provider's real login page. What is asserted is what Keycloak does.

type Flow = { config: client.Configuration; provider: Provider };

async function discover(page: Page, baseURL: string): Promise<Flow> {
  const provider = await oidcProvider(page.request, baseURL);
  await serveTestPages(page, provider);
  const config = await client.discovery(new URL(provider.issuer), provider.clientId, undefined, client.None(), {
    // Loopback http in tests; ID tokens are checked against the JWKS too, not only their claims.
    execute: [client.allowInsecureRequests, client.enableNonRepudiationChecks],
  });
  return { config, provider };
}

/**
 * Code + PKCE; through the login page, or (`password: false`) on the provider's session cookie alone, when
 * the provider must answer without showing the form. Returns what the provider redirected back with.
 */
async function authorize(page: Page, { config, provider }: Flow, { password = true, extra = {} } = {}) {
  const checks = {
    pkceCodeVerifier: client.randomPKCECodeVerifier(),
    expectedState: client.randomState(),
    expectedNonce: client.randomNonce(),
  };
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: provider.callback,
    scope: 'openid profile email',
    code_challenge: await client.calculatePKCECodeChallenge(checks.pkceCodeVerifier),
    code_challenge_method: 'S256',
    state: checks.expectedState,
    nonce: checks.expectedNonce,
    ...extra,
  });
  const back = nextLoadOf(page, provider.callback);
  await page.goto(url.href);
  if (password) {
    // Fails within expect's timeout, with the provider's answer in the log, when it redirects back at once.
    await expect(page.locator('#username')).toBeVisible();
    await fillLoginForm(page, EDITOR);
  }
  const request = await back;
  return { request, returned: await arrivalAt(page, provider.callback), checks };
}

test.describe('openid-client (panva) against the identity provider', { tag: '@provider' }, () => {
  test.use({ permissions: ['local-network-access'] });

  test('discovery advertises what generic clients use', async ({ page, baseURL }) => {
    const { config, provider } = await discover(page, String(baseURL));
    const metadata = config.serverMetadata();
    expect(metadata.issuer).toBe(provider.issuer);
    expect(metadata).toMatchObject({ authorization_response_iss_parameter_supported: true });
    expect(metadata.code_challenge_methods_supported).toContain('S256');
    expect(metadata.response_modes_supported).toEqual(expect.arrayContaining(['query', 'fragment']));
    for (const endpoint of [
      'revocation_endpoint',
      'introspection_endpoint',
      'end_session_endpoint',
      'userinfo_endpoint',
    ] as const) {
      expect(metadata[endpoint], endpoint).toMatch(new RegExp(`^${provider.issuer}/protocol/openid-connect/`));
    }
  });

  test('code + PKCE in the query, ID token, userinfo, refresh, SSO sign-in, revocation and logout', async ({
    page,
    baseURL,
  }) => {
    const flow = await discover(page, String(baseURL));
    const { config, provider } = flow;
    const { returned, checks } = await authorize(page, flow);

    // No response_mode: the answer is in the query, with the issuer (RFC 9207), nothing in the fragment.
    expect(returned.hash).toBe('');
    expect(returned.searchParams.get('iss')).toBe(provider.issuer);
    const tokens = await client.authorizationCodeGrant(config, returned, { ...checks, idTokenExpected: true });

    // The library has checked the ID token's signature against the JWKS, iss, aud, exp, iat and nonce.
    const idToken = tokens.claims()!;
    expect(idToken).toMatchObject({
      iss: provider.issuer,
      nonce: checks.expectedNonce,
      preferred_username: EDITOR.username,
      acr: '1',
    });
    expect([idToken.aud].flat()).toContain(provider.clientId);
    expect(tokens.token_type.toLowerCase()).toBe('bearer');

    const userinfo = await client.fetchUserInfo(config, tokens.access_token, idToken.sub);
    expect(userinfo).toMatchObject({
      sub: idToken.sub,
      preferred_username: 'redaktor',
      email: 'redaktor@example.se',
      given_name: 'Rut',
    });

    const refreshed = await client.refreshTokenGrant(config, tokens.refresh_token!);
    expect(refreshed.access_token).not.toBe(tokens.access_token);
    expect(refreshed.refresh_token).toBeTruthy();
    expect(refreshed.claims()).toMatchObject({ sub: idToken.sub, iss: provider.issuer });

    // A second sign-in rides on the session cookie: no login page, the same session, and acr "0" (no password).
    const sso = await authorize(page, flow, { password: false });
    const again = await client.authorizationCodeGrant(config, sso.returned, { ...sso.checks, idTokenExpected: true });
    expect(again.claims()).toMatchObject({ sub: idToken.sub, sid: idToken.sid, acr: '0' });

    // Revoked: the refresh token is refused from then on, and so is the access token of the same grant
    // (RFC 7009 2.1; Keycloak does both).
    await client.tokenRevocation(config, refreshed.refresh_token!, { token_type_hint: 'refresh_token' });
    await expect(client.refreshTokenGrant(config, refreshed.refresh_token!)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
    await expect(client.fetchUserInfo(config, refreshed.access_token, idToken.sub)).rejects.toMatchObject({
      status: 401,
    });

    // RP-initiated logout with id_token_hint goes straight back with the state, and the session is gone.
    const logoutState = client.randomState();
    const endSession = client.buildEndSessionUrl(config, {
      id_token_hint: refreshed.id_token ?? tokens.id_token!,
      post_logout_redirect_uri: provider.loggedOut,
      state: logoutState,
    });
    await page.goto(endSession.href);
    expect((await arrivalAt(page, provider.loggedOut)).searchParams.get('state')).toBe(logoutState);
    await expectNoSession(page, provider, config.serverMetadata().authorization_endpoint!);
  });

  test('code + PKCE with response_mode=form_post', async ({ page, baseURL }) => {
    const flow = await discover(page, String(baseURL));
    const { request, checks } = await authorize(page, flow, { extra: { response_mode: 'form_post' } });
    expect(request.method()).toBe('POST');
    // The callback as the app's server receives it: a POST of the form the provider's page submitted.
    const posted = new Request(request.url(), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: request.postData() ?? '',
    });
    const tokens = await client.authorizationCodeGrant(flow.config, posted, { ...checks, idTokenExpected: true });
    expect(tokens.claims()).toMatchObject({
      iss: flow.provider.issuer,
      nonce: checks.expectedNonce,
      preferred_username: EDITOR.username,
    });
  });
});
