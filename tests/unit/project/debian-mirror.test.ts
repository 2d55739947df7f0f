import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_MIRROR,
  debianMirror,
  mirrorFromIndexTargets,
  parseIndexTargets,
} from '../../../scripts/container/debian-mirror.ts';

/** One record of `apt-get indextargets --no-release-info`, as apt 2.6 prints it (fields trimmed to those read). */
const target = (repo: string, release: string, targetOf = 'deb', entry = '/etc/apt/sources.list.d/debian.sources:1') =>
  [
    'MetaKey: main/binary-amd64/Packages',
    'ShortDesc: Packages',
    `Description: ${repo.replace(/\/$/, '')} ${release}/main amd64 Packages`,
    `URI: ${repo}dists/${release}/main/binary-amd64/Packages`,
    'Fallback-Of: ',
    'Identifier: Packages',
    `Release: ${release}`,
    `Repo-URI: ${repo}`,
    `Site: ${repo.replace(/\/$/, '')}`,
    `Sourcesentry: ${entry}`,
    `Target-Of: ${targetOf}`,
  ].join('\n');
const output = (...targets: string[]) => targets.join('\n\n') + '\n';

describe('mirrorFromIndexTargets', () => {
  it("reads the fields of apt's records", () => {
    const [first] = parseIndexTargets(output(target('http://deb.debian.org/debian/', 'bookworm')));
    expect(first).toMatchObject({
      'Repo-URI': 'http://deb.debian.org/debian/',
      Release: 'bookworm',
      'Fallback-Of': '',
    });
  });

  it('takes the repository serving bookworm, not its security or updates suites', () => {
    const text = output(
      target('http://deb.debian.org/debian-security/', 'bookworm-security'),
      target('http://updates.example/debian/', 'bookworm-updates'),
      target('http://deb.debian.org/debian/', 'bookworm'),
    );
    expect(mirrorFromIndexTargets(text)).toBe('http://deb.debian.org/debian/');
  });

  it("keeps apt's order: the first of a deb822 entry's several URIs", () => {
    const text = output(
      target('http://mirror-a.example/debian/', 'bookworm'),
      target('https://mirror-b.example/debian/', 'bookworm'),
    );
    expect(mirrorFromIndexTargets(text)).toBe('http://mirror-a.example/debian/');
  });

  it('passes over source repositories, other distributions and addresses debootstrap cannot fetch from', () => {
    const text = output(
      target(
        'https://deb.nodesource.com/node_20.x/',
        'nodistro',
        'deb',
        '/etc/apt/sources.list.d/nodesource.sources:1',
      ),
      target('http://src.example/debian/', 'bookworm', 'deb-src'),
      target('cdrom://[Debian GNU/Linux 12]/', 'bookworm'),
      target('http://ftp.se.debian.org/debian/', 'bookworm'),
    );
    expect(mirrorFromIndexTargets(text)).toBe('http://ftp.se.debian.org/debian/');
  });

  it('takes a mirror of another Debian release when none lists bookworm (it serves bookworm too)', () => {
    const text = output(
      target('https://deb.nodesource.com/node_20.x/', 'nodistro'),
      target('http://deb.debian.org/debian-security/', 'trixie-security'),
      target('http://ftp.de.debian.org/debian/', 'trixie'),
    );
    expect(mirrorFromIndexTargets(text)).toBe('http://ftp.de.debian.org/debian/');
  });

  it('finds none in an empty listing', () => {
    expect(mirrorFromIndexTargets('')).toBeUndefined();
    expect(mirrorFromIndexTargets(output(target('https://deb.nodesource.com/node_20.x/', 'nodistro')))).toBeUndefined();
  });
});

// The real function, with apt reading a folder of sources of this test's own (Dir::Etc::SourceParts) instead of
// /etc/apt, which stays untouched. Needs apt-get: Debian and its derivatives, as CI is.
describe.skipIf(!existsSync('/usr/bin/apt-get'))('debianMirror, as apt reads the sources', () => {
  const dir = mkdtempSync(join(tmpdir(), 'apt-sources-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const options = [`Dir::Etc::SourceList=${join(dir, 'sources.list')}`, `Dir::Etc::SourceParts=${dir}`];
  const write = (name: string, text: string) => writeFileSync(join(dir, name), text);

  it('ignores files apt skips and entries it does not enable, and takes the first URI of the first entry', () => {
    // Sorted before the real ones, as apt (and a grep over the folder) would read them.
    write(
      '00-nodesource.sources.disabled',
      'Types: deb\nURIs: http://disabled.example/debian\nSuites: bookworm\nComponents: main\n',
    );
    write('01-old.list.disabled-by-farm', 'deb http://disabled-list.example/debian bookworm main\n');
    write(
      '10-debian.sources',
      [
        'Types: deb',
        'URIs: http://off.example/debian',
        'Suites: bookworm',
        'Components: main',
        'Enabled: no',
        '',
        'Types: deb',
        '# a comment between the fields',
        'URIs: http://mirror-a.example/debian https://mirror-b.example/debian',
        'Suites: bookworm-security bookworm',
        'Components: main',
        '',
      ].join('\n'),
    );
    write('20-other.list', 'deb [arch=amd64] http://list.example/debian bookworm main\n');
    expect(debianMirror(options)).toBe('http://mirror-a.example/debian/');
  });

  it('falls back to deb.debian.org when apt has no Debian source', () => {
    const empty = mkdtempSync(join(dir, 'empty-'));
    expect(debianMirror([`Dir::Etc::SourceList=${join(empty, 'none')}`, `Dir::Etc::SourceParts=${empty}`])).toBe(
      DEFAULT_MIRROR,
    );
  });
});
