import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  actionOf,
  authParams,
  authUrl,
  Browser,
  callbackParams,
  csrfOf,
  exchange,
  login,
  payload,
  startIdp,
  type Harness,
} from './harness.ts';
import { ACCOUNT_RULE } from '../../../server/idp/abuse/throttle.ts';

let h: Harness;
beforeAll(async () => {
  // The registrations here are about the form's rules; the hourly allowance per address (which every asking
  // whether a name is taken now uses) has its own tests in guessing.test.ts.
  h = await startIdp({ env: { IDP_REGISTRATIONS_PER_HOUR: '1000' } });
});
afterAll(() => h?.close());

const formOf = (html: string) =>
  /id="kc-register-form" method="post" action="([^"]+)"/.exec(html)![1]!.replaceAll('&amp;', '&');

async function register(b: Browser, fields: Record<string, string>) {
  const flow = authParams(h);
  const page = await b.request('GET', authUrl(h, flow.params, 'registrations'));
  expect(page.statusCode).toBe(200);
  const res = await b.request('POST', formOf(page.body), { csrf: csrfOf(page.body), ...fields });
  return { flow, res };
}

const valid = (n: string) => ({
  firstName: 'Nora',
  lastName: 'Ny',
  email: `${n}@example.se`,
  username: n,
  password: 'hemligt123',
  'password-confirm': 'hemligt123',
});

describe('login page', () => {
  it('has Keycloak ids, words and title, a registration link and a strict CSP', async () => {
    const res = await new Browser(h).request('GET', authUrl(h, authParams(h).params));
    expect(res.statusCode).toBe(200);
    for (const s of [
      'id="username"',
      'id="password"',
      'id="kc-login"',
      'Användarnamn eller e-post',
      'Lösenord',
      '>Logga in<',
      '>Registrera</a>',
      '<title>Logga in till Receptboken</title>',
      '<h1 id="kc-page-title">Logga in till ditt konto</h1>',
      'data-page-id="login-login"',
    ]) {
      expect(res.body).toContain(s);
    }
    expect(res.body).not.toContain('aria-invalid');
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(res.body).not.toMatch(/<script|style=|https?:\/\/fonts/);
  });

  it('escapes what it echoes', async () => {
    const res = await new Browser(h).request(
      'GET',
      authUrl(h, authParams(h, { login_hint: '"><script>alert(1)</script>' }).params),
    );
    expect(res.body).not.toContain('<script>');
    expect(res.body).toContain('&quot;&gt;&lt;script&gt;');
  });

  it('says only "Ogiltigt användarnamn eller lösenord." for a wrong password or an unknown user', async () => {
    const b = new Browser(h);
    for (const [user, pw] of [
      ['redaktor', 'fel-losen'],
      ['finns-inte', 'redaktor'],
    ] as const) {
      const res = await login(h, b, authParams(h), user, pw);
      expect(res.statusCode).toBe(401);
      expect(res.body).toMatch(/<span id="input-error-username"[^>]*>Ogiltigt användarnamn eller lösenord\.<\/span>/);
      // As in Keycloak: the error follows the username field, which alone is marked invalid; the name typed stays.
      expect(res.body).toMatch(
        new RegExp(
          `<input id="username"[^>]*value="${user}"[^>]*aria-invalid="true" aria-describedby="input-error-username">\\s*<div id="input-error-container-username"`,
        ),
      );
      expect(res.body.match(/aria-invalid/g)).toHaveLength(1);
      expect(res.body.indexOf('input-error-username')).toBeLessThan(res.body.indexOf('id="password"'));
    }
  });

  it('refuses a post without the CSRF token', async () => {
    const b = new Browser(h);
    const page = await b.request('GET', authUrl(h, authParams(h).params));
    const res = await b.request('POST', actionOf(page.body), { username: 'redaktor', password: 'redaktor' });
    expect(res.statusCode).toBe(400);
    expect(res.headers.location).toBeUndefined();
  });

  it('throttles an account from an address after five failures, for existing and unknown users alike', async () => {
    for (const user of ['besokare', 'ingen-sadan']) {
      const b = new Browser(h);
      for (let i = 0; i < ACCOUNT_RULE.free; i++)
        expect((await login(h, b, authParams(h), user, 'fel')).statusCode).toBe(401);
      // Now even the right password is refused, with the same message whether or not the user exists.
      const res = await login(h, b, authParams(h), user, user);
      expect(res.statusCode).toBe(429);
      expect(res.body).toContain('För många misslyckade inloggningsförsök');
      expect(res.headers.location).toBeUndefined();
    }
    // Other users are not affected.
    expect((await login(h, new Browser(h), authParams(h), 'redaktor', 'redaktor')).statusCode).toBe(302);
  });
});

