// JDK + Keycloak distribution, shared by the test harness and the stand-alone server script.
import { ensureDistribution } from './distribution.ts';
import { HarnessError } from '../harness/errors.ts';
import { findJdks, type Jdk } from '../harness/jdk.ts';
import { cacheRoot } from '../harness/maven.ts';
import { chooseRelease, KEYCLOAK_RELEASES, type KeycloakRelease } from './versions.ts';

export type Prepared = { release: KeycloakRelease; jdk: Jdk; home: string };

/** Picks the JDK and release, fetches the distribution when it is not cached; logs what it did. */
export function prepareKeycloak(env: NodeJS.ProcessEnv, log: (line: string) => void): Prepared {
  // KEYCLOAK_JAVA_HOME pins one JDK (e.g. to prove the Java 17 fallback); otherwise every JDK found counts.
  const jdks = env.KEYCLOAK_JAVA_HOME
    ? findJdks([], env.KEYCLOAK_JAVA_HOME)
    : findJdks(['/usr/lib/jvm'], env.JAVA_HOME);
  const choice = chooseRelease(jdks);
  if (!choice) {
    const found = jdks.length ? jdks.map((j) => `${j.home} (Java ${j.major})`).join(', ') : 'none';
    const wanted = KEYCLOAK_RELEASES.map((r) => `${r.version} needs Java ${r.javaMajors.join(' or ')}`).join('; ');
    throw new HarnessError(`No JDK on this machine runs a pinned Keycloak (${wanted}). JDKs found: ${found}.`);
  }
  const { release, jdk } = choice;
  log(`Keycloak ${release.version} on Java ${jdk.version} (${jdk.home})`);
  const dist = ensureDistribution(release.version, cacheRoot(env), jdk);
  if (dist.download) {
    const mb = (dist.download.bytes / 1e6).toFixed(0);
    log(`Fetched from Maven Central: ${mb} MB in ${dist.download.seconds.toFixed(1)} s; unpacked in ${dist.home}`);
  } else {
    log(`Using the cached copy in ${dist.home}`);
  }
  return { release, jdk, home: dist.home };
}
