// The API's published contract checked against the API test suite's own traffic: every request and
// response an API test makes through the harness is recorded, and when the harness closes, each one is
// validated against /api/openapi.json with a JSON Schema 2020-12 validator (ajv). A status the document
// does not list, a body that does not match its schema, a documented header that is missing, a request
// the document calls valid that the server refused as invalid (or the reverse, a request it calls
// invalid that succeeded) fails the test file that made it. A request body is checked by the entry of its own
// media type (Content-Type): JSON against the JSON schema; a binary body (a photo) by its type being one the document
// lists; a multipart/form-data body by its parts' names, whether each is a file, their types and counts, as the
// entry's schema and encoding describe them.
import { Transform } from 'node:stream';
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
  // A multipart/form-data request's parts as sent (null: the body is no readable multipart); undefined for others.
  parts?: Part[] | null;
  status: number;
  responseHeaders: Record<string, unknown>;
  responseBody: string;
};

/** One part of a multipart body: its name, and for a file its type. */
export type Part = { name: string; file: boolean; type?: string };

type Schema = Record<string, unknown>;
type MediaType = { schema?: Schema; encoding?: Record<string, { contentType?: string }> };
type Parameter = { in: string; name: string; required?: boolean; schema: Schema };
type Response = { headers?: Record<string, unknown>; content?: Record<string, { schema: Schema }> };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, MediaType> };
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

/** The media type of a Content-Type header, lower case and without parameters; undefined when there is none. */
function mediaTypeOf(header: unknown): string | undefined {
  const type = (typeof header === 'string' ? header : '').split(';')[0]!.trim().toLowerCase();
  return type === '' ? undefined : type;
}

const isMultipart = (headers: Record<string, unknown>) =>
  mediaTypeOf(headers['content-type']) === 'multipart/form-data';

/** The parts of a multipart body, read by the platform's reader (as the server's); null when it cannot be read. */
async function partsOf(body: Buffer, contentType: string): Promise<Part[] | null> {
  try {
    const form = await new globalThis.Response(Uint8Array.from(body), {
      headers: { 'content-type': contentType },
    }).formData();
    return [...form.entries()].map(([name, value]) =>
      typeof value === 'string' ? { name, file: false } : { name, file: true, type: mediaTypeOf(value.type) ?? '' },
    );
  } catch {
    return null;
  }
}

