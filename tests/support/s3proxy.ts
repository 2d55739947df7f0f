// S3 for server tests: the run's S3Proxy (started by tests/support/s3proxy-setup.ts) and a new, empty bucket
// per call, so test files never see each other's objects. Its objects are in memory and go with the run.
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { tail } from '../../scripts/harness/errors.ts';
import type { S3StoreSettings } from '../../server/photos/s3-store.ts';

// 1.5-3 s on an idle machine; far more while the other server tests keep both cores busy.
const READY_TIMEOUT_MS = 50_000; // within the server project's hookTimeout (60 s)
let ready: Promise<void> | undefined;

export type TestS3Settings = S3StoreSettings & { accessKeyId: string; secretAccessKey: string };

export async function freshS3Bucket(): Promise<TestS3Settings> {
  const proxy = inject('s3Proxy');
  if ('error' in proxy) throw new Error(`No S3Proxy for this run: ${proxy.error}`);
  ready ??= waitForAnswer(proxy.endpoint, proxy.logFile);
  await ready;
  const settings = {
    endpoint: proxy.endpoint,
    region: proxy.region,
    accessKeyId: proxy.accessKeyId,
    secretAccessKey: proxy.secretAccessKey,
    forcePathStyle: true,
    bucket: `test-${randomBytes(6).toString('hex')}`,
  };
  const client = new S3Client({ ...settings, credentials: settings });
  try {
    await client.send(new CreateBucketCommand({ Bucket: settings.bucket }));
  } finally {
    client.destroy();
  }
  return settings;
}

/** Any HTTP answer means it is up (403 to an unsigned request). */
async function waitForAnswer(endpoint: string, logFile: string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    try {
      await fetch(endpoint, { signal: AbortSignal.timeout(2000) });
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  const log = tail(readFileSync(logFile, 'utf8'), 20);
  throw new Error(`S3Proxy did not answer at ${endpoint} within ${READY_TIMEOUT_MS / 1000} s. ${logFile}:\n${log}`);
}
