// The API's published contract checked against the API test suite's own traffic: every request and
// response an API test makes through the harness is recorded, and when the harness closes, each one is
// validated against /api/openapi.json with a JSON Schema 2020-12 validator (ajv). A status the document
// does not list, a body that does not match its schema, a documented header that is missing, a request
// the document calls valid that the server refused as invalid (or the reverse, a request it calls
// invalid that succeeded) fails the test file that made it.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import type { FastifyInstance } from 'fastify';

export type Exchange = {
  method: string;
  route: string; // Fastify's route pattern, e.g. /api/recipes/:id
  url: string;
  params: Record<string, string>;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
  bodyParsed: boolean;
  status: number;
  responseHeaders: Record<string, unknown>;
  responseBody: string;
};

type Schema = Record<string, unknown>;
type Parameter = { in: string; name: string; required?: boolean; schema: Schema };
type Response = { headers?: Record<string, unknown>; content?: Record<string, { schema: Schema }> };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, Response>;
};
type Document = { servers?: { url: string }[]; paths: Record<string, Record<string, Operation>> };

// Query parameters that carry a server-made token: any string is schema-valid, yet only the server's own are accepted.
const OPAQUE = new Set(['after', 'before']);
// Body fields refused by a rule between fields, which JSON Schema cannot state and the field's description states in
// words: prepTime is at most totalTime ("at most the total time when both are in the body").
const BETWEEN_FIELDS = new Set(['prepTime']);

const recordings = new WeakMap<FastifyInstance, Exchange[]>();

function text(payload: unknown, encoding: unknown): string {
  if (payload === null || payload === undefined) return '';
  if (typeof payload === 'string') return payload;
  if (Buffer.isBuffer(payload)) {
    if (encoding === 'br') return brotliDecompressSync(payload).toString('utf8');
    if (encoding === 'gzip') return gunzipSync(payload).toString('utf8');
    return payload.toString('utf8');
  }
  return ''; // a stream (Swagger UI's files): not part of the JSON contract
}

/** Records every exchange of `app` (call before its plugins are registered). */
export function recordExchanges(app: FastifyInstance): void {
  const exchanges: Exchange[] = [];
  recordings.set(app, exchanges);
  const raw = new WeakMap<object, { params: Record<string, string>; body: unknown; bodyParsed: boolean }>();
  // Before validation replaces them with the parsed values (defaults filled in, numbers from text).
  app.addHook('preValidation', async (request) => {
    raw.set(request, {
      params: { ...(request.params as Record<string, string>) },
      body: structuredClone(request.body),
      bodyParsed: true,
    });
  });
  // The first onSend sees the serialized body; the plugins' own onSend hooks (ETag, 304) run after this one,
  // so status and headers are read when the response is finished.
  const sent = new WeakMap<object, string>();
  app.addHook('onSend', async (request, reply, payload) => {
    sent.set(request, text(payload, reply.getHeader('content-encoding')));
    return payload;
  });
  app.addHook('onResponse', async (request, reply) => {
    const before = raw.get(request);
    exchanges.push({
      method: request.method,
      route: request.routeOptions.url ?? '',
      url: request.url,
      params: before?.params ?? {},
      headers: request.headers,
      body: before?.body,
      bodyParsed: before?.bodyParsed ?? false,
      status: reply.statusCode,
      responseHeaders: reply.getHeaders(),
      responseBody: reply.statusCode === 304 ? '' : (sent.get(request) ?? ''),
    });
  });
}

export function recordedExchanges(app: FastifyInstance): Exchange[] {
  return recordings.get(app) ?? [];
}

/** An integer parameter's text as OpenAPI's simple style reads it; other text stays a string (and fails `integer`). */
function parameterValue(value: string, schema: Schema): unknown {
  if (schema.type === 'integer' && /^-?(?:0|[1-9][0-9]*)$/.test(value)) return Number(value);
  return value;
}

