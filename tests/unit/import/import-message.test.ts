// What the import dialog says when an import failed (src/features/import/import-message.ts): a limit is read from the
// number the API sends (`limitBytes`, issue 53) and said in Swedish, never parsed out of the API's English text.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/client/api.ts';
import { TEXT } from '../../../src/features/editor/texts.ts';
import { importMessage } from '../../../src/features/import/import-message.ts';

const MB = 1024 * 1024;

describe('importMessage', () => {
  it('names the limit the API sends as a number, for a pasted text, a pasted page and a fetched page', () => {
    const refused = (status: number, field: string) =>
      new ApiError(status, { message: 'x', fields: { [field]: 'Larger than 10 MB' }, limitBytes: 10 * MB });
    expect(importMessage(refused(413, 'text'), { text: 'a' })).toBe(TEXT.importTextTooLarge('10 MB'));
    expect(TEXT.importTextTooLarge('10 MB')).toBe('Texten är för stor (över 10 MB) för att importeras.');
    expect(importMessage(refused(413, 'html'), { html: '<p>' })).toBe(TEXT.importTooLargeLimit('10 MB'));
    expect(importMessage(refused(502, 'url'), { url: 'https://a.se/' })).toBe(TEXT.importTooLargeLimit('10 MB'));
    const small = new ApiError(413, { message: 'x', fields: { html: 'Larger than 0.06 MB' }, limitBytes: 64 * 1024 });
    expect(importMessage(small, { html: '<p>' })).toBe(TEXT.importTooLargeLimit('64 kB'));
  });

  it('reads no limit out of the text: without the number the sentence names none', () => {
    const textOnly = new ApiError(413, {
      message: 'The pasted page is larger than 10 MB',
      fields: { html: 'Larger than 10 MB' },
    });
    expect(importMessage(textOnly, { html: '<p>' })).toBe(TEXT.importTooLarge);
    // A 502 without a limit is a page that could not be fetched, not one too large.
    const unreachable = new ApiError(502, { message: 'x', fields: { url: 'Larger than 10 MB' } });
    expect(importMessage(unreachable, { url: 'https://a.se/' })).toBe(TEXT.importNotFetched);
  });
});
