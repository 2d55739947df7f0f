import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import {
  LogController,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import type { Config } from './config.ts';
import { NOTHING_ALLOWED, policyText } from './http/content-security-policy.ts';
import { errorBody } from './api/errors.ts';

// The Fastify server's own options: what is decided when the instance is created, before any plugin
// (server/app.ts) is registered. The listener (server/start.ts), the bench and the tests all get them
// through buildApp().

// Query parameters that carry credentials (logout's id_token_hint, a stray code) never reach the logs.
const SECRET_PARAMS = /([?&](?:id_token_hint|code|token|refresh_token|access_token|session_state)=)[^&#]*/gi;

/** Where the pretty lines go: process.stdout, or a test's collector. */
export type LineSink = { write(text: string): unknown };

export function loggerOptions(config: Config, out: LineSink = process.stdout): FastifyServerOptions['logger'] {
  if (config.logLevel === 'silent') return false;
  return {
    level: config.logLevel,
    ...(config.logFormat === 'pretty' ? { stream: prettyLines(out) } : {}),
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

// LOG_FORMAT=pretty (the default in a terminal): pino's own JSON entries, each turned into one line of text on
// the way out, and one entry per request (OneLinePerRequest). LOG_FORMAT=json (files, pipes, log collectors)
// keeps pino's lines and Fastify's two entries per request. No pino-pretty: it is a dev dependency only.
const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
/** pino's own keys and Fastify's request fields: said by the line itself, not repeated as key=value. */
const SAID = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId', 'req', 'res', 'responseTime', 'err']);
/** Fastify's "Server listening at …" entries: the start banner (server/banner.ts) says where the product is. */
const SAID_BY_THE_BANNER = /^Server listening at /;

/** One pino JSON entry as text: `12:34:56 INFO  message key=value`; an error's stack follows, indented. */
export function prettyLine(json: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json.endsWith('\n') ? json : `${json}\n`;
  }
  const msg = typeof entry.msg === 'string' ? entry.msg : '';
  if (SAID_BY_THE_BANNER.test(msg)) return '';
  const level = LEVELS[Number(entry.level)] ?? String(entry.level);
  const time = new Date(typeof entry.time === 'number' ? entry.time : Date.now()).toTimeString().slice(0, 8);
  const extra = Object.entries(entry)
    .filter(([key]) => !SAID.has(key))
    .map(([key, value]) => ` ${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join('');
  const err = entry.err as { type?: string; message?: string; stack?: string } | undefined;
  const error = err ? `${msg ? ': ' : ''}${err.type ?? 'Error'}: ${err.message ?? ''}` : '';
  // The stack only where something failed (error and fatal), never for a 4xx a client caused.
  const stack = err?.stack && Number(entry.level) >= 50 ? `\n${err.stack.replace(/^/gm, '    ')}` : '';
  return `${time} ${level.padEnd(5)} ${msg}${error}${extra}${stack}\n`;
}

/** A pino destination that writes prettyLine() of each entry to `out`. */
export function prettyLines(out: LineSink): { write(json: string): void } {
  return {
    write(json) {
      const line = prettyLine(json.trimEnd());
      if (line) out.write(line);
    },
  };
}

/**
 * Fastify's request logging in one entry per request, written when it is answered: `GET /path 200 3 ms` at info,
 * at error with the error (and its stack) when the answer is a 5xx. No "incoming request", no "Route … not found"
 * (the 404 line says it); a 4xx's error message stays at debug.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override routeNotFound(): void {}

  override defaultErrorLog(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (reply.statusCode >= 500) failures.set(request, error ?? undefined);
    else if (error) reply.log.debug({ err: error }, error.message);
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const failure = error ?? failures.get(request);
    const status = reply.statusCode;
    const ms = Math.round(reply.elapsedTime);
    const line = `${request.method} ${request.url.replace(SECRET_PARAMS, '$1[redacted]')} ${status} ${ms} ms`;
    if (failure) reply.log.error({ err: failure }, line);
    else if (status >= 500) reply.log.error(line);
    else reply.log.info(line);
  }
}
const failures = new WeakMap<FastifyRequest, Error | undefined>();

// Requests refused before any route or hook runs (the HTTP parser; a URL Fastify cannot decode) get the
// API's one error shape and the headers helmet gives every other response.
const REFUSED_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'content-security-policy': policyText(NOTHING_ALLOWED),
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
    ...(config.logFormat === 'pretty' ? { logController: new OneLinePerRequest() } : {}),
    bodyLimit: config.bodyLimit,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    return503OnClosing: true,
    // Keep-alive sockets must not hold a graceful shutdown open for their full timeout.
    forceCloseConnections: 'idle',
    clientErrorHandler: answerClientError,
    frameworkErrors: answerFrameworkError,
  };
}