export function createContract(document: Document) {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  const compiled = new Map<Schema, ValidateFunction>();
  const validate = (schema: Schema, value: unknown): string | undefined => {
    let fn = compiled.get(schema);
    if (!fn) compiled.set(schema, (fn = ajv.compile(schema)));
    return fn(value) ? undefined : ajv.errorsText(fn.errors);
  };
  const base = document.servers?.[0]?.url ?? '';

  function operationOf(e: Exchange): Operation | undefined {
    if (!e.route.startsWith(base)) return undefined;
    const path = e.route.slice(base.length).replace(/:(\w+)/g, '{$1}');
    return document.paths[path]?.[e.method.toLowerCase()];
  }

  /** Why the request breaks the document, or undefined when the document allows it. */
  function requestProblem(e: Exchange, op: Operation): string | undefined {
    const problems: string[] = [];
    const query = new URL(e.url, 'http://x').searchParams;
    for (const p of op.parameters ?? []) {
      if (p.in === 'query' && query.getAll(p.name).length > 1 && p.schema.type !== 'array') {
        problems.push(`query ${p.name} given more than once`);
        continue;
      }
      const value =
        p.in === 'query'
          ? (query.get(p.name) ?? undefined)
          : p.in === 'path'
            ? e.params[p.name]
            : p.in === 'header'
              ? e.headers[p.name.toLowerCase()]
              : undefined;
      if (value === undefined) {
        if (p.required) problems.push(`${p.in} ${p.name} is required`);
        continue;
      }
      const error = validate(p.schema, typeof value === 'string' ? parameterValue(value, p.schema) : value);
      if (error) problems.push(`${p.in} ${p.name}: ${error}`);
    }
    if (op.requestBody && e.bodyParsed) {
      const schema = op.requestBody.content['application/json']?.schema;
      const error = schema && (e.body === undefined ? 'no body' : validate(schema, e.body));
      if (error) problems.push(`body: ${error}`);
    }
    return problems.length ? problems.join('; ') : undefined;
  }

  function check(e: Exchange): string[] {
    const op = operationOf(e);
    if (!op) return []; // hidden routes (the document itself, the docs UI, the JSON 404)
    const where = `${e.method} ${e.url} → ${e.status}`;
    const response = op.responses[String(e.status)] ?? op.responses.default;
    if (!response) return [`${where}: status ${e.status} is not in the document`];
    const violations: string[] = [];
    const schema = response.content?.['application/json']?.schema;
    if (schema && e.responseBody !== '') {
      const error = validate(schema, JSON.parse(e.responseBody));
      if (error) violations.push(`${where}: response body: ${error}`);
    } else if (
      !schema &&
      e.responseBody !== '' &&
      e.status !== 204 &&
      e.status !== 304 &&
      // A documented non-JSON body (a photo's file) is described by its type.
      !Object.keys(response.content ?? {}).includes(String(e.responseHeaders['content-type']))
    ) {
      violations.push(`${where}: a body the document does not describe`);
    }
    if (e.status < 300) {
      for (const name of Object.keys(response.headers ?? {})) {
        if (e.responseHeaders[name.toLowerCase()] === undefined)
          violations.push(`${where}: documented header ${name} missing`);
      }
    }
    // Authentication, limits and media type are decided before the body or parameters are read.
    if ([401, 403, 413, 415, 429, 503].includes(e.status)) return violations;
    const problem = requestProblem(e, op);
    if (e.status < 400 && problem)
      violations.push(`${where}: the server accepted a request the document refuses (${problem})`);
    if (e.status === 400 && !problem) {
      const refused = JSON.parse(e.responseBody) as { message: string; fields?: Record<string, string> };
      const opaque = Object.keys(refused.fields ?? {}).every((field) => OPAQUE.has(field) || BETWEEN_FIELDS.has(field));
      if (/^Invalid /.test(refused.message) && !opaque) {
        violations.push(`${where}: the server refused as invalid a request the document allows (${e.responseBody})`);
      }
    }
    return violations;
  }

  return {
    check,
    /** Why the document refuses this request (undefined: it allows it). */
    requestProblem: (e: Exchange) => {
      const op = operationOf(e);
      return op ? requestProblem(e, op) : 'no such operation';
    },
  };
}

/** Every contract violation in the traffic `app` recorded (fetches the document from the app itself). */
export async function contractViolations(app: FastifyInstance, documentUrl = '/api/openapi.json'): Promise<string[]> {
  const exchanges = [...recordedExchanges(app)];
  if (exchanges.length === 0) return [];
  const document = (await app.inject({ method: 'GET', url: documentUrl })).json() as Document;
  const contract = createContract(document);
  return exchanges.flatMap((e) => contract.check(e));
}
