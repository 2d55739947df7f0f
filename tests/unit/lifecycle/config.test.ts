import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../server/config.ts';

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

describe('secrets from files (*_FILE)', () => {
  const files: Record<string, string> = {
    '/run/secrets/db': 'postgres://app:s3cret@db/recipes\n',
    '/run/secrets/key': 'AKIA\r\n',
    '/run/secrets/empty': '\n',
    '/run/secrets/bad-url': 'mysql://app:s3cret@db/recipes\n',
  };
  const readFile = (path: string) => {
    const text = files[path];
    if (text === undefined) throw Object.assign(new Error(`ENOENT: ${path}`), { code: 'ENOENT' });
    return text;
  };
  const problems = (env: Record<string, string>) => {
    try {
      loadConfig(env, false, readFile);
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as ConfigError).problems;
    }
    throw new Error('loadConfig accepted the settings');
  };

  it('reads DATABASE_URL_FILE without its trailing line break', () => {
    const c = loadConfig({ DATABASE_URL_FILE: '/run/secrets/db' }, false, readFile);
    expect(c.databaseUrl).toBe('postgres://app:s3cret@db/recipes');
  });

  it('reads the S3 keys from files', () => {
    const c = loadConfig(
      {
        PHOTO_STORAGE: 's3',
        S3_BUCKET: 'photos',
        S3_ACCESS_KEY_ID_FILE: '/run/secrets/key',
        S3_SECRET_ACCESS_KEY_FILE: '/run/secrets/db',
      },
      false,
      readFile,
    );
    expect(c.photos.storage).toMatchObject({
      accessKeyId: 'AKIA',
      secretAccessKey: 'postgres://app:s3cret@db/recipes',
    });
  });

  it('refuses a setting given both ways', () => {
    expect(problems({ DATABASE_URL: 'postgres://h/db', DATABASE_URL_FILE: '/run/secrets/db' })).toEqual([
      'DATABASE_URL and DATABASE_URL_FILE are both set: set one of them',
    ]);
  });

  it('names a missing or empty file', () => {
    expect(problems({ DATABASE_URL_FILE: '/run/secrets/none', S3_ACCESS_KEY_ID_FILE: '/run/secrets/empty' })).toEqual([
      'DATABASE_URL_FILE="/run/secrets/none": cannot read the file (ENOENT)',
      'S3_ACCESS_KEY_ID_FILE="/run/secrets/empty": the file is empty',
      // Reported with them, not after they are mended: the key is given (as a file) without its secret.
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both, or neither (the SDK then finds them)',
    ]);
  });

  it('reports every problem at once: files, values and settings that do not fit together', () => {
    expect(
      problems({
        DATABASE_URL_FILE: '/run/secrets/none',
        PORT: 'x',
        TRUST_PROXY: 'yes',
        ALLOWED_ORIGINS: 'https://a.se, https://b.se/app',
        IMPORT_ALLOWED_ADDRESSES: '10.0.0.0/8,intranet',
        PHOTO_STORAGE: 's3',
        KEYCLOAK_ACCESS_TOKEN_MAX_SECONDS: '600',
      }),
    ).toEqual([
      'DATABASE_URL_FILE="/run/secrets/none": cannot read the file (ENOENT)',
      'PORT="x": must be a whole number from 0 to 65535',
      'ALLOWED_ORIGINS: "https://b.se/app" is not an origin like https://example.com',
      'TRUST_PROXY: "yes" is not false, true (one proxy), a number of proxies, or a list of proxy addresses and CIDR ranges',
      'IMPORT_ALLOWED_ADDRESSES: "intranet" is not an IP address or CIDR range like 10.0.0.0/8',
      "KEYCLOAK_ACCESS_TOKEN_MAX_SECONDS: applies to a real Keycloak only (KEYCLOAK_URL); the embedded provider's tokens live IDP_ACCESS_TOKEN_SECONDS",
      'S3_BUCKET: PHOTO_STORAGE=s3 needs the bucket the photos go to (it must exist)',
    ]);
  });

  it('never prints a secret read from a file', () => {
    const [problem] = problems({ DATABASE_URL_FILE: '/run/secrets/bad-url' });
    expect(problem).toMatch(/^DATABASE_URL=\(from DATABASE_URL_FILE\): must be a postgres/);
    expect(problem).not.toContain('s3cret');
  });

  it('reads a real file', async () => {
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const file = join(mkdtempSync(join(tmpdir(), 'config-secret-')), 'db');
    writeFileSync(file, 'postgres://u:p@h/d\n');
    expect(loadConfig({ DATABASE_URL_FILE: file }, false).databaseUrl).toBe('postgres://u:p@h/d');
  });
});
