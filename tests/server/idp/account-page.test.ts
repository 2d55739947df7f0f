import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, csrfOf, login, authParams, startIdp, type Harness } from './harness.ts';

// The account page in a browser, and the whole flow on PostgreSQL as well as PGlite.
let h: Harness;
beforeAll(async () => {
  h = await startIdp({ kind: 'postgres' });
});
afterAll(() => h?.close());

const referrer = () => `referrer=recipes-frontend&referrer_uri=${encodeURIComponent(`${h.config.publicUrl}/profile`)}`;
const accountForm = (html: string) =>
  /id="kc-account-form" method="post" action="([^"]+)"/.exec(html)![1]!.replaceAll('&amp;', '&');

describe('account page', () => {
  it('sends a browser without a session through login first, then shows the page', async () => {
    const b = new Browser(h);
    const first = await b.request('GET', `${h.realm}/account?${referrer()}`, undefined, { accept: 'text/html' });
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('id="kc-login"');
    expect(first.body).toContain('<title>Logga in till Receptboken</title>');
    const action = /id="kc-form-login" method="post" action="([^"]+)"/.exec(first.body)![1]!.replaceAll('&amp;', '&');
    const res = await b.request('POST', action, {
      csrf: csrfOf(first.body),
      username: 'besokare',
      password: 'besokare',
    });
    expect(res.statusCode).toBe(303);
    const page = await b.request('GET', res.headers.location as string, undefined, { accept: 'text/html' });
    expect(page.body).toContain('id="kc-account-form"');
    expect(page.body).toContain('value="Bo"');
    // Keycloak's account console: the username in a read-only #username, a link back named after the client.
    expect(page.body).toMatch(/<input id="username" name="username" type="text" value="besokare"[^>]* readonly[ >]/);
    expect(page.body).toContain(
      `<a id="referrer-link" data-testid="referrer-link" href="${h.config.publicUrl}/profile">Tillbaka till receptboken</a>`,
    );
    expect(page.body).toContain('<h1 id="kc-page-title">Personlig information</h1>');
  });

  it('changes names, e-mail and password, checking the current password', async () => {
    const b = new Browser(h);
    await login(h, b, authParams(h), 'redaktor', 'redaktor');
    const page = await b.request('GET', `${h.realm}/account?${referrer()}`, undefined, { accept: 'text/html' });
    const action = accountForm(page.body);
    const csrf = csrfOf(page.body);

    let res = await b.request('POST', action, {
      csrf,
      firstName: 'Ruth',
      lastName: 'Redaktör',
      email: 'besokare@example.se',
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('E-postadressen används redan.');

    res = await b.request('POST', action, {
      csrf,
      firstName: 'Ruth',
      lastName: 'Redaktör',
      email: 'rut@example.se',
      'password-current': 'fel',
      'password-new': 'nytt-losen',
      'password-confirm': 'nytt-losen',
    });
    expect(res.body).toContain('Nuvarande lösenord är fel.');

    res = await b.request('POST', action, {
      csrf,
      firstName: 'Ruth',
      lastName: 'Redaktör',
      email: 'rut@example.se',
      'password-current': 'redaktor',
      'password-new': 'nytt-losen',
      'password-confirm': 'nytt-losen',
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Ditt konto har uppdaterats.');
    expect((await login(h, new Browser(h), authParams(h), 'rut@example.se', 'nytt-losen')).statusCode).toBe(302);
    expect((await login(h, new Browser(h), authParams(h), 'redaktor', 'redaktor')).statusCode).toBe(401);
  });

  it('refuses a save without the CSRF token', async () => {
    const b = new Browser(h);
    await login(h, b, authParams(h), 'besokare', 'besokare');
    const res = await b.request('POST', `${h.realm}/account`, { firstName: 'X', lastName: 'Y', email: 'x@example.se' });
    expect(res.statusCode).toBe(400);
  });
});
