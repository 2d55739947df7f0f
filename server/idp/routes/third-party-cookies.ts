import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Idp } from '../context.ts';

// keycloak-js with silentCheckSsoRedirectUri first loads 3p-cookies/step1.html in a hidden iframe and waits for
// "supported" or "unsupported" before the silent check; without these pages every page load would wait for
// its 10 s timeout. Same protocol as Keycloak's pages: step 1 sets a cookie, step 2 looks for it. The scripts
// are files, so the pages keep a CSP without 'unsafe-inline'.
const BASE = '/protocol/openid-connect/3p-cookies';

const STEP1_JS = `document.cookie = 'KEYCLOAK_3P_COOKIE_SAMESITE=supported; Max-Age=60; SameSite=None; Secure';
document.cookie = 'KEYCLOAK_3P_COOKIE=supported; Max-Age=60';
window.location.replace('step2.html');
`;

const STEP2_JS = `var supported = document.cookie.indexOf('KEYCLOAK_3P_COOKIE') !== -1;
document.cookie = 'KEYCLOAK_3P_COOKIE_SAMESITE=; Max-Age=0; SameSite=None; Secure';
document.cookie = 'KEYCLOAK_3P_COOKIE=; Max-Age=0';
window.parent.postMessage(supported ? 'supported' : 'unsupported', '*');
`;

const page = (script: string) =>
  `<!doctype html><html lang="sv"><head><meta charset="utf-8"><title>3p</title></head><body><script src="${script}"></script></body></html>`;

function framable(idp: Idp, reply: FastifyReply, type: string): FastifyReply {
  // These pages live inside the app's iframe, so the allowed origins may frame them (and nobody else).
  reply.removeHeader('x-frame-options');
  return reply
    .type(type)
    .header('cache-control', 'no-store')
    .header('content-security-policy', `default-src 'none'; script-src 'self'; frame-ancestors 'self' ${idp.config.allowedOrigins.join(' ')}`);
}

export default async function thirdPartyCookieRoutes(app: FastifyInstance, opts: { idp: Idp }) {
  const { idp } = opts;
  app.get(`${BASE}/step1.html`, async (_request, reply) => framable(idp, reply, 'text/html; charset=utf-8').send(page('step1.js')));
  app.get(`${BASE}/step2.html`, async (_request, reply) => framable(idp, reply, 'text/html; charset=utf-8').send(page('step2.js')));
  app.get(`${BASE}/step1.js`, async (_request, reply) => framable(idp, reply, 'text/javascript; charset=utf-8').send(STEP1_JS));
  app.get(`${BASE}/step2.js`, async (_request, reply) => framable(idp, reply, 'text/javascript; charset=utf-8').send(STEP2_JS));
}
