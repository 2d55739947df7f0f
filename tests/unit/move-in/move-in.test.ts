// 'Flytta in recept' (issue 38) in the browser: the two requests of contract 38 section 2 (the file's raw bytes
// with the token and the forgery header; the import's NDJSON read line by line however the pieces are cut) and
// the Swedish sentence for each way they fail.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  CollectionInterrupted,
  importCollection,
  previewCollection,
  type CollectionPreview,
  type CollectionProgress,
  type TokenSource,
} from '../../../src/client/api.ts';
import { failureOf, importableCount, nothingToImport } from '../../../src/features/move-in/move-in-messages.ts';
import { MOVE_IN_TEXT } from '../../../src/features/move-in/move-in-texts.ts';

const tokens: TokenSource = { signedIn: () => true, token: async () => 'the-token' };
const CONFIG = { KEYCLOAK_URL: 'http://idp', KEYCLOAK_REALM: 'r', KEYCLOAK_CLIENT_ID: 'c', API_URL: '/api' };

type Call = { url: string; init: RequestInit };
let calls: Call[] = [];

/** fetch answering /config.json, and the API with `answer`. */
function serve(answer: () => Response) {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (url === '/config.json') return Response.json(CONFIG);
      calls.push({ url, init });
      return answer();
    }),
  );
}

/** A body that arrives in these pieces, then ends (or fails with `error`). */
function pieces(parts: Uint8Array[], error?: Error): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const part of parts) controller.enqueue(part);
      if (error) controller.error(error);
      else controller.close();
    },
  });
}

/** The bytes of `text` cut every `size` bytes (through the middle of "å" and of a line alike). */
function cut(text: string, size: number): Uint8Array[] {
  const bytes = new TextEncoder().encode(text);
  const out: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; i += size) out.push(bytes.slice(i, i + size));
  return out;
}

const ndjson = (lines: unknown[]) => lines.map((l) => `${JSON.stringify(l)}\n`).join('');
const streamed = (body: ReadableStream<Uint8Array>) =>
  new Response(body, { headers: { 'Content-Type': 'application/x-ndjson' } });

const REPORT = {
  type: 'report',
  imported: [{ index: 0, name: 'Kanelbullar', id: 57, notes: ['Betyg och anteckningar kom inte med.'] }],
  skipped: [{ index: 1, name: 'Äppelpaj', reason: 'Finns redan i receptboken.' }],
};

beforeEach(() => vi.stubGlobal('document', { cookie: 'XSRF-TOKEN=xsrf%20value' }));
afterEach(() => vi.unstubAllGlobals());

describe('previewCollection', () => {
  it('sends the raw bytes with the token, the forgery header and the encoded file name', async () => {
    const preview = { format: 'paprika', formatName: 'Paprika', recipes: [], count: {}, notes: [] };
    serve(() => Response.json(preview));
    const file = new Blob([new Uint8Array([80, 75, 3, 4])]);
    expect(await previewCollection(tokens, file, 'Mina recept å ä.paprikarecipes')).toEqual(preview);
    const [call] = calls;
    expect(call?.url).toBe('/api/recipe-collections/preview');
    expect(call?.init.method).toBe('POST');
    expect(call?.init.body).toBe(file);
    expect(call?.init.headers).toMatchObject({
      'Content-Type': 'application/octet-stream',
      Authorization: 'Bearer the-token',
      'X-XSRF-TOKEN': 'xsrf value',
      'X-File-Name': 'Mina%20recept%20%C3%A5%20%C3%A4.paprikarecipes',
    });
  });

  it('rejects with the status and the error body', async () => {
    const body = { status: 422, error: 'Unprocessable Entity', message: 'x', fields: { file: 'Zipfilen är trasig.' } };
    serve(() => Response.json(body, { status: 422 }));
    const error = await previewCollection(tokens, new Blob(['x'])).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, body });
  });

  it('rejects with status 0 when nothing answers', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url === '/config.json') return Response.json(CONFIG);
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(previewCollection(tokens, new Blob(['x']))).rejects.toMatchObject({ status: 0 });
  });
});

