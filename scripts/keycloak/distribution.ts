// Fetches keycloak-quarkus-dist from Maven Central (harness/maven.ts) and unpacks it into a cache outside the
// repository; a later run reuses the unpacked copy without touching the network.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import { HarnessError, tail } from '../harness/errors.ts';
import type { Jdk } from '../harness/jdk.ts';
import { mavenCopy, type Fetched } from '../harness/maven.ts';

export type Distribution = { home: string; download: Fetched | null };

const ARTIFACT = 'org.keycloak:keycloak-quarkus-dist';

export function ensureDistribution(version: string, cacheRoot: string, jdk: Jdk): Distribution {
  const dir = join(cacheRoot, `keycloak-${version}`);
  const home = join(dir, `keycloak-${version}`);
  if (existsSync(join(home, 'bin', 'kc.sh'))) return { home, download: null };

  const tarball = join(dir, `keycloak-quarkus-dist-${version}.tar.gz`);
  const { bytes, seconds } = mavenCopy(`${ARTIFACT}:${version}:tar.gz`, dir, basename(tarball), jdk.home);

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