/** Records every exchange of `app` (call before its plugins are registered). */
export function recordExchanges(app: FastifyInstance): void {
  const exchanges: Exchange[] = [];
  recordings.set(app, exchanges);
  const raw = new WeakMap<object, { params: Record<string, string>; body: unknown; bodyParsed: boolean }>();
  // A multipart body's bytes as they pass to the parser, whether it reads them or refuses them: a parsed body no
  // longer says which parts were files, or of what type.
  const multipart = new WeakMap<object, Buffer[]>();
  app.addHook('preParsing', async (request, _reply, payload) => {
    if (!isMultipart(request.headers)) return payload;
    const chunks: Buffer[] = [];
    multipart.set(request, chunks);
    const copy = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        chunks.push(Buffer.from(chunk));
        done(null, chunk);
      },
    });
    payload.on('error', (error) => copy.destroy(error));
    // Fastify measures the body limit on the stream's encoded length when the hook replaces the stream.
    return Object.assign(payload.pipe(copy), {
      receivedEncodedLength: (payload as { receivedEncodedLength?: number }).receivedEncodedLength,
    });
  });
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
    const chunks = multipart.get(request);
    const parts = chunks && (await partsOf(Buffer.concat(chunks), String(request.headers['content-type'])));
    exchanges.push({
      method: request.method,
      route: request.routeOptions.url ?? '',
      url: request.url,
      params: before?.params ?? {},
      headers: request.headers,
      body: before?.body,
      bodyParsed: before?.bodyParsed ?? false,
      ...(parts === undefined ? {} : { parts }),
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

/** Whether a media type matches a media range of the document ("image/jpeg", a range "image/" + "*", or any type). */
function mediaTypeMatches(range: string, type: string): boolean {
  if (range === '*/*' || range === type) return true;
  return range.endsWith('/*') && type.startsWith(range.slice(0, -1));
}

/** A request body's entry in the document: its exact media type first, then the narrowest range that matches it. */
function entryFor(content: Record<string, MediaType>, type: string): MediaType | undefined {
  const listed = Object.keys(content).map((key) => [key, mediaTypeOf(key) ?? ''] as const);
  const exact = listed.find(([, range]) => range === type);
  const range =
    exact ?? listed.find(([, r]) => r !== '*/*' && mediaTypeMatches(r, type)) ?? listed.find(([, r]) => r === '*/*');
  return range && content[range[0]];
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
    if (op.requestBody) {
      const error = bodyProblem(e, op.requestBody.content);
      if (error) problems.push(`body: ${error}`);
    }
    return problems.length ? problems.join('; ') : undefined;
  }

  /**
   * Why the body breaks the entry of its media type. No Content-Type or a JSON one: the JSON schema, as the server
   * parses JSON by default. Any other: its type must be listed (exactly, or by a range such as image/*); a
   * multipart body's parts are then checked against that entry; other bodies (binary) have nothing more to check.
   */
  function bodyProblem(e: Exchange, content: Record<string, MediaType>): string | undefined {
    const type = mediaTypeOf(e.headers['content-type']);
    if (type === undefined || type === 'application/json' || type.endsWith('+json')) {
      if (!e.bodyParsed) return undefined;
      const schema = content[type ?? 'application/json']?.schema ?? content['application/json']?.schema;
      return schema && (e.body === undefined ? 'no body' : validate(schema, e.body));
    }
    const entry = entryFor(content, type);
    if (!entry) return `content type ${type} is not one the document lists (${Object.keys(content).join(', ')})`;
    if (type === 'multipart/form-data') return partsProblem(e.parts, entry);
    return undefined;
  }

  /** The parts against a multipart entry: known names, files where the schema says binary, types, counts. */
  function partsProblem(parts: Part[] | null | undefined, entry: MediaType): string | undefined {
    if (parts === null) return 'not readable multipart/form-data';
    const schema = entry.schema;
    if (parts === undefined || !schema || schema.type !== 'object') return undefined;
    const properties = (schema.properties ?? {}) as Record<string, Schema>;
    const problems: string[] = [];
    for (const name of (schema.required ?? []) as string[])
      if (!parts.some((part) => part.name === name)) problems.push(`part ${name} is required`);
    for (const [name, property] of Object.entries(properties)) {
      const given = parts.filter((part) => part.name === name);
      if (given.length === 0) continue;
      const array = property.type === 'array';
      const item = (array ? (property.items ?? {}) : property) as Schema;
      if (array && typeof property.minItems === 'number' && given.length < property.minItems)
        problems.push(`part ${name}: fewer than ${property.minItems}`);
      if (array && typeof property.maxItems === 'number' && given.length > property.maxItems)
        problems.push(`part ${name}: more than ${property.maxItems}`);
      if (!array && given.length > 1) problems.push(`part ${name} given more than once`);
      const binary = item.type === 'string' && item.format === 'binary';
      const allowed = entry.encoding?.[name]?.contentType?.split(',').map((t) => t.trim().toLowerCase());
      for (const part of given) {
        if (binary && !part.file) problems.push(`part ${name} is not a file`);
        if (part.file && allowed && !allowed.some((range) => mediaTypeMatches(range, part.type ?? '')))
          problems.push(`part ${name}: type ${part.type || 'none'} is not one of ${allowed.join(', ')}`);
      }
    }
    if (schema.additionalProperties === false)
      for (const part of parts)
        if (!(part.name in properties)) problems.push(`part ${part.name} is not in the document`);
    return problems.length ? problems.join(', ') : undefined;
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
