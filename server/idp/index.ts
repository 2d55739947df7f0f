import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import type { Config } from '../config.ts';
import { cors, idpCorsOptions } from '../plugins/cors.ts';
import { idpRateLimitOptions, rateLimit } from '../plugins/rate-limit.ts';
import { isDatabaseUnavailable, type Database } from '../db/index.ts';
import type { Idp } from './context.ts';
import { loadOrCreateKeys } from './protocol/keys.ts';
import { PasswordQueue } from './abuse/password-queue.ts';
import { LoginThrottle, WindowLimit } from './abuse/throttle.ts';
import { CORS_PATHS } from './paths.ts';
import { backfillNameSkeletons, lookAlikePairs } from './users/user-repository.ts';
import accountRoutes from './pages/routes/account.ts';
import authorizeRoutes from './protocol/routes/authorize.ts';
import discoveryRoutes from './protocol/routes/discovery.ts';
import logoutRoutes from './protocol/routes/logout.ts';
import registerRoutes from './pages/routes/register.ts';
import revocationRoutes from './protocol/routes/revocation.ts';
import tokenRoutes from './protocol/routes/token.ts';
import userinfoRoutes from './protocol/routes/userinfo.ts';
import { registerStaticFiles } from './pages/static-files.ts';

export { DEMO_USERS, demoUsersWithPublishedPasswords, ensureDemoUsers } from './users/demo-users.ts';

type RateLimited = { statusCode: 429; error: string; error_description: string };
const status429 = (error: unknown): error is RateLimited => (error as { statusCode?: number }).statusCode === 429;

export type IdpOptions = { config: Config; db: Database };

/**
 * The embedded identity provider: Keycloak's paths and token shapes for the flows keycloak-js uses.
 * Registered by the app with prefix /realms/{realm}; encapsulated, so its cookie and form parsers stay here.
 */
/**
 * Fills in missing name skeletons now, or, while the database cannot be reached, every second until it can; then
 * names the look-alike pairs stored before the database refused them (migration 011), at every start while they
 * remain: the start goes on, nothing is merged, both still sign in, new look-alikes of either are refused.
 */
async function backfillSkeletonsWhenReachable(db: Database, log: FastifyBaseLogger): Promise<void> {
  try {
    await backfillNameSkeletons(db);
    for (const { earlier, later } of await lookAlikePairs(db))
      log.warn(
        `Users "${earlier}" and "${later}" have look-alike names, stored before such names were refused; both still ` +
          `sign in and nothing was merged. If one is an impostor, see docs/decisions/047-idp-sign-in-fair-by-network.md.`,
      );
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    setTimeout(() => void backfillSkeletonsWhenReachable(db, log).catch(() => undefined), 1000).unref();
  }
}

export default async function idpPlugin(app: FastifyInstance, opts: IdpOptions): Promise<void> {
  const { config, db } = opts;
  // Users stored before their names had skeletons (migration 008) get them before anyone can register; with
  // PostgreSQL not reached yet (the server starts anyway and answers 503 until it is), as soon as it is.
  await backfillSkeletonsWhenReachable(db, app.log);
  const realmUrl = config.issuer;
  const idp: Idp = {
    config,
    db,
    keys: await loadOrCreateKeys(config.dataDir),
    throttle: new LoginThrottle(),
    passwords: new PasswordQueue(),
    registrations: new WindowLimit(config.idp.registrationsPerHour, 3600_000),
    realmUrl,
    idleSeconds: config.idp.refreshTokenSeconds,
    cookie: { path: `${new URL(realmUrl).pathname}/`, secure: realmUrl.startsWith('https:') },
  };

  await app.register(cookie);
  await app.register(formbody);
  // Rate limit and CORS for the provider; their options live in server/plugins/, beside the API's.
  await app.register(rateLimit, idpRateLimitOptions(config));
  await app.register(cors, idpCorsOptions(config, new Set(CORS_PATHS.map((path) => `${app.prefix}${path}`))));
  await registerStaticFiles(app, idp);

  app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    if (status429(error))
      return reply.code(429).send({ error: error.error, error_description: error.error_description });
    const status =
      error.statusCode && ((error.statusCode >= 400 && error.statusCode < 500) || error.statusCode === 503)
        ? error.statusCode
        : 500;
    if (status === 500) request.log.error(error);
    // Too many password checks queued (passwords.ts): come back in a moment.
    if (status === 503) return reply.code(503).header('retry-after', '1').send({ error: 'temporarily_unavailable' });
    // Never echo internals (or a password in a parse error) back to the browser.
    return reply.code(status).send({ error: status === 500 ? 'server_error' : 'invalid_request' });
  });

  for (const routes of [
    discoveryRoutes,
    authorizeRoutes,
    registerRoutes,
    tokenRoutes,
    revocationRoutes,
    userinfoRoutes,
    logoutRoutes,
    accountRoutes,
  ]) {
    await app.register(routes, { idp });
  }
}
