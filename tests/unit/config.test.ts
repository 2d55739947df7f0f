import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.ts';

describe('loadConfig', () => {
  it('gives the embedded default with no settings', () => {
    const c = loadConfig({});
    expect(c.port).toBe(8080);
    expect(c.publicUrl).toBe('http://localhost:8080');
    expect(c.embeddedIdp).toBe(true);
    expect(c.issuer).toBe('http://localhost:8080/realms/recipes');
    expect(c.keycloakClientId).toBe('recipes-frontend');
    expect(c.apiBasePath).toBe('/api');
    expect(c.apiUrl).toBe('/api');
    expect(c.databaseUrl).toBeUndefined();
    expect(c.allowedOrigins).toEqual(['http://localhost:8080']);
    expect(c.bodyLimit).toBe(256 * 1024);
  });

  it('points at a real Keycloak when KEYCLOAK_URL is set', () => {
    const c = loadConfig({ KEYCLOAK_URL: 'https://sso.example.se/', KEYCLOAK_REALM: 'kok', PORT: '9000' });
    expect(c.embeddedIdp).toBe(false);
    expect(c.issuer).toBe('https://sso.example.se/realms/kok');
    expect(c.publicUrl).toBe('http://localhost:9000');
  });

  it('treats empty strings as unset and splits ALLOWED_ORIGINS', () => {
    const c = loadConfig({ DATABASE_URL: '', ALLOWED_ORIGINS: 'https://a.se, https://b.se/' });
    expect(c.databaseUrl).toBeUndefined();
    expect(c.allowedOrigins).toEqual(['https://a.se', 'https://b.se']);
  });

  it('names every bad value in one error', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'x',
        DATABASE_URL: 'mysql://h/db',
        KEYCLOAK_URL: 'sso',
        SERVE_SITE: 'maybe',
        API_BASE_PATH: 'api/',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    for (const name of ['PORT', 'DATABASE_URL', 'KEYCLOAK_URL', 'SERVE_SITE', 'API_BASE_PATH']) {
      expect(problems).toContain(`${name}=`);
    }
  });

  it('rejects an origin with a path', () => {
    expect(() => loadConfig({ ALLOWED_ORIGINS: 'https://a.se/app' })).toThrow(/ALLOWED_ORIGINS/);
  });
  it('trusts exactly the proxy hops TRUST_PROXY names, never every hop', () => {
    const trust = (v: string) => loadConfig({ TRUST_PROXY: v }).trustProxy;
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(trust('false')).toBe(false);
    expect(trust('true')).toBe(1);
    expect(trust('2')).toBe(2);
    expect(trust('10.0.0.1, 192.168.0.0/16,loopback, ::1')).toEqual(['10.0.0.1', '192.168.0.0/16', 'loopback', '::1']);
    for (const bad of ['yes', 'all', '10.0.0.300', '10.0.0.0/33', '100'])
      expect(() => trust(bad)).toThrow(/TRUST_PROXY/);
  });

  // The policy itself (every loopback name, each reason) is tested in demo-user-policy.test.ts; this is the wiring.
  it('decides on the demo users from IDP_SEED_DEMO_USERS, PUBLIC_URL and HOST', () => {
    const demo = (env: Record<string, string>) => {
      const { seedDemoUsers, demoUsersReason } = loadConfig(env).idp;
      return { seedDemoUsers, demoUsersReason };
    };
    expect(demo({})).toEqual({ seedDemoUsers: true, demoUsersReason: 'loopback' });
    expect(demo({ HOST: '0.0.0.0' })).toEqual({ seedDemoUsers: false, demoUsersReason: 'listening' });
    expect(demo({ PUBLIC_URL: 'https://recept.example.se' })).toEqual({
      seedDemoUsers: false,
      demoUsersReason: 'public-url',
    });
    expect(demo({ PUBLIC_URL: 'https://recept.example.se', IDP_SEED_DEMO_USERS: 'true' })).toEqual({
      seedDemoUsers: true,
      demoUsersReason: 'setting',
    });
    expect(demo({ IDP_SEED_DEMO_USERS: '0' })).toEqual({ seedDemoUsers: false, demoUsersReason: 'setting' });
  });

  it("bounds the access-token lifetime the API accepts: the embedded provider's, or KEYCLOAK_ACCESS_TOKEN_MAX_SECONDS", () => {
    expect(loadConfig({}).accessTokenMaxSeconds).toBe(300);
    expect(loadConfig({ IDP_ACCESS_TOKEN_SECONDS: '120' }).accessTokenMaxSeconds).toBe(120);
    expect(loadConfig({ KEYCLOAK_URL: 'https://sso.example.se' }).accessTokenMaxSeconds).toBe(3600);
    expect(
      loadConfig({ KEYCLOAK_URL: 'https://sso.example.se', KEYCLOAK_ACCESS_TOKEN_MAX_SECONDS: '600' })
        .accessTokenMaxSeconds,
    ).toBe(600);
    expect(() =>
      loadConfig({ KEYCLOAK_URL: 'https://sso.example.se', KEYCLOAK_ACCESS_TOKEN_MAX_SECONDS: '5' }),
    ).toThrow(/KEYCLOAK_ACCESS_TOKEN_MAX_SECONDS="5": must be a whole number from 10 to 86400/);
    expect(() => loadConfig({ KEYCLOAK_ACCESS_TOKEN_MAX_SECONDS: '600' })).toThrow(
      /KEYCLOAK_ACCESS_TOKEN_MAX_SECONDS: applies to a real Keycloak only/,
    );
  });
});
