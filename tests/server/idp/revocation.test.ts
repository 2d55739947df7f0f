import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../server/idp/users/user-repository.ts';
import { ACCOUNT_RULE } from '../../../server/idp/abuse/throttle.ts';
import {
  authParams,
  authUrl,
  Browser,
  callbackParams,
  csrfOf,
  exchange,
  login,
  signIn,
  startIdp,
  type Harness,
} from './harness.ts';

// Revocation gaps: a stolen code, a password change, the account page as a password oracle.
let h: Harness;
beforeAll(async () => {
  h = await startIdp();
});
afterAll(() => h?.close());

const userinfo = (b: Browser, accessToken: string) =>
  b.request('GET', `${h.realm}/protocol/openid-connect/userinfo`, undefined, {
    authorization: `Bearer ${accessToken}`,
  });
const refresh = (b: Browser, token: string) =>
  b.request('POST', `${h.realm}/protocol/openid-connect/token`, {
    grant_type: 'refresh_token',
    refresh_token: token,
    client_id: h.config.keycloakClientId,
  });
const silentCode = async (b: Browser) =>
  callbackParams((await b.request('GET', authUrl(h, authParams(h, { prompt: 'none' }).params))).headers.location);
const accountForm = (html: string) =>
  /id="kc-account-form" method="post" action="([^"]+)"/.exec(html)![1]!.replaceAll('&amp;', '&');

async function accountPage(b: Browser) {
  const page = await b.request('GET', `${h.realm}/account`, undefined, { accept: 'text/html' });
  return { action: accountForm(page.body), csrf: csrfOf(page.body) };
}

describe('revocation', () => {
  it('a replayed authorization code revokes the tokens issued for it', async () => {
    const b = new Browser(h);
    const flow = authParams(h);
    const code = callbackParams((await login(h, b, flow, 'besokare', 'besokare')).headers.location).get('code') ?? '';
    const tokens = (await exchange(h, b, code, flow)).json();
    expect((await userinfo(b, tokens.access_token)).statusCode).toBe(200);

    const replay = await exchange(h, new Browser(h), code, flow);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error).toBe('invalid_grant');
    expect((await userinfo(b, tokens.access_token)).statusCode).toBe(401);
    expect((await refresh(b, tokens.refresh_token)).statusCode).toBe(400);
  });

  it("a password change ends the user's other sessions and keeps the one that changed it", async () => {
    await createUser(h.db, {
      username: 'byter',
      email: 'byter@example.se',
      firstName: 'B',
      lastName: 'B',
      password: 'gammalt-losen',
    });
    const elsewhere = new Browser(h, '192.0.2.10');
    const { tokens } = await signIn(h, elsewhere, 'byter', 'gammalt-losen');
    const here = new Browser(h, '192.0.2.11');
    await login(h, here, authParams(h), 'byter', 'gammalt-losen');

    const { action, csrf } = await accountPage(here);
    const res = await here.request('POST', action, {
      csrf,
      firstName: 'B',
      lastName: 'B',
      email: 'byter@example.se',
      'password-current': 'gammalt-losen',
      'password-new': 'nytt-losen-1',
      'password-confirm': 'nytt-losen-1',
    });
    expect(res.statusCode).toBe(200);
    expect((await silentCode(elsewhere)).get('error')).toBe('login_required');
    expect((await refresh(elsewhere, tokens.refresh_token!)).statusCode).toBe(400);
    expect((await silentCode(here)).get('code')).toBeTruthy();
  });

  it('throttles the current-password check like sign-in', async () => {
    await createUser(h.db, {
      username: 'orakel',
      email: 'orakel@example.se',
      firstName: 'O',
      lastName: 'O',
      password: 'ratt-losen',
    });
    const b = new Browser(h, '192.0.2.20');
    await login(h, b, authParams(h), 'orakel', 'ratt-losen');
    const { action, csrf } = await accountPage(b);
    const change = (current: string) =>
      b.request('POST', action, {
        csrf,
        firstName: 'O',
        lastName: 'O',
        email: 'orakel@example.se',
        'password-current': current,
        'password-new': 'nytt-losen-2',
        'password-confirm': 'nytt-losen-2',
      });
    for (let i = 0; i < ACCOUNT_RULE.free; i++)
      expect((await change(`gissning-${i}`)).body).toContain('Nuvarande lösenord är fel.');
    const locked = await change('ratt-losen');
    expect(locked.statusCode).toBe(429);
    expect(locked.body).toContain('För många misslyckade inloggningsförsök');
    // The password did not change.
    expect((await login(h, new Browser(h, '192.0.2.21'), authParams(h), 'orakel', 'ratt-losen')).statusCode).toBe(302);
  });
});
