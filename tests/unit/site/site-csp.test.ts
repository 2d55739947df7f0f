import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config.ts';
import { contentSecurityPolicy } from '../../../server/site/csp.ts';

const HASHES = { scripts: [], styles: [] };
const policy = (env: Record<string, string>) => contentSecurityPolicy(loadConfig(env), HASHES);
const directive = (csp: string, name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `));

describe('contentSecurityPolicy: images', () => {
  it("allows the site's own images, data: placeholders and blob: previews when the API is on the same origin", () => {
    expect(directive(policy({ PORT: '4321' }), 'img-src')).toBe("img-src 'self' data: blob:");
  });

  it("adds the API's origin, and not the identity provider's, when the API has its own host", () => {
    const csp = policy({
      PORT: '4321',
      KEYCLOAK_URL: 'https://sso.example.se',
      API_URL: 'https://api.example.se/api',
    });
    expect(directive(csp, 'img-src')).toBe("img-src 'self' data: blob: https://api.example.se");
    expect(directive(csp, 'connect-src')).toBe("connect-src 'self' https://sso.example.se https://api.example.se");
  });

  it('names an API under the public URL as self only', () => {
    const csp = policy({ PUBLIC_URL: 'https://recept.example.se', API_URL: 'https://recept.example.se/api' });
    expect(directive(csp, 'img-src')).toBe("img-src 'self' data: blob:");
  });
});
