// POST /recipe-collections/preview and POST /recipe-collections: moving in from another app (issue 38). The body is
// the export file's bytes, streamed to a private temporary file (never held in memory, refused at
// COLLECTION_MAX_BYTES as it arrives); the reader (server/move-in/apps/) scans it in a worker thread; the service
// (server/move-in/) previews it or imports it, answering the import's progress and report as NDJSON lines.
import { PassThrough } from 'node:stream';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { tryImportTurn, type Database } from '../../db/index.ts';
import type { DatabaseGate } from '../../db/database-gate.ts';
import type { ChangeFeed } from '../../db/repositories/change-feed.ts';
import type { PhotoLibrary } from '../../photos/photo-library.ts';
import { WorkerPoolError } from '../../worker-pool.ts';
import {
  CollectionFileError,
  type CollectionReader,
  type CollectionScan,
} from '../../move-in/apps/collection-reader.ts';
import {
  receiveUpload,
  removeStaleUploads,
  UploadTooLargeError,
  type UploadedFile,
} from '../../move-in/upload-file.ts';
import { createRecipeMatcher, type RecipeMatcher } from '../../move-in/same-recipe.ts';
import { previewCollection } from '../../move-in/preview-collection.ts';
import { importCollection, ImportStoppedError } from '../../move-in/import-collection.ts';
import { collectionLineSchema, previewSchema } from '../../move-in/collection-report.ts';
import { editorOf } from '../access.ts';
import { errorBody, errorBodySchema, handleError, HttpError, RETRY_AFTER_SECONDS } from '../errors.ts';
import { sizeText } from '../../../src/lib/byte-size.ts';

type Options = {
  db: Database;
  gate: DatabaseGate;
  feed: ChangeFeed;
  library: PhotoLibrary;
  reader: CollectionReader;
  maxBytes: number;
};

const FILE_TYPE = 'application/octet-stream';
const NDJSON = 'application/x-ndjson';
// The caches (the list, the name index) are told of new recipes at most this often during an import; a read waits
// for every write acknowledged before it anyway (decision 036), this only spares it the wait.
const REFRESH_EVERY_MS = 1000;

const BUSY_IMPORTING = 'Another collection is being imported right now; try again when it is done';
// Previews and imports in flight at once, per server: each holds its upload in the temporary folder (up to
// COLLECTION_MAX_BYTES, and that folder is RAM on some hosts) and a reader in the worker pool.
const MAX_IN_FLIGHT = 2;
const tooManyFiles = () =>
  new HttpError(
    503,
    `${MAX_IN_FLIGHT} files are being read or imported right now; try again shortly`,
    { fields: { file: 'Servern läser redan in två filer. Försök igen om en stund.' } },
    { 'retry-after': String(RETRY_AFTER_SECONDS) },
  );
const retryLater = (message: string) => new HttpError(503, message, {}, { 'retry-after': String(RETRY_AFTER_SECONDS) });
const unreadable = (message: string, swedish: string) => new HttpError(422, message, { fields: { file: swedish } });

/** The file's name as the browser sent it (X-File-Name: encodeURIComponent of it); only its last part. */
function fileNameOf(request: FastifyRequest): string | undefined {
  const header = request.headers['x-file-name'];
  if (typeof header !== 'string' || header === '') return undefined;
  try {
    return decodeURIComponent(header).split(/[\\/]/).pop()?.slice(0, 255) || undefined;
  } catch {
    return undefined;
  }
}

// Each upload belongs to its request, and goes with the request's answer, until an import takes it (and removes it
// when it ends): one owner at a time, so nothing needs telling who removes it.
const uploads = new WeakMap<FastifyRequest, UploadedFile>();
function takeUpload(request: FastifyRequest): UploadedFile | undefined {
  const file = uploads.get(request);
  uploads.delete(request);
  return file;
}

