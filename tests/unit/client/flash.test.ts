import { describe, expect, it } from 'vitest';
import { FLASH_MAX_AGE_MS, flashMessageFor, normalizePath, parseFlash } from '../../../src/client/flash.ts';

describe('the confirmation kept across a page change', () => {
  it('parses what setFlash stores and nothing else', () => {
    const flash = { message: 'Receptet sparades.', path: '/42', at: 1000 };
    expect(parseFlash(JSON.stringify(flash))).toEqual(flash);
    for (const text of [null, '', 'not json', '"text"', 'null', '{}', '{"message":"","path":"/","at":1}']) {
      expect(parseFlash(text)).toBeUndefined();
    }
    expect(parseFlash(JSON.stringify({ ...flash, at: '1000' }))).toBeUndefined();
    expect(parseFlash(JSON.stringify({ ...flash, path: 42 }))).toBeUndefined();
    // A deleted recipe's id for 'Ångra' (issue 41): kept when it is one, dropped when it is not.
    expect(parseFlash(JSON.stringify({ ...flash, undo: 7 }))).toEqual({ ...flash, undo: 7 });
    for (const undo of [0, -1, 1.5, '7', null]) expect(parseFlash(JSON.stringify({ ...flash, undo }))).toEqual(flash);
  });

  it('shows only on the page it was meant for, while fresh', () => {
    const flash = { message: 'Receptet togs bort.', path: '/', at: 10_000 };
    expect(flashMessageFor(flash, '/', 10_500)?.message).toBe('Receptet togs bort.');
    expect(flashMessageFor(flash, '/42', 10_500)).toBeUndefined();
    expect(flashMessageFor(flash, '/', 10_000 + FLASH_MAX_AGE_MS)?.message).toBe('Receptet togs bort.');
    expect(flashMessageFor(flash, '/', 10_001 + FLASH_MAX_AGE_MS)).toBeUndefined();
    // A clock set back since: not trusted.
    expect(flashMessageFor(flash, '/', 9_000)).toBeUndefined();
    expect(flashMessageFor(undefined, '/', 10_500)).toBeUndefined();
  });

  it('compares paths without a trailing slash', () => {
    expect(normalizePath('/42/')).toBe('/42');
    expect(normalizePath('/42')).toBe('/42');
    expect(normalizePath('/')).toBe('/');
    expect(flashMessageFor({ message: 'm', path: '/42', at: 0 }, '/42/', 1)?.message).toBe('m');
  });
});
