// The API reference (Swagger UI) at /api/docs, the address the start banner and the README give, and at
// /api/docs/: every asset the page names answers, and its policy is swagger-ui's without what it never uses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docsPolicy } from '../../../server/api/openapi.ts';
import { createApiHarness, type ApiHarness } from '../../support/api-app.ts';

describe('the API reference page', () => {
  let h: ApiHarness;
  beforeAll(async () => {
    h = await createApiHarness('pglite');
  });
  afterAll(() => h?.close());

  for (const url of ['/api/docs', '/api/docs/']) {
    it(`${url}: every stylesheet, icon and script the page links answers 200`, async () => {
      const page = await h.app.inject({ method: 'GET', url });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      const links = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1] ?? '');
      expect(links.length).toBeGreaterThanOrEqual(5);
      for (const link of links) {
        const asset = new URL(link, `http://localhost${url}`).pathname;
        expect(asset, link).toMatch(/^\/api\/docs\/static\//);
        expect((await h.app.inject({ method: 'GET', url: asset })).statusCode, asset).toBe(200);
      }
    });
  }

  it('sends a policy for its own assets only, also over plain HTTP', async () => {
    const page = await h.app.inject({ method: 'GET', url: '/api/docs' });
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("style-src 'self'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).not.toMatch(/https:|upgrade-insecure-requests|validator\.swagger\.io|unsafe-inline/);
  });
});

describe('docsPolicy', () => {
  it('drops https:, the online validator and upgrade-insecure-requests, and keeps the rest as it was', () => {
    const swaggers =
      "default-src 'self'; font-src 'self' https: data:; img-src 'self' data: validator.swagger.io; " +
      "script-src 'self' 'sha256-a'; style-src 'self' https: 'sha256-b'; upgrade-insecure-requests;";
    expect(docsPolicy(swaggers)).toBe(
      "default-src 'self'; font-src 'self' data:; img-src 'self' data:; script-src 'self' 'sha256-a'; " +
        "style-src 'self' 'sha256-b'",
    );
  });
});
