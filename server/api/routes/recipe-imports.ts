// POST /recipe-imports: reads the recipe of a page (fetched from its address, or pasted as HTML: its schema.org data,
// else the page as people see it, server/import/), a
// recipe pasted as plain text, or photos of a paper recipe's pages (an image body, or several as multipart/form-data:
// server/scan/), and answers it as a draft for the create form. Nothing is stored; the editor saves with POST /recipes.
import type { FastifyError, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { OpenAPIV3_1 } from 'openapi-types';
import { z } from 'zod';
import { characterCount, importedRecipeSchema } from '../../../src/lib/recipe-schema.ts';
import type { Config } from '../../config.ts';
import { createAddressPolicy } from '../../import/address-policy.ts';
import { createBoundedLookup } from '../../import/bounded-lookup.ts';
import { fetchImage, fetchPage, PageFetchError, type FetchedPage, type FetchOptions } from '../../import/fetch-page.ts';
import { createPageReader, PageReadError, type PageText } from '../../import/page-reader.ts';
import { withPageAddress, type ReadRecipe } from '../../drafts/recipe-draft.ts';
import type { PhotoLibrary } from '../../photos/photo-library.ts';
import { PHOTO_ERROR_STATUS, PhotoError } from '../../photos/photo-errors.ts';
import { MAX_INPUT_PIXELS } from '../../photos/photo-sizes.ts';
import { createPageScanner, MAX_SCAN_PAGES } from '../../scan/page-scanner.ts';

type Photo = Awaited<ReturnType<PhotoLibrary['upload']>>;
import { editorOf } from '../access.ts';
import { bodyErrors, errorBodySchema, handleError, HttpError, RETRY_AFTER_SECONDS } from '../errors.ts';
import { photoErrorMessages } from '../../../src/lib/photo-schema.ts';
import { megabytes } from '../../../src/lib/byte-size.ts';

type Options = {
  config: Config;
  photos: PhotoLibrary;
  /** The API's one allowance for writes (server/api/index.ts): an import counts like a save or an upload. */
};

const MAX_URL = 2000;
// A page refused for holding no recipe: none in its structured data, and none the page shows as people read it
// (issue 55: a page without schema.org data is read from its title, lists and steps). The site says it in Swedish.
const NO_RECIPE_ON_PAGE =
  'The page holds no recipe to import: none in its structured data (schema.org JSON-LD or microdata), and no ' +
  'title with an ingredient list and steps in its text';
// What the editor reads in the draft when the page names a picture that could not be had (src/lib's `notices`).
export const PHOTO_NOT_FETCHED = 'Sidans bild kunde inte hämtas.';
const photoTooSlow = (ms: number) => `Sidans bild kunde inte hämtas inom tidsgränsen (${ms / 1000} s).`;
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
        .describe('The page itself, pasted (up to IMPORT_MAX_BYTES in UTF-8)'),
    }),
    z.strictObject({
      text: z
        .string()
        .min(1, { error: 'Must not be empty' })
        .describe(
          'A recipe as plain text (from an e-mail, a note, a PDF; up to IMPORT_MAX_BYTES in UTF-8): the first line that ' +
            'looks like a title is the name, lines that read as ingredients the ingredients (a line ending in a colon or in ' +
            'capitals above them a section heading), "4 portioner"/"Serves 4" the servings, the rest the steps',
        ),
    }),
  ],
  { error: 'Send exactly one of url, html and text' },
);

/** Photos of a recipe's pages, in order, as the image and multipart parsers below give them to the handler. */
export class ScannedPages {
  readonly pages: Buffer[];
  constructor(pages: Buffer[]) {
    this.pages = pages;
  }
}

/**
 * A scan's body: any image/* type (what the photo is comes from its bytes, as for POST /photos: JPEG, PNG, WebP and
 * HEIF/AVIF are read, anything else is a 415), or multipart/form-data of parts named PAGES_PART.
 */
const SCAN_BODY = /^image\//u;
/** The one name of a multipart scan's parts: one part a page, in order (src/client/recipe-scan.ts sends it). */
export const PAGES_PART = 'pages';
/**
 * The types a page part may declare: a picture's, or none known (a phone's HEIC may come untyped, which a browser
 * sends as application/octet-stream). Its bytes then decide, as for an image body; any other declared type is a 415.
 */
