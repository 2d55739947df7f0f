// Docker for the container test, from Debian's packages: a daemon of its own whose storage, state and socket
// all live under one temporary folder, stopped by its pid and removed afterwards (../shared/notes/containers.md).
// Docker rather than Podman: Debian's docker-compose (1.29) honours `profiles` and `depends_on: condition:
// service_healthy`, which compose.yaml uses and Debian's podman-compose (1.0.3) ignores.
import { spawn, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { HarnessError, tail } from '../harness/errors.ts';

const PACKAGES = { '/usr/sbin/dockerd': 'docker.io', '/usr/bin/docker-compose': 'docker-compose' } as const;
export const DOCKER = '/usr/bin/docker';

/** Installs Docker and docker-compose from Debian when missing (CI machines are fresh). */
export function installFromDebian(extra: Record<string, string> = {}): void {
  const wanted = Object.entries({ ...PACKAGES, ...extra })
    .filter(([file]) => !existsSync(file))
    .map(([, pkg]) => pkg);
  if (!wanted.length) return;
  console.log(`== installing from Debian: ${wanted.join(' ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', ...wanted],
  ]) {
    const r = spawnSync('apt-get', args, { encoding: 'utf8', env });
    if (r.status !== 0) throw new HarnessError(`apt-get ${args.join(' ')} failed:\n${tail(r.stderr + r.stdout)}`);
  }
}

export type Engine = {
  /** DOCKER_HOST and the rest of the environment every docker and docker-compose call gets. */
  env: NodeJS.ProcessEnv;
  /** Runs docker; throws with its output when it fails unless `allowFailure`. */
  docker(args: string[], options?: RunOptions): SpawnSyncReturns<string>;
  /** Runs docker-compose on compose.yaml in `cwd` with the given extra environment. */
  compose(args: string[], options?: RunOptions & { env?: NodeJS.ProcessEnv }): SpawnSyncReturns<string>;
  stop(): Promise<void>;
};
export type RunOptions = { input?: string; allowFailure?: boolean; inherit?: boolean; timeoutMs?: number };

function run(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  cwd: string,
  o: RunOptions = {},
): SpawnSyncReturns<string> {
  const r = spawnSync(command, args, {
    cwd,
    env,
    encoding: 'utf8',
    input: o.input,
    maxBuffer: 256 * 1024 * 1024,
    timeout: o.timeoutMs ?? 15 * 60_000,
    stdio: o.inherit ? ['pipe', 'inherit', 'inherit'] : 'pipe',
  });
  if (!o.allowFailure && (r.status !== 0 || r.error)) {
    const output = `${r.stdout ?? ''}${r.stderr ?? ''}`;
    throw new HarnessError(
      `${command} ${args.join(' ')} failed (${r.error?.message ?? `exit ${r.status ?? r.signal}`}):\n${tail(output, 30)}`,
    );
  }
  return r;
}

/** Starts dockerd with everything under `dir`; resolves once it answers. */
export async function startEngine(dir: string, cwd: string): Promise<Engine> {
  mkdirSync(dir, { recursive: true });
  const socket = join(dir, 'docker.sock');
  const log = openSync(join(dir, 'dockerd.log'), 'a');
  const daemon = spawn(
    '/usr/sbin/dockerd',
    [
      `--data-root=${join(dir, 'data')}`,
      `--exec-root=${join(dir, 'exec')}`,
      `--pidfile=${join(dir, 'dockerd.pid')}`,
      `--host=unix://${socket}`,
      '--storage-driver=overlay2',
      // No iptables rules to leave behind: builds use the host's network, published ports Docker's own proxy.
      '--iptables=false',
      '--ip-masq=false',
    ],
    { detached: true, stdio: ['ignore', log, log] },
  );
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DOCKER_HOST: `unix://${socket}`,
    DOCKER_CONFIG: join(dir, 'client'),
    COMPOSE_PROJECT_NAME: 'recipebooktest',
    COMPOSE_INTERACTIVE_NO_CLI: '1',
  };
  const docker: Engine['docker'] = (args, o) => run(DOCKER, args, env, cwd, o);
  const compose: Engine['compose'] = (args, o) =>
    run('docker-compose', ['-f', 'compose.yaml', ...args], { ...env, ...o?.env }, cwd, o);
  const stop = async () => {
    if (daemon.exitCode !== null) return;
    // Containers first: a daemon stopped under running ones leaves their shims behind.
    const ids = docker(['ps', '-aq'], { allowFailure: true }).stdout.split('\n').filter(Boolean);
    if (ids.length) docker(['rm', '-f', ...ids], { allowFailure: true });
    const exited = new Promise((resolve) => daemon.once('exit', resolve));
    process.kill(daemon.pid!, 'SIGTERM');
    const force = setTimeout(() => daemon.kill('SIGKILL'), 20_000);
    await exited;
    clearTimeout(force);
  };
  const deadline = Date.now() + 60_000;
  while (docker(['info'], { allowFailure: true }).status !== 0) {
    if (daemon.exitCode !== null || Date.now() > deadline) {
      await stop();
      const text = readFileSync(join(dir, 'dockerd.log'), 'utf8');
      throw new HarnessError(`dockerd did not start:\n${tail(text)}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { env, docker, compose, stop };
}

/** Whether the default bridge exists before this test's daemon makes it (then it is not the test's to remove). */
export function bridgeExists(): boolean {
  return spawnSync('ip', ['link', 'show', 'docker0'], { stdio: 'ignore' }).status === 0;
}

/**
 * Why containers on one network could not reach each other here, or undefined: with bridged traffic passed through
 * iptables (br_netfilter) and the FORWARD chain's policy DROP (which a Docker daemon with iptables sets, and leaves
 * behind), every packet between two containers is dropped and the production profile's services time out.
 */
export function bridgeTrafficBlocked(): string | undefined {
  const bridged = spawnSync('cat', ['/proc/sys/net/bridge/bridge-nf-call-iptables'], { encoding: 'utf8' });
  const forward = spawnSync('iptables', ['-S', 'FORWARD'], { encoding: 'utf8' });
  if (bridged.stdout.trim() !== '1' || !/^-P FORWARD DROP/m.test(forward.stdout ?? '')) return undefined;
  return (
    "iptables' FORWARD policy is DROP and bridged traffic goes through iptables, so containers cannot reach each " +
    'other: `iptables -P FORWARD ACCEPT` (a Docker daemon started with iptables leaves this behind), or run the test elsewhere.'
  );
}

/** Removes the engine's folder (what dockerd left mounted in it first) and the bridge it made. */
export function removeEngineFolder(dir: string, removeBridge: boolean): void {
  spawnSync('sh', ['-c', `grep -o " ${dir}[^ ]*" /proc/mounts | sort -r | xargs -r -n1 umount -l`]);
  rmSync(dir, { recursive: true, force: true });
  if (removeBridge) spawnSync('ip', ['link', 'delete', 'docker0'], { stdio: 'ignore' });
}
