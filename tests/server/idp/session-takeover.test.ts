import { createHash } from 'node:crypto';
import { eq, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idpSessions } from '../../../server/db/schema/user-tables.ts';
import {
  authParams,
  authUrl,
  Browser,
  callbackParams,
  login,
  payload,
  signIn,
  startIdp,
  type Harness,
} from './harness.ts';

// Attacks on the SSO session: whoever sees a token (the API host, page scripts, logs) must not be able to
// turn what it carries into the browser's session cookie and mint fresh tokens for that user.
let h: Harness;
beforeAll(async () => {
  h = await startIdp();
});
afterAll(() => h?.close());

const SESSION_COOKIE = 'KEYCLOAK_SESSION';
const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

/** A silent authorization request (prompt=none): a code when the cookie opens a session, else login_required. */
async function silentAuth(b: Browser) {
  const flow = authParams(h, { prompt: 'none' });
  const res = await b.request('GET', authUrl(h, flow.params));
  return callbackParams(res.headers.location);
}

describe('session takeover', () => {
  it('the session id published in tokens and redirects does not open the session as a cookie', async () => {
    const victim = new Browser(h);
    const flow = authParams(h);
    const redirect = await login(h, victim, flow, 'redaktor', 'redaktor');
    const sessionState = callbackParams(redirect.headers.location).get('session_state') ?? '';
    const { tokens } = await signIn(h, new Browser(h), 'redaktor');
    const sid = String(payload(tokens.access_token!).sid);
    expect(sid).toBeTruthy();
    expect(String(payload(tokens.id_token!).sid)).toBe(sid);

    // The victim's own cookie works, and it is not the public session id.
    const cookie = victim.cookies.get(SESSION_COOKIE) ?? '';
    expect(cookie).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie).not.toBe(sessionState);
    expect((await silentAuth(victim)).get('code')).toBeTruthy();

    // The attacker plants what a token or redirect showed as the cookie: no code, login required.
    for (const stolen of [sid, sessionState]) {
      const attacker = new Browser(h);
      attacker.cookies.set(SESSION_COOKIE, stolen);
      const answer = await silentAuth(attacker);
      expect(answer.get('code')).toBeNull();
      expect(answer.get('error')).toBe('login_required');
    }
  });

  it('stores only a hash of the cookie secret', async () => {
    const b = new Browser(h);
    await login(h, b, authParams(h), 'besokare', 'besokare');
    const cookie = b.cookies.get(SESSION_COOKIE) ?? '';
    const rows = await h.db.orm
      .select()
      .from(idpSessions)
      .where(eq(idpSessions.cookieHash, sha256(cookie)));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).not.toBe(cookie);
    const withCookieValue = await h.db.orm
      .select()
      .from(idpSessions)
      .where(or(eq(idpSessions.id, cookie), eq(idpSessions.cookieHash, cookie)));
    expect(withCookieValue).toHaveLength(0);
  });

  it('a reused refresh token ends the session it belongs to, SSO cookie included', async () => {
    const b = new Browser(h);
    const { tokens } = await signIn(h, b, 'redaktor');
    const refresh = (token: string) =>
      b.request('POST', `${h.realm}/protocol/openid-connect/token`, {
        grant_type: 'refresh_token',
        refresh_token: token,
        client_id: h.config.keycloakClientId,
      });
    expect((await refresh(tokens.refresh_token!)).statusCode).toBe(200);
    expect((await silentAuth(b)).get('code')).toBeTruthy();

    // A thief replays the first refresh token: the session ends for everyone holding it.
    expect((await refresh(tokens.refresh_token!)).statusCode).toBe(400);
    expect((await silentAuth(b)).get('error')).toBe('login_required');
  });
});
