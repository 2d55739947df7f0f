import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, mkdirSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, waitForHttp } from './net.ts';

const NGINX = '/usr/sbin/nginx';

export type StaticServer = { url: string; pid: number; stop(): Promise<void> };

/**
 * Debian's nginx serving `body` as a static file at `path`, the yardstick for our JSON route.
 * One worker process, like our single Node process, so the ratio compares one core with one core.
 */
export async function startNginx(path: string, body: Buffer): Promise<StaticServer> {
  const prefix = mkdtempSync(join(tmpdir(), 'bench-nginx-'));
  for (const dir of ['logs', 'html', 'tmp']) mkdirSync(join(prefix, dir));
  writeFileSync(join(prefix, 'html', 'body.json'), body, { mode: 0o644 });
  // Started as root, nginx's worker drops to `nobody`, which must be able to read the file.
  chmodSync(prefix, 0o755);
  chmodSync(join(prefix, 'html'), 0o755);
  const port = await freePort();
  const conf = `
worker_processes 1;
daemon off;
pid ${prefix}/nginx.pid;
error_log ${prefix}/logs/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  client_body_temp_path ${prefix}/tmp/body;
  proxy_temp_path ${prefix}/tmp/proxy;
  fastcgi_temp_path ${prefix}/tmp/fastcgi;
  uwsgi_temp_path ${prefix}/tmp/uwsgi;
  scgi_temp_path ${prefix}/tmp/scgi;
  server {
    listen 127.0.0.1:${port};
    location = ${path} {
      default_type application/json;
      alias ${prefix}/html/body.json;
    }
  }
}
`;
  writeFileSync(join(prefix, 'nginx.conf'), conf);
  // -g is not needed: every directive lives in the generated file; -e keeps the startup error log out of /var/log.
  const child: ChildProcess = spawn(NGINX, ['-e', join(prefix, 'logs', 'error.log'), '-p', prefix, '-c', join(prefix, 'nginx.conf')], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
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
