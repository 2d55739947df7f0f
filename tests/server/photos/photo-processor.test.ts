// The processor's bounds: a JPEG of more scans than any camera writes, or one whose decoder would hold more
// coefficients than a photo process may, is refused before anything decodes it, a photo over its time limit is
// stopped (its process killed: the decode does not go on), a new process serves the next one, and uploads beyond
// the processes and the waiting queue are refused as 'busy' at once.
import { existsSync } from 'node:fs';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_JPEG_COEFFICIENT_BYTES } from '../../../server/photos/jpeg-frame.ts';
import { MAX_JPEG_SCANS } from '../../../server/photos/jpeg-scans.ts';
import {
  createPhotoProcessor,
  PhotoError,
  photoErrorMessages,
  type PhotoProcessor,
} from '../../../server/photos/photo-processor.ts';
import { manyScansJpeg } from './many-scans-jpeg.ts';

let small: Buffer;
beforeAll(async () => {
  small = await sharp({ create: { width: 120, height: 80, channels: 3, background: '#a52' } })
    .jpeg()
    .toBuffer();
});

const kindOf = (p: Promise<unknown>) =>
  p.then(
    () => 'processed',
    (e: unknown) => (e instanceof PhotoError ? e.kind : e),
  );

/** Until a process is up and has processed the small photo: its start (loading sharp) counts against the limit. */
async function processesSmall(processor: PhotoProcessor) {
  for (let attempt = 0; attempt < 60; attempt++)
    if ((await kindOf(processor.process(small))) === 'processed') return true;
  return false;
}

const gone = async (pid: number) => {
  for (let i = 0; i < 100 && existsSync(`/proc/${pid}`); i++) await new Promise((done) => setTimeout(done, 50));
  return !existsSync(`/proc/${pid}`);
};

describe('JPEGs of many scans', () => {
  // Issue 35's file: CMYK, 39 MP (under the pixel limit), 3,529 scans of end-of-block runs; 30-45 s and 330 MB
  // each when decoded. The variant: YCbCr 4:2:0, its DC split per component, 2,649 scans.
  it('refuses them from their bytes, in milliseconds, without starting a process to decode them', async () => {
    const processor = createPhotoProcessor({ timeoutMs: 30_000 });
    try {
      for (const hostile of [
        manyScansJpeg({ width: 7_000, height: 5_600 }),
        manyScansJpeg({ width: 7_000, height: 5_600, layout: 'ycbcr-420', dcSplit: true }),
      ]) {
        const started = performance.now();
        const error = await processor.process(hostile).catch((e: unknown) => e);
        expect(performance.now() - started).toBeLessThan(1_000); // the decode took 30 s and more
        expect(error).toBeInstanceOf(PhotoError);
        expect((error as PhotoError).kind).toBe('unreadable');
        expect((error as PhotoError).swedish).toBe(
          'Bilden kunde inte läsas. Filen kan vara trasig eller ofullständig.',
        );
        expect((error as PhotoError).message).toContain(`more than ${MAX_JPEG_SCANS} scans`);
      }
      expect(processor.pids()).toEqual([]);
    } finally {
      await processor.close();
    }
  });

  it('still processes a progressive JPEG as encoders write it', async () => {
    const processor = createPhotoProcessor({ timeoutMs: 60_000 });
    try {
      const progressive = await sharp(small).jpeg({ progressive: true, mozjpeg: true }).toBuffer();
      expect(await kindOf(processor.process(progressive))).toBe('processed');
    } finally {
      await processor.close();
    }
  });
});

