import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authParams,
  authUrl,
  Browser,
  callbackParams,
  csrfOf,
  exchange,
  login,
  payload,
  signIn,
  startIdp,
  type Harness,
} from './harness.ts';

// What generic OpenID Connect clients (openid-client, oidc-client-ts) rely on, as Keycloak does it. The same
// flows run end to end against both providers in tests/e2e/oidc-*.spec.ts.
let h: Harness;
beforeAll(async () => {
  h = await startIdp();
});
afterAll(() => h?.close());

const endpoint = (name: string) => `${h.realm}/protocol/openid-connect/${name}`;
const withoutMode = () => {
  const flow = authParams(h);
  delete flow.params.response_mode;
  return flow;
};
const form = (b: Browser, name: string, fields: Record<string, string>) =>
  b.request('POST', endpoint(name), { client_id: h.config.keycloakClientId, ...fields });

describe('authorization endpoint', () => {
  it('answers in the query when no response_mode is given, with iss, on success and on error', async () => {
    const b = new Browser(h);
    const flow = withoutMode();
    const res = await login(h, b, flow, 'redaktor', 'redaktor');
    const url = new URL(res.headers.location as string);
    expect(url.hash).toBe('');
    expect(url.searchParams.get('code')).toBeTruthy();
    expect(url.searchParams.get('iss')).toBe(h.config.issuer);
    expect(url.searchParams.get('state')).toBe(flow.params.state);

    const silent = withoutMode();
    const none = await new Browser(h).request('GET', authUrl(h, { ...silent.params, prompt: 'none' }));
    const error = new URL(none.headers.location as string);
    expect(Object.fromEntries(error.searchParams)).toMatchObject({
      error: 'login_required',
      iss: h.config.issuer,
      state: silent.params.state,
    });
    const badScope = await new Browser(h).request('GET', authUrl(h, { ...withoutMode().params, scope: 'profile' }));
    expect(new URL(badScope.headers.location as string).searchParams.get('iss')).toBe(h.config.issuer);
  });

  it('keeps the fragment when asked (keycloak-js) and posts a form for form_post', async () => {
    const fragment = await login(h, new Browser(h), authParams(h), 'besokare', 'besokare');
    expect(new URL(fragment.headers.location as string).hash).toContain('code=');

    const flow = authParams(h, { response_mode: 'form_post' });
    const res = await login(h, new Browser(h), flow, 'besokare', 'besokare');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<form method="post" action="${flow.redirectUri.replace('&', '&amp;')}">`);
    expect(res.body).toMatch(/<input type="hidden" name="code" value="[^"]+">/);
    expect(res.body).toContain(`<input type="hidden" name="iss" value="${h.config.issuer}">`);
    expect(res.headers['content-security-policy']).toMatch(/script-src 'sha256-[^']+'/);
  });

  it('accepts an authorization request sent as a POST form (OIDC Core 3.1.2.1)', async () => {
    const b = new Browser(h);
    const flow = withoutMode();
    const page = await b.request('POST', endpoint('auth'), flow.params);
    expect(page.statusCode).toBe(200);
    const action = /id="kc-form-login" method="post" action="([^"]+)"/.exec(page.body)![1]!.replaceAll('&amp;', '&');
    const res = await b.request('POST', action, {
      csrf: csrfOf(page.body),
      username: 'redaktor',
      password: 'redaktor',
    });
    const code = new URL(res.headers.location as string).searchParams.get('code') ?? '';
    expect((await exchange(h, b, code, flow)).statusCode).toBe(200);
  });
});

describe('tokens', () => {
  it('carry acr "1" after a password and "0" for a sign-in on the SSO cookie, kept through refresh', async () => {
    const b = new Browser(h);
    const { tokens } = await signIn(h, b, 'redaktor');
    expect(payload(tokens.id_token!).acr).toBe('1');
    const flow = authParams(h);
    const again = await b.request('GET', authUrl(h, flow.params));
    const code = callbackParams(again.headers.location).get('code') ?? '';
    const sso = (await exchange(h, b, code, flow)).json();
    expect(payload(sso.id_token).acr).toBe('0');
    expect(payload(sso.access_token).acr).toBe('0');
    expect(payload(sso.id_token).sid).toBe(payload(tokens.id_token!).sid);
    const refreshed = (
      await form(b, 'token', { grant_type: 'refresh_token', refresh_token: sso.refresh_token })
    ).json();
    expect(payload(refreshed.id_token).acr).toBe('0');
  });
});

describe('revocation and introspection', () => {
  it('are advertised in discovery', async () => {
    const doc = (await new Browser(h).request('GET', `${h.realm}/.well-known/openid-configuration`)).json();
    expect(doc).toMatchObject({
      revocation_endpoint: `${h.config.issuer}/protocol/openid-connect/revoke`,
      introspection_endpoint: `${h.config.issuer}/protocol/openid-connect/token/introspect`,
      authorization_response_iss_parameter_supported: true,
    });
    expect(doc.response_modes_supported).toEqual(expect.arrayContaining(['query', 'fragment', 'form_post']));
  });

  it('introspection tells active tokens from others; revoking a refresh token ends the grant but not the SSO session', async () => {
    const b = new Browser(h);
    const { tokens } = await signIn(h, b, 'besokare');
    let info = (await form(b, 'token/introspect', { token: tokens.access_token! })).json();
    expect(info).toMatchObject({
      active: true,
      username: 'besokare',
      client_id: h.config.keycloakClientId,
      token_type: 'Bearer',
    });
    expect((await form(b, 'token/introspect', { token: tokens.refresh_token! })).json()).toMatchObject({
      active: true,
      token_type: 'Refresh',
    });
    expect((await form(b, 'token/introspect', { token: 'nonsense' })).json()).toEqual({ active: false });
    expect(
      (await b.request('POST', endpoint('token/introspect'), { client_id: 'other', token: tokens.access_token! }))
        .statusCode,
    ).toBe(401);

    // Tokens issued in the same second as the revocation count as revoked: wait for the next second.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const revoked = await form(b, 'revoke', { token: tokens.refresh_token!, token_type_hint: 'refresh_token' });
    expect(revoked.statusCode).toBe(200);
    info = (await form(b, 'token/introspect', { token: tokens.access_token! })).json();
    expect(info).toEqual({ active: false });
    expect(
      (await form(b, 'token', { grant_type: 'refresh_token', refresh_token: tokens.refresh_token! })).statusCode,
    ).toBe(400);
    const userinfo = await b.request('GET', endpoint('userinfo'), undefined, {
      authorization: `Bearer ${tokens.access_token}`,
    });
    expect(userinfo.statusCode).toBe(401);

    // The SSO session stays: a new sign-in on the cookie gets working tokens.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const flow = authParams(h, { prompt: 'none' });
    const code = callbackParams((await b.request('GET', authUrl(h, flow.params))).headers.location).get('code') ?? '';
    const fresh = (await exchange(h, b, code, flow)).json();
    expect(
      (await b.request('GET', endpoint('userinfo'), undefined, { authorization: `Bearer ${fresh.access_token}` }))
        .statusCode,
    ).toBe(200);
    // Revoking an unknown token is answered 200 as well (RFC 7009 2.2).
    expect((await form(b, 'revoke', { token: 'nonsense' })).statusCode).toBe(200);
  });
});
