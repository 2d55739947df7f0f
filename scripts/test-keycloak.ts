// `npm run test:keycloak`: the whole end-to-end suite against a real Keycloak from Maven Central.
// Picks a JDK and the newest Keycloak it runs, fetches and caches it outside the repository, starts it
// with the realm imported into an in-memory database, runs Playwright with E2E_KEYCLOAK_URL pointing at
// it (playwright.config.ts then starts the product with KEYCLOAK_URL, so the embedded provider is not
// mounted), and stops everything it started, whatever happens. Extra arguments go to Playwright.
import { spawn } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cleanup, cleanupOnSignals, onCleanup } from './keycloak/cleanup.ts';
import { HarnessError } from './harness/errors.ts';
import { playwrightCounts, summaryLine } from './test-counts.ts';
import { freePorts } from './free-ports.ts';
import { prepareKeycloak } from './keycloak/prepare.ts';
import { stopGroup } from './harness/process-group.ts';
import { startRealm } from './keycloak/start-realm.ts';

const log = (line: string) => console.log(`[test:keycloak] ${line}`);

async function main(): Promise<number> {
  const preparing = Date.now();
  const prepared = prepareKeycloak(process.env, log);
  const prepareSeconds = (Date.now() - preparing) / 1000;
  const [http, management, productPort] = (await freePorts(3)) as [number, number, number];
  const productOrigin = `http://localhost:${productPort}`;
  const keycloak = await startRealm(prepared, { http, management }, [productOrigin], log);

  log(`Running the end-to-end suite: product on ${productOrigin}, Keycloak ${keycloak.url}`);
  const started = Date.now();
  const args = process.argv.slice(2);
  // A private output folder: Playwright empties test-results/ when it starts, which would delete this
  // run's traces whenever someone runs the embedded suite in the same checkout at the same time.
  const work = mkdtempSync(join(tmpdir(), 'recipes-e2e-keycloak-'));
  // The site copy is only for this run; the results stay when something failed, for the traces.
  onCleanup(() => rmSync(join(work, 'dist'), { recursive: true, force: true }));
  // A site already built here (npm test's, in CI) is copied with its files' times, so the server's own check still
  // sees whether the sources are newer and builds only then: about 30 s of astro build less when it is up to date.
  if (existsSync('dist/index.html')) cpSync('dist', join(work, 'dist'), { recursive: true, preserveTimestamps: true });
  if (!args.some((a) => a.startsWith('--output'))) {
    log(`Playwright output (traces, screenshots): ${work}/results`);
    args.push(`--output=${join(work, 'results')}`);
  }
  const report = join(work, 'playwright.json');
  if (!args.some((a) => a.startsWith('--reporter'))) args.push('--reporter=list,json');
  const code = await runPlaywright(args, {
    PLAYWRIGHT_JSON_OUTPUT_NAME: report,
    E2E_KEYCLOAK_URL: keycloak.url,
    // For tests that set Keycloak up through its admin API (tests/e2e/keycloak-user-import.spec.ts).
    E2E_KEYCLOAK_ADMIN_PASSWORD: keycloak.adminPassword,
    E2E_PORT: String(productPort),
    // The product's own copy of the site (above; npm start builds a missing or older SITE_DIR): a shared dist/
    // rebuilt by someone else mid-run would make the pages ask for script files that no longer exist.
    SITE_DIR: join(work, 'dist'),
  });
  const suite = ((Date.now() - started) / 1000).toFixed(1);
  // Kept beside npm test's reports so CI can add the two up.
  mkdirSync('reports', { recursive: true });
  if (existsSync(report)) copyFileSync(report, 'reports/keycloak-playwright.json');
  writeFileSync(
    'reports/keycloak-steps.json',
    JSON.stringify(
      {
        'Keycloak: fetch': prepareSeconds,
        'Keycloak: start-up': keycloak.startupSeconds,
        'Keycloak: end-to-end': Number(suite),
      },
      null,
      2,
    ),
  );
  if (code === 0) rmSync(work, { recursive: true, force: true });
  log(
    `Suite against Keycloak ${prepared.release.version} (Java ${prepared.jdk.major}): ` +
      `${code === 0 ? 'passed' : 'FAILED'} in ${suite} s; Keycloak start-up ${keycloak.startupSeconds.toFixed(1)} s`,
  );
  console.log(summaryLine(playwrightCounts('reports/keycloak-playwright.json')));
  return code;
}

function runPlaywright(args: string[], env: Record<string, string>): Promise<number> {
  // Its own process group, so a signal to this script also reaches the product server Playwright started.
  const child = spawn('playwright', ['test', ...args], {
    stdio: 'inherit',
    detached: true,
    env: { ...process.env, ...env },
  });
  onCleanup(() => stopGroup(child, 10_000));
  return new Promise((resolve) => {
    child.on('error', (error) => {
      console.error(`[test:keycloak] could not start Playwright: ${error.message}`);
      resolve(1);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

cleanupOnSignals();
let exitCode = 1;
try {
  exitCode = await main();
} catch (error) {
  console.error(error instanceof HarnessError ? `[test:keycloak] ${error.message}` : error);
} finally {
  await cleanup();
}
process.exit(exitCode);