export const PAGE_PART_TYPES = ['image/*', 'application/octet-stream'] as const;
const pagePartTypeAllowed = (type: string) =>
  type === 'application/octet-stream' || SCAN_BODY.test(type.split(';')[0]!.trim().toLowerCase());

/**
 * The photo bodies in the OpenAPI document (the route's zod schema states the JSON ones): one image, or pages as
 * multipart/form-data. Exactly what the parsers below accept. Called on the generated document (server/api/openapi.ts).
 */
export function describeScanBodies(document: OpenAPIV3_1.Document): OpenAPIV3_1.Document {
  const body = document.paths?.['/recipe-imports']?.post?.requestBody as OpenAPIV3_1.RequestBodyObject | undefined;
  if (!body) return document;
  const limits =
    `at most PHOTO_MAX_BYTES (refused with 413 while it arrives) and ${MAX_INPUT_PIXELS / 1_000_000} megapixels ` +
    '(422, from its header, before it is decoded)';
  body.content['image/*'] = {
    schema: {
      type: 'string',
      format: 'binary',
      description:
        "One photo of a recipe's page as the body, under any image/* type: what it is comes from its bytes. JPEG, " +
        `PNG, WebP and HEIF (HEIC, AVIF) are read; anything else is a 415 (\`photoError\` not-a-picture); ${limits}`,
    },
  };
  body.content['multipart/form-data'] = {
    schema: {
      type: 'object',
      required: [PAGES_PART],
      additionalProperties: false,
      properties: {
        [PAGES_PART]: {
          type: 'array',
          minItems: 1,
          maxItems: MAX_SCAN_PAGES,
          items: { type: 'string', format: 'binary' },
          description:
            `The pages of one recipe in order, one file part named \`${PAGES_PART}\` a page, 1 to ${MAX_SCAN_PAGES} ` +
            `of them; no other parts (a part of another name, or not a file, is a 400, as are more than ${MAX_SCAN_PAGES}). ` +
            `Each part ${limits}; its type is image/* or application/octet-stream (another is a 415) and its bytes ` +
            'decide what it is, as for a single photo.',
        },
      },
    },
    encoding: { [PAGES_PART]: { contentType: PAGE_PART_TYPES.join(', ') } },
  };
  return document;
}

/** The draft of a scan: a page's draft, and the text read from the photos (so each field can be checked). */
export const scannedRecipeSchema = importedRecipeSchema.extend({
  scannedText: z
    .string()
    .optional()
    .describe('Only for photos: the text read from them, pages in order, as the draft was made from it'),
});

// The Swedish sentences of a scan's refusals (the site shows the message as it is). A photo refused for what it is
// answers as POST /photos does: the same status (server/photos/photo-errors.ts's one map) and `photoError`.
export const SCAN_NO_RECIPE =
  'Inget recept kunde läsas i bilden. Fotografera sidan rakt ovanifrån i gott ljus, eller skriv in receptet.';
const SCAN_TIMEOUT_MESSAGE = 'Bilderna tog för lång tid att läsa. Försök med färre sidor eller en mindre bild.';
const SCAN_BUSY_MESSAGE = 'Många bilder läses just nu. Försök igen om en stund.';
const pagesNote = (page: number, count: number) => (count > 1 ? ` (sida ${page + 1})` : '');

// JSON writes a quote, a backslash or a line break of a pasted page as two bytes: the body may be up to twice the
// page (a page of more escapes than text is no recipe). What is pasted is then measured against IMPORT_MAX_BYTES.
const JSON_ESCAPE_ROOM = 2;

/** "10 MB", "0.06 MB": a limit as the answer's English texts state it (the site reads `limitBytes`, a number). */
const inMegabytes = (bytes: number) => `${megabytes(bytes)} MB`;

// Refused addresses are the request's fault (400); a page that cannot be had is the other server's (502, 504).
const STATUS: Record<PageFetchError['kind'], number> = {
  forbidden: 400,
  unreachable: 502,
  'too-large': 502,
  unusable: 502,
  timeout: 504,
};

