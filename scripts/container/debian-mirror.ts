// The Debian mirror the stand-in base image is made from: the one apt on this machine already uses (CI reaches only
// it). Read from apt itself (`apt-get indextargets`), not from the files: apt decides which files count (`*.list`
// and `*.sources` only, so not `nodesource.sources.disabled` or `x.list.disabled-by-farm`), which entries are
// enabled (`Enabled: no`), and how a deb822 entry's several URIs and suites expand. A grep over the folder once
// picked a disabled file's address and debootstrap failed.
import { spawnSync } from 'node:child_process';
import { HarnessError, tail } from '../harness/errors.ts';

/** The suite the stand-ins are made of (their tags say bookworm). */
export const SUITE = 'bookworm';
export const DEFAULT_MIRROR = 'http://deb.debian.org/debian/';
// Debian's release names and aliases: a mirror that serves one of them serves the others too.
const DEBIAN_SUITES = /^(bullseye|bookworm|trixie|forky|duke|sid|oldoldstable|oldstable|stable|testing|unstable)$/;

type Target = Record<string, string>;

/** The records of `apt-get indextargets` (deb822: fields, records separated by blank lines). */
export function parseIndexTargets(output: string): Target[] {
  return output
    .split(/\n\s*\n/)
    .map((block) => {
      const record: Target = {};
      for (const line of block.split('\n')) {
        const match = /^([\w-]+):\s*(.*)$/.exec(line);
        if (match) record[match[1]!] = match[2]!.trim();
      }
      return record;
    })
    .filter((record) => Object.keys(record).length > 0);
}

/**
 * The first binary (`deb`) repository over http(s) that serves `suite` (not its -security or -updates), in apt's
 * order; else the first that serves another Debian release; else undefined.
 */
export function mirrorFromIndexTargets(output: string, suite = SUITE): string | undefined {
  const repositories = parseIndexTargets(output).filter(
    (t) => t['Target-Of'] === 'deb' && /^https?:\/\//.test(t['Repo-URI'] ?? ''),
  );
  const serving = (wanted: (release: string) => boolean) =>
    repositories.find((t) => wanted(t['Release'] ?? ''))?.['Repo-URI'];
  return serving((release) => release === suite) ?? serving((release) => DEBIAN_SUITES.test(release));
}

/**
 * The mirror apt uses here. `aptOptions` are extra `-o` settings for apt-get (the tests point
 * Dir::Etc::SourceParts at a folder of their own). --no-release-info: the targets are listed even before
 * `apt-get update` has fetched their release files.
 */
export function debianMirror(aptOptions: string[] = []): string {
  const r = spawnSync(
    'apt-get',
    ['indextargets', '--no-release-info', ...aptOptions.flatMap((o) => ['-o', o]), 'Identifier: Packages'],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  if (r.status !== 0)
    throw new HarnessError(`apt-get indextargets failed:\n${tail(`${r.stderr ?? ''}${r.stdout ?? ''}`)}`);
  return mirrorFromIndexTargets(r.stdout) ?? DEFAULT_MIRROR;
}
