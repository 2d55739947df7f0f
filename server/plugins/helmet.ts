import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import type { Config } from '../config.ts';

export { helmet };

/** helmet's Strict-Transport-Security (a year, subdomains too), written out: static hosts send the same (site/headers.ts). */
export const HSTS = { maxAge: 31_536_000, includeSubDomains: true } as const;

/** The header itself, as helmet writes it from HSTS. */
export const HSTS_HEADER = `max-age=${HSTS.maxAge}${HSTS.includeSubDomains ? '; includeSubDomains' : ''}`;

/** Whether the product is reached over HTTPS: PUBLIC_URL, the address people open, says so. */
export const servesHttps = (config: Pick<Config, 'publicUrl'>) => config.publicUrl.startsWith('https:');

// Registered once at the root (server/app.ts), so every response carries its headers. Each part sets the
// Content-Security-Policy that fits its responses (API: none at all; pages: their own), so helmet's is off.
// HSTS only when PUBLIC_URL is https: over plain HTTP browsers ignore it, and it would tell a proxy or a copy
// of the product on another name that this one is meant for HTTPS when it is not.
export function helmetOptions(config: Pick<Config, 'publicUrl'>): FastifyHelmetOptions {
  return {
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: servesHttps(config) ? { ...HSTS } : false,
  };
}
