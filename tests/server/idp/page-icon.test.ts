import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authParams, authUrl, Browser, login, startIdp, type Harness } from './harness.ts';

// Issue 39: the provider's sign-in and account pages name the site's icon, served beside their stylesheet, so a
// browser never asks the provider's origin for a /favicon.ico it does not have (a 404 in the console).
let h: Harness;
beforeAll(async () => {
  h = await startIdp();
});
afterAll(() => h?.close());

const iconOf = (html: string) => /<link rel="icon" href="([^"]+)" type="image\/svg\+xml">/.exec(html)?.[1];

describe("the provider's pages' icon", () => {
  it('is named by the sign-in and account pages and served as the site serves it', async () => {
    const b = new Browser(h);
    const signIn = await b.request('GET', authUrl(h, authParams(h).params), undefined, { accept: 'text/html' });
    expect(signIn.body).toContain('id="kc-form-login"');
    const href = iconOf(signIn.body);
    expect(new URL(href ?? '', 'http://x').pathname).toBe(`${h.realm}/resources/favicon.svg`);

    await login(h, b, authParams(h), 'redaktor', 'redaktor');
    const account = await b.request('GET', `${h.realm}/account`, undefined, { accept: 'text/html' });
    expect(account.body).toContain('id="kc-account-form"');
    expect(iconOf(account.body)).toBe(href);

    const icon = await b.request('GET', new URL(href ?? '', 'http://x').pathname);
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toMatch(/^image\/svg\+xml/);
    // The very icon of the site (public/favicon.svg): one mark, two copies because the image ships server/ alone.
    expect(icon.body).toBe(readFileSync(new URL('../../../public/favicon.svg', import.meta.url), 'utf8'));
    // Allowed by the pages' Content-Security-Policy (img-src 'self').
    expect(String(signIn.headers['content-security-policy'])).toMatch(/img-src 'self'/);
  });
});
