import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CONTENT_TYPES, PHOTO_FILE_NAME, photoSchema, type PhotoErrorKind } from '../../../src/lib/photo-schema.ts';
import { PHOTO_ERROR_STATUS } from '../../photos/photo-errors.ts';
import { PhotoError } from '../../photos/photo-processor.ts';
import { PhotoStoreError, UnsavedUploadsFullError, type PhotoLibrary } from '../../photos/photo-library.ts';
import { editorOf } from '../access.ts';
import { bodyErrors, errorBody, errorBodySchema, handleError, HttpError, RETRY_AFTER_SECONDS } from '../errors.ts';

// POST /photos (an editor's upload: the file's bytes as the body) and GET /photos/{file} (a stored file, for good).
// An upload is processed in a worker thread (server/photos/) and kept for a day until a recipe body names it.
type Options = {
  library: PhotoLibrary;
  maxBytes: number;
};

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The photo store cannot be reached (S3 away, the database busy): 503, to be tried again shortly. */
const storeAway = (what: 'stored' | 'read') =>
  new HttpError(
    503,
    `Photos cannot be ${what} right now; try again shortly`,
    {},
    {
      'retry-after': String(RETRY_AFTER_SECONDS),
    },
  );
const refusal = (status: number, message: string, photoError: PhotoErrorKind, headers: Record<string, string> = {}) =>
  new HttpError(status, message, { photoError }, headers);

/** POST /photos: an editor's upload, registered in the editor scope (server/api/editor-scope.ts). */
export const photoRoutes: FastifyPluginAsyncZod<Options> = async (api, { library, maxBytes }) => {
  // Any type is taken as bytes: what the file is comes from its content (server/photos/process-photo.ts), never
  // from what the request claims. The limit is checked while the body streams in: a larger file stops at the limit.
  api.removeAllContentTypeParsers();
  api.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: maxBytes }, (_request, body, done) => done(null, body));
  api.setErrorHandler((error: FastifyError, request, reply) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      return handleError(
        new HttpError(PHOTO_ERROR_STATUS['too-large-bytes'], `The photo is larger than ${maxBytes} bytes`, {
          photoError: 'too-large-bytes',
          limitBytes: maxBytes,
        }) as unknown as FastifyError,
        request,
        reply,
      );
    return handleError(error, request, reply);
  });
  api.addHook('onReady', async () => library.start());
  api.addHook('onClose', async () => library.close());

  api.post(
    '/photos',
    {
      schema: {
        summary:
          "Upload a photo (editor): the file's bytes as the body (JPEG, PNG, WebP or AVIF). The answer's `id` goes into a recipe's `photos`; an upload no recipe is saved with is removed after a day. An editor may hold at most PHOTO_UNSAVED_MAX_COUNT such uploads (default 30) and PHOTO_UNSAVED_MAX_BYTES of their files (default 200 MB): past either, 429 with `photoError` `too-many-unsaved` until a recipe is saved with them or they are swept.",
        response: {
          201: photoSchema,
          ...bodyErrors,
          422: errorBodySchema,
          429: errorBodySchema.describe(
            "Too many writes (the write rate limit), or the editor's unsaved uploads are at their cap (`photoError`: `too-many-unsaved`)",
          ),
          503: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const bytes = Buffer.isBuffer(body) ? body : Buffer.alloc(0);
      try {
        const photo = await library.upload(bytes, editorOf(request).username);
        return reply.code(201).send(photo);
      } catch (error) {
        if (error instanceof UnsavedUploadsFullError) {
          request.log.info({ detail: error.message }, 'photo refused: unsaved uploads at their cap');
          throw refusal(
            PHOTO_ERROR_STATUS['too-many-unsaved'],
            'You have too many uploaded photos that no recipe is saved with yet; save a recipe with them first',
            'too-many-unsaved',
          );
        }
        if (error instanceof PhotoError) {
          const kind = error.kind;
          request.log.info({ kind, detail: error.message }, 'photo refused');
          const headers: Record<string, string> = kind === 'busy' ? { 'retry-after': String(RETRY_AFTER_SECONDS) } : {};
          // The one map of statuses (server/photos/photo-errors.ts), shared with a scan's photos.
          throw refusal(PHOTO_ERROR_STATUS[kind], error.message, kind, headers);
        }
        if (error instanceof PhotoStoreError) throw storeAway('stored');
        throw error;
      }
    },
  );
};

/** GET /photos/{file}: anyone reads a stored file (outside the editor scope). */
export const photoFileRoutes: FastifyPluginAsyncZod<{ library: PhotoLibrary }> = async (api, { library }) => {
  api.get(
    '/photos/:file',
    {
      schema: {
        summary:
          "A photo's file, by the name a recipe's `photos[].files[].file` gives. Never changes: cache it for good.",
        params: z.object({ file: z.string().describe('`<sha256>.<avif|webp|jpg>`') }),
        response: {
          200: {
            description: 'The file: AVIF, WebP or JPEG, as its name says',
            content: Object.fromEntries(
              Object.values(CONTENT_TYPES).map((type) => [type, { schema: z.string().meta({ format: 'binary' }) }]),
            ),
          },
          304: z.null().describe('Not modified'),
          404: errorBodySchema,
          503: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const { file } = request.params;
      const match = PHOTO_FILE_NAME.exec(file);
      const notFound = () => reply.code(404).send(errorBody(404, `No photo file ${file}`));
      if (!match) return notFound();
      const etag = `"${match[1]}"`;
      // A 304 carries the 200's caching headers and its Cross-Origin-Resource-Policy (a cache merges them into the copy it keeps).
      if (request.headers['if-none-match'] === etag)
        return reply
          .code(304)
          .header('etag', etag)
          .header('cache-control', IMMUTABLE)
          .header('cross-origin-resource-policy', 'cross-origin')
          .send(null);
      let found;
      try {
        found = await library.get(file);
      } catch (error) {
        if (error instanceof PhotoStoreError) throw storeAway('read');
        throw error;
      }
      const expected = CONTENT_TYPES[match[2] === 'jpg' ? 'jpeg' : (match[2] as 'avif' | 'webp')];
      if (!found || found.contentType !== expected) return notFound();
      return (
        reply
          .header('content-type', expected)
          .header('cache-control', IMMUTABLE)
          .header('etag', etag)
          // The site may be on another origin than the API (static hosting): its <img> must be allowed to load this.
          .header('cross-origin-resource-policy', 'cross-origin')
          .header('x-content-type-options', 'nosniff')
          .header('content-disposition', 'inline')
          // Bytes, not the JSON the reply's type expects: the document says image/* (above).
          .send(Buffer.from(found.bytes.buffer, found.bytes.byteOffset, found.bytes.byteLength) as unknown as string)
      );
    },
  );
};
