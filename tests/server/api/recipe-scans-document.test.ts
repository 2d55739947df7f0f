// The OpenAPI document of POST /api/recipe-imports's photo bodies against what the server accepts (issue 56 item 2):
// real multipart and image requests, each judged both by the server and by the document (tests/support/contract.ts
// reads the document's multipart entry: part names, files, types, counts). Where the server takes the body, the
// document must allow it; where the server refuses it for its shape, the document must refuse it too. The photos
// are a header-only pixel bomb, refused from its header before any reading process starts: no OCR here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGES_PART } from '../../../server/api/routes/recipe-imports.ts';
import { createApiHarness, type ApiHarness } from '../../support/api-app.ts';
import { createContract, recordedExchanges } from '../../support/contract.ts';
import { bearer } from '../../support/recipes.ts';
import { editorToken } from '../../support/tokens.ts';
import { pngBomb } from '../photos/photo-fixtures.ts';

type Part = { name: string; value: Blob | string; type?: string };

describe('the OpenAPI document of a scan’s photo bodies', () => {
  let h: ApiHarness;
  let token: string;
  const bomb = pngBomb();
  const png = (type = 'image/png') => new Blob([new Uint8Array(bomb)], { type });
  beforeAll(async () => {
    h = await createApiHarness('pglite');
    token = await editorToken(h.keys, 'redaktor');
  });
  afterAll(async () => {
    await h?.close();
  });

  const send = async (payload: Buffer, type: string) => {
    const response = await h.app.inject({
      method: 'POST',
      url: '/api/recipe-imports',
      headers: { 'content-type': type, ...bearer(token) },
      payload,
    });
    const document = (await h.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const exchange = recordedExchanges(h.app).findLast((e) => e.method === 'POST')!;
    return {
      status: response.statusCode,
      body: response.json(),
      problem: createContract(document).requestProblem(exchange),
    };
  };
  const multipart = async (parts: Part[]) => {
    const form = new FormData();
    for (const part of parts)
      if (typeof part.value === 'string') form.append(part.name, part.value);
      else form.append(part.name, part.value, 'sida.png');
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    return send(Buffer.from(await request.arrayBuffer()), request.headers.get('content-type')!);
  };

  it('lists the image body under image/* and the pages under multipart/form-data, with their limits', async () => {
    const document = (await h.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const content = document.paths['/recipe-imports'].post.requestBody.content;
    expect(Object.keys(content).sort()).toEqual(['application/json', 'image/*', 'multipart/form-data']);
    const pages = content['multipart/form-data'];
    expect(pages.schema).toMatchObject({
      type: 'object',
      required: [PAGES_PART],
      additionalProperties: false,
      properties: { pages: { type: 'array', minItems: 1, maxItems: 4, items: { type: 'string', format: 'binary' } } },
    });
    expect(pages.encoding).toEqual({ pages: { contentType: 'image/*, application/octet-stream' } });
    expect(pages.schema.properties.pages.description).toMatch(/PHOTO_MAX_BYTES.*40 megapixels/s);
    expect(content['image/*'].schema.description).toMatch(/PHOTO_MAX_BYTES.*40 megapixels/s);
  });

  it('allows what the server takes: pages in parts named pages, typed image/* or application/octet-stream', async () => {
    for (const parts of [
      [{ name: 'pages', value: png() }],
      [
        { name: 'pages', value: png('image/jpeg') },
        { name: 'pages', value: png('application/octet-stream') },
        { name: 'pages', value: png('image/heic') },
        { name: 'pages', value: png() },
      ],
    ]) {
      const answer = await multipart(parts);
      // Taken by the parser and refused from the picture's header, as the document says: not for the body's shape.
      expect(answer.status, JSON.stringify(answer.body)).toBe(422);
      expect(answer.body.photoError).toBe('too-large-pixels');
      expect(answer.problem).toBeUndefined();
    }
    for (const type of ['image/png', 'image/x-anything']) {
      const answer = await send(bomb, type);
      expect(answer.status).toBe(422);
      expect(answer.problem).toBeUndefined();
    }
  });

  it('refuses what the document refuses: other part names, text parts, a fifth page, other part and body types', async () => {
    const refused: [string, Part[], number][] = [
      ['a part of another name', [{ name: 'photo', value: png() }], 400],
      [
        'a field beside the pages',
        [
          { name: 'pages', value: png() },
          { name: 'note', value: 'sida ett' },
        ],
        400,
      ],
      ['a page that is no file', [{ name: 'pages', value: 'inte en bild' }], 400],
      ['five pages', Array.from({ length: 5 }, () => ({ name: 'pages', value: png() })), 400],
      ['a page typed as text', [{ name: 'pages', value: png('text/plain') }], 415],
      ['a page typed as a PDF', [{ name: 'pages', value: png('application/pdf') }], 415],
    ];
    for (const [what, parts, status] of refused) {
      const answer = await multipart(parts);
      expect(answer.status, what).toBe(status);
      expect(answer.problem, what).toBeDefined();
    }
    const typed = await multipart([{ name: 'pages', value: png('text/plain') }]);
    expect(typed.body).toMatchObject({
      photoError: 'not-a-picture',
      fields: { pages: 'Part 1 is text/plain, not image/*' },
    });
    const pdf = await send(Buffer.from('%PDF-1.7'), 'application/pdf');
    expect(pdf.status).toBe(415);
    expect(pdf.problem).toMatch(/application\/pdf is not one the document lists/);
  });
});
