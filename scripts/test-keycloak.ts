// `npm run test:keycloak`: the whole end-to-end suite against a real Keycloak from Maven Central.
// Picks a JDK and the newest Keycloak it runs, fetches and caches it outside the repository, starts it
// with the realm imported into an in-memory database, runs Playwright with E2E_KEYCLOAK_URL pointing at
// it (playwright.config.ts then starts the product with KEYCLOAK_URL, so the embedded provider is not
// mounted), and stops everything it started, whatever happens. Extra arguments go to Playwright.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { ensureDistribution } from './keycloak/distribution.ts';
import { HarnessError } from './keycloak/errors.ts';
import { findJdks } from './keycloak/jdk.ts';
import { acquireLock } from './keycloak/lock.ts';
import { freePorts } from './keycloak/ports.ts';
import { readRealm, withOrigins } from './keycloak/realm.ts';
import { startKeycloak, stopGroup, type RunningKeycloak } from './keycloak/server.ts';
import { chooseRelease, KEYCLOAK_RELEASES } from './keycloak/versions.ts';

const CACHE = process.env.RECIPE_BOOK_CACHE ?? join(homedir(), '.cache', 'recipe-book');
const REALM_FILE = 'keycloak/realm-recipes.json';
const CLIENT_ID = 'recipes-frontend';

const cleanups: Array<() => Promise<void> | void> = [];
let cleaning: Promise<void> | null = null;
function cleanup(): Promise<void> {
  // Newest first: Playwright (and the product it started) before Keycloak, the lock last.
  cleaning ??= (async () => {
    for (const step of cleanups.reverse()) {
      try {
        await step();
      } catch (error) {
        console.error(`cleanup: ${(error as Error).message}`);
      }
    }
  })();
  return cleaning;
}
for (const [signal, code] of [['SIGINT', 130], ['SIGTERM', 143], ['SIGHUP', 129]] as const) {
  process.on(signal, () => {
    console.error(`\n${signal}: stopping what this run started`);
    void cleanup().then(() => process.exit(code));
  });
}

const seconds = (s: number) => `${s.toFixed(1)} s`;

async function main(): Promise<number> {
  const jdks = findJdks(['/usr/lib/jvm'], process.env.JAVA_HOME);
  const choice = chooseRelease(jdks);
  if (!choice) {
    const found = jdks.length ? jdks.map((j) => `${j.home} (Java ${j.major})`).join(', ') : 'none';
    const wanted = KEYCLOAK_RELEASES.map((r) => `${r.version} needs Java ${r.javaMajors.join(' or ')}`).join('; ');
    throw new HarnessError(`No JDK on this machine runs a pinned Keycloak (${wanted}). JDKs found: ${found}.`);
  }
  const { release, jdk } = choice;
  console.log(`Keycloak ${release.version} on Java ${jdk.version} (${jdk.home})`);

  const dist = ensureDistribution(release.version, CACHE, jdk);
  if (dist.download) {
    const mb = (dist.download.bytes / 1e6).toFixed(0);
    console.log(`Fetched from Maven Central: ${mb} MB in ${seconds(dist.download.seconds)}; unpacked in ${dist.home}`);
  } else {
    console.log(`Using the cached copy in ${dist.home}`);
  }
  cleanups.push(acquireLock(join(dist.home, '..', 'run.lock')));

  const [kcPort, managementPort, productPort] = (await freePorts(3)) as [number, number, number];
  const productOrigin = `http://localhost:${productPort}`;
  const realm = withOrigins(readRealm(REALM_FILE), CLIENT_ID, [productOrigin]);
  const logFile = join(dist.home, '..', 'keycloak.log');
  console.log(`Starting Keycloak on http://localhost:${kcPort} (management ${managementPort}), log ${logFile}`);
  const keycloak: RunningKeycloak = await startKeycloak({
    home: dist.home,
    jdk,
    httpPort: kcPort,
    managementPort,
    realm,
    logFile,
  });
  cleanups.push(() => keycloak.stop());
  console.log(`Keycloak ready in ${seconds(keycloak.startupSeconds)}`);

  console.log(`Running the end-to-end suite: product on ${productOrigin}, Keycloak ${keycloak.url}`);
  const started = Date.now();
  const code = await runPlaywright(process.argv.slice(2), {
    E2E_KEYCLOAK_URL: keycloak.url,
    E2E_PORT: String(productPort),
  });
  console.log(`End-to-end suite against Keycloak ${release.version}: ${code === 0 ? 'passed' : 'FAILED'} ` +
    `in ${seconds((Date.now() - started) / 1000)} (Keycloak start-up ${seconds(keycloak.startupSeconds)})`);
  return code;
}

function runPlaywright(args: string[], env: Record<string, string>): Promise<number> {
  // Its own process group, so a signal to this script can stop Playwright and the product server it spawned.
  const child: ChildProcess = spawn('playwright', ['test', ...args], {
    stdio: 'inherit',
    detached: true,
    env: { ...process.env, ...env },
  });
  cleanups.push(() => stopGroup(child, 10_000));
  return new Promise((resolve) => {
    child.on('error', (error) => {
      console.error(`Could not start Playwright: ${error.message}`);
      resolve(1);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

let exitCode = 1;
try {
  mkdirSync(CACHE, { recursive: true });
  exitCode = await main();
} catch (error) {
  console.error(error instanceof HarnessError ? `test:keycloak: ${error.message}` : error);
  exitCode = 1;
} finally {
  await cleanup();
}
process.exit(exitCode);
