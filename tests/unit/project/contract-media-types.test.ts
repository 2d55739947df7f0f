// The contract check (tests/support/contract.ts) reads a request body by the entry of its own media type: JSON by the
// JSON schema, a photo by its type being listed, multipart/form-data by its parts. Before, every parsed body was held
// against the JSON schema, so a photo scan (docs/decisions/061) read as a breach of the document.
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createContract, recordExchanges, recordedExchanges, type Exchange } from '../../support/contract.ts';

const binary = { type: 'string', format: 'binary' };
const document = {
  paths: {
    '/scans': {
      post: {
        requestBody: {
          content: {
            'application/json': {
              schema: { type: 'object', required: ['text'], properties: { text: { type: 'string', minLength: 1 } } },
            },
            'image/jpeg': { schema: binary },
            'image/png': { schema: binary },
            'multipart/form-data': {
              schema: {
                type: 'object',
                required: ['pages'],
                additionalProperties: false,
                properties: { pages: { type: 'array', minItems: 1, maxItems: 2, items: binary } },
              },
              encoding: { pages: { contentType: 'image/jpeg, image/png' } },
            },
          },
        },
        responses: { '200': { content: { 'application/json': { schema: { type: 'object' } } } } },
      },
    },
    '/photos': {
      post: {
        requestBody: { content: { 'image/*': { schema: binary } } },
        responses: { '201': {} },
      },
    },
  },
};

const exchange = (route: string, type: string | undefined, body: unknown, parts?: Exchange['parts']): Exchange => ({
  method: 'POST',
  route,
  url: route,
  params: {},
  headers: type ? { 'content-type': type } : {},
  body,
  bodyParsed: true,
  ...(parts === undefined ? {} : { parts }),
  status: 200,
  responseHeaders: {},
  responseBody: '{}',
});
const photo = (name = 'pages', type = 'image/jpeg') => ({ name, file: true, type });

describe('the contract check picks the schema by the request’s media type', () => {
  const contract = createContract(document);
  const problem = (e: Exchange) => contract.requestProblem(e);

  it('holds JSON bodies (and bodies without a type) to the JSON schema, as before', () => {
    expect(problem(exchange('/scans', 'application/json; charset=utf-8', { text: 'Pannkakor' }))).toBeUndefined();
    expect(problem(exchange('/scans', 'application/json', { text: '' }))).toMatch(/^body: /u);
    expect(problem(exchange('/scans', undefined, { url: 'x' }))).toMatch(/^body: /u);
  });

  it('takes a binary body whose type the document lists, exactly or by a range, and names one it does not', () => {
    const bytes = { pages: [new Uint8Array([0xff, 0xd8])] }; // what the parser made of it, cloned
    expect(problem(exchange('/scans', 'image/jpeg', bytes))).toBeUndefined();
    expect(problem(exchange('/scans', 'IMAGE/PNG', bytes))).toBeUndefined();
    expect(problem(exchange('/photos', 'image/webp', bytes))).toBeUndefined();
    expect(problem(exchange('/scans', 'image/gif', bytes))).toMatch(/content type image\/gif is not one the document/u);
  });

  it('checks a multipart body’s parts: names, files, their types and counts', () => {
    const multipart = (parts: Exchange['parts']) =>
      problem(exchange('/scans', 'multipart/form-data; boundary=x', {}, parts));
    expect(multipart([photo(), photo('pages', 'image/png')])).toBeUndefined();
    expect(multipart([photo(), photo(), photo()])).toMatch(/part pages: more than 2/u);
    expect(multipart([{ name: 'pages', file: false }])).toMatch(/part pages is not a file/u);
    expect(multipart([photo('pages', 'image/gif')])).toMatch(/type image\/gif is not one of image\/jpeg, image\/png/u);
    expect(multipart([photo('sida')])).toMatch(/part pages is required, part sida is not in the document/u);
    expect(multipart(null)).toBe('body: not readable multipart/form-data');
  });

  it('records a multipart request’s parts as sent, whether or not the server reads them', async () => {
    const app = Fastify();
    recordExchanges(app);
    app.addContentTypeParser('multipart/form-data', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    app.post('/scans', async () => ({}));
    const form = new FormData();
    form.append('pages', new Blob([new Uint8Array([1, 2, 3])], { type: 'image/jpeg' }), 'sida-1.jpg');
    form.append('note', 'text');
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    await app.inject({
      method: 'POST',
      url: '/scans',
      headers: { 'content-type': request.headers.get('content-type')! },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    await app.inject({
      method: 'POST',
      url: '/scans',
      headers: { 'content-type': 'multipart/form-data; boundary=none' },
      payload: 'no parts here',
    });
    await app.inject({ method: 'POST', url: '/scans', payload: { text: 'x' } });
    const [sent, unreadable, json] = recordedExchanges(app);
    expect(sent!.parts).toEqual([
      { name: 'pages', file: true, type: 'image/jpeg' },
      { name: 'note', file: false },
    ]);
    expect(unreadable!.parts).toBeNull();
    expect(json).not.toHaveProperty('parts');
    await app.close();
  });
});
