// The import dialog's photo part (issue 56): which chosen files become pages, and what a failed scan says.
import { describe, expect, it } from 'vitest';
import { ApiError, MESSAGE_401, MESSAGE_OTHER } from '../../../src/client/api.ts';
import { addPages } from '../../../src/features/import/photo-pages.tsx';
import { scanMessage } from '../../../src/features/import/scan-message.ts';
import { SCAN_TEXT } from '../../../src/features/import/scan-texts.ts';

const photo = (name: string, type = 'image/jpeg') => new File([new Uint8Array([0xff, 0xd8])], name, { type });

describe('addPages', () => {
  it('adds pictures in the order chosen, after those chosen before', () => {
    const first = addPages([], [photo('sida-1.jpg'), photo('sida-2.heic', '')]);
    expect(first.error).toBeUndefined();
    const next = addPages(first.pages, [photo('sida-3.png', 'image/png')]);
    expect(next.pages.map((p) => p.file.name)).toEqual(['sida-1.jpg', 'sida-2.heic', 'sida-3.png']);
    expect(new Set(next.pages.map((p) => p.id)).size).toBe(3);
  });

  it('refuses a file that is no picture, and a fifth page, keeping the pages as they were', () => {
    const two = addPages([], [photo('a.jpg'), photo('b.jpg')]).pages;
    expect(addPages(two, [photo('recept.pdf', 'application/pdf')])).toEqual({
      pages: two,
      error: SCAN_TEXT.notAPicture('recept.pdf'),
    });
    expect(addPages(two, [photo('c.jpg'), photo('d.jpg'), photo('e.jpg')])).toEqual({
      pages: two,
      error: SCAN_TEXT.tooMany,
    });
  });
});

describe('scanMessage', () => {
  it("shows a refused photo's Swedish message as the API wrote it", () => {
    const message = 'Inget recept kunde läsas i bilden.';
    for (const status of [413, 415, 422, 503])
      expect(scanMessage(new ApiError(status, { message, photoError: 'unreadable' }))).toBe(message);
  });

  it('says what every write says for the rest, and in Swedish when no answer came', () => {
    expect(scanMessage(new ApiError(401, { message: 'Unauthorized' }))).toBe(MESSAGE_401);
    expect(scanMessage(new ApiError(400, { message: 'At most 4 pages at once' }))).toBe(MESSAGE_OTHER);
    expect(scanMessage(new ApiError(502, '<html>proxy</html>'))).toBe(MESSAGE_OTHER);
    expect(scanMessage(new ApiError(0, 'Failed to fetch'))).toBe(SCAN_TEXT.noAnswer);
  });
});
