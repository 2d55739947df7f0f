// POST /recipe-imports: reads the schema.org Recipe of a page (fetched from its address, or pasted as HTML)
// and answers it as a draft for the create form. Nothing is stored; the editor saves with POST /recipes.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { characterCount, importedRecipeSchema } from '../../../src/lib/recipe-schema.ts';
import type { Config } from '../../config.ts';
import { createAddressPolicy } from '../../import/address-policy.ts';
import { createBoundedLookup } from '../../import/bounded-lookup.ts';
import { fetchImage, fetchPage, PageFetchError, type FetchedPage, type FetchOptions } from '../../import/fetch-page.ts';
import { createPageReader, PageReadError, type PageText } from '../../import/page-reader.ts';
import { withPageAddress, type ReadRecipe } from '../../import/recipe-draft.ts';
import type { PhotoLibrary } from '../../photos/photo-library.ts';
import { editorOf } from '../access.ts';
import { authErrors, bodyErrors, errorBodySchema, HttpError, RETRY_AFTER_SECONDS } from '../errors.ts';

type Options = {
  config: Config;
  photos: PhotoLibrary;
  requireEditor: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  /** The API's one allowance for writes (server/api/index.ts): an import counts like a save or an upload. */
  writeLimit: ReturnType<FastifyInstance['rateLimit']>;
};

const MAX_URL = 2000;
const URL_RULE = `Must be an http or https address of at most ${MAX_URL} characters`;
const NOT_AN_ADDRESS = 'Not a valid address';

