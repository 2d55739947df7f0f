// One size formatter for site and server, one megabyte of 1024 × 1024 bytes (issue 53, decision 070).
import { describe, expect, it } from 'vitest';
import { KILOBYTE, MEGABYTE, megabytes, sizeText } from '../../../src/lib/byte-size.ts';

describe('sizeText', () => {
  it.each([
    [0, '0 byte'],
    [300, '300 byte'],
    [1023, '1023 byte'],
    [KILOBYTE, '1 kB'],
    [5 * KILOBYTE, '5 kB'],
    [64 * KILOBYTE, '64 kB'],
    [1536, '1,5 kB'],
    [MEGABYTE, '1 MB'],
    [2457600, '2,3 MB'],
    [10 * MEGABYTE, '10 MB'],
    [15 * MEGABYTE, '15 MB'],
    [1024 * MEGABYTE, '1024 MB'],
    [12345 * MEGABYTE, '12\u00a0345 MB'],
    // One megabyte, not two: ten million bytes are not "10 MB".
    [10_000_000, '9,5 MB'],
  ])('%i bytes -> %s', (bytes, text) => {
    expect(sizeText(bytes)).toBe(text);
  });

  it('writes a figure that grows in MB, with one decimal below 10 MB', () => {
    expect(sizeText(0, { inMegabytes: true })).toBe('0,0 MB');
    expect(sizeText(300 * KILOBYTE, { inMegabytes: true })).toBe('0,3 MB');
    expect(sizeText(3 * MEGABYTE, { inMegabytes: true })).toBe('3,0 MB');
    expect(sizeText(50 * MEGABYTE, { inMegabytes: true })).toBe('50 MB');
  });
});

describe('megabytes (the API English texts)', () => {
  it('is the same megabyte, to two decimals', () => {
    expect(megabytes(10 * MEGABYTE)).toBe(10);
    expect(megabytes(64 * KILOBYTE)).toBe(0.06);
    expect(megabytes(10_000_000)).toBe(9.54);
  });
});
