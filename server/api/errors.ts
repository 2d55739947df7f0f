import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PHOTO_ERROR_KINDS } from '../../src/lib/photo-schema.ts';
import { isDataDirLost, isDatabaseUnavailable } from '../db/index.ts';

/** Seconds a client is asked to wait before retrying while the database cannot be reached. */
export const RETRY_AFTER_SECONDS = 5;

// Every error the API sends has one shape. 5xx bodies never carry internals; they go to the log.
export const errorBodySchema = z.object({
  status: z.number().int(),
  error: z.string(),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
  currentVersion: z.number().int().optional(),
  limitBytes: z
    .number()
    .int()
    .min(1)
    .optional()
    .describe(
      'The size limit the request went past, in bytes (a pasted page or text, a photo or a file too large, or a page too large to fetch): the site says it in its own words',
    ),
  photoError: z
    .enum(PHOTO_ERROR_KINDS)
    .optional()
    .describe('Why an upload was refused (POST /photos): the site shows a sentence for each'),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** What a write route may answer before it looks at the body: no token, not an editor, too many writes. */
export const authErrors = { 401: errorBodySchema, 403: errorBodySchema, 429: errorBodySchema };
/** What a route with a body may answer about the body itself: too large, not a type it takes. */
export const bodyErrors = { 413: errorBodySchema, 415: errorBodySchema };

/** An error a route throws on purpose; its message is meant for the client. */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly extra: Pick<ErrorBody, 'fields' | 'currentVersion' | 'photoError' | 'limitBytes'>;
  readonly headers: Record<string, string>;
  constructor(
    statusCode: number,
    message: string,
    extra: Pick<ErrorBody, 'fields' | 'currentVersion' | 'photoError' | 'limitBytes'> = {},
    headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.extra = extra;
    this.headers = headers;
  }
}

export function errorBody(status: number, message: string, extra: Partial<ErrorBody> = {}): ErrorBody {
  return { status, error: STATUS_CODES[status] ?? 'Error', message, ...extra };
}

// Fastify's own 4xx errors (parsing, limits) have safe messages; these read better for people.
const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty but its content type is JSON',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Send the body as application/json',
};

/** First message per field path, e.g. { "ingredients.0.name": "Max 34 characters" }. */
function fieldsOf(error: { validation: { instancePath: string; message?: string | undefined }[] }, where: string) {
  const fields: Record<string, string> = {};
  for (const issue of error.validation) {
    const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || where;
    fields[path] ??= issue.message ?? 'Invalid value';
  }
  return fields;
}

const LOST_MESSAGE =
  'Databasen har tagits över av en annan server och den här servern stängs av; ändringen kanske inte sparades. ' +
  'Försök igen om en stund.';

export function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof HttpError) {
    return reply
      .code(error.statusCode)
      .headers(error.headers)
      .send(errorBody(error.statusCode, error.message, error.extra));
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const where = error.validationContext ?? 'body';
    return reply.code(400).send(errorBody(400, `Invalid ${where}`, { fields: fieldsOf(error, where) }));
  }
  if (isDataDirLost(error)) {
    // The embedded database's folder was taken over by another server while this one was stopped (docker pause):
    // this answers until the server has stopped (docs/decisions/060-api-pglite-folder-lock-after-a-freeze.md). A
    // write may have committed just before: it is not acknowledged, as it may not be in the folder the other uses.
    return reply.code(503).header('retry-after', String(RETRY_AFTER_SECONDS)).send(errorBody(503, LOST_MESSAGE));
  }
  if (isDatabaseUnavailable(error)) {
    // Logged once per outage by the database gate, not per request.
    return reply
      .code(503)
      .header('retry-after', String(RETRY_AFTER_SECONDS))
      .send(errorBody(503, 'The database cannot be reached right now; nothing was changed. Try again shortly.'));
  }
  // The JSON parser reports a malformed body as a SyntaxError carrying statusCode 400.
  const status =
    typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
  if (status >= 500) {
    request.log.error({ err: error }, 'request failed');
    return reply.code(status).send(errorBody(status, 'Something went wrong on the server'));
  }
  const message = (error.code && FASTIFY_MESSAGES[error.code]) || error.message || STATUS_CODES[status] || 'Error';
  return reply.code(status).send(errorBody(status, message));
}

export function registerErrorHandlers(api: FastifyInstance) {
  api.setErrorHandler(handleError);
  const noSuchRoute = (request: FastifyRequest, reply: FastifyReply) =>
    reply.code(404).send(errorBody(404, `No such API route: ${request.method} ${request.url.split('?')[0]}`));
  api.setNotFoundHandler(noSuchRoute);
  // The site's static files answer every other GET (its 404 page is HTML); under the API base an unknown GET
  // gets the API's JSON 404 like any other method.
  api.get('/*', { schema: { hide: true } }, noSuchRoute);
}
