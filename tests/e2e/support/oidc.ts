import { expect, type APIRequestContext, type Page, type Request } from '@playwright/test';
import { runtimeConfig } from './auth.ts';

// What the generic OpenID Connect client tests (oidc-*.spec.ts) share: where the provider is, test pages on
// the product's own origin (an allowed redirect origin of the client for both providers: `${origin}/*`),
// and the checks that a session is really gone. Served by request interception, so the site's CSP and
// pages play no part.

export const TEST_PATH = '/oidc-test';

export type Provider = { issuer: string; clientId: string; app: string; callback: string; loggedOut: string };

/** The provider /config.json names (embedded, or Keycloak with E2E_KEYCLOAK_URL) and this test's URLs. */
export async function oidcProvider(request: APIRequestContext, baseURL: string): Promise<Provider> {
  const cfg = await runtimeConfig(request, baseURL);
  const app = `${baseURL}${TEST_PATH}`;
  return {
    issuer: `${cfg.KEYCLOAK_URL}/realms/${encodeURIComponent(cfg.KEYCLOAK_REALM)}`,
    clientId: cfg.KEYCLOAK_CLIENT_ID,
    app,
    callback: `${app}/callback`,
    loggedOut: `${app}/logged-out`,
  };
}

const escAttr = (v: string) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * Answers every request under TEST_PATH with `serve(path)` (default: an empty page), and makes the provider's
 * redirects back to TEST_PATH reach that interception: Playwright does not intercept a request that follows
 * an HTTP redirect, so for page loads of the provider such a redirect becomes a meta refresh (a fresh
 * navigation; its cookies are already in the context, which route.fetch shares). Everything else of the
 * provider passes untouched.
 */
export async function serveTestPages(
  page: Page,
  provider: Provider,
  serve: (path: string) => { contentType: string; body: string } | undefined = () => undefined,
): Promise<void> {
  await page.route(`${provider.app}/**`, (route) => {
    const path = new URL(route.request().url()).pathname.slice(TEST_PATH.length);
    const answer = serve(path) ?? {
      contentType: 'text/html; charset=utf-8',
      body: '<!doctype html><title>oidc-test</title><p>ok</p>',
    };
    return route.fulfill({ status: 200, ...answer });
  });
  const providerOrigin = new URL(provider.issuer).origin;
  await page.route(`${providerOrigin}/realms/**`, async (route) => {
    const request = route.request();
    if (!request.isNavigationRequest()) return route.fallback();
    const response = await route.fetch({ maxRedirects: 0 });
    const location = response.headers()['location'];
    const target = location ? new URL(location, request.url()).href : '';
    if (response.status() >= 300 && response.status() < 400 && target.startsWith(`${provider.app}/`)) {
      return route.fulfill({
        status: 200,
        contentType: 'text/html',
        body: `<!doctype html><meta http-equiv="refresh" content="0;url=${escAttr(target)}">`,
      });
    }
    return route.fulfill({ response });
  });
}

/** The next page load under `prefix` (the redirect back from the provider), as a request: method and body. */
export function nextLoadOf(page: Page, prefix: string): Promise<Request> {
  return page.waitForRequest((request) => request.isNavigationRequest() && request.url().startsWith(prefix), {
    timeout: 20_000,
  });
}

/** Waits until the page is under `prefix` and returns its URL, fragment included (a request's URL has none). */
export async function arrivalAt(page: Page, prefix: string): Promise<URL> {
  await page.waitForURL((url) => url.href.startsWith(prefix), { timeout: 20_000 });
  return new URL(page.url());
}

/** An authorization request of the client, built by hand: only to probe the session, never to sign in. */
function probeUrl(provider: Provider, authorizationEndpoint: string, prompt?: 'none'): string {
  const url = new URL(authorizationEndpoint);
  url.search = new URLSearchParams({
    client_id: provider.clientId,
    redirect_uri: provider.callback,
    response_type: 'code',
    scope: 'openid',
    state: 'probe',
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuKKmN8cMLI',
    code_challenge_method: 'S256',
    ...(prompt ? { prompt } : {}),
  }).toString();
  return url.href;
}

/**
 * The provider has no session for this browser any more: an authorization request shows the login form, and
 * with prompt=none it answers login_required in the query, with `iss`.
 */
export async function expectNoSession(page: Page, provider: Provider, authorizationEndpoint: string): Promise<void> {
  await page.goto(probeUrl(provider, authorizationEndpoint));
  await expect(page.locator('#username')).toBeVisible();
  await expect(page.locator('#password')).toBeVisible();

  await page.goto(probeUrl(provider, authorizationEndpoint, 'none'));
  const answer = await arrivalAt(page, provider.callback);
  expect(Object.fromEntries(answer.searchParams)).toMatchObject({
    error: 'login_required',
    state: 'probe',
    iss: provider.issuer,
  });
  expect(answer.hash).toBe('');
}
