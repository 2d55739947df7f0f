// Starts Keycloak in dev mode with the realm imported into an in-memory database, waits until it is
// ready, and stops it (the whole process group: kc.sh forks the JVM) whatever happens.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { HarnessError, tail } from '../harness/errors.ts';
import type { Jdk } from '../harness/jdk.ts';
import { stopGroup, waitReady } from '../harness/process-group.ts';

export type KeycloakOptions = {
  home: string;
  jdk: Jdk;
  httpPort: number;
  managementPort: number;
  realm: object;
  logFile: string;
  /** 40 s on an idle 2-core machine, 165 s measured under heavy load: the default leaves room. */
  readyTimeoutMs?: number;
};

/** `adminPassword`: the bootstrap admin's (user `admin`, realm master), random per run. */
export type RunningKeycloak = { url: string; startupSeconds: number; adminPassword: string; stop(): Promise<void> };

export async function startKeycloak(o: KeycloakOptions): Promise<RunningKeycloak> {
  // data/import is read by --import-realm; only our realm may be in it.
  const importDir = join(o.home, 'data', 'import');
  rmSync(importDir, { recursive: true, force: true });
  mkdirSync(importDir, { recursive: true });
  writeFileSync(join(importDir, 'realm-recipes.json'), JSON.stringify(o.realm, null, 2));

  const log = createWriteStream(o.logFile);
  // Random per run, so nobody else can use the admin console; the suite uses it for Keycloak's admin API.
  const adminPassword = randomBytes(12).toString('hex');
  const started = Date.now();
  const child = spawn(
    join(o.home, 'bin', 'kc.sh'),
    [
      'start-dev',
      '--import-realm',
      '--db=dev-mem',
      `--http-port=${o.httpPort}`,
      `--http-management-port=${o.managementPort}`,
      '--health-enabled=true',
    ],
    {
      detached: true, // own process group, so stop() reaches the JVM behind kc.sh
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        JAVA_HOME: o.jdk.home,
        KC_BOOTSTRAP_ADMIN_USERNAME: 'admin',
        KC_BOOTSTRAP_ADMIN_PASSWORD: adminPassword,
      },
    },
  );
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const stop = () => stopGroup(child);

  try {
    await waitReady(
      'Keycloak',
      child,
      `http://localhost:${o.managementPort}/health/ready`,
      o.readyTimeoutMs ?? 420_000,
    );
  } catch (error) {
    await stop();
    const output = readFileSync(o.logFile, 'utf8');
    throw new HarnessError(`${(error as Error).message}\nLast lines of ${o.logFile}:\n${tail(output, 25)}`);
  }
  return { url: `http://localhost:${o.httpPort}`, startupSeconds: (Date.now() - started) / 1000, adminPassword, stop };
}
