import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect } from './support/fixtures.ts';
import { fillLoginForm, PROVIDER_TIMEOUT, runtimeConfig } from './support/auth.ts';

// The move from the embedded provider to a real Keycloak, as the README describes it: a user of an embedded
// installation is exported with `npm run users -- export-keycloak`, the file goes to Keycloak's partial import,
// and the user signs in with the one-time password, is made to choose a new one, and lands signed in with the
// editor role. Only against a real Keycloak (`npm run test:keycloak`, which gives the admin password).
const KEYCLOAK = process.env.E2E_KEYCLOAK_URL;
const ADMIN_PASSWORD = process.env.E2E_KEYCLOAK_ADMIN_PASSWORD;
test.skip(!KEYCLOAK || !ADMIN_PASSWORD, 'needs a real Keycloak and its admin password: npm run test:keycloak');

/** `npm run users -- …` on the old embedded installation's data folder. */
function users(dataDir: string, realm: string, ...args: string[]): string {
  const run = spawnSync('npm', ['run', '--silent', 'users', '--', ...args], {
    encoding: 'utf8',
    env: { ...process.env, DATA_DIR: dataDir, KEYCLOAK_REALM: realm, DATABASE_URL: '' },
  });
  expect(run.status, `npm run users -- ${args[0]}: ${run.stdout}${run.stderr}`).toBe(0);
  return run.stdout;
}

test(
  'a user exported from the embedded provider signs in to Keycloak after setting a new password',
  { tag: '@provider' },
  async ({ page, request, baseURL }) => {
    test.setTimeout(120_000);
    const cfg = await runtimeConfig(request, String(baseURL));
    const username = `flytt-${randomBytes(4).toString('hex')}`;
    const folder = mkdtempSync(join(tmpdir(), 'recipes-embedded-'));
    let userId: string | undefined;
    const admin = await request.post(`${KEYCLOAK}/realms/master/protocol/openid-connect/token`, {
      form: { grant_type: 'password', client_id: 'admin-cli', username: 'admin', password: ADMIN_PASSWORD! },
    });
    expect(admin.ok(), await admin.text()).toBe(true);
    const headers = { authorization: `Bearer ${((await admin.json()) as { access_token: string }).access_token}` };
    const realmAdmin = `${KEYCLOAK}/admin/realms/${encodeURIComponent(cfg.KEYCLOAK_REALM)}`;
    try {
      const dataDir = join(folder, 'data');
      users(
        dataDir,
        cfg.KEYCLOAK_REALM,
        'add',
        username,
        '--email',
        `${username}@example.se`,
        '--first',
        'Flytt',
        '--last',
        'Testsson',
        '--editor',
        '--password',
        'gammalt-losenord',
      );
      const file = join(folder, 'users.json');
      const printed = users(dataDir, cfg.KEYCLOAK_REALM, 'export-keycloak', file);
      const oneTime = new RegExp(`^${username}\\t(\\S+)$`, 'm').exec(printed)?.[1];
      expect(oneTime, printed).toBeTruthy();

      const imported = await request.post(`${realmAdmin}/partialImport`, {
        headers,
        data: JSON.parse(readFileSync(file, 'utf8')),
      });
      expect(imported.ok(), await imported.text()).toBe(true);
      expect(await imported.json()).toMatchObject({ added: 1, skipped: 0, overwritten: 0 });
      userId = (
        (await (await request.get(`${realmAdmin}/users?exact=true&username=${username}`, { headers })).json()) as {
          id: string;
        }[]
      )[0]?.id;

      // The embedded provider's password did not move.
      await page.goto('/');
      await page.getByRole('button', { name: 'Logga in' }).click({ timeout: PROVIDER_TIMEOUT });
      await fillLoginForm(page, { username, password: 'gammalt-losenord' });
      await expect(page.locator('#password-new')).toHaveCount(0);
      await expect(page.locator('#username')).toBeVisible();

      // The one-time password opens Keycloak's "update password" page, and the new password the site.
      await fillLoginForm(page, { username, password: oneTime! });
      await page.locator('#password-new').fill('nytt-losenord-1', { timeout: PROVIDER_TIMEOUT });
      await page.locator('#password-confirm').fill('nytt-losenord-1');
      await page.locator('#password-confirm').press('Enter');
      await expect(page.getByRole('button', { name: username })).toBeVisible({ timeout: PROVIDER_TIMEOUT });
      await expect(page.getByRole('link', { name: 'Nytt recept' })).toBeVisible();
    } finally {
      if (userId) await request.delete(`${realmAdmin}/users/${userId}`, { headers });
      rmSync(folder, { recursive: true, force: true });
    }
  },
);
