import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { loadOrCreateKeys } from '../../../server/idp/protocol/keys.ts';
import { authParams, authUrl, Browser, callbackParams, payload, signIn, startIdp, type Harness } from './harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startIdp();
});
afterAll(() => h?.close());

const refresh = (b: Browser, token: string, clientId = h.config.keycloakClientId) =>
  b.request('POST', `${h.realm}/protocol/openid-connect/token`, {
    grant_type: 'refresh_token',
    refresh_token: token,
    client_id: clientId,
  });

describe('refresh tokens', () => {
  it('rotate, and a reused one is rejected and revokes the family', async () => {
    const b = new Browser(h);
    const { tokens } = await signIn(h, b, 'redaktor');
    const first = await refresh(b, tokens.refresh_token!);
    expect(first.statusCode).toBe(200);
    const next = first.json();
    expect(next.refresh_token).not.toBe(tokens.refresh_token);
    expect(next.access_token).not.toBe(tokens.access_token);
    expect(next.id_token).toBeTruthy();

    const replay = await refresh(b, tokens.refresh_token!);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error).toBe('invalid_grant');
    // After a replay even the newest token is dead: whoever holds it must sign in again.
    expect((await refresh(b, next.refresh_token)).statusCode).toBe(400);
  });

  it('rejects a refresh token for another client and a forged one', async () => {
    const b = new Browser(h);
    const { tokens } = await signIn(h, b, 'besokare');
    expect((await refresh(b, tokens.refresh_token!, 'other')).statusCode).toBe(401);
    const [head, body] = tokens.refresh_token!.split('.');
    expect((await refresh(b, `${head}.${body}.AAAA`)).statusCode).toBe(400);
    expect((await refresh(b, tokens.access_token!)).statusCode).toBe(400); // an access token is not a refresh token
    expect((await refresh(b, tokens.refresh_token!)).statusCode).toBe(200);
  });
});

describe('userinfo and account', () => {
  it('answers with the profile for a valid token, 401 otherwise, with CORS for allowed origins', async () => {
    const b = new Browser(h);
    const { tokens } = await signIn(h, b, 'redaktor');
    const origin = h.config.publicUrl;
    const info = await b.request('GET', `${h.realm}/protocol/openid-connect/userinfo`, undefined, {
      authorization: `Bearer ${tokens.access_token}`,
      origin,
    });
    expect(info.statusCode).toBe(200);
    expect(info.json()).toMatchObject({
      preferred_username: 'redaktor',
      email: 'redaktor@example.se',
      given_name: 'Rut',
    });
    expect(info.headers['access-control-allow-origin']).toBe(origin);
    expect(info.headers['access-control-allow-credentials']).toBe('true');

    const account = await b.request('GET', `${h.realm}/account`, undefined, {
      authorization: `Bearer ${tokens.access_token}`,
      accept: 'application/json',
      origin,
    });
    expect(account.statusCode).toBe(200);
    expect(account.json()).toEqual({
      id: info.json().sub,
      username: 'redaktor',
      firstName: 'Rut',
      lastName: 'Redaktör',
      email: 'redaktor@example.se',
      emailVerified: true,
    });
    expect(account.headers['access-control-allow-origin']).toBe(origin);

    const anon = await b.request('GET', `${h.realm}/account`, undefined, { accept: 'application/json' });
    expect(anon.statusCode).toBe(401);
    const bad = await b.request('GET', `${h.realm}/protocol/openid-connect/userinfo`, undefined, {
      authorization: `Bearer ${tokens.id_token}`,
    });
    expect(bad.statusCode).toBe(401);
    const evil = await b.request(
      'POST',
      `${h.realm}/protocol/openid-connect/token`,
      { grant_type: 'x', client_id: 'recipes-frontend' },
      { origin: 'https://evil.example' },
    );
    expect(evil.headers['access-control-allow-origin']).toBeUndefined();

    const preflight = await h.app.inject({
      method: 'OPTIONS',
      url: `${h.realm}/account`,
      headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-headers']).toMatch(/Authorization/);
    expect(preflight.headers['access-control-allow-credentials']).toBe('true');
  });
});

describe('logout', () => {
  it('with a valid id_token_hint ends the session and redirects at once', async () => {
    const b = new Browser(h);
    const { tokens } = await signIn(h, b, 'redaktor');
    const target = `${h.config.publicUrl}/after`;
    const res = await b.request(
      'GET',
      `${h.realm}/protocol/openid-connect/logout?${new URLSearchParams({ client_id: 'recipes-frontend', post_logout_redirect_uri: target, id_token_hint: tokens.id_token! })}`,
    );
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(target);
    expect(b.cookies.has('KEYCLOAK_SESSION')).toBe(false);

    const none = authParams(h, { prompt: 'none' });
    expect(
      callbackParams((await b.request('GET', authUrl(h, none.params))).headers.location as string).get('error'),
    ).toBe('login_required');
    expect((await refresh(b, tokens.refresh_token!)).statusCode).toBe(400);
    const info = await b.request('GET', `${h.realm}/protocol/openid-connect/userinfo`, undefined, {
      authorization: `Bearer ${tokens.access_token}`,
    });
    expect(info.statusCode).toBe(401);
  });

  it('asks for confirmation without a hint, and logs out after it', async () => {
    const b = new Browser(h);
    await signIn(h, b, 'besokare');
    const target = `${h.config.publicUrl}/`;
    const page = await b.request(
      'GET',
      `${h.realm}/protocol/openid-connect/logout?${new URLSearchParams({ client_id: 'recipes-frontend', post_logout_redirect_uri: target })}`,
    );
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Vill du logga ut?');
    const csrf = /name="csrf" value="([^"]+)"/.exec(page.body)![1]!;
    // Without the CSRF token nothing happens.
    expect(
      (
        await b.request('POST', `${h.realm}/protocol/openid-connect/logout`, {
          confirmLogout: 'true',
          client_id: 'recipes-frontend',
          post_logout_redirect_uri: target,
        })
      ).statusCode,
    ).toBe(400);
    const res = await b.request('POST', `${h.realm}/protocol/openid-connect/logout`, {
      csrf,
      confirmLogout: 'true',
      client_id: 'recipes-frontend',
      post_logout_redirect_uri: target,
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(target);
    const none = authParams(h, { prompt: 'none' });
    expect(
      callbackParams((await b.request('GET', authUrl(h, none.params))).headers.location as string).get('error'),
    ).toBe('login_required');
  });

  it('accepts an expired but genuine id_token_hint (an old tab), not a forged one', async () => {
    const keys = await loadOrCreateKeys(h.dir);
    const target = `${h.config.publicUrl}/`;
    const logout = (b: Browser, hint: string) =>
      b.request(
        'GET',
        `${h.realm}/protocol/openid-connect/logout?${new URLSearchParams({ client_id: 'recipes-frontend', post_logout_redirect_uri: target, id_token_hint: hint })}`,
      );
    const old = async (b: Browser, key: CryptoKey) => {
      const { tokens } = await signIn(h, b, 'besokare');
      const claims = { ...payload(tokens.id_token!), exp: Math.floor(Date.now() / 1000) - 3600 };
      return new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: keys.kid }).sign(key);
    };
    const b = new Browser(h);
    const res = await logout(b, await old(b, keys.privateKey));
    expect(res.statusCode).toBe(302);
    expect(b.cookies.has('KEYCLOAK_SESSION')).toBe(false);

    const { privateKey: otherKey } = await (await import('jose')).generateKeyPair('RS256');
    const b2 = new Browser(h);
    const forged = await logout(b2, await old(b2, otherKey));
    expect(forged.statusCode).toBe(200);
    expect(forged.body).toContain('Vill du logga ut?');
    expect(b2.cookies.has('KEYCLOAK_SESSION')).toBe(true);
  });

  it('refuses a post_logout_redirect_uri outside the allowed origins', async () => {
    const b = new Browser(h);
    const { tokens } = await signIn(h, b, 'besokare');
    const res = await b.request(
      'GET',
      `${h.realm}/protocol/openid-connect/logout?${new URLSearchParams({ post_logout_redirect_uri: 'https://evil.example/', id_token_hint: tokens.id_token! })}`,
    );
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('>Ogiltig omdirigeringsadress</p>');
    expect(res.headers.location).toBeUndefined();
    expect(b.cookies.has('KEYCLOAK_SESSION')).toBe(true);
  });
});

