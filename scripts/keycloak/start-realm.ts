// Starts Keycloak with the recipes realm, allowing the given product origins; used by the test harness
// and by `npm run keycloak` (scripts/keycloak/serve.ts).
import { join } from 'node:path';
import { acquireLock } from './lock.ts';
import { onCleanup } from './cleanup.ts';
import type { Prepared } from './prepare.ts';
import { readRealm, withDemoUsers, withOrigins } from './realm.ts';
import { startKeycloak, type RunningKeycloak } from './server.ts';

export const REALM_FILE = 'keycloak/realm-recipes.json';
export const CLIENT_ID = 'recipes-frontend';

export async function startRealm(
  p: Prepared,
  ports: { http: number; management: number },
  origins: readonly string[],
  log: (line: string) => void,
): Promise<RunningKeycloak> {
  onCleanup(acquireLock(join(p.home, '..', 'run.lock')));
  const realm = withDemoUsers(withOrigins(readRealm(REALM_FILE), CLIENT_ID, origins));
  const logFile = join(p.home, '..', 'keycloak.log');
  log(`Starting Keycloak on http://localhost:${ports.http} (management ${ports.management}), log ${logFile}`);
  const keycloak = await startKeycloak({
    home: p.home,
    jdk: p.jdk,
    httpPort: ports.http,
    managementPort: ports.management,
    realm,
    logFile,
  });
  onCleanup(() => keycloak.stop());
  log(`Keycloak ready in ${keycloak.startupSeconds.toFixed(1)} s`);
  return keycloak;
}
