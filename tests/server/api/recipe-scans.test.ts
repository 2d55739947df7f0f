// POST /api/recipe-imports with photos of a paper recipe (issue 56), through the real API: one photo, a turned one,
// two pages as multipart/form-data, a photo of no recipe (a Swedish 422), hostile and wrong files refused before
// decoding, editors only, and a scan beyond those running and the one waiting refused (503). OCR is slow: a few small photos.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCAN_NO_RECIPE } from '../../../server/api/routes/recipe-imports.ts';
import { scanProcesses, SCAN_WAITING } from '../../../server/scan/scan-children.ts';
import { createApiHarness, type ApiHarness } from '../../support/api-app.ts';
import { bearer } from '../../support/recipes.ts';
import { editorToken, visitorToken } from '../../support/tokens.ts';
import { pngBomb, svg } from '../photos/photo-fixtures.ts';
import { KANELBULLAR, landscape, photoOf, TWO_PAGES } from '../scan/scan-fixtures.ts';

// Each scan may take the product's own SCAN_TIMEOUT_MS (60 s); a test reads up to two, in a scan process at a lower
// priority than the test file beside it, so the server project's 30 s would fail a slow machine, not the product.
describe('scanning a paper recipe', { timeout: 150_000 }, () => {
  let h: ApiHarness;
  let token: string;
  const photos: Record<'clear' | 'turned' | 'quarter' | 'none', Buffer> = {
    clear: Buffer.alloc(0),
    turned: Buffer.alloc(0),
    quarter: Buffer.alloc(0),
    none: Buffer.alloc(0),
  };
  let pages: Buffer[] = [];
  beforeAll(async () => {
    [photos.clear, photos.turned, photos.quarter, photos.none, ...pages] = await Promise.all([
      photoOf(KANELBULLAR),
      photoOf(KANELBULLAR, 3),
      photoOf(KANELBULLAR, 90),
      landscape(),
      ...TWO_PAGES.map((page) => photoOf(page)),
    ]);
    h = await createApiHarness('pglite', { PHOTO_MAX_BYTES: String(2 * 1024 * 1024) });
    token = await editorToken(h.keys, 'redaktor');
  });
  // The contract check (tests/support/contract.ts) checks each body by its media type's entry: JSON, image/*, and
  // multipart/form-data by its parts. Every exchange here must match the document.
  afterAll(async () => {
    await h?.close();
  });

  const scan = (body: Buffer, type = 'image/jpeg', headers: Record<string, string> = bearer(token)) =>
    h.app.inject({
      method: 'POST',
      url: '/api/recipe-imports',
      headers: { 'content-type': type, ...headers },
      payload: body,
    });
  const multipart = async (files: Buffer[]) => {
    const form = new FormData();
    for (const [i, file] of files.entries())
      form.append('pages', new Blob([new Uint8Array(file)], { type: 'image/jpeg' }), `sida-${i + 1}.jpg`);
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    return scan(Buffer.from(await request.arrayBuffer()), request.headers.get('content-type')!);
  };

  it('reads a clear photo into a draft, with the text read', async () => {
    const response = await scan(photos.clear);
    expect(response.statusCode, response.body).toBe(200);
    const draft = response.json();
    expect(draft.name).toBe('Kanelbullar');
    expect(draft.servings).toBe(4);
    expect(draft.ingredients).toEqual([
      { name: 'mjölk', quantity: { value: 2.5, unit: 'DECILITER' } },
      { name: 'jäst', quantity: { value: 50, unit: 'GRAM' } },
      { name: 'smör', quantity: { value: 100, unit: 'GRAM' } },
      { name: 'kardemumma', quantity: { value: 1, unit: 'TEASPOON' } },
    ]);
    expect(draft.instructions).toBe('Smält smöret och häll i mjölken.\nRör ner jästen och knåda degen.');
    expect(draft.scannedText).toContain('Ingredienser');
  });

  it('reads a slightly turned photo, and one turned a quarter', async () => {
    for (const photo of [photos.turned, photos.quarter]) {
      const response = await scan(photo);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().name).toBe('Kanelbullar');
      expect(response.json().ingredients).toHaveLength(4);
    }
  });

  it('reads two pages sent as multipart/form-data, in order', async () => {
    const response = await multipart(pages);
    expect(response.statusCode, response.body).toBe(200);
    const draft = response.json();
    expect(draft.name).toBe('Pannkakor');
    expect(draft.ingredients.map((i: { name: string }) => i.name)).toEqual(['vetemjöl', 'mjölk', 'ägg', 'salt']);
    expect(draft.instructions).toContain('Vispa mjölet med hälften av mjölken.');
  });

  it('answers a photo of no recipe with a Swedish 422', async () => {
    const response = await scan(photos.none);
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().message).toBe(SCAN_NO_RECIPE);
  });

  it('refuses a pixel bomb from its header, fast, and what is no photo by its bytes', async () => {
    const hostile = pngBomb();
    const started = performance.now();
    const bomb = await scan(hostile, 'image/png');
    expect(bomb.statusCode, bomb.body).toBe(422);
    expect(bomb.json()).toMatchObject({ photoError: 'too-large-pixels', message: expect.stringMatching(/pixlar/u) });
    expect(performance.now() - started).toBeLessThan(1000); // its header, before any process starts
    const notAPhoto = await scan(svg, 'image/svg+xml');
    expect(notAPhoto.statusCode).toBe(415);
    expect(notAPhoto.json().photoError).toBe('not-a-picture');
    const large = await scan(Buffer.alloc(3 * 1024 * 1024, 0xff));
    expect(large.statusCode).toBe(413);
    expect(large.json()).toMatchObject({ photoError: 'too-large-bytes', limitBytes: 2 * 1024 * 1024 });
    const tooMany = await multipart([photos.none, photos.none, photos.none, photos.none, photos.none]);
    expect(tooMany.statusCode).toBe(400);
  });

  it('lets only editors scan, lets one more scan wait its turn and refuses the next in Swedish', async () => {
    expect((await scan(photos.clear, 'image/jpeg', {})).statusCode).toBe(401);
    expect((await scan(photos.clear, 'image/jpeg', bearer(await visitorToken(h.keys)))).statusCode).toBe(403);
    // As many as run at once on this machine (one on two cores), one waiting, and one more: only that one is refused.
    const all = await Promise.all(Array.from({ length: scanProcesses() + SCAN_WAITING + 1 }, () => scan(photos.none)));
    const busy = all.filter((r) => r.statusCode === 503);
    expect(busy).toHaveLength(1);
    expect(busy[0]!.json().message).toBe('Många bilder läses just nu. Försök igen om en stund.');
    expect(busy[0]!.headers['retry-after']).toBeDefined();
  });

  it('keeps the JSON bodies as they were: a bad one is still a 400 naming the field', async () => {
    const response = await h.app.inject({
      method: 'POST',
      url: '/api/recipe-imports',
      headers: bearer(token),
      payload: { text: '' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toBeDefined();
  });

  it('refuses a multipart body whose parts are not files', async () => {
    const form = new FormData();
    form.append('pages', 'inte en bild');
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    const response = await scan(Buffer.from(await request.arrayBuffer()), request.headers.get('content-type')!);
    expect(response.statusCode).toBe(400);
  });
});
