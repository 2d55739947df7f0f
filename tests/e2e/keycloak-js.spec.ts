import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { randomBytes } from 'node:crypto';
import { test, expect } from './support/fixtures.ts';
import { EDITOR, PROVIDER_TIMEOUT, VISITOR, fillLoginForm, type Credentials } from './support/auth.ts';
import type { Page } from '@playwright/test';

// The real keycloak-js 26 against whichever provider /config.json names (the embedded one, or Keycloak with
// E2E_KEYCLOAK_URL). The harness page is served on the product's own origin by request interception, so the
// redirect URIs match `${origin}/*` for both providers and nothing depends on the site's pages.
const KEYCLOAK_JS = readFileSync(createRequire(import.meta.url).resolve('keycloak-js'), 'utf8');

const HARNESS_HTML = `<!doctype html>
<html lang="sv"><head><meta charset="utf-8"><title>keycloak-js harness</title></head>
<body><p id="status">laddar</p>
<script type="module">
import Keycloak from '/__kc-harness/keycloak.js';
const cfg = await (await fetch('/config.json')).json();
const kc = new Keycloak({ url: cfg.KEYCLOAK_URL, realm: cfg.KEYCLOAK_REALM, clientId: cfg.KEYCLOAK_CLIENT_ID });
window.kc = kc;
try {
  const authenticated = await kc.init({ onLoad: 'check-sso', checkLoginIframe: false, pkceMethod: 'S256' });
  window.kcResult = { authenticated, href: location.href };
} catch (error) {
  window.kcResult = { error: JSON.stringify(error && (error.error || error.message || error)) };
}
document.getElementById('status').textContent = 'klar';
</script></body></html>`;

type KcResult = { authenticated?: boolean; href?: string; error?: string };
type KcWindow = { kc: import('keycloak-js').default; kcResult?: KcResult };

const escAttr = (v: string) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

async function openHarness(page: Page, baseURL: string): Promise<string> {
  const harnessBase = `${baseURL}/__kc-harness/`;
  await page.route(`${harnessBase}**`, (route) => {
    const path = new URL(route.request().url()).pathname;
    if (path === '/__kc-harness/keycloak.js')
      return route.fulfill({ contentType: 'text/javascript', body: KEYCLOAK_JS });
    return route.fulfill({ contentType: 'text/html; charset=utf-8', body: HARNESS_HTML });
  });
  // Playwright does not intercept the request that follows an HTTP redirect, so the provider's redirect back to
  // the harness would reach the real server. For page loads of the provider, the redirect is turned into a
  // meta refresh (a fresh navigation, which is intercepted); everything else passes untouched.
  const cfg = (await (await page.request.get(`${baseURL}/config.json`)).json()) as { KEYCLOAK_URL: string };
  await page.route(`${cfg.KEYCLOAK_URL}/realms/**`, async (route) => {
    const request = route.request();
    if (!request.isNavigationRequest()) return route.fallback();
    const response = await route.fetch({ maxRedirects: 0 });
    const location = response.headers()['location'];
    const target = location ? new URL(location, request.url()).href : '';
    if (response.status() >= 300 && response.status() < 400 && target.startsWith(harnessBase)) {
      return route.fulfill({
        status: 200,
        contentType: 'text/html',
        body: `<!doctype html><meta http-equiv="refresh" content="0;url=${escAttr(target)}">`,
      });
    }
    return route.fulfill({ response });
  });
  const url = `${harnessBase}index.html`;
  await page.goto(url);
  return url;
}

/** Waits for init() on the current harness load and returns its outcome. */
async function initResult(page: Page): Promise<KcResult> {
  await page.waitForFunction(() => (window as unknown as KcWindow).kcResult !== undefined, undefined, {
    timeout: PROVIDER_TIMEOUT,
  });
  return page.evaluate(() => (window as unknown as KcWindow).kcResult!);
}

async function signInThroughForm(page: Page, harness: string, who: Credentials): Promise<void> {
  expect(await initResult(page)).toMatchObject({ authenticated: false });
  await page.evaluate(() => void (window as unknown as KcWindow).kc.login());
  await page.locator('#username').waitFor({ timeout: PROVIDER_TIMEOUT });
  await fillLoginForm(page, who);
  await page.waitForURL((url) => url.href.startsWith(harness));
  expect(await initResult(page)).toMatchObject({ authenticated: true });
}

