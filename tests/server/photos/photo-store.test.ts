// Both photo stores behave alike (tests/support/photo-store-contract.ts): the S3 store against a real S3 API
// (S3Proxy, started once per run by tests/support/s3proxy-setup.ts), the database's on PGlite and PostgreSQL. Then what only the S3 store has: where
// its objects go, their caching header, and its time limit.
import { HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3PhotoStore } from '../../../server/photos/s3-store.ts';
import { createDatabasePhotoStore } from '../../../server/photos/database-store.ts';
import type { Database } from '../../../server/db/index.ts';
import { closeTestDatabase, createTestDatabase, DATABASE_KINDS } from '../../support/database.ts';
import { describePhotoStore, photoFile } from '../../support/photo-store-contract.ts';
import { freshS3Bucket, type TestS3Settings } from '../../support/s3proxy.ts';

describePhotoStore('S3 (S3Proxy)', async () => createS3PhotoStore(await freshS3Bucket()));

const databases: Database[] = [];
afterAll(() => Promise.all(databases.map(closeTestDatabase)));
for (const kind of DATABASE_KINDS)
  describePhotoStore(`database (${kind})`, async () => {
    const db = await createTestDatabase(kind);
    databases.push(db);
    return createDatabasePhotoStore(db.orm);
  });

describe('database photo store', () => {
  // On PostgreSQL the bytes go to photo_files, one statement at a time (on PGlite they are files: photo-storage.test.ts).
  it('lets the writes queued behind a failed one through', async () => {
    const db = await createTestDatabase('postgres');
    databases.push(db);
    const store = createDatabasePhotoStore(db.orm);
    // A content type of null breaks the NOT NULL constraint: that put fails, the ones queued behind it are written.
    const broken = { ...photoFile(Buffer.from('broken'), 'jpg'), contentType: null as unknown as string };
    const good = [photoFile(Buffer.from('first'), 'jpg'), photoFile(Buffer.from('second'), 'webp')];
    const results = await Promise.allSettled([store.put([broken]), store.put([good[0]!]), store.put([good[1]!])]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled', 'fulfilled']);
    for (const f of good) expect(Buffer.from((await store.get(f.file))!.bytes).equals(f.bytes)).toBe(true);
    expect(await store.get(broken.file)).toBeNull();
  });
});

describe('S3 photo store', () => {
  let settings: TestS3Settings;
  let client: S3Client;
  beforeAll(async () => {
    settings = await freshS3Bucket();
    client = new S3Client({ ...settings, credentials: settings });
  });
  afterAll(() => client?.destroy());

  const keysIn = async (prefix: string) => {
    const listed = await client.send(new ListObjectsV2Command({ Bucket: settings.bucket, Prefix: prefix }));
    return (listed.Contents ?? []).map((o) => o.Key);
  };

  it('keeps files under photos/ or the prefix given, cacheable for good', async () => {
    const f = photoFile(Buffer.from('under a prefix'), 'jpg');
    const byDefault = createS3PhotoStore(settings);
    const prefixed = createS3PhotoStore({ ...settings, prefix: 'recipes/p/' });
    try {
      await byDefault.put([f]);
      await prefixed.put([f]);
      expect(await keysIn('photos/')).toEqual([`photos/${f.file}`]);
      expect(await keysIn('recipes/p/')).toEqual([`recipes/p/${f.file}`]);
      const head = await client.send(new HeadObjectCommand({ Bucket: settings.bucket, Key: `photos/${f.file}` }));
      expect(head.CacheControl).toBe('public, max-age=31536000, immutable');
      expect(head.ContentType).toBe('image/jpeg');
      await prefixed.remove([f.file]);
      expect(await keysIn('recipes/p/')).toEqual([]);
      expect(await keysIn('photos/')).toEqual([`photos/${f.file}`]);
    } finally {
      await byDefault.close();
      await prefixed.close();
    }
  });

  it('lets an authentication failure through (the route answers 503), not "no such file"', async () => {
    const store = createS3PhotoStore({ ...settings, secretAccessKey: 'wrong' });
    try {
      await expect(store.get(photoFile(Buffer.from('x')).file)).rejects.toThrow();
    } finally {
      await store.close();
    }
  });

  describe('against an endpoint that accepts connections and never answers', () => {
    let silent: Server;
    const sockets: Socket[] = [];
    let endpoint: string;
    beforeAll(async () => {
      silent = createServer((socket) => sockets.push(socket));
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
      endpoint = `http://127.0.0.1:${(silent.address() as { port: number }).port}`;
    });
    afterAll(async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    });

    it('fails each operation with an error once its time limit has passed', async () => {
      const store = createS3PhotoStore({ ...settings, endpoint, timeoutMs: 500 });
      const f = photoFile(Buffer.from('never stored'));
      try {
        for (const operation of [() => store.put([f]), () => store.get(f.file), () => store.remove([f.file])]) {
          const started = Date.now();
          await expect(operation()).rejects.toThrow();
          const ms = Date.now() - started;
          expect(ms).toBeGreaterThanOrEqual(450);
          expect(ms).toBeLessThan(3000);
        }
      } finally {
        await store.close();
      }
    });
  });
});
