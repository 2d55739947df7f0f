import { createHash, randomBytes } from 'node:crypto';
import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';

// Sign-in helpers that work the same against the embedded provider and a real Keycloak:
// both render a login form with #username, #password and #kc-login.
export const EDITOR = { username: 'redaktor', password: 'redaktor' } as const;
export const VISITOR = { username: 'besokare', password: 'besokare' } as const;
export type Credentials = { username: string; password: string };

/**
 * How long a wait on the identity provider may take: its pages, its silent check and its redirects. Sized to the
 * slowest provider the suite starts, a real Keycloak on 2 cores, whose first pages after start-up and whose
 * answers under two workers take several seconds. The one place this is named; other waits keep the default.
 */
export const PROVIDER_TIMEOUT = 30_000;

/** Fills the identity provider's login form the browser is on and submits it. */
export async function fillLoginForm(page: Page, who: Credentials): Promise<void> {
  await page.locator('#username').waitFor({ timeout: PROVIDER_TIMEOUT });
  await page.locator('#username').fill(who.username);
  await page.locator('#password').fill(who.password);
  await page.locator('#kc-login').click();
}

/** The site's protected pages: opening one signed out sends the browser to the login form by itself. */
const PROTECTED = /^\/(new-recipe|move-in|trash|profile|\d+\/edit)\/?$/;

/**
 * Signs in through the real pages from `path` and waits until the username menu shows: through the site's
 * 'Logga in' button, or, when `path` is a protected page, through the login form the page sends the visitor to.
 */
export async function signIn(page: Page, who: Credentials, path = '/'): Promise<void> {
  await page.goto(path);
  if (!PROTECTED.test(path)) {
    // The button shows once the page's sign-in check has answered (signed out).
    await page.getByRole('button', { name: 'Logga in' }).click({ timeout: PROVIDER_TIMEOUT });
  }
  // Either way the next page is the provider's form; wait for the navigation itself, not for a button.
  await page.waitForURL(/\/realms\/[^/]+\/(protocol\/openid-connect\/auth|login-actions\/)/, {
    timeout: PROVIDER_TIMEOUT,
  });
  await fillLoginForm(page, who);
  await expect(page.getByRole('button', { name: who.username })).toBeVisible({ timeout: PROVIDER_TIMEOUT });
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