export const recipeImportRoutes: FastifyPluginAsyncZod<Options> = async (api, { config, photos }) => {
  const { allowedAddresses, timeoutMs, maxBytes, readTimeoutMs, scanTimeoutMs } = config.recipeImport;
  const photoMaxBytes = config.photos.maxBytes;
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
  // A hook of this plugin's own: it runs before the route's, so before the editor scope's (server/api/editor-scope.ts).
  api.addHook('onRequest', async (request) => void arrived.set(request, performance.now()));
  api.addHook('onClose', () => reader.close());
  const scanner = createPageScanner({ timeoutMs: scanTimeoutMs });
  api.addHook('onClose', () => scanner.close());

  // Photos come as bytes: one image (any image/* type: what it is comes from its content, as for POST /photos), or
  // several as multipart/form-data, in order. Each page up to PHOTO_MAX_BYTES, at most MAX_SCAN_PAGES of them.
  const tooLarge = () =>
    new HttpError(PHOTO_ERROR_STATUS['too-large-bytes'], photoErrorMessages['too-large-bytes'], {
      photoError: 'too-large-bytes',
      fields: { pages: `Larger than ${inMegabytes(photoMaxBytes)}` },
      limitBytes: photoMaxBytes,
    });
  api.addContentTypeParser(SCAN_BODY, { parseAs: 'buffer' }, (_request, body: Buffer, done) => {
    if (body.length > photoMaxBytes) return done(tooLarge());
    done(null, new ScannedPages([body]));
  });
  api.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'buffer' },
    async (request: FastifyRequest, body: Buffer) => {
      // The platform's own multipart reader (undici's, as fetch uses): the whole body is already bounded by bodyLimit.
      let form: FormData;
      try {
        form = await new Response(Uint8Array.from(body), {
          headers: { 'content-type': String(request.headers['content-type']) },
        }).formData();
      } catch {
        throw new HttpError(400, 'The multipart body cannot be read', {
          fields: { pages: 'Not valid multipart/form-data' },
        });
      }
      const parts = [...form.entries()];
      const files = parts.flatMap(([name, value]) => (name === PAGES_PART && typeof value !== 'string' ? [value] : []));
      if (files.length === 0 || files.length !== parts.length)
        throw new HttpError(400, `Send the photos as files in parts named ${PAGES_PART}, one part a page`, {
          fields: { pages: `Files in parts named ${PAGES_PART} only` },
        });
      if (files.length > MAX_SCAN_PAGES)
        throw new HttpError(400, `At most ${MAX_SCAN_PAGES} pages at once`, {
          fields: { pages: `At most ${MAX_SCAN_PAGES} pages` },
        });
      if (files.some((file) => file.size > photoMaxBytes)) throw tooLarge();
      // A part that says it is something else (a PDF, text) is refused as an image body of that type would be.
      // No type at all is text/plain by multipart's rule (RFC 7578); a browser sends application/octet-stream.
      const other = files.findIndex((file) => !pagePartTypeAllowed(file.type));
      if (other !== -1)
        throw new HttpError(415, photoErrorMessages['not-a-picture'] + pagesNote(other, files.length), {
          photoError: 'not-a-picture',
          fields: { pages: `Part ${other + 1} is ${files[other]!.type}, not image/*` },
        });
      return new ScannedPages(await Promise.all(files.map(async (file) => Buffer.from(await file.arrayBuffer()))));
    },
  );
  // A photo too large stops while it streams in (the route's limit is that of all pages): the same 413 as a page.
  api.setErrorHandler((error: FastifyError, request, reply) => {
    if (
      error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' &&
      /^(image\/|multipart\/)/iu.test(request.headers['content-type'] ?? '')
    )
      return handleError(tooLarge() as unknown as FastifyError, request, reply);
    return handleError(error, request, reply);
  });

  api.post(
    '/recipe-imports',
    {
      // Counted and authorized like every write, in the editor scope: it makes this server fetch from the internet.
      // Pasted pages are larger than recipes: this route alone takes pages up to IMPORT_MAX_BYTES (and their JSON
      // escapes), or MAX_SCAN_PAGES photos of PHOTO_MAX_BYTES (each page is checked against that by its parser).
      bodyLimit: Math.max(maxBytes * JSON_ESCAPE_ROOM, MAX_SCAN_PAGES * photoMaxBytes) + 64 * 1024,
      // Photos are no JSON: the body schema is checked in the handler for everything else (the same 400).
      attachValidation: true,
      schema: {
        summary:
          'Read the recipe of a page, fetched from `url` or pasted as `html` (its schema.org Recipe in JSON-LD or microdata, ' +
          'else the title, ingredient list and steps the page shows), or a recipe pasted as plain ' +
          '`text` (editor). Nothing is saved: the answer is a draft for POST /recipes; its `notices` say what the editor should ' +
          "know (the page's picture could not be fetched). Photos of a paper recipe: an image body, or up to 4 pages as " +
          'multipart/form-data in order; read with Tesseract (Swedish) in a process of its own within SCAN_TIMEOUT_MS; the ' +
          'draft then has `scannedText`. Their refusals carry `photoError` and a Swedish `message`: 413 a page over ' +
          'PHOTO_MAX_BYTES, 415 no JPEG/PNG/WebP/HEIF by its bytes, an unreadable HEIC or a part typed neither image/* nor ' +
          'application/octet-stream, 422 over 40 megapixels, more JPEG ' +
          'scans than a camera writes, unreadable, not read within SCAN_TIMEOUT_MS, or no recipe read (`fields.pages`), ' +
          '503 the scans the server runs at once (one on 2 cores or fewer, two above) busy and one more waiting, 400 a ' +
          'multipart body of no files, a part not a file named `pages`, or more ' +
          'than 4. 413: a pasted page or text larger ' +
          'than IMPORT_MAX_BYTES (`fields` ' +
          'names the field and the limit in MB). 400: an address that is malformed or may not be fetched (private, loopback, ' +
          'link-local, metadata, also after a redirect; the message does not say why, the server log does); 422: the page holds ' +
          'no recipe (neither in structured data nor in its text), or could not be read within the reading time limit (too large or too deeply nested); 503: too many pages ' +
          'are being read at once; 502: the page could not be fetched (DNS, refused, ' +
          'not 2xx, more than 5 redirects, not HTML or JSON; larger than IMPORT_MAX_BYTES, then with `fields.url` naming the ' +
          'limit in MB; the message names no host or address, ' +
          'the server log does); 504: no complete answer within the time limit (one deadline for the page and its image).',
        body,
        response: {
          200: scannedRecipeSchema,
          400: errorBodySchema,
          ...bodyErrors,
          422: errorBodySchema,
          502: errorBodySchema,
          503: errorBodySchema,
          504: errorBodySchema,
        },
      },
    },
    async (request) => {
      if ((request.body as unknown) instanceof ScannedPages)
        return scan((request.body as unknown as ScannedPages).pages, request);
      if (request.validationError) throw request.validationError;
      const input = request.body;
      // IMPORT_TIMEOUT_MS is one deadline for everything this import fetches: the page, then its picture in
      // what time is left (reading the page has its own limit, IMPORT_READ_TIMEOUT_MS).
      const spent = performance.now() - (arrived.get(request) ?? performance.now());
      const fetching = { ...fetchOptions, deadline: AbortSignal.timeout(Math.max(1, Math.round(timeoutMs - spent))) };
      const field = 'url' in input ? 'url' : 'html' in input ? 'html' : 'text';
      const page: FetchedPage | undefined = 'url' in input ? await fetched(input.url, fetching, request) : undefined;
      const read = await readPage(page ?? pasted(input as { html: string } | { text: string }), field);
      if (!read) throw new HttpError(422, field === 'text' ? 'The text holds no recipe' : NO_RECIPE_ON_PAGE);
      // The source: the address fetched (after redirects), or what a pasted page's JSON-LD names.
      const { imageUrl, ...recipe } = page ? withPageAddress(read, page.url) : read;
      if (!imageUrl) return recipe;
      const photo = await pagePhoto(imageUrl, page?.url, fetching, request);
      if ('notice' in photo) return { ...recipe, notices: [...(recipe.notices ?? []), photo.notice] };
      return { ...recipe, photos: [photo.photo] };
    },
  );

  /** Photos of a recipe's pages -> its draft and the text read, or a refusal in Swedish (server/scan/). */
  async function scan(pages: Buffer[], request: FastifyRequest) {
    let read;
    try {
      read = await scanner.scan(pages);
    } catch (error) {
      if (!(error instanceof PhotoError)) throw error;
      const kind = error.kind;
      const page = 'page' in error && typeof error.page === 'number' ? error.page : undefined;
      request.log.info({ kind, page, detail: error.message }, 'scan refused');
      const message =
        kind === 'busy'
          ? SCAN_BUSY_MESSAGE
          : kind === 'timeout'
            ? SCAN_TIMEOUT_MESSAGE
            : error.swedish + (page === undefined ? '' : pagesNote(page, pages.length));
      const headers: Record<string, string> = kind === 'busy' ? { 'retry-after': String(RETRY_AFTER_SECONDS) } : {};
      throw new HttpError(PHOTO_ERROR_STATUS[kind], message, { photoError: kind }, headers);
    }
    // A recipe has ingredients: a photo of anything else (or of nothing legible) is no draft to check.
    if (!read.recipe || read.recipe.ingredients.length === 0) {
      request.log.info({ characters: read.text.length }, 'scan read no recipe');
      throw new HttpError(422, SCAN_NO_RECIPE, { fields: { pages: 'No recipe read' } });
    }
    const { imageUrl: _unused, ...recipe } = read.recipe;
    return { ...recipe, scannedText: read.text };
  }

  /**
   * A pasted page or text, refused (413, the field and the limit named) beyond IMPORT_MAX_BYTES. As its UTF-8 bytes:
   * they are what is measured, and what reaches the reading worker cheapest (read-recipe.ts).
   */
  function pasted(input: { html: string } | { text: string }): PageText {
    const [field, text] = 'html' in input ? (['html', input.html] as const) : (['text', input.text] as const);
    const bytes = Buffer.from(text);
    if (bytes.length > maxBytes)
      throw new HttpError(
        413,
        `The pasted ${field === 'html' ? 'page' : 'text'} is larger than ${inMegabytes(maxBytes)}`,
        { fields: { [field]: `Larger than ${inMegabytes(maxBytes)}` }, limitBytes: maxBytes },
      );
    return { kind: field, bytes, charset: 'utf-8' };
  }

  /**
   * The page's picture as an upload of the editor's (kept a day unless the recipe is saved with it), fetched through
   * the same address guard as the page. A picture that cannot be had leaves the draft without a photo, and a notice
   * that says so to the editor (in Swedish, naming no host: that is for the log, with the reason).
   */
  async function pagePhoto(
    address: string,
    pageUrl: string | undefined,
    fetching: FetchOptions,
    request: FastifyRequest,
  ): Promise<{ photo: Photo } | { notice: string }> {
    let url: URL;
    try {
      url = new URL(address, pageUrl);
    } catch {
      // A relative address on a pasted page has nothing to be relative to.
      request.log.info({ image: address }, "recipe import: the page's image has no address to fetch");
      return { notice: PHOTO_NOT_FETCHED };
    }
    try {
      const bytes = await fetchImage(url.href, { ...fetching, maxBytes: config.photos.maxBytes });
      return { photo: await photos.upload(bytes, editorOf(request).username) };
    } catch (error) {
      const detail = error instanceof PageFetchError ? error.detail : undefined;
      request.log.info(
        { image: url.href, reason: (error as Error).message, ...(detail ? { detail } : {}) },
        "recipe import: the page's image was not used",
      );
      const late = error instanceof PageFetchError && error.kind === 'timeout';
      return { notice: late ? photoTooSlow(timeoutMs) : PHOTO_NOT_FETCHED };
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
      const fields =
        error.kind === 'too-large'
          ? { fields: { url: `Larger than ${inMegabytes(maxBytes)}` }, limitBytes: maxBytes }
          : {};
      throw new HttpError(STATUS[error.kind], error.message, fields);
    }
  }

  /** `field`: the body field the page came from, named in a 422 for a page too complex to read (the site says so). */
  async function readPage(page: PageText, field: 'html' | 'url' | 'text'): Promise<ReadRecipe | null> {
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