describe('importCollection', () => {
  const lines = ndjson([{ type: 'progress', done: 1, total: 2 }, { type: 'progress', done: 2, total: 2 }, REPORT]);

  it.each([1, 2, 7, 1000])('reads every line however the body is cut (pieces of %i bytes)', async (size) => {
    serve(() => streamed(pieces(cut(lines, size))));
    const seen: CollectionProgress[] = [];
    const report = await importCollection(tokens, new Blob(['x']), 'a.json', (p) => seen.push(p));
    expect(seen).toEqual([
      { done: 1, total: 2 },
      { done: 2, total: 2 },
    ]);
    expect(report).toEqual({ imported: REPORT.imported, skipped: REPORT.skipped });
    expect(calls[0]?.url).toBe('/api/recipe-collections');
    expect(calls[0]?.init.headers).toMatchObject({ Accept: 'application/x-ndjson', 'X-XSRF-TOKEN': 'xsrf value' });
  });

  it('takes the report without a last newline', async () => {
    serve(() => streamed(pieces(cut(lines.trimEnd(), 5))));
    await expect(importCollection(tokens, new Blob(['x']), undefined, () => {})).resolves.toMatchObject({
      imported: [{ id: 57 }],
    });
  });

  it('is interrupted when the answer ends without its report', async () => {
    serve(() => streamed(pieces(cut(ndjson([{ type: 'progress', done: 1, total: 2 }]), 3))));
    const seen: CollectionProgress[] = [];
    const error = await importCollection(tokens, new Blob(['x']), 'a.json', (p) => seen.push(p)).catch((e) => e);
    expect(error).toBeInstanceOf(CollectionInterrupted);
    expect(seen).toEqual([{ done: 1, total: 2 }]);
  });

  it('is interrupted when the answer stops halfway through a line, or the connection breaks', async () => {
    const half = lines.slice(0, lines.length - 20);
    serve(() => streamed(pieces(cut(half, 4))));
    await expect(importCollection(tokens, new Blob(['x']), 'a.json', () => {})).rejects.toBeInstanceOf(
      CollectionInterrupted,
    );
    serve(() => streamed(pieces(cut(lines.slice(0, 30), 4), new TypeError('network error'))));
    await expect(importCollection(tokens, new Blob(['x']), 'a.json', () => {})).rejects.toBeInstanceOf(
      CollectionInterrupted,
    );
  });

  it('rejects with ApiError when refused (the import never started)', async () => {
    serve(() => Response.json({ status: 503, error: 'Service Unavailable', message: 'busy' }, { status: 503 }));
    await expect(importCollection(tokens, new Blob(['x']), 'a.json', () => {})).rejects.toMatchObject({
      status: 503,
    });
  });
});

describe('what the person reads', () => {
  const T = MOVE_IN_TEXT;
  it.each([
    // The limit is read from the number the API sends (issue 53), never from its English text.
    [
      new ApiError(413, { message: 'The file is larger than 209715200 bytes', limitBytes: 200 * 1024 * 1024 }),
      'Filen är för stor. Den får vara högst 200 MB.',
      false,
    ],
    [
      new ApiError(413, { message: 'x', limitBytes: 1536 * 1024 }),
      'Filen är för stor. Den får vara högst 1,5 MB.',
      false,
    ],
    [new ApiError(413, { message: 'The file is larger than 200 MB' }), T.tooLarge, false],
    [new ApiError(413, { message: 'Payload Too Large' }), T.tooLarge, false],
    [
      new ApiError(413, {
        message: 'x',
        fields: { file: 'Filen är större än 1024 MB, det största som går att läsa in.' },
      }),
      'Filen är större än 1024 MB, det största som går att läsa in.',
      false,
    ],
    [
      new ApiError(422, { fields: { file: 'Filen är ingen exportfil från Paprika.' } }),
      'Filen är ingen exportfil från Paprika.',
      false,
    ],
    [new ApiError(422, { message: 'x' }), T.unreadable, false],
    [new ApiError(401, {}), T.signedOut, false],
    [new ApiError(403, {}), T.notEditor, false],
    [new ApiError(503, {}), T.busy, true],
    [new ApiError(429, {}), T.busy, true],
    [new ApiError(0, 'Failed to fetch'), T.network, true],
    [new ApiError(500, {}), T.other, true],
    [new CollectionInterrupted('no report'), 'Inläsningen avbröts. Läs in samma fil igen så läses resten in.', true],
  ])('%o -> %s', (error, message, retry) => {
    expect(failureOf(error)).toEqual({ message, retry });
  });

  const preview = (recipes: Partial<CollectionPreview['recipes'][number]>[]): CollectionPreview => ({
    format: 'schema-org',
    formatName: 'schema.org Recipe (JSON-LD)',
    recipes: recipes.map((r, index) => ({ index, name: `R${index}`, photos: 0, alreadyHere: false, notes: [], ...r })),
    count: { recipes: recipes.length, withPhotos: 0, alreadyHere: 0, cannotImport: 0 },
    notes: [],
  });

  it('offers only the recipes neither here already nor unreadable, and says why when none', () => {
    const some = preview([{}, { alreadyHere: true }, { problem: 'För många ingredienser.' }]);
    expect(importableCount(some)).toBe(1);
    expect(nothingToImport(some)).toBeUndefined();
    expect(nothingToImport(preview([{ alreadyHere: true }, { alreadyHere: true }]))).toBe(T.allHere);
    expect(nothingToImport(preview([{ alreadyHere: true }, { problem: 'x' }]))).toBe(T.noneImportable);
    expect(nothingToImport(preview([]))).toBe(T.noRecipes);
    expect(T.importButton(12)).toBe('Läs in 12 recept');
  });
});