describe('registration', () => {
  it('has Keycloak ids, Swedish labels, title and heading, fields in Keycloak order', async () => {
    const res = await new Browser(h).request('GET', authUrl(h, authParams(h).params, 'registrations'));
    for (const s of [
      'id="firstName"',
      'id="lastName"',
      'id="email"',
      'id="username"',
      'id="password"',
      'id="password-confirm"',
      'Förnamn',
      'Efternamn',
      'E-post',
      'Användarnamn',
      'Bekräfta lösenord',
      '<input type="submit" value="Registrera">',
      '<title>Logga in till Receptboken</title>',
      '<h1 id="kc-page-title">Registrera</h1>',
      '« Tillbaka till inloggningen',
      'data-page-id="login-register"',
    ]) {
      expect(res.body).toContain(s);
    }
    const order = ['username', 'password', 'password-confirm', 'email', 'firstName', 'lastName'].map((id) =>
      res.body.indexOf(`<input id="${id}"`),
    );
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it('reports every field error in Swedish', async () => {
    const b = new Browser(h);
    let { res } = await register(b, {
      firstName: '',
      lastName: '',
      email: '',
      username: '',
      password: '',
      'password-confirm': '',
    });
    expect(res.statusCode).toBe(400);
    const errorOf = (body: string, id: string) =>
      new RegExp(`<span id="input-error-${id}" class="kc-feedback-text">([^<]*)</span>`).exec(body)?.[1];
    expect(
      ['firstName', 'lastName', 'email', 'username', 'password', 'password-confirm'].map((id) => errorOf(res.body, id)),
    ).toEqual([
      'Fyll i detta fält.',
      'Fyll i detta fält.',
      'Ange e-post.',
      'Ange användarnamn.',
      'Ange lösenord.',
      undefined,
    ]);

    // An empty confirmation of a typed password is Keycloak's (realm-worded) mismatch.
    ({ res } = await register(b, { ...valid('tom-bekraftelse'), 'password-confirm': '' }));
    expect(errorOf(res.body, 'password-confirm')).toBe('Lösenorden matchar inte.');

    // Keycloak's default user profile: username 3-255 without prohibited or non-Latin characters; names without markup.
    for (const [username, message] of [
      ['ab', 'Längd måste vara mellan 3 och 255.'],
      ['a'.repeat(256), 'Längd måste vara mellan 3 och 255.'],
      ['har mellanslag', 'Värdet innehåller ogiltiga tecken.'],
      ['a<b>c', 'Värdet innehåller ogiltiga tecken.'],
      ['юзер', 'Värdet innehåller ogiltiga tecken.'],
    ] as const) {
      ({ res } = await register(b, { ...valid('giltig'), username }));
      expect(errorOf(res.body, 'username'), username).toBe(message);
    }
    ({ res } = await register(b, { ...valid('namntecken'), firstName: 'Ebba <b>', lastName: 'A&O' }));
    expect([errorOf(res.body, 'firstName'), errorOf(res.body, 'lastName')]).toEqual([
      'Värdet innehåller ogiltiga tecken.',
      'Värdet innehåller ogiltiga tecken.',
    ]);
    ({ res } = await register(b, { ...valid('langt-namn'), lastName: 'x'.repeat(256) }));
    expect(errorOf(res.body, 'lastName')).toBe('Högsta längd är 255.');

    ({ res } = await register(b, {
      ...valid('kort'),
      email: 'inte-en-adress',
      password: 'kort',
      'password-confirm': 'kort',
    }));
    expect(res.body).toContain('Ogiltig e-postadress.');
    expect(res.body).toContain('Lösenordet måste ha minst 8 tecken.');

    ({ res } = await register(b, { ...valid('olika'), 'password-confirm': 'annat-losen' }));
    expect(res.body).toContain('Lösenorden matchar inte.');

    ({ res } = await register(b, { ...valid('Redaktor'), email: 'REDAKTOR@example.se' }));
    expect(res.body).toContain('Användarnamnet är upptaget.');
    expect(res.body).toContain('E-postadressen används redan.');
    // The values typed are kept, the passwords are not.
    expect(res.body).toContain('value="Nora"');
    expect(res.body).not.toContain('hemligt123');
  });

  it('accepts what Keycloak accepts: Swedish letters, hyphens and apostrophes in names, . _ - @ in usernames', async () => {
    const { res } = await register(new Browser(h), {
      ...valid('asa'),
      firstName: 'Ann-Sofie',
      lastName: "O'Brien Åström",
      username: 'Åsa.Öberg_1-x@hem',
      email: 'asa.oberg@example.se',
    });
    expect(res.statusCode).toBe(302);
  });

  it('measures usernames and e-mail addresses as typed (at most 255) on the registration and account forms', async () => {
    // Issue 29, item 5: checked before NFKC. 400 characters that NFKC composes into 200 letters are too long ...
    const errorOf = (body: string, id: string) =>
      new RegExp(`<span id="input-error-${id}" class="kc-feedback-text">([^<]*)</span>`).exec(body)?.[1];
    const ip = '192.0.2.55';
    let { res } = await register(new Browser(h, ip), { ...valid('komponerad'), username: 'e\u0301'.repeat(200) });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res.body, 'username')).toBe('Längd måste vara mellan 3 och 255.');
    ({ res } = await register(new Browser(h, ip), {
      ...valid('komponerad'),
      email: `${'e\u0301'.repeat(150)}@example.se`,
    }));
    expect(res.statusCode).toBe(400);
    expect(errorOf(res.body, 'email')).toBe('Högsta längd är 255.');
    // ... and 28,000 U+FDFA (half a million letters after NFKC) are refused as typed.
    ({ res } = await register(new Browser(h, ip), { ...valid('lang'), username: '\uFDFA'.repeat(28_000) }));
    expect(errorOf(res.body, 'username')).toBe('Längd måste vara mellan 3 och 255.');

    const b = new Browser(h, ip);
    await login(h, b, authParams(h), 'besokare', 'besokare');
    const page = await b.request('GET', `${h.realm}/account`, undefined, { accept: 'text/html' });
    const action = /id="kc-account-form" method="post" action="([^"]+)"/.exec(page.body)![1]!.replaceAll('&amp;', '&');
    const saved = await b.request('POST', action, {
      csrf: csrfOf(page.body),
      firstName: 'Bo',
      lastName: 'Besökare',
      email: `${'e\u0301'.repeat(150)}@example.se`,
    });
    expect(saved.statusCode).toBe(400);
    expect(saved.body).toContain('Högsta längd är 255.');
  });

  it('creates a user without the editor role, signs them in and returns to the app', async () => {
    const b = new Browser(h);
    const { flow, res } = await register(b, { ...valid('nora'), username: 'Nora' });
    expect(res.statusCode).toBe(302);
    const cb = callbackParams(res.headers.location);
    expect(cb.get('state')).toBe(flow.params.state);
    const tokens = (await exchange(h, b, cb.get('code')!, flow)).json();
    const access = payload(tokens.access_token) as {
      preferred_username: string;
      realm_access: { roles: string[] };
      email: string;
    };
    expect(access.preferred_username).toBe('nora');
    expect(access.email).toBe('nora@example.se');
    expect(access.realm_access.roles).not.toContain('editor');
    // And the new account can sign in again, by e-mail too.
    expect((await login(h, new Browser(h), authParams(h), 'nora@example.se', 'hemligt123')).statusCode).toBe(302);
  });
});
