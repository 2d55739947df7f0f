// Server-test global setup: one S3Proxy for the whole run (scripts/s3proxy.ts), for the S3 photo store's tests.
// It is launched, not awaited: the JVM starts (2-3 s) while the PostgreSQL setup and the first test files run,
// and the tests that use it wait for it (tests/support/s3proxy.ts). Without Java or Maven only those tests
// fail, with the reason, so the rest of the server suite still runs on a machine without them.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from '../../scripts/free-ports.ts';
import { HarnessError } from '../../scripts/harness/errors.ts';
import { launchS3Proxy, prepareS3Proxy, type LaunchedS3Proxy } from '../../scripts/s3proxy.ts';

export type TestS3Proxy =
  | { endpoint: string; region: string; accessKeyId: string; secretAccessKey: string; logFile: string }
  | { error: string };

declare module 'vitest' {
  export interface ProvidedContext {
    s3Proxy: TestS3Proxy;
  }
}

export default async function setup(project: TestProject) {
  const workDir = mkdtempSync(join(tmpdir(), 'recipe-book-s3proxy-'));
  let proxy: LaunchedS3Proxy | undefined;
  try {
    proxy = launchS3Proxy(prepareS3Proxy(process.env), await freePort(), workDir);
    const { endpoint, region, accessKeyId, secretAccessKey, logFile } = proxy;
    project.provide('s3Proxy', { endpoint, region, accessKeyId, secretAccessKey, logFile });
  } catch (error) {
    if (!(error instanceof HarnessError)) throw error;
    project.provide('s3Proxy', { error: error.message });
  }
  return async () => {
    await proxy?.stop();
    rmSync(workDir, { recursive: true, force: true });
  };
}
