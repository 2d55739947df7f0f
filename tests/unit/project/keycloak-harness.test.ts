import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeJdk, findJdks } from '../../../scripts/harness/jdk.ts';
import { acquireLock } from '../../../scripts/keycloak/lock.ts';
import { readRealm, withDemoUsers, withOrigins } from '../../../scripts/keycloak/realm.ts';
import { chooseRelease } from '../../../scripts/keycloak/versions.ts';

// The Keycloak harness's pure parts: JDK detection, version choice, and the realm copy for a test origin.
function fakeJdk(root: string, name: string, version: string): string {
  const home = join(root, name);
  mkdirSync(join(home, 'bin'), { recursive: true });
  writeFileSync(join(home, 'bin', 'java'), '');
  writeFileSync(join(home, 'release'), `IMPLEMENTOR="x"\nJAVA_VERSION="${version}"\n`);
  return home;
}

describe('JDK detection', () => {
  it('reads the major version from the release file, old and new numbering', () => {
    const root = mkdtempSync(join(tmpdir(), 'jdks-'));
    expect(describeJdk(fakeJdk(root, 'a', '17.0.15'))?.major).toBe(17);
    expect(describeJdk(fakeJdk(root, 'b', '25'))?.major).toBe(25);
    expect(describeJdk(fakeJdk(root, 'c', '1.8.0_402'))?.major).toBe(8);
    expect(describeJdk(join(root, 'missing'))).toBeNull();
  });

  it('lists every JDK once, newest first', () => {
    const root = mkdtempSync(join(tmpdir(), 'jdks-'));
    const j17 = fakeJdk(root, 'openjdk-17', '17.0.15');
    fakeJdk(root, 'temurin-25', '25.0.3');
    mkdirSync(join(root, 'not-a-jdk'));
    expect(findJdks([root], j17).map((j) => j.major)).toEqual([25, 17]);
  });
});

describe('Keycloak version choice', () => {
  const jdk = (major: number) => ({ home: `/jdk${major}`, major, version: String(major) });
  it('takes the newest release a JDK runs', () => {
    expect(chooseRelease([jdk(17), jdk(25)])).toMatchObject({ release: { version: '26.7.3' }, jdk: { major: 25 } });
    expect(chooseRelease([jdk(21)])?.release.version).toBe('26.7.3');
    expect(chooseRelease([jdk(17)])).toMatchObject({ release: { version: '26.5.6' }, jdk: { major: 17 } });
  });
  it('gives nothing when no JDK fits', () => {
    expect(chooseRelease([jdk(11)])).toBeNull();
    expect(chooseRelease([])).toBeNull();
  });
});

describe('realm copy for a test origin', () => {
  const realm = readRealm('keycloak/realm-recipes.json');
  it('adds the origin to redirect and post-logout URIs and keeps 8080', () => {
    const copy = withOrigins(realm, 'recipes-frontend', ['http://localhost:4321']);
    const client = copy.clients!.find((c) => c.clientId === 'recipes-frontend')!;
    expect(client.redirectUris).toEqual(['http://localhost:8080/*', 'http://localhost:4321/*']);
    expect(client.attributes!['post.logout.redirect.uris']!.split('##')).toEqual([
      'http://localhost:8080/*',
      'http://localhost:4321/*',
    ]);
    expect(client.rootUrl).toBe('http://localhost:4321');
  });
  it('leaves the committed realm untouched and refuses an unknown client', () => {
    withOrigins(realm, 'recipes-frontend', ['http://localhost:4321']);
    expect(realm.clients![0]!.redirectUris).toEqual(['http://localhost:8080/*']);
    expect(() => withOrigins(realm, 'nope', [])).toThrow(/no client nope/);
  });
  it('is the realm the product expects: roles, PKCE, Swedish, brute-force protection, rotation, no users', () => {
    const r = realm as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- a realm file is deep JSON;
    expect(r).toMatchObject({ realm: 'recipes', enabled: true, registrationAllowed: true, defaultLocale: 'sv' });
    expect(r.roles.realm.map((x: { name: string }) => x.name)).toContain('editor');
    const client = r.clients[0];
    expect(client).toMatchObject({ publicClient: true, standardFlowEnabled: true, directAccessGrantsEnabled: false });
    expect(client.attributes['pkce.code.challenge.method']).toBe('S256');
    expect(r).toMatchObject({
      bruteForceProtected: true,
      permanentLockout: false,
      revokeRefreshToken: true,
      refreshTokenMaxReuse: 0,
    });
    // People import this file: it must not bring accounts with published passwords.
    expect(r.users).toBeUndefined();
  });
  it('gets the demo users only in the copy the harness imports', () => {
    const copy = withDemoUsers(realm);
    const users = Object.fromEntries(copy.users.map((u) => [u.username, u.realmRoles]));
    expect(users).toEqual({ redaktor: ['default-roles-recipes', 'editor'], besokare: ['default-roles-recipes'] });
    expect(copy.users[0]!.credentials[0]).toEqual({ type: 'password', value: 'redaktor', temporary: false });
    expect((realm as Record<string, unknown>).users).toBeUndefined();
    expect(copy.bruteForceProtected).toBe(false);
    expect((realm as Record<string, unknown>).bruteForceProtected).toBe(true);
  });
});

describe("the harness's run lock (the server's lock file)", () => {
  it('refuses a second run at once, takes over a lock a killed run left, and releases', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kc-lock-'));
    try {
      const path = join(dir, 'run.lock');
      const release = acquireLock(path);
      const started = Date.now();
      expect(() => acquireLock(path)).toThrow(/Another test:keycloak run \(pid \d+\)/);
      expect(Date.now() - started).toBeLessThan(1000);
      release();
      expect(existsSync(path)).toBe(false);
      writeFileSync(path, '2147483000\n'); // a pid no process has
      const again = acquireLock(path);
      expect(readFileSync(path, 'utf8').split('\n')[0]).toBe(String(process.pid));
      again();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
