// Finds the JDKs installed on this machine, so a harness can pick the newest Java server one of them runs.
import { existsSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';

export type Jdk = { home: string; major: number; version: string };

/** Reads `release` (present in every OpenJDK/Temurin image) rather than running `java -version`. */
export function describeJdk(home: string): Jdk | null {
  const release = join(home, 'release');
  if (!existsSync(join(home, 'bin', 'java')) || !existsSync(release)) return null;
  const match = /^JAVA_VERSION="([^"]+)"/m.exec(readFileSync(release, 'utf8'));
  if (!match?.[1]) return null;
  // "1.8.0_402" is Java 8; "17.0.15" and "25" are 17 and 25.
  const parts = match[1].split(/[._+-]/).map(Number);
  const major = parts[0] === 1 ? (parts[1] ?? 0) : (parts[0] ?? 0);
  return Number.isInteger(major) && major > 0 ? { home, major, version: match[1] } : null;
}

/** Every JDK under the given folders plus JAVA_HOME, newest first, each real folder once. */
export function findJdks(roots: string[], javaHome?: string): Jdk[] {
  const candidates = [...(javaHome ? [javaHome] : [])];
  for (const root of roots) {
    if (!existsSync(root)) continue;
    for (const name of readdirSync(root)) candidates.push(join(root, name));
  }
  const seen = new Set<string>();
  const jdks: Jdk[] = [];
  for (const candidate of candidates) {
    let real: string;
    try {
      real = realpathSync(candidate);
    } catch {
      continue;
    }
    if (seen.has(real)) continue;
    seen.add(real);
    const jdk = describeJdk(real);
    if (jdk) jdks.push(jdk);
  }
  return jdks.sort((a, b) => b.major - a.major);
}