// Exactly one of the two (anyOf of closed objects, so the document states the rule exactly).
const body = z.union(
  [
    z.strictObject({
      // No regex flags (the document's pattern cannot carry them) and the length in characters, as
      // JSON Schema counts it: the document states exactly what is accepted.
      url: z
        .string()
        .regex(/^[hH][tT][tT][pP][sS]?:\/\/[^\s/?#]+([/?#]\S*)?$/, { error: URL_RULE })
        .refine((text) => characterCount(text) <= MAX_URL, { error: URL_RULE })
        .meta({
          maxLength: MAX_URL,
          description:
            'The page to read: http or https, any port; an address the WHATWG URL parser refuses is a 400 too',
        }),
    }),
    z.strictObject({
      html: z
        .string()
        .min(1, { error: 'Must not be empty' })
        .describe("The page itself, pasted (up to the route's body limit)"),
    }),
  ],
  { error: 'Send exactly one of url and html' },
);

// Refused addresses are the request's fault (400); a page that cannot be had is the other server's (502, 504).
const STATUS: Record<PageFetchError['kind'], number> = {
  forbidden: 400,
  unreachable: 502,
  unusable: 502,
  timeout: 504,
};

export const recipeImportRoutes: FastifyPluginAsyncZod<Options> = async (
  api,
  { config, photos, requireEditor, writeLimit },
) => {
  const { allowedAddresses, timeoutMs, maxBytes, readTimeoutMs } = config.recipeImport;
  const fetchOptions = {
    policy: createAddressPolicy(allowedAddresses),
    // One for the server: it caps how many name lookups run at once (server/import/bounded-lookup.ts).
    lookup: createBoundedLookup(),
    timeoutMs,
    maxBytes,
    userAgent: `Receptboken/1.0 (recipe import; +${config.publicUrl})`,
  };
  const reader = createPageReader({ timeoutMs: readTimeoutMs });
  // When each import arrived: its deadline counts from there, so what comes before the handler (checking the token,
  // parsing a pasted page of megabytes) is inside IMPORT_TIMEOUT_MS too.
  const arrived = new WeakMap<FastifyRequest, number>();
  const markArrival = async (request: FastifyRequest) => void arrived.set(request, performance.now());
  api.addHook('onClose', () => reader.close());

  api.post(
    '/recipe-imports',
    {
      // Counted and authorized like every write: it makes this server fetch from the internet.
      onRequest: [markArrival, writeLimit, requireEditor],
      // Pasted pages are larger than recipes: this route alone takes bodies up to IMPORT_MAX_BYTES.
      bodyLimit: maxBytes,
      schema: {
        summary:
          'Read the schema.org Recipe (JSON-LD) of a page, fetched from `url` or pasted as `html` (editor). Nothing is saved: ' +
          'the answer is a draft for POST /recipes. 400: an address that is malformed or may not be fetched (private, loopback, ' +
          'link-local, metadata, also after a redirect; the message does not say why, the server log does); 422: the page holds ' +
          'no Recipe, or could not be read within the reading time limit (too large or too deeply nested); 503: too many pages ' +
          'are being read at once; 502: the page could not be fetched (DNS, refused, ' +
          'not 2xx, more than 5 redirects, larger than the limit, not HTML or JSON; the message names no host or address, ' +
          'the server log does); 504: no complete answer within the time limit (one deadline for the page and its image).',
        security: [{ bearer: [] }],
        body,
        response: {
          200: importedRecipeSchema,
          400: errorBodySchema,
          ...authErrors,
          ...bodyErrors,
          422: errorBodySchema,
          502: errorBodySchema,
          503: errorBodySchema,
          504: errorBodySchema,
        },
      },
    },
    async (request) => {
      const input = request.body;
      // IMPORT_TIMEOUT_MS is one deadline for everything this import fetches: the page, then its picture in
      // what time is left (reading the page has its own limit, IMPORT_READ_TIMEOUT_MS).
      const spent = performance.now() - (arrived.get(request) ?? performance.now());
      const fetching = { ...fetchOptions, deadline: AbortSignal.timeout(Math.max(1, Math.round(timeoutMs - spent))) };
      const page: FetchedPage | PageText =
        'html' in input ? { kind: 'html', text: input.html } : await fetched(input.url, fetching, request);
      const read = await readPage(page, 'html' in input ? 'html' : 'url');
      if (!read) throw new HttpError(422, 'The page has no schema.org Recipe (JSON-LD) to import');
      // The source: the address fetched (after redirects), or what a pasted page's JSON-LD names.
      const { imageUrl, ...recipe } = 'url' in page ? withPageAddress(read, page.url) : read;
      const photo = imageUrl && (await pagePhoto(imageUrl, 'url' in page ? page.url : undefined, fetching, request));
      return photo ? { ...recipe, photos: [photo] } : recipe;
    },
  );

  /**
   * The page's picture as an upload of the editor's (kept a day unless the recipe is saved with it), fetched through
   * the same address guard as the page. A picture that cannot be had leaves the draft without a photo: the recipe
   * itself is what was asked for; the log says why.
   */
  async function pagePhoto(
    address: string,
    pageUrl: string | undefined,
    fetching: FetchOptions,
    request: FastifyRequest,
  ) {
    let url: URL;
    try {
      url = new URL(address, pageUrl);
    } catch {
      return undefined; // a relative address on a pasted page has nothing to be relative to
    }
    try {
      const bytes = await fetchImage(url.href, { ...fetching, maxBytes: config.photos.maxBytes });
      return await photos.upload(bytes, editorOf(request).username);
    } catch (error) {
      const detail = error instanceof PageFetchError ? error.detail : undefined;
      request.log.info(
        { image: url.href, reason: (error as Error).message, ...(detail ? { detail } : {}) },
        "recipe import: the page's image was not used",
      );
      return undefined;
    }
  }

  async function fetched(url: string, fetching: FetchOptions, request: FastifyRequest): Promise<FetchedPage> {
    // "http://[::1", "http://a:b:c/", a port above 65535: the document's pattern lets them through, a URL parser
    // does not. A 400 with the field named, as for the pattern (the site then says the address cannot be read).
    if (!URL.canParse(url))
      throw new HttpError(400, 'The address is not a valid URL', { fields: { url: NOT_AN_ADDRESS } });
    try {
      return await fetchPage(url, fetching);
    } catch (error) {
      if (!(error instanceof PageFetchError)) throw error;
      // The answer names no host or address (an editor could probe the server's network with it); the log does.
      if (error.kind === 'forbidden')
        request.log.warn({ url, reason: error.detail }, 'recipe import refused an address');
      else request.log.info({ url, reason: error.detail ?? error.message }, 'recipe import could not fetch the page');
      throw new HttpError(STATUS[error.kind], error.message);
    }
  }

  /** `field`: the body field the page came from, named in a 422 for a page too complex to read (the site says so). */
  async function readPage(page: PageText, field: 'html' | 'url'): Promise<ReadRecipe | null> {
    try {
      return await reader.read(page);
    } catch (error) {
      if (!(error instanceof PageReadError)) throw error;
      if (error.kind === 'busy')
        throw new HttpError(503, error.message, {}, { 'retry-after': String(RETRY_AFTER_SECONDS) });
      throw new HttpError(422, error.message, {
        fields: { [field]: 'Too large or too deeply nested to read in time' },
      });
    }
  }
};
