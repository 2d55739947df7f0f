import { defineConfig, devices } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM, CHROMIUM_ARGS, CHROMIUM_HEADLESS_SHELL } from './scripts/chromium.ts';

// The suite runs against the real server (`npm start`: built site + API + identity provider) on a
// spare port with a fresh data folder. Set E2E_KEYCLOAK_URL to run the very same suite against a
// real Keycloak instead of the embedded provider. The config is evaluated again in each worker,
// so the chosen port and folder travel in the environment.
function freePort(): string {
  const probe = spawnSync(process.execPath, [
    '-e',
    "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
  ]);
  const port = probe.stdout.toString().trim();
  if (!/^\d+$/.test(port)) throw new Error(`could not find a free port: ${probe.stderr.toString()}`);
  return port;
}

// E2E_BASE_URL points the suite at a server that is already running (no webServer started).
const external = process.env.E2E_BASE_URL?.replace(/\/+$/, '');
if (!external) {
  process.env.E2E_PORT ??= freePort();
  process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'recipes-e2e-'));
}
const port = process.env.E2E_PORT ?? '';
const baseURL = external ?? `http://localhost:${port}`;

// Our identity provider's own pages do not exist when a real Keycloak is configured; moving users to
// Keycloak needs one. Backup and moving start their own embedded servers: one run is enough.
const ignored = process.env.E2E_KEYCLOAK_URL
  ? ['**/idp-pages.spec.ts', '**/backup-and-move.spec.ts']
  : ['**/keycloak-user-import.spec.ts'];
// Most specs run in Chromium's headless shell (scripts/chromium.ts), about a fifth less CPU than the whole browser.
// What tests the browser itself runs in the browser users have: going offline (every test of offline.spec.ts: the
// service worker's copies, the offline banner, installability), and the tests tagged @whole-browser (fetching again a
// chunk whose fetch failed). Playwright matches these against a test's file, titles and tags.
// docs/decisions/071-e2e-in-the-headless-shell.md.
const WHOLE_BROWSER = /offline\.spec\.ts|@whole-browser/;
const NOT_WHOLE_BROWSER = /^(?!.*(?:offline\.spec\.ts|@whole-browser))/;
// Specs on workers of their own: Playwright's own `test` (backup-and-move starts its own servers), launch options of
// their own (layout-screens launches the whole browser, whose pictures are committed).
const OWN_WORKERS = ['**/backup-and-move.spec.ts', '**/layout-screens.spec.ts'];

export default defineConfig({
  testDir: 'tests/e2e',
  // Against a real Keycloak only what depends on the identity provider runs (tagged @provider): keycloak-js,
  // roles, sign-in and sign-out, registration, the account page, one full editor flow, the user import.
  // The embedded run keeps every test. docs/decisions/027-e2e-keycloak-scope.md lists which runs where and why.
  grep: process.env.E2E_KEYCLOAK_URL ? /@provider/ : undefined,
  fullyParallel: false,
  workers: 2,
  // A test that passes only on a retry is a failing test.
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL,
    locale: 'sv-SE',
    // A failed test keeps its trace (actions, DOM snapshots, network) but not its screencast: recording every frame
    // cost about an eighth of the suite's CPU (Chromium's GPU process 37 -> 11 s over two specs), docs/ci-budget.md.
    // The screenshot at the failure stays.
    trace: { mode: 'retain-on-failure', screenshots: false },
    // The site's service worker (issue 42) would answer the page's requests itself, past page.route: specs stub
    // the API that way. tests/e2e/offline.spec.ts lets it run.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
  },
  // Playwright takes its queue in order, and queues a spec that needs a worker of its own (one that imports its own
  // `test` or sets launch options) after every spec sharing its project's workers: backup-and-move (a minute) and
  // layout-screens started in the run's last minute and were its tail. They have a project of their own, first, and the
  // whole browser's next (offline.spec.ts alone is over a minute), so the long ones start with the run.
  projects: [
    {
      name: 'chromium-own-workers',
      testMatch: OWN_WORKERS,
      testIgnore: ignored,
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: { executablePath: CHROMIUM_HEADLESS_SHELL, args: CHROMIUM_ARGS },
      },
    },
    {
      name: 'chromium-browser',
      testIgnore: ignored,
      grepInvert: NOT_WHOLE_BROWSER,
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_ARGS },
      },
    },
    {
      name: 'chromium',
      testIgnore: [...ignored, ...OWN_WORKERS],
      grepInvert: WHOLE_BROWSER,
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: { executablePath: CHROMIUM_HEADLESS_SHELL, args: CHROMIUM_ARGS },
      },
    },
  ],
  webServer: external
    ? undefined
    : {
        command: 'npm start',
        url: `${baseURL}/config.json`,
        timeout: 180_000,
        reuseExistingServer: false,
        stdout: 'pipe',
        stderr: 'pipe',
        env: {
          PORT: port,
          PUBLIC_URL: baseURL,
          DATA_DIR: process.env.E2E_DATA_DIR ?? '',
          WRITE_RATE_LIMIT: '100000',
          FILTER_READ_RATE_LIMIT: '100000',
          IDP_RATE_LIMIT: '100000',
          IDP_REGISTRATIONS_PER_HOUR: '100000',
          LOG_LEVEL: 'warn',
          ASTRO_TELEMETRY_DISABLED: '1',
          // recipe-import.spec.ts serves its pages on 127.0.0.2; the import refuses loopback addresses otherwise.
          IMPORT_ALLOWED_ADDRESSES: '127.0.0.2',
          ...(process.env.E2E_KEYCLOAK_URL ? { KEYCLOAK_URL: process.env.E2E_KEYCLOAK_URL } : {}),
        },
      },
});
