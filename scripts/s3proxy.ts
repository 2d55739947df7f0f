// S3Proxy (github.com/gaul/s3proxy) for tests of the S3 photo store: a real S3 API in one Java process, with an
// in-memory blob store. Its jar is fetched from Maven Central once and cached beside Keycloak's distribution.
// Run directly (`npx tsx scripts/s3proxy.ts`) it starts one with a bucket, prints the settings that point
// `npm start` at it, and stops on Ctrl-C.
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-ports.ts';
import { HarnessError } from './harness/errors.ts';
import { findJdks, type Jdk } from './harness/jdk.ts';
import { cacheRoot, mavenCopy, type Fetched } from './harness/maven.ts';
import { stopGroup, waitReady } from './harness/process-group.ts';

/** The newest on Maven Central (maven-metadata.xml, 2026-11); built for Java 17 (its pom's java.version). */
export const S3PROXY_VERSION = '4.1.0';
const JAVA_MAJOR = 17;

export type PreparedS3Proxy = { jar: string; jdk: Jdk; fetched: Fetched | null };

/** The newest JDK that runs S3Proxy, and its jar, fetched when it is not cached. */
export function prepareS3Proxy(env: NodeJS.ProcessEnv): PreparedS3Proxy {
  const jdk = findJdks(['/usr/lib/jvm'], env.JAVA_HOME).find((j) => j.major >= JAVA_MAJOR);
  if (!jdk) {
    throw new HarnessError(
      `S3Proxy needs Java ${JAVA_MAJOR} or newer and none was found in /usr/lib/jvm or JAVA_HOME: ` +
        'install it (apt-get install -y openjdk-17-jre-headless maven).',
    );
  }
  const name = `s3proxy-${S3PROXY_VERSION}-jar-with-dependencies.jar`;
  const dir = join(cacheRoot(env), `s3proxy-${S3PROXY_VERSION}`);
  const jar = join(dir, name);
  if (existsSync(jar)) return { jar, jdk, fetched: null };
  // Fetched beside the final place and renamed, so an interrupted copy never looks like a cached jar.
  const staging = join(dir, `.fetch-${process.pid}`);
  rmSync(staging, { recursive: true, force: true });
  try {
    const fetched = mavenCopy(`org.gaul:s3proxy:${S3PROXY_VERSION}:jar:jar-with-dependencies`, staging, name, jdk.home);
    renameSync(join(staging, name), jar);
    return { jar, jdk, fetched };
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

export type LaunchedS3Proxy = {
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  logFile: string;
  child: ChildProcess;
  stop(): Promise<void>;
};

/** Starts S3Proxy on `port` without waiting for it: it answers after 2-3 s (the JVM's start-up). */
export function launchS3Proxy(p: PreparedS3Proxy, port: number, workDir: string): LaunchedS3Proxy {
  mkdirSync(workDir, { recursive: true });
  const endpoint = `http://127.0.0.1:${port}`;
  // Random per run, so no other local process can use this store; checked as real S3 checks them.
  const accessKeyId = `test-${randomBytes(6).toString('hex')}`;
  const secretAccessKey = randomBytes(18).toString('hex');
  const properties = join(workDir, 's3proxy.properties');
  writeFileSync(
    properties,
    [
      `s3proxy.endpoint=${endpoint}`,
      's3proxy.authorization=aws-v2-or-v4',
      `s3proxy.identity=${accessKeyId}`,
      `s3proxy.credential=${secretAccessKey}`,
      // In memory: nothing to clean up, and nothing survives the run.
      'jclouds.provider=transient',
      `jclouds.identity=${accessKeyId}`,
      `jclouds.credential=${secretAccessKey}`,
      '',
    ].join('\n'),
  );
  const logFile = join(workDir, 's3proxy.log');
  const log = createWriteStream(logFile);
  const child = spawn(
    join(p.jdk.home, 'bin', 'java'),
    // A small heap and the quick compiler: it serves a few thousand small objects, and starts sooner.
    ['-Xmx256m', '-XX:TieredStopAtLevel=1', '-jar', p.jar, '--properties', properties],
    {
      detached: true, // its own process group, stopped as a whole (harness/process-group.ts)
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, LOG_LEVEL: 'warn' }, // its logback configuration reads LOG_LEVEL
    },
  );
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  // Vitest ends with process.exit() on Ctrl-C and SIGTERM, without the global teardown: the JVM, in a group of
  // its own, must not outlive the process that started it.
  const killOnExit = () => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // already gone
    }
  };
  process.once('exit', killOnExit);
  child.once('exit', () => process.off('exit', killOnExit));
  return {
    endpoint,
    region: 'us-east-1',
    accessKeyId,
    secretAccessKey,
    logFile,
    child,
    stop: () => stopGroup(child, 5000),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const workDir = mkdtempSync(join(tmpdir(), 's3proxy-'));
  const proxy = launchS3Proxy(prepareS3Proxy(process.env), await freePort(), workDir);
  const stop = (code: number) =>
    void proxy.stop().then(() => {
      rmSync(workDir, { recursive: true, force: true });
      process.exit(code);
    });
  process.on('SIGINT', () => stop(0));
  process.on('SIGTERM', () => stop(0));
  try {
    const started = Date.now();
    // Any HTTP answer means it is up (403 to an unsigned request).
    await waitReady('S3Proxy', proxy.child, proxy.endpoint, 60_000, () => true);
    const bucket = 'recipe-photos';
    const { endpoint, region, accessKeyId, secretAccessKey } = proxy;
    const client = new S3Client({
      endpoint,
      region,
      forcePathStyle: true,
      credentials: { accessKeyId, secretAccessKey },
    });
    await client.send(new CreateBucketCommand({ Bucket: bucket }));
    client.destroy();
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(`S3Proxy ${S3PROXY_VERSION} ready in ${seconds} s, log ${proxy.logFile}`);
    console.log(
      `PHOTO_STORAGE=s3 S3_ENDPOINT=${proxy.endpoint} S3_BUCKET=${bucket} S3_REGION=${proxy.region} ` +
        `S3_ACCESS_KEY_ID=${proxy.accessKeyId} S3_SECRET_ACCESS_KEY=${proxy.secretAccessKey} S3_FORCE_PATH_STYLE=true`,
    );
    console.log('Ctrl-C stops it (its objects are in memory only).');
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    stop(1);
  }
}
