// The photo store in an S3-compatible object store (AWS S3, MinIO, S3Proxy, Ceph...): one object per file under a
// prefix. Files are named by their content, so a put of a file that is already there only writes the same bytes
// again (no HeadObject first: one request instead of two, and no race between them).
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import type { PhotoFileBytes, PhotoStore } from './photo-store.ts';

export type S3StoreSettings = {
  /** Unset = AWS S3 itself. */
  endpoint?: string;
  bucket: string;
  region: string;
  /** Unset = the SDK's own chain (environment, instance role...). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `bucket` in the path instead of the host name: MinIO and S3Proxy need it. */
  forcePathStyle: boolean;
  prefix?: string;
  /** The longest one operation may take, retries included; then it fails (the route answers 503). */
  timeoutMs?: number;
};

/** A photo has a handful of files; a longer list (a migration) goes in slices, not as thousands of sockets. */
const PUTS_AT_ONCE = 16;
/** DeleteObjects takes at most this many keys. */
const DELETE_BATCH = 1000;
// A file never changes under its name, so browsers and CDNs may keep it for good.
const CACHE_CONTROL = 'public, max-age=31536000, immutable';

export function createS3PhotoStore(settings: S3StoreSettings): PhotoStore {
  const { accessKeyId, secretAccessKey } = settings;
  const config: S3ClientConfig = {
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    // Checksums only where S3 requires them: many S3-compatible stores refuse the SDK's newer default ones.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
  if (settings.endpoint) config.endpoint = settings.endpoint;
  if (accessKeyId && secretAccessKey) config.credentials = { accessKeyId, secretAccessKey };
  const client = new S3Client(config);
  const bucket = settings.bucket;
  const key = (file: string) => `${settings.prefix ?? 'photos/'}${file}`;
  const timeoutMs = settings.timeoutMs ?? 10_000;
  // One deadline for the whole operation, retries included, so a store that stopped answering cannot hold a
  // request (or the upload's files) forever.
  const limit = () => ({ abortSignal: AbortSignal.timeout(timeoutMs) });

  return {
    kind: 's3',

    async put(files: readonly PhotoFileBytes[]) {
      for (let i = 0; i < files.length; i += PUTS_AT_ONCE) {
        await Promise.all(
          files.slice(i, i + PUTS_AT_ONCE).map((f) =>
            client.send(
              new PutObjectCommand({
                Bucket: bucket,
                Key: key(f.file),
                Body: f.bytes,
                ContentType: f.contentType,
                CacheControl: CACHE_CONTROL,
              }),
              limit(),
            ),
          ),
        );
      }
    },

    async get(file: string) {
      const signal = limit();
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key(file) }), signal);
        if (!object.Body) return null;
        // The body is read under the same deadline: the signal aborts a stalled stream too.
        const bytes = await object.Body.transformToByteArray();
        return { contentType: object.ContentType ?? 'application/octet-stream', bytes };
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        throw error;
      }
    },

    async remove(files: readonly string[]) {
      for (let i = 0; i < files.length; i += DELETE_BATCH) {
        const batch = files.slice(i, i + DELETE_BATCH);
        const answer = await client.send(
          new DeleteObjectsCommand({
            Bucket: bucket,
            Delete: { Objects: batch.map((file) => ({ Key: key(file) })), Quiet: true },
          }),
          limit(),
        );
        // A missing key is no error to S3 (it reports it deleted); anything listed here really failed.
        const failed = answer.Errors ?? [];
        if (failed.length) {
          const first = failed[0]!;
          throw new Error(`S3 could not delete ${failed.length} photo file(s), first ${first.Key}: ${first.Code}`);
        }
      }
    },

    async close() {
      client.destroy();
    },
  };
}
