// Fetches a recipe page for the import, guarded against SSRF. The address check happens where the socket
// is opened (undici's connector): a name is resolved once, its addresses filtered by the policy, and the
// connection made to a checked address, so DNS answering differently between a check and the connect
// (rebinding) cannot slip through. Redirects are followed here, one checked hop at a time.
// The time limit is a deadline (an AbortSignal) that every step heeds: the lookup, the connect and TLS handshake
// (undici itself waits for a pending connect until its own 10 s timeout), the answer and its body; and the fetch
// as a whole gives up at the deadline whatever it is waiting for. docs/decisions/048-import-deadline.md
import type { LookupAddress } from 'node:dns';
import { isIP, type LookupFunction, type Socket } from 'node:net';
import { Agent, buildConnector, request, type Dispatcher } from 'undici';
import type { AddressPolicy } from './address-policy.ts';
import type { BoundedLookup } from './bounded-lookup.ts';

// 'too-large': beyond IMPORT_MAX_BYTES (its own kind: the site names the limit).
export type PageFetchFailure = 'forbidden' | 'unreachable' | 'timeout' | 'unusable' | 'too-large';

/**
 * Why a page could not be had. The message is for the API's client and names no host or address (an editor could
 * otherwise probe the server's network with it); the detail, with both, is for the server's log only.
 */
export class PageFetchError extends Error {
  readonly kind: PageFetchFailure;
  readonly detail: string | undefined;
  constructor(kind: PageFetchFailure, message: string, detail?: string) {
    super(message);
    this.name = 'PageFetchError';
    this.kind = kind;
    this.detail = detail;
  }
}

export type FetchOptions = {
  policy: AddressPolicy;
  /** The limit `deadline` stands for, as the messages state it. */
  timeoutMs: number;
  /** Aborts when the import's time is up; shared by everything one import fetches. */
  deadline: AbortSignal;
  lookup: BoundedLookup;
  maxBytes: number;
  userAgent: string;
};
/**
 * A fetched page as its bytes and the charset its header names: the reading worker decodes them (read-recipe.ts),
 * so a page of IMPORT_MAX_BYTES is never turned into text on the event loop.
 */
export type FetchedPage = { url: string; kind: 'html' | 'json'; bytes: Uint8Array; charset?: string };

export const MAX_REDIRECTS = 5;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const TYPES: Record<string, FetchedPage['kind']> = {
  'text/html': 'html',
  'application/xhtml+xml': 'html',
  'application/ld+json': 'json',
  'application/json': 'json',
};

// The editor learns only that the address is refused: naming what a name resolves to, or where a redirect led,
// would let them map names and addresses of the server's own network. The reason goes to the log.
export const NOT_ALLOWED = 'The address is not allowed';
const forbidden = (why: string) => new PageFetchError('forbidden', NOT_ALLOWED, why);