const documented = (summary: string, ok: object) => ({
  summary,
  consumes: [FILE_TYPE],
  headers: z.looseObject({
    'x-file-name': z
      .string()
      .optional()
      .describe("The file's original name, encodeURIComponent'd ('recipes.paprikarecipes'): it helps tell the format"),
  }),
  body: z.any().meta({ type: 'string', format: 'binary', description: "The export file's bytes" }),
  response: {
    200: ok,
    413: errorBodySchema.describe('The file is larger than COLLECTION_MAX_BYTES (`fields.file` says so in Swedish)'),
    415: errorBodySchema,
    422: errorBodySchema.describe('The file cannot be read (`fields.file`: why, in Swedish, for the person)'),
    503: errorBodySchema.describe(
      `Busy, try again after \`retry-after\`: ${MAX_IN_FLIGHT} previews or imports are in flight on this server ` +
        '(refused before the body is read; `fields.file` says so in Swedish), another import is running, the readers ' +
        'are full, or the database cannot be reached',
    ),
  },
});

export const recipeCollectionRoutes: FastifyPluginAsyncZod<Options> = async (api, options) => {
  const { db, gate, feed, library, reader, maxBytes } = options;
  let inFlight = 0;
  // This process's import while it has its turn (one at a time): a second is refused before its body is read. A
  // stopping server (a restart) stops it before the next recipe: what is written stays, the stream ends without its
  // report, and the same file run again finishes the rest. The photo processes close only after that.
  let current: { stop?: AbortController } | undefined;
  api.addHook('preClose', async () => current?.stop?.abort());

  // These routes alone take a file: as a stream into a temporary file, whatever its size up to the limit.
  api.removeAllContentTypeParsers();
  api.addContentTypeParser(FILE_TYPE, async (request: FastifyRequest, body: NodeJS.ReadableStream) => {
    const declared = Number(request.headers['content-length']);
    try {
      const file = await receiveUpload(
        body as import('node:stream').Readable,
        maxBytes,
        Number.isFinite(declared) ? declared : undefined,
      );
      uploads.set(request, file);
      // The body is what the file is, as data; the file itself (and its removal) stays with the request.
      return { file: 'upload', bytes: file.bytes };
    } catch (error) {
      if (!(error instanceof UploadTooLargeError)) throw error;
      throw new HttpError(413, `The file is larger than ${maxBytes} bytes`, {
        fields: { file: `Filen är större än ${sizeText(maxBytes)}, det största som går att läsa in.` },
        limitBytes: maxBytes,
      });
    }
  });
  api.setErrorHandler((error: FastifyError, request, reply) => {
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
      return handleError(
        new HttpError(415, `Send the file as ${FILE_TYPE}`) as unknown as FastifyError,
        request,
        reply,
      );
    return handleError(error, request, reply);
  });
  // The temporary file goes with the answer, unless an import took it.
  api.addHook('onResponse', async (request) => {
    await takeUpload(request)?.remove();
  });
  api.addHook('onReady', async () => void removeStaleUploads().catch(() => undefined));

  /** The uploaded file's scan; 422 for a file no reader can read, 503 while the readers are full. */
  async function scanned(request: FastifyRequest): Promise<CollectionScan> {
    const file = uploads.get(request);
    if (!file || file.bytes === 0) throw unreadable('The body holds no file', 'Filen är tom.');
    try {
      return await reader.scan(file.path, fileNameOf(request));
    } catch (error) {
      if (error instanceof CollectionFileError) throw unreadable('The file cannot be read', error.message);
      if (error instanceof WorkerPoolError && error.kind === 'busy')
        throw retryLater('Too many files are being read right now; try again shortly');
      if (error instanceof WorkerPoolError)
        throw unreadable(
          `The file was not read (${error.kind})`,
          'Filen är för stor eller för invecklad för att läsas i tid.',
        );
      throw error;
    }
  }

  // A slot taken before the body is read (after the editor scope's hooks: only an editor's request within the write
  // limit takes one), given back when the answer is done or the connection is gone: for an import, when it ends.
  const slot = async (_request: FastifyRequest, reply: FastifyReply) => {
    if (inFlight >= MAX_IN_FLIGHT) throw tooManyFiles();
    inFlight++;
    reply.raw.once('close', () => inFlight--);
  };

  // One import at a time per server: each is minutes of photo work, and a second would halve the first's pace. While
  // this process's import runs, a second is refused here, before its body is read; the turn (tryImportTurn, across
  // processes on PostgreSQL) is the rule, asked for once the body is in.
  const oneAtATime = async (_request: FastifyRequest, reply: FastifyReply) => {
    if (current)
      return reply.code(503).header('retry-after', String(RETRY_AFTER_SECONDS)).send(errorBody(503, BUSY_IMPORTING));
  };

  api.post(
    '/recipe-collections/preview',
    {
      onRequest: [slot],
      compress: false,
      schema: documented(
        'What an export file of another recipe app holds (editor): its format, each recipe with its photo count, whether ' +
          'the same recipe (name and content) is already here, and why one cannot be imported. Nothing is saved.',
        previewSchema,
      ),
    },
    async (request) => {
      const scan = await scanned(request);
      return previewCollection(scan, await createRecipeMatcher(db, gate));
    },
  );

  api.post(
    '/recipe-collections',
    {
      onRequest: [oneAtATime, slot],
      // Each line as it happens: never compressed (a compressor holds lines back), never cached.
      compress: false,
      schema: documented(
        'Import every recipe of an export file of another recipe app (editor), one at a time: the answer streams NDJSON, ' +
          'a `progress` line after each recipe and a `report` line last. A recipe with the same name and content as one ' +
          'here is skipped ("Finns redan i receptboken."), so running the same file again after an interrupted import ' +
          '(no `report` line) finishes the rest. One import runs at a time (503 meanwhile).',
        {
          description: 'One JSON object per line: progress lines, then the report',
          content: { [NDJSON]: { schema: collectionLineSchema } },
        },
      ),
    },
    async (request, reply) => {
      // Across processes on PostgreSQL too: the database's lock, held until the import ends.
      const turn = await tryImportTurn(db);
      if (!turn) throw retryLater(BUSY_IMPORTING);
      const run: { stop?: AbortController } = {};
      current = run;
      const endTurn = async () => {
        current = undefined;
        await turn.release();
      };
      let scan: CollectionScan;
      let matcher: RecipeMatcher;
      try {
        scan = await scanned(request);
        matcher = await createRecipeMatcher(db, gate);
      } catch (error) {
        await endTurn(); // the upload goes with the answer
        throw error;
      }
      // From here the import owns the upload and the turn, and gives both up when it ends, however it ends.
      const file = takeUpload(request)!;
      const out = new PassThrough();
      const send = (line: object) => out.write(`${JSON.stringify(line)}\n`);
      const stop = new AbortController();
      reply.raw.once('close', () => stop.abort());
      run.stop = stop;
      let refreshed = 0;
      const refresh = () => {
        if (Date.now() - refreshed < REFRESH_EVERY_MS) return;
        refreshed = Date.now();
        feed.refreshSoon();
      };
      void importCollection({
        db,
        gate,
        library,
        reader,
        path: file.path,
        scan,
        author: editorOf(request).username,
        matcher,
        onProgress: send,
        onWrite: refresh,
        signal: stop.signal,
      })
        .then((report) => send({ type: 'report', ...report }))
        .catch((error: unknown) => {
          // The stream ends without its report line: the screen says the import was interrupted.
          if (error instanceof ImportStoppedError)
            request.log.warn({ reason: error.message }, 'collection import stopped');
          else request.log.error({ err: error }, 'collection import failed');
        })
        .finally(async () => {
          feed.refreshSoon();
          // The turn is free before the answer ends: an editor (or a test) who starts the next import as soon as
          // this one's last line arrives is not told another import is running (PostgreSQL unlocks on a round trip).
          await endTurn();
          out.end();
          void file.remove();
        });
      return (
        reply
          .header('content-type', NDJSON)
          .header('cache-control', 'no-store')
          // nginx and other proxies pass each line on at once instead of collecting the answer.
          .header('x-accel-buffering', 'no')
          .send(out)
      );
    },
  );
};
