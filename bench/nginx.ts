import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, mkdirSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, waitForHttp } from './net.ts';

const NGINX = '/usr/sbin/nginx';

export type StaticServer = { url: string; pid: number; stop(): Promise<void> };

type NginxRun = {
  /** Start of the temporary prefix folder's name. */
  name: string;
  /** The rest of the http block: directives and the server block, given the prefix folder and the port. */
  http: (prefix: string, port: number) => string;
  /** Writes what the server serves into the prefix folder, before nginx starts. */
  prepare?: (prefix: string) => void;
  /** Appended to http://127.0.0.1:{port}: the URL returned and waited for. */
  path?: string;
  /** The port to listen on; a free one when not given. */
  port?: number;
};

/**
 * Debian's nginx as the benches run it: one worker process, like our single Node process, so a comparison
 * is one core against one core; every file it writes (pid, logs, temporary bodies) in a throwaway prefix
 * folder, removed by stop(). Started as root, the worker drops to `nobody`: the folder is world-readable.
 */
export async function runNginx({ name, http, prepare, path = '', port: wanted }: NginxRun): Promise<StaticServer> {
  const prefix = mkdtempSync(join(tmpdir(), `${name}-`));
  for (const dir of ['logs', 'tmp']) mkdirSync(join(prefix, dir));
  chmodSync(prefix, 0o755);
  prepare?.(prefix);
  const port = wanted ?? (await freePort());
  const conf = `
worker_processes 1;
daemon off;
pid ${prefix}/nginx.pid;
error_log ${prefix}/logs/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  client_body_temp_path ${prefix}/tmp/body;
  proxy_temp_path ${prefix}/tmp/proxy;
  fastcgi_temp_path ${prefix}/tmp/fastcgi;
  uwsgi_temp_path ${prefix}/tmp/uwsgi;
  scgi_temp_path ${prefix}/tmp/scgi;
${http(prefix, port)}
}
`;
  writeFileSync(join(prefix, 'nginx.conf'), conf);
  // -g is not needed: every directive lives in the generated file; -e keeps the startup error log out of /var/log.
  const child: ChildProcess = spawn(
    NGINX,
    ['-e', join(prefix, 'logs', 'error.log'), '-p', prefix, '-c', join(prefix, 'nginx.conf')],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  // Should the bench die half-way, nginx must not keep running on its own.
  const orphan = () => child.kill('SIGKILL');
  process.once('exit', orphan);
  child.once('exit', () => process.off('exit', orphan));
  const url = `http://127.0.0.1:${port}${path}`;
  try {
    await waitForHttp(url, 10_000, () => child.exitCode !== null);
  } catch (error) {
    child.kill('SIGTERM');
    rmSync(prefix, { recursive: true, force: true });
    throw error;
  }
  return {
    url,
    pid: child.pid ?? 0,
    async stop() {
      // SIGQUIT is nginx's graceful stop; the master waits for its worker before it exits.
      const exited = new Promise<void>((done) => child.once('exit', () => done()));
      child.kill('SIGQUIT');
      await Promise.race([exited, new Promise((done) => setTimeout(done, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}

/** nginx serving `body` as a static file at `path`, the yardstick for our JSON route (bench/api.ts). */
export function startNginx(path: string, body: Buffer): Promise<StaticServer> {
  return runNginx({
    name: 'bench-nginx',
    path,
    prepare: (prefix) => {
      mkdirSync(join(prefix, 'html'));
      chmodSync(join(prefix, 'html'), 0o755);
      writeFileSync(join(prefix, 'html', 'body.json'), body, { mode: 0o644 });
    },
    http: (prefix, port) => `
  tcp_nopush on;
  keepalive_requests 1000000;
  server {
    listen 127.0.0.1:${port};
    location = ${path} {
      default_type application/json;
      alias ${prefix}/html/body.json;
    }
  }`,
  });
}
