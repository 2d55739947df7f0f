// The product as server/app.ts builds it (API only: no site, Keycloak's place taken by the test keys) on a
// real test database, for app.inject().
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.ts';
import { loadConfig, type Config } from '../../server/config.ts';
import type { Database } from '../../server/db/index.ts';
import { closeTestDatabase, createTestDatabase, type DatabaseKind } from './database.ts';
import { contractViolations, recordExchanges } from './contract.ts';
import { createTestKeys, TEST_CLIENT_ID, TEST_KEYCLOAK_URL, TEST_REALM, type TestKeys } from './tokens.ts';

export const TEST_SITE_ORIGIN = 'http://site.test';

/** Config as the server would load it, pointed at the test identity provider. */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    KEYCLOAK_URL: TEST_KEYCLOAK_URL,
    KEYCLOAK_REALM: TEST_REALM,
    KEYCLOAK_CLIENT_ID: TEST_CLIENT_ID,
    ALLOWED_ORIGINS: TEST_SITE_ORIGIN,
    LOG_LEVEL: 'silent',
    WRITE_RATE_LIMIT: '1000000',
    FILTER_READ_RATE_LIMIT: '1000000',
    DATA_DIR: '/nonexistent',
    // API tests need no built site; the site's tests ask for it.
    SERVE_SITE: 'false',
    ...env,
  });
}

/** The app as `npm start` builds it (buildApp), every exchange recorded for the contract check. */
export async function buildApiApp(config: Config, db: Database, keys?: TestKeys): Promise<FastifyInstance> {
  return buildApp(config, { db, logger: false, before: recordExchanges, ...(keys ? { jwks: keys.jwks } : {}) });
}

export type ApiHarness = { app: FastifyInstance; db: Database; keys: TestKeys; config: Config; close(): Promise<void> };

export async function createApiHarness(kind: DatabaseKind, env: Record<string, string> = {}): Promise<ApiHarness> {
  const config = testConfig(env);
  const [db, keys] = await Promise.all([createTestDatabase(kind), createTestKeys()]);
  const app = await buildApiApp(config, db, keys);
  return {
    app,
    db,
    keys,
    config,
    async close() {
      // Every exchange the tests made must match the published OpenAPI document (tests/support/contract.ts).
      const violations = await contractViolations(app, `${config.apiBasePath}/openapi.json`);
      await app.close();
      await closeTestDatabase(db);
      if (violations.length)
        throw new Error(
          `The API broke its OpenAPI document ${violations.length} times:\n${violations.slice(0, 20).join('\n')}`,
        );
    },
  };
}
