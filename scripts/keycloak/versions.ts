// The pinned Keycloak versions and the Java versions each supports (docs/decisions/014-keycloak-version.md).
import type { Jdk } from '../harness/jdk.ts';

export type KeycloakRelease = { version: string; javaMajors: readonly number[] };

/**
 * Newest first. 26.7.3 is the newest release on Maven Central (maven-metadata.xml, 2026-11) and
 * supports Java 21 and 25; 26.5.6 is the newest of the 26.0-26.5 line, the last to run on Java 17.
 * Pinned rather than "LATEST" so a new release cannot change the suite's result overnight.
 */
export const KEYCLOAK_RELEASES: readonly KeycloakRelease[] = [
  { version: '26.7.3', javaMajors: [21, 25] },
  { version: '26.5.6', javaMajors: [17, 21] },
];

export type Choice = { release: KeycloakRelease; jdk: Jdk };

/** The newest release that one of the JDKs runs, with the newest such JDK. */
export function chooseRelease(jdks: readonly Jdk[], releases = KEYCLOAK_RELEASES): Choice | null {
  for (const release of releases) {
    const jdk = [...jdks].sort((a, b) => b.major - a.major).find((j) => release.javaMajors.includes(j.major));
    if (jdk) return { release, jdk };
  }
  return null;
}
