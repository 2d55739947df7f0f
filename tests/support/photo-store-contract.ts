// The behaviour every photo store (server/photos/photo-store.ts) must have, as one suite each store's test file
// runs against a real backend: describePhotoStore('S3 (S3Proxy)', () => createS3PhotoStore(...)).
// Files are named by their content as the product names them, so each test has files of its own.
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PhotoFileBytes, PhotoStore } from '../../server/photos/photo-store.ts';

const TYPES = { avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg' } as const;

/** A file as the photo pipeline makes one: `<sha256 of the bytes>.<ext>`. */
export function photoFile(bytes: Uint8Array, ext: keyof typeof TYPES = 'avif'): PhotoFileBytes {
  return { file: `${createHash('sha256').update(bytes).digest('hex')}.${ext}`, contentType: TYPES[ext], bytes };
}

const randomFile = (ext: keyof typeof TYPES = 'avif', size = 64) => photoFile(randomBytes(size), ext);

export function describePhotoStore(name: string, makeStore: () => PhotoStore | Promise<PhotoStore>): void {
  describe(`photo store: ${name}`, () => {
    let store: PhotoStore;
    beforeAll(async () => {
      store = await makeStore();
    });
    afterAll(async () => {
      await store?.close();
    });

    it('gives back what was put, with its content type', async () => {
      const files = [randomFile('avif'), randomFile('webp'), randomFile('jpg')];
      await store.put(files);
      for (const f of files) {
        const got = await store.get(f.file);
        expect(got?.contentType).toBe(f.contentType);
        expect(Buffer.from(got!.bytes).equals(f.bytes)).toBe(true);
      }
    });

    it('stores every file of uploads that arrive at once', async () => {
      const uploads = Array.from({ length: 4 }, () => [randomFile('avif'), randomFile('webp'), randomFile('jpg')]);
      await Promise.all(uploads.map((files) => store.put(files)));
      for (const f of uploads.flat()) expect(Buffer.from((await store.get(f.file))!.bytes).equals(f.bytes)).toBe(true);
    });

    it('answers null for a file it does not have', async () => {
      expect(await store.get(randomFile().file)).toBeNull();
    });

    it('keeps every byte value and larger files exactly', async () => {
      const allValues = photoFile(
        Uint8Array.from({ length: 256 }, (_, i) => i),
        'jpg',
      );
      const large = randomFile('webp', 1_500_000);
      await store.put([allValues, large]);
      expect(Buffer.from((await store.get(allValues.file))!.bytes).equals(allValues.bytes)).toBe(true);
      expect(Buffer.from((await store.get(large.file))!.bytes).equals(large.bytes)).toBe(true);
    });

    it('takes a file it already has again without complaint (put is idempotent)', async () => {
      const f = randomFile();
      await store.put([f]);
      await store.put([f]);
      await Promise.all([store.put([f]), store.put([f])]);
      await store.put([]);
      expect(Buffer.from((await store.get(f.file))!.bytes).equals(f.bytes)).toBe(true);
    });

    it('removes the files named and only those; missing ones are no error', async () => {
      const [gone, kept] = [randomFile(), randomFile()];
      await store.put([gone, kept]);
      await store.remove([gone.file]);
      expect(await store.get(gone.file)).toBeNull();
      expect(await store.get(kept.file)).not.toBeNull();
      await store.remove([gone.file, randomFile().file]);
      await store.remove([]);
      expect(await store.get(kept.file)).not.toBeNull();
    });

    it('removes more files at once than one S3 request takes (1,000)', async () => {
      const files = Array.from({ length: 1005 }, () => randomFile('webp', 16));
      await store.put(files);
      await store.remove(files.map((f) => f.file));
      // Both sides of each batch boundary.
      for (const i of [0, 999, 1000, 1004]) expect(await store.get(files[i]!.file)).toBeNull();
    });
  });
}
