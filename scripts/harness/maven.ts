// Fetches test servers (Keycloak, S3Proxy) from Maven Central through Maven into a cache outside the repository,
// so a later run reuses them without touching the network.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { HarnessError, tail } from './errors.ts';

export function cacheRoot(env: NodeJS.ProcessEnv): string {
  return env.RECIPE_BOOK_CACHE || join(homedir(), '.cache', 'recipe-book');
}

export type Fetched = { bytes: number; seconds: number };

/**
 * `mvn dependency:copy` of one artifact (`group:artifact:version:type[:classifier]`) into `outputDir`, where it
 * must then be `fileName`. Strict checksums: Maven's default only warns about a download that does not match.
 */
export function mavenCopy(artifact: string, outputDir: string, fileName: string, javaHome: string): Fetched {
  const env = { ...process.env, JAVA_HOME: javaHome };
  const mvn = spawnSync('mvn', ['-v'], { encoding: 'utf8', env });
  if (mvn.error || mvn.status !== 0) {
    throw new HarnessError(
      `Maven (mvn) is needed to fetch ${artifact} from Maven Central and was not found or does not run: ` +
        'install it (apt-get install -y maven).',
    );
  }
  mkdirSync(outputDir, { recursive: true });
  const started = Date.now();
  const copy = spawnSync(
    'mvn',
    ['-q', '-B', '--strict-checksums', 'dependency:copy', `-Dartifact=${artifact}`, `-DoutputDirectory=${outputDir}`],
    { encoding: 'utf8', env },
  );
  const file = join(outputDir, fileName);
  if (copy.status !== 0 || !existsSync(file)) {
    throw new HarnessError(
      `Could not fetch ${artifact} from Maven Central (is https://repo.maven.apache.org reachable?).\n` +
        tail(`${copy.stdout ?? ''}${copy.stderr ?? ''}`),
    );
  }
  return { bytes: statSync(file).size, seconds: (Date.now() - started) / 1000 };
}
