import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import type { Config } from './config.ts';
import { errorBody } from './api/errors.ts';

// The Fastify server's own options: what is decided when the instance is created, before any plugin
// (server/app.ts) is registered. The listener (server/start.ts), the bench and the tests all get them
// through buildApp().

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
  // An error answer is never kept: the same request may well succeed later.
  'cache-control': 'no-store',
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
    const head = Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${head}\r\n${body}`);
  }
  socket.destroy(error);
}

/** Fastify's frameworkErrors (e.g. a path with a malformed %-escape), answered before any hook runs. */
function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  const message =
    error.code === 'FST_ERR_BAD_URL'
      ? 'The URL is not valid (a malformed %-escape?)'
      : (STATUS_CODES[status] ?? 'Bad request');
  void reply.code(status).headers(REFUSED_HEADERS).send(errorBody(status, message));
}

/**
 * TRUST_PROXY for Fastify. A hop count becomes a function: Fastify refuses to trust any hop for a bare number, and
 * `true` would trust every hop, so the client's own leftmost X-Forwarded-For entry would be its address.
 */
function fastifyTrustProxy(trust: Config['trustProxy']): FastifyServerOptions['trustProxy'] {
  if (typeof trust === 'number') return (_address: string, hop: number) => hop < trust;
  return trust === false ? false : [...trust];
}

/** Options for Fastify(): logging, limits, proxy trust, shutdown behaviour and the answers to unparsable requests. */
export function serverOptions(
  config: Config,
  logger: FastifyServerOptions['logger'] = loggerOptions(config),
): FastifyServerOptions {
  return {
    logger,
    bodyLimit: config.bodyLimit,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    return503OnClosing: true,
    // Keep-alive sockets must not hold a graceful shutdown open for their full timeout.
    forceCloseConnections: 'idle',
    clientErrorHandler: answerClientError,
    frameworkErrors: answerFrameworkError,
  };
}
