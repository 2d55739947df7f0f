// Who owns a move-in upload's temporary file, and the import's turn (issue 53 item 4: the route's flags, pinned before
// it was made simple): a preview's file goes with its answer; an import's stays while the import reads it and goes when
// it ends, however it ends (its report, a file no reader can read, the person's browser going away); an import refused
// because another one runs (in this process: before its body is read; elsewhere: once the turn is asked for) keeps
// nothing, and every way an import ends gives the turn back.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { request as httpRequest, type ClientRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tryImportTurn } from '../../../server/db/index.ts';
import { createApiHarness, type ApiHarness } from '../../support/api-app.ts';
import { bearer } from '../../support/recipes.ts';
import { editorToken } from '../../support/tokens.ts';
import { collectionFile } from './collection-files.ts';

const BUSY = 'Another collection is being imported right now; try again when it is done';

describe('a move-in upload and the import turn (pglite)', () => {
  // The uploads' temporary folders go to a folder of this file's own, so that they can be counted.
  const uploads = mkdtempSync(join(tmpdir(), 'collection-upload-owner-'));
  const systemTmp = process.env.TMPDIR;
  let h: ApiHarness;
  let token: string;
  let jpeg: Buffer;
  beforeAll(async () => {
    h = await createApiHarness('pglite');
    token = await editorToken(h.keys, 'redaktor');
    jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c0602a' } })
      .jpeg()
      .toBuffer();
    process.env.TMPDIR = uploads;
    await h.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    if (systemTmp === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = systemTmp;
    await h?.close();
    rmSync(uploads, { recursive: true, force: true });
  });

  const folders = () => readdirSync(uploads).filter((n) => n.startsWith('recipe-book-collection-')).length;
  const until = async (done: () => boolean | Promise<boolean>, what: string) => {
    for (let waited = 0; !(await done()); waited += 20) {
      if (waited > 30_000) throw new Error(what);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  /** Whether the turn is free: taken and given back at once. */
  const turnFree = async () => {
    const turn = await tryImportTurn(h.db);
    await turn?.release();
    return turn !== null;
  };
  const file = (prefix: string, count = 1, photos = false) =>
    collectionFile(
      Array.from({ length: count }, (_, i) => ({
        name: `${prefix} ${i + 1}`,
        ingredients: [{ lines: [`${i + 1} dl mjölk`] }],
        instructions: 'Blanda.',
        ...(photos ? { photos: [jpeg] } : {}),
      })),
    ).bytes;
  const inject = (url: string, bytes: Buffer) =>
    h.app.inject({
      method: 'POST',
      url: `/api${url}`,
      headers: { ...bearer(token), 'content-type': 'application/octet-stream' },
      payload: bytes,
    });

  type Answer = { status: number; body: string; headers: Record<string, unknown> };
  /** An import over HTTP: `firstLine` resolves once its first line arrived, `answer` with the whole of it. */
  function startImport(bytes: Buffer | null, length = bytes?.length ?? 0) {
    const { port } = h.app.server.address() as AddressInfo;
    let firstLine!: () => void;
    const started = new Promise<void>((resolve) => (firstLine = resolve));
    let req!: ClientRequest;
    const answer = new Promise<Answer>((resolve, reject) => {
      req = httpRequest({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/recipe-collections',
        headers: { ...bearer(token), 'content-type': 'application/octet-stream', 'content-length': String(length) },
      });
      req.on('response', (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
          if (body.includes('\n')) firstLine();
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
        res.on('error', reject);
      });
      req.on('error', reject);
    });
    if (bytes) req.end(bytes);
    else req.flushHeaders();
    return { req, started, answer };
  }

  it("removes a preview's upload with its answer", async () => {
    const answer = await inject('/recipe-collections/preview', file('Förhandsvisning'));
    expect(answer.statusCode).toBe(200);
    await until(() => folders() === 0, 'the preview left its upload');
  });

  it("keeps an import's upload while it runs, refuses a second import before its body, and removes the upload at the end", async () => {
    // Twenty recipes with a photo each: the import is still running when the second request comes, on any machine.
    const first = startImport(file('Först', 20, true));
    await first.started;
    expect(folders()).toBe(1);
    expect(await turnFree()).toBe(false);
    // The second sends its headers only: it is answered without a byte of its body, and keeps nothing.
    const second = startImport(null, 1000);
    const refused = await second.answer;
    second.req.destroy();
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe('5');
    expect(JSON.parse(refused.body)).toEqual({ status: 503, error: 'Service Unavailable', message: BUSY });
    expect(folders()).toBe(1);
    const done = await first.answer;
    expect(done.status).toBe(200);
    expect(done.body.trim().split('\n').at(-1)).toMatch(/^\{"type":"report"/);
    await until(() => folders() === 0, 'the import left its upload');
    expect(await turnFree()).toBe(true);
  }, 120_000);

  it('refuses an import while the turn is taken elsewhere (503 once its body is in), keeping nothing', async () => {
    const elsewhere = await tryImportTurn(h.db);
    expect(elsewhere).not.toBeNull();
    try {
      const refused = await inject('/recipe-collections', file('Upptagen'));
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBe('5');
      expect(refused.json()).toEqual({ status: 503, error: 'Service Unavailable', message: BUSY });
      await until(() => folders() === 0, 'the refused import left its upload');
    } finally {
      await elsewhere?.release();
    }
    const next = await inject('/recipe-collections', file('Sedan'));
    expect(next.statusCode).toBe(200);
    expect(next.body.trim().split('\n').at(-1)).toMatch(/^\{"type":"report"/);
    await until(() => folders() === 0, 'the import left its upload');
    expect(await turnFree()).toBe(true);
  }, 60_000);

  it('gives the turn back and removes the upload when the file cannot be read (422)', async () => {
    const answer = await inject('/recipe-collections', Buffer.from('{"hej": 1}'));
    expect(answer.statusCode).toBe(422);
    await until(() => folders() === 0, 'the unreadable file was left');
    expect(await turnFree()).toBe(true);
  });

  it('stops an import whose browser went away: the upload removed, the turn given back', async () => {
    const run = startImport(file('Borta', 12, true));
    run.answer.catch(() => undefined);
    await run.started;
    expect(await turnFree()).toBe(false);
    run.req.destroy();
    await until(() => folders() === 0, 'the stopped import left its upload');
    await until(turnFree, 'the stopped import kept the turn');
    const imported = (await h.app.inject({ method: 'GET', url: '/api/recipes' })).json() as { name: string }[];
    expect(imported.filter((r) => r.name.startsWith('Borta')).length).toBeLessThan(12);
  }, 120_000);
});
