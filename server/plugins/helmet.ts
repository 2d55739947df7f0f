import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';

export { helmet };

// Registered once at the root (server/app.ts), so every response carries its headers. Each part sets the
// Content-Security-Policy that fits its responses (API: none at all; pages: their own), so helmet's is off.
export const helmetOptions: FastifyHelmetOptions = { contentSecurityPolicy: false, crossOriginEmbedderPolicy: false };
