// Runs the same Keycloak the suite uses, until Ctrl-C, for developing or debugging against it:
//   npx tsx scripts/keycloak/serve.ts [port] [product origin ...]
// then start the product with KEYCLOAK_URL=http://localhost:<port>. Default port 8180, origin
// http://localhost:8080 (already in the realm).
import { cleanup, cleanupOnSignals } from './cleanup.ts';
import { HarnessError } from '../harness/errors.ts';
import { freePorts } from '../free-ports.ts';
import { prepareKeycloak } from './prepare.ts';
import { startRealm } from './start-realm.ts';

const log = (line: string) => console.log(`[keycloak] ${line}`);
const [portArg, ...origins] = process.argv.slice(2);
cleanupOnSignals();
try {
  const http = Number(portArg ?? 8180);
  if (!Number.isInteger(http) || http < 1 || http > 65535) throw new HarnessError(`"${portArg}" is not a port`);
  const [management] = (await freePorts(1)) as [number];
  const prepared = prepareKeycloak(process.env, log);
  const keycloak = await startRealm(prepared, { http, management }, origins, log);
  log(`${keycloak.url}/realms/recipes is up; users redaktor/redaktor and besokare/besokare. Ctrl-C stops it.`);
  log(`Admin console ${keycloak.url}/admin: admin / ${keycloak.adminPassword} (for this run only)`);
  await new Promise(() => {}); // until a signal
} catch (error) {
  console.error(error instanceof HarnessError ? `[keycloak] ${error.message}` : error);
  await cleanup();
  process.exit(1);
}