describe('third-party cookie check pages', () => {
  it('serve step1 with its script as files, framable by the allowed origins only', async () => {
    const b = new Browser(h);
    const base = `${h.realm}/protocol/openid-connect/3p-cookies`;
    const step1 = await b.request('GET', `${base}/step1.html`);
    expect(step1.statusCode).toBe(200);
    expect(step1.body).toContain('<script src="step1.js"></script>');
    const csp = step1.headers['content-security-policy'] as string;
    expect(csp).toContain(`frame-ancestors 'self' ${h.config.publicUrl}`);
    expect(csp).not.toContain('unsafe-inline');
    // One page: it sets the test cookie, reads it back and answers keycloak-js itself.
    const script = (await b.request('GET', `${base}/step1.js`)).body;
    expect(script).toContain("document.cookie = 'KEYCLOAK_3P_COOKIE=supported; Max-Age=60'");
    expect(script).toContain("postMessage(supported ? 'supported' : 'unsupported', '*')");
    expect(script).not.toContain('location');
  });
});

describe('static files and CORS', () => {
  it('serves the stylesheet as a cacheable file with a validator', async () => {
    const b = new Browser(h);
    const css = await b.request('GET', `${h.realm}/resources/idp.css`);
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toMatch(/^text\/css/);
    expect(css.body).toContain('#kc-header');
    const again = await b.request('GET', `${h.realm}/resources/idp.css`, undefined, {
      'if-none-match': css.headers.etag as string,
    });
    expect(again.statusCode).toBe(304);
  });

  it('answers CORS for allowed origins on the fetch endpoints only', async () => {
    const b = new Browser(h);
    const origin = h.config.publicUrl;
    const preflight = await b.request('OPTIONS', `${h.realm}/protocol/openid-connect/token`, undefined, {
      origin,
      'access-control-request-method': 'POST',
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(origin);
    expect(preflight.headers['access-control-allow-credentials']).toBe('true');
    const foreign = await b.request('GET', `${h.realm}/.well-known/openid-configuration`, undefined, {
      origin: 'https://evil.example',
    });
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    const page = await b.request('GET', authUrl(h, authParams(h).params), undefined, { origin });
    expect(page.headers['access-control-allow-origin']).toBeUndefined();
  });
});
