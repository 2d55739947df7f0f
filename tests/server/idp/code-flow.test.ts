import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { createHash } from 'node:crypto';
import {
  authParams,
  authUrl,
  Browser,
  callbackParams,
  exchange,
  login,
  payload,
  signIn,
  startIdp,
  type Harness,
} from './harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startIdp();
});
afterAll(() => h?.close());

describe('discovery and keys', () => {
  it('publishes Keycloak-shaped metadata and an RS256 JWKS', async () => {
    const b = new Browser(h);
    const doc = (await b.request('GET', `${h.realm}/.well-known/openid-configuration`)).json();
    expect(doc.issuer).toBe(h.config.issuer);
    expect(doc.token_endpoint).toBe(`${h.config.issuer}/protocol/openid-connect/token`);
    expect(doc.code_challenge_methods_supported).toEqual(['S256']);
    const jwks = (await b.request('GET', `${h.realm}/protocol/openid-connect/certs`)).json();
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(jwks.keys[0].d).toBeUndefined();
  });
});

describe('authorization code with PKCE', () => {
  it('signs redaktor in and issues tokens shaped like Keycloak 26', async () => {
    const b = new Browser(h);
    const flow = authParams(h);
    const res = await login(h, b, flow, 'redaktor', 'redaktor');
    expect(res.statusCode).toBe(302);
    const location = res.headers.location as string;
    expect(location.startsWith(`${flow.redirectUri}#`)).toBe(true);
    const cb = callbackParams(location);
    expect(cb.get('state')).toBe(flow.params.state);
    expect(cb.get('iss')).toBe(h.config.issuer);
    const cookie = res.cookies.find((c) => c.name === 'KEYCLOAK_SESSION');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: `${h.realm}/` });

    const tokenRes = await exchange(h, b, cb.get('code')!, flow);
    expect(tokenRes.statusCode).toBe(200);
    expect(tokenRes.headers['cache-control']).toBe('no-store');
    const t = tokenRes.json();
    expect(t).toMatchObject({
      token_type: 'Bearer',
      expires_in: 300,
      refresh_expires_in: 1800,
      scope: 'openid profile email',
    });

    const jwks = createLocalJWKSet((await b.request('GET', `${h.realm}/protocol/openid-connect/certs`)).json());
    const { payload: access, protectedHeader } = await jwtVerify(t.access_token, jwks, { issuer: h.config.issuer });
    expect(protectedHeader).toMatchObject({ alg: 'RS256', typ: 'JWT' });
    expect(protectedHeader.kid).toBeTruthy();
    expect(access).toMatchObject({
      typ: 'Bearer',
      azp: 'recipes-frontend',
      aud: 'account',
      scope: 'openid profile email',
      preferred_username: 'redaktor',
      given_name: 'Rut',
      family_name: 'Redaktör',
      name: 'Rut Redaktör',
      email: 'redaktor@example.se',
      email_verified: true,
      realm_access: { roles: ['default-roles-recipes', 'offline_access', 'uma_authorization', 'editor'] },
      resource_access: { account: { roles: ['manage-account', 'manage-account-links', 'view-profile'] } },
    });
    expect(access.sid).toBe(cb.get('session_state'));
    for (const claim of ['exp', 'iat', 'auth_time', 'jti', 'sub']) expect(access[claim]).toBeTruthy();
    expect((access.exp as number) - (access.iat as number)).toBe(300);

    const { payload: id } = await jwtVerify(t.id_token, jwks, {
      issuer: h.config.issuer,
      audience: 'recipes-frontend',
    });
    expect(id).toMatchObject({ typ: 'ID', nonce: flow.params.nonce, azp: 'recipes-frontend', sid: access.sid });
    const half = createHash('sha256').update(t.access_token).digest().subarray(0, 16).toString('base64url');
    expect(id.at_hash).toBe(half);

    const refresh = payload(t.refresh_token);
    expect(refresh).toMatchObject({ typ: 'Refresh', azp: 'recipes-frontend', sid: access.sid, iss: h.config.issuer });
    expect(JSON.parse(Buffer.from(t.refresh_token.split('.')[0], 'base64url').toString()).alg).toBe('HS512');
  });

  it('gives besokare no editor role, and accepts the e-mail address as login', async () => {
    const b = new Browser(h);
    const flow = authParams(h);
    const res = await login(h, b, flow, 'BESOKARE@example.se', 'besokare');
    const t = (await exchange(h, b, callbackParams(res.headers.location as string).get('code')!, flow)).json();
    const access = payload(t.access_token) as { preferred_username: string; realm_access: { roles: string[] } };
    expect(access.preferred_username).toBe('besokare');
    expect(access.realm_access.roles).not.toContain('editor');
    expect(access.realm_access.roles).toContain('default-roles-recipes');
  });

  it('supports response_mode=query', async () => {
    const b = new Browser(h);
    const flow = authParams(h, { response_mode: 'query' });
    const res = await login(h, b, flow, 'redaktor', 'redaktor');
    const url = new URL(res.headers.location as string);
    expect(url.hash).toBe('');
    expect(url.searchParams.get('x')).toBe('1');
    expect(url.searchParams.get('code')).toBeTruthy();
  });

  it('rejects a wrong verifier, a wrong client, a wrong redirect_uri and a replayed code', async () => {
    const b = new Browser(h);
    const code = async () => {
      const flow = authParams(h);
      const res = await b.request('GET', authUrl(h, flow.params)); // the session from an earlier sign-in
      if (res.statusCode !== 302) await login(h, b, flow, 'redaktor', 'redaktor');
      const again = await b.request('GET', authUrl(h, flow.params));
      return { flow, code: callbackParams(again.headers.location).get('code')! };
    };
    await login(h, b, authParams(h), 'redaktor', 'redaktor');

    let c = await code();
    let res = await exchange(h, b, c.code, c.flow, { code_verifier: 'x'.repeat(64) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('invalid_grant');
    expect((await exchange(h, b, c.code, c.flow)).statusCode).toBe(400); // a failed try used the code up

    c = await code();
    res = await exchange(h, b, c.code, c.flow, { client_id: 'someone-else' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('invalid_client');

    c = await code();
    res = await exchange(h, b, c.code, c.flow, { redirect_uri: `${h.config.publicUrl}/other` });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('invalid_grant');

    c = await code();
    expect((await exchange(h, b, c.code, c.flow)).statusCode).toBe(200);
    res = await exchange(h, b, c.code, c.flow);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'invalid_grant', error_description: 'Code not valid' });
  });

  it('refuses unknown clients and foreign redirect URIs with a page, never a redirect', async () => {
    const b = new Browser(h);
    let res = await b.request('GET', authUrl(h, authParams(h, { redirect_uri: 'https://evil.example/cb' }).params));
    expect(res.statusCode).toBe(400);
    expect(res.headers.location).toBeUndefined();
    // Keycloak's error page: its title and page id, the message in #kc-error-message.
    expect(res.body).toContain('<title>Logga in till Receptboken</title>');
    expect(res.body).toContain('<h1 id="kc-page-title">Vi ber om ursäkt...</h1>');
    expect(res.body).toContain('data-page-id="login-error"');
    expect(res.body).toContain(
      '<div id="kc-error-message"><p class="alert alert-error" role="alert">Ogiltig parameter: redirect_uri</p>',
    );
    // The client is known, so the page links back to the application, as Keycloak's does.
    expect(res.body).toContain(
      `<a id="backToApplication" href="${h.config.publicUrl}/">« Tillbaka till applikationen</a>`,
    );
    res = await b.request('GET', authUrl(h, authParams(h, { client_id: 'nope' }).params));
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(
      '<div id="kc-error-message"><p class="alert alert-error" role="alert">Klienten hittades ej.</p></div>',
    );
    expect(res.body).not.toContain('Tillbaka till applikationen');
  });

  it('requires PKCE S256 and response_type=code', async () => {
    const b = new Browser(h);
    const cases: Record<string, string>[] = [
      { code_challenge_method: 'plain' },
      { code_challenge: '' },
      { response_type: 'token' },
    ];
    for (const extra of cases) {
      const res = await b.request('GET', authUrl(h, authParams(h, extra).params));
      expect(res.statusCode).toBe(302);
      const cb = callbackParams(res.headers.location);
      expect(cb.get('error')).toMatch(/invalid_request|unsupported_response_type/);
      expect(cb.get('code')).toBeNull();
    }
  });
});

describe('prompt=none', () => {
  it('answers login_required without a session and a code with one', async () => {
    const b = new Browser(h);
    const flow = authParams(h, { prompt: 'none' });
    let res = await b.request('GET', authUrl(h, flow.params));
    expect(res.statusCode).toBe(302);
    let cb = callbackParams(res.headers.location);
    expect(cb.get('error')).toBe('login_required');
    expect(cb.get('state')).toBe(flow.params.state);

    await signIn(h, b, 'besokare');
    res = await b.request('GET', authUrl(h, flow.params));
    cb = callbackParams(res.headers.location);
    expect(cb.get('error')).toBeNull();
    const tokens = (await exchange(h, b, cb.get('code')!, flow)).json();
    expect(payload(tokens.id_token).nonce).toBe(flow.params.nonce);
  });

  it('shows the login form with a session when prompt=login', async () => {
    const b = new Browser(h);
    await signIn(h, b, 'besokare');
    const res = await b.request('GET', authUrl(h, authParams(h, { prompt: 'login' }).params));
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('id="kc-login"');
  });
});