describe('progressive JPEGs whose coefficients would not fit a photo process', () => {
  // Under the scan bound (97 scans) but CMYK at 39 MP: its decoder would hold 314 MB of coefficients, and before
  // the frame header was read its process took about 430 MB and 30 s (4 at once: 586-622 MB with the server).
  it('refuses one from its frame header, in milliseconds, without starting a process', async () => {
    const processor = createPhotoProcessor({ timeoutMs: 30_000 });
    try {
      const hostile = manyScansJpeg({ width: 7_000, height: 5_600, maxAl: 0, acBands: 24 });
      const started = performance.now();
      const error = await processor.process(hostile).catch((e: unknown) => e);
      expect(performance.now() - started).toBeLessThan(1_000);
      expect(error).toBeInstanceOf(PhotoError);
      expect((error as PhotoError).kind).toBe('too-large-pixels');
      expect((error as PhotoError).swedish).toBe(photoErrorMessages['too-large-pixels']);
      expect((error as PhotoError).message).toContain(`at most ${MAX_JPEG_COEFFICIENT_BYTES / 2 ** 20} MB`);
      expect(processor.pids()).toEqual([]);
    } finally {
      await processor.close();
    }
  });

  // 6 MP at 4:4:4: 18 MB of coefficients. Encoding and processing it take 10-20 s on this loaded machine.
  it('still processes a progressive photo under the bound', { timeout: 180_000 }, async () => {
    const processor = createPhotoProcessor({ timeoutMs: 120_000 });
    try {
      const photo = await sharp({ create: { width: 3_000, height: 2_000, channels: 3, background: '#a52' } })
        .jpeg({ progressive: true, chromaSubsampling: '4:4:4' })
        .toBuffer();
      expect(await kindOf(processor.process(photo))).toBe('processed');
    } finally {
      await processor.close();
    }
  });
});

describe('photo processor bounds', () => {
  it('kills a decode at its time limit: the process is gone, burns no more CPU, and a new one serves the next', async () => {
    // The scan bound raised so that the decode starts: 9 MP of 3,529 scans, 7-10 s of CPU in libjpeg, where
    // neither sharp's timeout nor a terminated worker thread reached it (it went on 10-20 s after the 422). 3 s: a
    // new process's first small photo takes well under that, even on a loaded machine.
    const processor = createPhotoProcessor({ timeoutMs: 3_000, maxScans: 10_000 });
    const hostile = manyScansJpeg({ width: 3_000, height: 3_000 });
    try {
      expect(await processesSmall(processor)).toBe(true);
      const [pid] = processor.pids();
      expect(pid).toBeTypeOf('number');
      expect(await kindOf(processor.process(hostile))).toBe('timeout');
      expect(await gone(pid!)).toBe(true);
      expect(processor.pids()).toEqual([]);
      // Nothing of the decode is left in this process either (the old workers decoded in this process's threads).
      // Before, it went on there at 0.3-0.7 s of CPU a second on this loaded 2-core machine.
      const before = process.cpuUsage();
      await new Promise((done) => setTimeout(done, 2_000));
      const used = process.cpuUsage(before);
      expect((used.user + used.system) / 1e6).toBeLessThan(0.4);
      expect(await processesSmall(processor)).toBe(true);
      expect(processor.pids()).not.toContain(pid);
    } finally {
      await processor.close();
    }
  });

  it("answers 'busy' beyond the processes and the waiting queue", async () => {
    const processor = createPhotoProcessor({ timeoutMs: 20_000, maxWaiting: 0 });
    try {
      // Processes are one or two (by cores); with no waiting room the third call at once finds no place.
      const kinds = await Promise.all([1, 2, 3].map(() => kindOf(processor.process(small))));
      expect(kinds.at(-1)).toBe('busy');
      expect(kinds[0]).toBe('processed');
    } finally {
      await processor.close();
    }
  });

  it('keeps a process that holds little after a photo, and replaces one that holds more than the bound', async () => {
    const keeping = createPhotoProcessor({ timeoutMs: 60_000 });
    try {
      expect(await processesSmall(keeping)).toBe(true);
      const [first] = keeping.pids();
      expect(await processesSmall(keeping)).toBe(true);
      expect(keeping.pids()).toEqual([first]);
    } finally {
      await keeping.close();
    }
    // Every process holds more than 1 byte: each photo leaves its process to end and the next gets a fresh one.
    const retiring = createPhotoProcessor({ timeoutMs: 60_000, retireRssBytes: 1 });
    try {
      expect(await processesSmall(retiring)).toBe(true);
      const [first] = retiring.pids();
      expect(first).toBeDefined();
      expect(await gone(first!)).toBe(true);
      expect(await processesSmall(retiring)).toBe(true);
      expect(retiring.pids()).not.toContain(first);
    } finally {
      await retiring.close();
    }
  });

  it('leaves no process behind when closed', async () => {
    const processor = createPhotoProcessor({ timeoutMs: 20_000 });
    expect(await processesSmall(processor)).toBe(true);
    const pids = processor.pids();
    await processor.close();
    for (const pid of pids) expect(await gone(pid)).toBe(true);
  });
});
