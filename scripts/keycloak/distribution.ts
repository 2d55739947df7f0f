// Fetches keycloak-quarkus-dist from Maven Central through Maven and unpacks it into a cache outside the
// repository; a later run reuses the unpacked copy without touching the network.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { HarnessError, tail } from './errors.ts';
import type { Jdk } from './jdk.ts';

export type Distribution = { home: string; download: { bytes: number; seconds: number } | null };

const ARTIFACT = 'org.keycloak:keycloak-quarkus-dist';

export function ensureDistribution(version: string, cacheRoot: string, jdk: Jdk): Distribution {
  const dir = join(cacheRoot, `keycloak-${version}`);
  const home = join(dir, `keycloak-${version}`);
  if (existsSync(join(home, 'bin', 'kc.sh'))) return { home, download: null };

  const mvn = spawnSync('mvn', ['-v'], { encoding: 'utf8', env: { ...process.env, JAVA_HOME: jdk.home } });
  if (mvn.error || mvn.status !== 0) {
    throw new HarnessError(
      'Maven (mvn) is needed to fetch Keycloak from Maven Central and was not found or does not run: ' +
        'install it (apt-get install -y maven).',
    );
  }
  mkdirSync(dir, { recursive: true });
  const started = Date.now();
  const copy = spawnSync(
    'mvn',
    ['-q', '-B', 'dependency:copy', `-Dartifact=${ARTIFACT}:${version}:tar.gz`, `-DoutputDirectory=${dir}`],
    { encoding: 'utf8', env: { ...process.env, JAVA_HOME: jdk.home } },
  );
  const tarball = join(dir, `keycloak-quarkus-dist-${version}.tar.gz`);
  if (copy.status !== 0 || !existsSync(tarball)) {
    throw new HarnessError(
      `Could not fetch ${ARTIFACT}:${version}:tar.gz from Maven Central (is https://repo.maven.apache.org reachable?).\n` +
        tail(`${copy.stdout ?? ''}${copy.stderr ?? ''}`),
    );
  }
  const seconds = (Date.now() - started) / 1000;
  const bytes = statSync(tarball).size;

  // Unpack beside the final place and rename, so an interrupted unpack never looks like a valid cache.
  const staging = join(dir, `.unpack-${process.pid}`);
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging);
  const tar = spawnSync('tar', ['xzf', tarball, '-C', staging], { encoding: 'utf8' });
  if (tar.status !== 0) {
    rmSync(staging, { recursive: true, force: true });
    throw new HarnessError(`Could not unpack ${tarball}:\n${tail(tar.stderr ?? '')}`);
  }
  renameSync(join(staging, `keycloak-${version}`), home);
  rmSync(staging, { recursive: true, force: true });
  // Maven keeps its own copy in ~/.m2, so this one is only a transit file.
  rmSync(tarball, { force: true });
  return { home, download: { bytes, seconds } };
}