/** An agent that connects only to addresses the policy allows, whatever DNS says later, and not past `deadline`. */
function guardedAgent(policy: AddressPolicy, lookup: BoundedLookup, deadline: AbortSignal): Agent {
  const guardedLookup: LookupFunction = (hostname, options, callback) => {
    lookup(hostname, deadline).then(
      (found: LookupAddress[]) => {
        const addresses = options.family ? found.filter((a) => a.family === options.family) : found;
        const allowed = addresses.filter((a) => !policy.refusal(a.address));
        const first = allowed[0];
        if (!first) {
          const why = addresses[0] ? policy.refusal(addresses[0].address) : 'no address';
          return callback(forbidden(`${hostname} resolves to ${why}`), '', 0);
        }
        if (options.all) callback(null, allowed);
        else callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
  // buildConnector's function returns the socket it opens (its type says void).
  const connect = buildConnector({ lookup: guardedLookup }) as (
    ...args: Parameters<buildConnector.connector>
  ) => Socket;
  return new Agent({
    connect(options, callback) {
      // An address written in the URL is never looked up, so it is checked here.
      const host = options.hostname.replace(/^\[|\]$/g, '');
      const refusal = isIP(host) ? policy.refusal(host) : undefined;
      if (refusal) return callback(forbidden(refusal), null);
      if (deadline.aborted) return callback(deadline.reason as Error, null);
      // A server that accepts and never speaks would hold a TLS handshake until undici's connect timeout.
      const socket = connect(options, callback);
      const stop = () => socket.destroy(deadline.reason as Error);
      deadline.addEventListener('abort', stop, { once: true });
      socket.once('close', () => deadline.removeEventListener('abort', stop));
    },
  });
}

function typeOf(header: string | string[] | undefined): {
  kind: FetchedPage['kind'] | undefined;
  charset: string | undefined;
} {
  const value = (Array.isArray(header) ? header[0] : header) ?? '';
  const [mediaType = '', ...params] = value.split(';').map((p) => p.trim().toLowerCase());
  const charset = params
    .find((p) => p.startsWith('charset='))
    ?.slice(8)
    .replace(/"/g, '');
  return { kind: TYPES[mediaType], charset };
}

/** Why a network error happened, in words for the log (undici and Node errors carry a code). */
function describe(error: unknown, host: string): string {
  const e = error as { code?: string; errors?: { code?: string }[]; message?: string };
  const code = e.code ?? e.errors?.[0]?.code;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return `${host} was not found (DNS)`;
  if (code === 'ECONNREFUSED') return `${host} refused the connection`;
  if (code === 'UND_ERR_CONNECT_TIMEOUT') return `${host} did not accept a connection in time`;
  return `the connection to ${host} failed (${code ?? e.message ?? 'unknown error'})`;
}

async function readLimited(
  body: AsyncIterable<Buffer> & { destroy(): void },
  maxBytes: number,
  what: string,
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > maxBytes) {
      body.destroy();
      throw new PageFetchError('too-large', `The ${what} is larger than ${maxBytes} bytes`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

type Fetched = { url: string; headers: Record<string, string | string[] | undefined>; bytes: Buffer };
type Wanted = { accept: string; usable: (contentType: string | undefined) => boolean; what: string };

/**
 * Drops an answer's body unread: it is not wanted, and a server may never finish sending it. (Destroyed unfinished,
 * undici's body emits an abort error, which nobody else listens for.)
 */
function discard(body: Dispatcher.ResponseData['body']): void {
  body.on('error', () => undefined).destroy();
}

/** The hops of one fetch; `at.url` follows the redirects, for the caller's messages. */
async function fetchHops(at: { url: URL }, agent: Agent, options: FetchOptions, wanted: Wanted): Promise<Fetched> {
  const { accept, usable, what } = wanted;
  for (let hop = 0; ; hop++) {
    const url = at.url;
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw forbidden(`only http and https addresses can be fetched, not ${url.protocol}`);
    const response = await request(url, {
      dispatcher: agent,
      signal: options.deadline,
      headers: { 'user-agent': options.userAgent, accept },
    });
    const { statusCode, headers, body } = response;
    if (REDIRECTS.has(statusCode) && headers.location) {
      discard(body);
      if (hop === MAX_REDIRECTS)
        throw new PageFetchError(
          'unreachable',
          `The ${what} redirected more than ${MAX_REDIRECTS} times`,
          `${url.host} redirected more than ${MAX_REDIRECTS} times`,
        );
      at.url = new URL(String(headers.location), url);
      continue;
    }
    if (statusCode < 200 || statusCode > 299) {
      discard(body);
      throw new PageFetchError(
        'unreachable',
        `The ${what} could not be fetched: its server answered ${statusCode}`,
        `${url.host} answered ${statusCode}`,
      );
    }
    const contentType = headers['content-type'];
    if (!usable(Array.isArray(contentType) ? contentType[0] : contentType)) {
      discard(body);
      throw new PageFetchError(
        'unusable',
        `The ${what} is not ${what === 'page' ? 'HTML or JSON-LD' : 'a picture'} (Content-Type: ${String(contentType ?? 'none')})`,
      );
    }
    if (Number(headers['content-length']) > options.maxBytes) {
      discard(body);
      throw new PageFetchError('too-large', `The ${what} is larger than ${options.maxBytes} bytes`);
    }
    return { url: url.href, headers, bytes: await readLimited(body, options.maxBytes, what) };
  }
}

/**
 * GET `address` through the address guard, following at most MAX_REDIRECTS redirects (each checked), by the
 * deadline, reading at most `maxBytes`. `accept` is what is asked for; `usable` says whether the answer's
 * Content-Type is (else 'unusable'). `what` names the thing in messages ('page', 'image').
 */
async function fetchGuarded(address: string, options: FetchOptions, wanted: Wanted): Promise<Fetched> {
  const { deadline } = options;
  const agent = guardedAgent(options.policy, options.lookup, deadline);
  const at = { url: new URL(address) };
  // Raced with the deadline: whatever a step still waits for (a lookup, a socket), the answer does not.
  let stop = () => {};
  const timeUp = new Promise<never>((_, reject) => {
    stop = () => reject(deadline.reason as Error);
    if (deadline.aborted) stop();
    else deadline.addEventListener('abort', stop, { once: true });
  });
  const work = fetchHops(at, agent, options, wanted);
  work.catch(() => undefined); // settles after the race is decided: nothing listens any more
  try {
    return await Promise.race([work, timeUp]);
  } catch (error) {
    if (error instanceof PageFetchError) throw error;
    const what = wanted.what;
    if (deadline.aborted)
      throw new PageFetchError(
        'timeout',
        `The ${what} did not answer within ${options.timeoutMs / 1000} s`,
        `${at.url.host} gave no complete answer in time`,
      );
    throw new PageFetchError(
      'unreachable',
      `The ${what} could not be fetched: its server could not be reached`,
      describe(error, at.url.host),
    );
  } finally {
    deadline.removeEventListener('abort', stop);
    void agent.destroy().catch(() => undefined);
  }
}

export async function fetchPage(address: string, options: FetchOptions): Promise<FetchedPage> {
  const fetched = await fetchGuarded(address, options, {
    accept: 'text/html, application/ld+json',
    usable: (type) => typeOf(type).kind !== undefined,
    what: 'page',
  });
  const { kind, charset } = typeOf(fetched.headers['content-type']);
  return { url: fetched.url, kind: kind as FetchedPage['kind'], bytes: fetched.bytes, ...(charset ? { charset } : {}) };
}

/**
 * A page's picture (its schema.org `image`), through the same guard as the page: the bytes, for the photo
 * pipeline, which decides what they are by their content. Anything the server does not call an image is refused.
 */
export async function fetchImage(address: string, options: FetchOptions): Promise<Uint8Array> {
  const fetched = await fetchGuarded(address, options, {
    accept: 'image/avif, image/webp, image/jpeg, image/png',
    usable: (type) => /^image\//i.test(type ?? ''),
    what: 'image',
  });
  return fetched.bytes;
}
