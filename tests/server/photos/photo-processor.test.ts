// The pool's bounds: a photo over its time limit is stopped (the worker terminated, a new one serves the next),
// and uploads beyond the threads and the waiting queue are refused as 'busy' at once.
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPhotoProcessor, PhotoError } from '../../../server/photos/photo-processor.ts';
import { twelveMegapixelJpeg } from './photo-fixtures.ts';

let large: Buffer;
let small: Buffer;
beforeAll(async () => {
  large = await twelveMegapixelJpeg();
  small = await sharp({ create: { width: 120, height: 80, channels: 3, background: '#a52' } })
    .jpeg()
    .toBuffer();
});

const kindOf = (p: Promise<unknown>) =>
  p.then(
    () => 'processed',
    (e: unknown) => (e instanceof PhotoError ? e.kind : e),
  );

describe('photo processor bounds', () => {
  it('stops a photo at its time limit and serves the next one with a fresh worker', async () => {
    // 0.4 s: a small photo takes tens of ms, the 12 MP one a second or more. A worker's start (0.1-0.5 s on a busy
    // machine) counts against the limit too, so the small one may need a second try after a start.
    const processor = createPhotoProcessor({ timeoutMs: 400 });
    const smallUntilProcessed = async () => {
      for (let attempt = 0; attempt < 5; attempt++)
        if ((await kindOf(processor.process(small))) === 'processed') return true;
      return false;
    };
    try {
      expect(await smallUntilProcessed()).toBe(true); // a worker is up
      expect(await kindOf(processor.process(large))).toBe('timeout');
      expect(await smallUntilProcessed()).toBe(true);
    } finally {
      await processor.close();
    }
  });

  it("answers 'busy' beyond the threads and the waiting queue", async () => {
    const processor = createPhotoProcessor({ timeoutMs: 20_000, maxWaiting: 0 });
    try {
      // Threads are one or two (by cores); with no waiting room the third call at once finds no place.
      const kinds = await Promise.all([1, 2, 3].map(() => kindOf(processor.process(small))));
      expect(kinds.at(-1)).toBe('busy');
      expect(kinds[0]).toBe('processed');
    } finally {
      await processor.close();
    }
  });
});