test.describe('keycloak-js against the identity provider', { tag: '@provider' }, () => {
  // Chromium's Local Network Access treats the intercepted harness page as public: without this permission
  // its fetches to a provider on another loopback port (a real Keycloak) fail. Same-origin calls are unaffected.
  test.use({ permissions: ['local-network-access'] });

  test('check-sso signed out leaves the page clean and signed out', async ({ page, baseURL }) => {
    const harness = await openHarness(page, String(baseURL));
    const result = await initResult(page);
    expect(result).toEqual({ authenticated: false, href: harness });
    expect(page.url()).toBe(harness);
  });

  test('redaktor signs in, is an editor, loads the profile, refreshes and signs out', async ({ page, baseURL }) => {
    const harness = await openHarness(page, String(baseURL));
    await signInThroughForm(page, harness, EDITOR);

    const state = await page.evaluate(() => {
      const { kc } = window as unknown as KcWindow;
      return {
        editor: kc.hasRealmRole('editor'),
        username: kc.tokenParsed?.preferred_username,
        hasRefresh: !!kc.refreshToken,
        hasId: !!kc.idToken,
      };
    });
    expect(state).toEqual({ editor: true, username: 'redaktor', hasRefresh: true, hasId: true });

    const profile = await page.evaluate(() => (window as unknown as KcWindow).kc.loadUserProfile());
    expect(profile).toMatchObject({
      username: 'redaktor',
      firstName: 'Rut',
      lastName: 'Redaktör',
      email: 'redaktor@example.se',
    });

    const refreshed = await page.evaluate(async () => {
      const { kc } = window as unknown as KcWindow;
      const before = { token: kc.token, refresh: kc.refreshToken };
      const didRefresh = await kc.updateToken(-1);
      return {
        didRefresh,
        newToken: kc.token !== before.token,
        newRefresh: kc.refreshToken !== before.refresh,
        editor: kc.hasRealmRole('editor'),
      };
    });
    expect(refreshed).toEqual({ didRefresh: true, newToken: true, newRefresh: true, editor: true });

    // Logout with id_token_hint: straight back to the harness, where check-sso now finds no session.
    await page.evaluate(() => void (window as unknown as KcWindow).kc.logout());
    await page.waitForURL((url) => url.href.startsWith(harness) && !url.href.includes('/protocol/'));
    expect(await initResult(page)).toMatchObject({ authenticated: false });
    // The session is really gone: a fresh load is still signed out.
    await page.goto(harness);
    expect(await initResult(page)).toMatchObject({ authenticated: false });
  });

  test('besokare signs in without the editor role and keeps the session on reload', async ({ page, baseURL }) => {
    const harness = await openHarness(page, String(baseURL));
    await signInThroughForm(page, harness, VISITOR);
    expect(await page.evaluate(() => (window as unknown as KcWindow).kc.hasRealmRole('editor'))).toBe(false);
    expect(await page.evaluate(() => (window as unknown as KcWindow).kc.tokenParsed?.preferred_username)).toBe(
      'besokare',
    );
    // check-sso on a new load signs in silently through the SSO session.
    await page.goto(harness);
    expect(await initResult(page)).toMatchObject({ authenticated: true });
    // The account page (Keycloak's account console): the username, the e-mail and a link back named after the client.
    await page.evaluate(() => void (window as unknown as KcWindow).kc.accountManagement());
    await expect(page).toHaveURL(/\/realms\/[^/]+\/account/, { timeout: PROVIDER_TIMEOUT });
    // Keycloak's account console is a single-page app that builds its form after loading.
    await expect(page.locator('#username')).toHaveValue('besokare', { timeout: PROVIDER_TIMEOUT });
    await expect(page.locator('#email')).toHaveValue('besokare@example.se');
    await page.getByRole('link', { name: 'Tillbaka till receptboken' }).click();
    await page.waitForURL((url) => url.href.startsWith(harness));
    expect(await initResult(page)).toMatchObject({ authenticated: true });
  });

  test('wrong credentials show the error and keep the user on the login form', async ({ page, baseURL }) => {
    await openHarness(page, String(baseURL));
    expect(await initResult(page)).toMatchObject({ authenticated: false });
    await page.evaluate(() => void (window as unknown as KcWindow).kc.login());
    await expect(page).toHaveTitle('Logga in till Receptboken');
    await expect(page.locator('#kc-page-title')).toHaveText('Logga in till ditt konto');
    await fillLoginForm(page, { username: 'redaktor', password: 'fel-losenord' });
    await expect(page.locator('#input-error-username')).toContainText('Ogiltigt användarnamn eller lösenord.');
    await expect(page.locator('#username')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('#username')).toHaveValue('redaktor');
    await expect(page.locator('#password')).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('#kc-login')).toBeVisible();
  });

  test('a new user registers, comes back signed in, and is not an editor', async ({ page, baseURL }) => {
    const harness = await openHarness(page, String(baseURL));
    expect(await initResult(page)).toMatchObject({ authenticated: false });
    const username = `e2e-${randomBytes(5).toString('hex')}`;
    await page.evaluate(() => void (window as unknown as KcWindow).kc.register());
    await page.locator('#firstName').waitFor({ timeout: PROVIDER_TIMEOUT });
    await page.locator('#firstName').fill('Ebba');
    await page.locator('#lastName').fill('Testsson');
    await page.locator('#email').fill(`${username}@example.se`);
    await page.locator('#username').fill(username);
    await page.locator('#password').fill('Hemligt-123');
    await page.locator('#password-confirm').fill('Hemligt-123');
    await page.getByRole('button', { name: 'Registrera' }).click();
    await page.waitForURL((url) => url.href.startsWith(harness));
    expect(await initResult(page)).toMatchObject({ authenticated: true });
    const who = await page.evaluate(async () => {
      const { kc } = window as unknown as KcWindow;
      const profile = await kc.loadUserProfile();
      return { username: kc.tokenParsed?.preferred_username, editor: kc.hasRealmRole('editor'), profile };
    });
    expect(who).toMatchObject({
      username,
      editor: false,
      profile: { username, firstName: 'Ebba', lastName: 'Testsson', email: `${username}@example.se` },
    });
  });

  // The same words on both providers: Keycloak's own texts, or the realm's localizationTexts where it sets them.
  test('registration refuses bad input with the same field errors, and keeps the user on the form', async ({
    page,
    baseURL,
  }) => {
    await openHarness(page, String(baseURL));
    expect(await initResult(page)).toMatchObject({ authenticated: false });
    await page.evaluate(() => void (window as unknown as KcWindow).kc.register());
    const submit = async (fields: Record<string, string>, expected: Record<string, string | null>) => {
      for (const [id, value] of Object.entries(fields)) await page.locator(`#${id}`).fill(value);
      await page.getByRole('button', { name: 'Registrera' }).click();
      for (const [id, text] of Object.entries(expected)) {
        const error = page.locator(`#input-error-${id}`);
        if (text === null) await expect(error, id).toHaveCount(0);
        else await expect(error, id).toHaveText(text);
      }
    };
    const empty = { username: '', password: '', 'password-confirm': '', email: '', firstName: '', lastName: '' };
    await page.locator('#firstName').waitFor({ timeout: PROVIDER_TIMEOUT });
    await expect(page).toHaveTitle('Logga in till Receptboken');
    await expect(page.locator('#kc-page-title')).toHaveText('Registrera');
    await submit(empty, {
      username: 'Ange användarnamn.',
      password: 'Ange lösenord.',
      email: 'Ange e-post.',
      firstName: 'Fyll i detta fält.',
      lastName: 'Fyll i detta fält.',
      'password-confirm': null,
    });
    await submit(
      {
        username: 'ab',
        password: 'kort',
        'password-confirm': 'kort',
        email: 'inte-en-adress',
        firstName: 'Ebba',
        lastName: 'A&O',
      },
      {
        username: 'Längd måste vara mellan 3 och 255.',
        password: 'Lösenordet måste ha minst 8 tecken.',
        email: 'Ogiltig e-postadress.',
        firstName: null,
        lastName: 'Värdet innehåller ogiltiga tecken.',
      },
    );
    await submit(
      {
        username: 'har mellanslag',
        password: 'Hemligt-123',
        'password-confirm': '',
        email: 'ny@example.se',
        firstName: 'Ebba',
        lastName: 'Testsson',
      },
      {
        username: 'Värdet innehåller ogiltiga tecken.',
        password: null,
        'password-confirm': 'Lösenorden matchar inte.',
        email: null,
        lastName: null,
      },
    );
    await submit(
      {
        username: 'Redaktor',
        password: 'Hemligt-123',
        'password-confirm': 'Hemligt-124',
        email: 'REDAKTOR@example.se',
        firstName: 'Ebba',
        lastName: 'Testsson',
      },
      {
        username: 'Användarnamnet är upptaget.',
        email: 'E-postadressen används redan.',
        'password-confirm': 'Lösenorden matchar inte.',
      },
    );
    await expect(page.locator('#lastName')).toHaveValue('Testsson');
  });

  test('an authorization request for a foreign redirect_uri gets the error page, never a redirect', async ({
    page,
    baseURL,
  }) => {
    const cfg = (await (await page.request.get(`${baseURL}/config.json`)).json()) as {
      KEYCLOAK_URL: string;
      KEYCLOAK_REALM: string;
      KEYCLOAK_CLIENT_ID: string;
    };
    const auth = new URL(`${cfg.KEYCLOAK_URL}/realms/${cfg.KEYCLOAK_REALM}/protocol/openid-connect/auth`);
    auth.search = new URLSearchParams({
      client_id: cfg.KEYCLOAK_CLIENT_ID,
      redirect_uri: 'https://evil.example/cb',
      response_type: 'code',
      scope: 'openid',
      code_challenge: 'A'.repeat(43),
      code_challenge_method: 'S256',
    }).toString();
    const res = await page.goto(auth.href);
    expect(res?.status()).toBe(400);
    expect(new URL(page.url()).origin).toBe(new URL(cfg.KEYCLOAK_URL).origin);
    await expect(page.locator('body')).toHaveAttribute('data-page-id', 'login-error');
    await expect(page).toHaveTitle('Logga in till Receptboken');
    await expect(page.locator('#kc-page-title')).toHaveText('Vi ber om ursäkt...');
    await expect(page.locator('#kc-error-message')).toContainText('Ogiltig parameter: redirect_uri');
    await expect(page.getByRole('link', { name: '« Tillbaka till applikationen' })).toHaveAttribute(
      'href',
      `${baseURL}/`,
    );
  });
});
