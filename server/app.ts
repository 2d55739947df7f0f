import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import helmet from '@fastify/helmet';
import compress from '@fastify/compress';
import type { Config } from './config.ts';
import type { Database } from './db/index.ts';
import { errorBody } from './api/errors.ts';
import apiPlugin from './api/index.ts';
import idpPlugin from './idp/index.ts';
import sitePlugin from './site/index.ts';

export type AppDeps = { db: Database; logger?: FastifyServerOptions['logger'] };

// Query parameters that carry credentials (logout's id_token_hint, a stray code) never reach the logs.
const SECRET_PARAMS = /([?&](?:id_token_hint|code|token|refresh_token|access_token|session_state)=)[^&#]*/gi;

export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  if (config.logLevel === 'silent') return false;
  return {
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({
        method: req.method,
        url: req.url.replace(SECRET_PARAMS, '$1[redacted]'),
        ip: req.ip,
      }),
    },
  };
}

// Requests refused before any route or hook runs (the HTTP parser; a URL Fastify cannot decode) get the
// API's one error shape and the headers helmet gives every other response.
const REFUSED_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'SAMEORIGIN',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
};

const PARSER_ERRORS: Record<string, [number, string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'The request took too long to arrive'],
  HPE_HEADER_OVERFLOW: [431, 'The request headers are too large'],
};

/** Node's 'clientError': the request could not be parsed (a control character in a header, a broken request line). */
function answerClientError(this: FastifyInstance, error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] = PARSER_ERRORS[error.code ?? ''] ?? [400, 'The request could not be parsed as HTTP'];
  this.log.debug({ code: error.code }, 'unparsable request');
  if (socket.writable) {
    const body = JSON.stringify(errorBody(status, message));
    const headers = { ...REFUSED_HEADERS, 'content-length': String(Buffer.byteLength(body)), connection: 'close' };
    const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`).join('');
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${head}\r\n${body}`);
  }
  socket.destroy(error);
}

/** Fastify's frameworkErrors (e.g. a path with a malformed %-escape), answered before any hook runs. */
function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  const message = error.code === 'FST_ERR_BAD_URL' ? 'The URL is not valid (a malformed %-escape?)' : (STATUS_CODES[status] ?? 'Bad request');
  void reply.code(status).headers(REFUSED_HEADERS).send(errorBody(status, message));
}

/** The whole product as one Fastify app: security headers, then the API, the identity provider and the site. */
export async function buildApp(config: Config, deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ?? loggerOptions(config),
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    return503OnClosing: true,
    // Keep-alive sockets must not hold a graceful shutdown open for their full timeout.
    forceCloseConnections: 'idle',
    clientErrorHandler: answerClientError,
    frameworkErrors: answerFrameworkError,
  });

  // Each part sets the Content-Security-Policy that fits its responses (API: none at all; pages: their own).
  await app.register(helmet, { contentSecurityPolicy: false, crossOriginEmbedderPolicy: false });
  // Dynamic text (JSON, the provider's pages) compressed per response when the client accepts it;
  // responses that already carry Content-Encoding (precompressed files, the cached list) pass as they are.
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: 1024 });

  await app.register(apiPlugin, { prefix: config.apiBasePath, config, db: deps.db });
  if (config.embeddedIdp) {
    await app.register(idpPlugin, { prefix: `/realms/${config.keycloakRealm}`, config, db: deps.db });
  }
  if (config.serveSite) await app.register(sitePlugin, { config });
  return app;
}
