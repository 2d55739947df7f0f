import { createHash, randomBytes } from 'node:crypto';
import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';

// Sign-in helpers that work the same against the embedded provider and a real Keycloak:
// both render a login form with #username, #password and #kc-login.
export const EDITOR = { username: 'redaktor', password: 'redaktor' } as const;
export const VISITOR = { username: 'besokare', password: 'besokare' } as const;
export type Credentials = { username: string; password: string };

/** Fills the identity provider's login form the browser is on and submits it. */
export async function fillLoginForm(page: Page, who: Credentials): Promise<void> {
  await page.locator('#username').fill(who.username);
  await page.locator('#password').fill(who.password);
  await page.locator('#kc-login').click();
}

/**
 * Signs in from `path` and waits until the username menu shows: through the site's 'Logga in' button, or
 * straight through the login form when `path` is a protected page that sends the visitor there itself.
 */
export async function signIn(page: Page, who: Credentials, path = '/'): Promise<void> {
  await page.goto(path);
  const loginButton = page.getByRole('button', { name: 'Logga in' });
  const loginForm = page.locator('#username');
  await expect(loginButton.or(loginForm).first()).toBeVisible(); // the login page has a 'Logga in' button too
  // A protected page may already be on its way to the login form when the button shows: then a click
  // that loses the race to that navigation changes nothing.
  if (!(await loginForm.isVisible())) await loginButton.click({ timeout: 5000 }).catch(() => undefined);
  await fillLoginForm(page, who);
  await expect(page.getByRole('button', { name: who.username })).toBeVisible();
}

type RuntimeConfig = { KEYCLOAK_URL: string; KEYCLOAK_REALM: string; KEYCLOAK_CLIENT_ID: string; API_URL: string };

export async function runtimeConfig(request: APIRequestContext, baseURL: string): Promise<RuntimeConfig> {
  const res = await request.get(`${baseURL}/config.json`);
  expect(res.ok()).toBe(true);
  return (await res.json()) as RuntimeConfig;
}

const b64url = (buf: Buffer) => buf.toString('base64url');

/**
 * An access token for API set-up, obtained the way the site gets one: the authorization code
 * flow with PKCE through the real login form, then the token endpoint. Provider-neutral.
 */
export async function accessToken(browser: Browser, baseURL: string, who: Credentials): Promise<string> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const cfg = await runtimeConfig(context.request, baseURL);
    const realm = `${cfg.KEYCLOAK_URL}/realms/${encodeURIComponent(cfg.KEYCLOAK_REALM)}/protocol/openid-connect`;
    const verifier = b64url(randomBytes(48));
    const redirectUri = `${baseURL}/silent-check-sso.html`;
    const auth = new URL(`${realm}/auth`);
    auth.search = new URLSearchParams({
      client_id: cfg.KEYCLOAK_CLIENT_ID,
      redirect_uri: redirectUri,
      response_type: 'code',
      response_mode: 'fragment',
      scope: 'openid',
      state: b64url(randomBytes(16)),
      nonce: b64url(randomBytes(16)),
      code_challenge: b64url(createHash('sha256').update(verifier).digest()),
      code_challenge_method: 'S256',
    }).toString();
    await page.goto(auth.toString());
    await fillLoginForm(page, who);
    await page.waitForURL((url) => url.href.startsWith(redirectUri) && url.hash.includes('code='));
    const code = new URLSearchParams(new URL(page.url()).hash.slice(1)).get('code') ?? '';
    const res = await context.request.post(`${realm}/token`, {
      form: {
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
        client_id: cfg.KEYCLOAK_CLIENT_ID,
        code_verifier: verifier,
      },
    });
    expect(res.ok(), `token endpoint answered ${res.status()}: ${await res.text()}`).toBe(true);
    return ((await res.json()) as { access_token: string }).access_token;
  } finally {
    await context.close();
  }
}
