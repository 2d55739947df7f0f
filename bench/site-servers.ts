// The two servers the site bench compares: the product as `npm start` runs it, and Debian's nginx
// serving the same dist/ (gzip on, the rewrites of deploy/nginx.conf) with the API proxied to ours.
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort, waitForHttp } from './net.ts';

export type Running = { url: string; pid: number; stop(): Promise<void> };

function stopper(child: ChildProcess, signal: NodeJS.Signals, cleanup = () => {}) {
  const orphan = () => child.kill('SIGKILL');
  process.once('exit', orphan);
  return async () => {
    process.off('exit', orphan);
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((done) => child.once('exit', () => done()));
      // The group: npm and the server it starts.
      try { process.kill(-(child.pid ?? 0), signal); } catch { /* gone already */ }
      const timer = setTimeout(() => { try { process.kill(-(child.pid ?? 0), 'SIGKILL'); } catch { /* gone */ } }, 10_000);
      await exited;
      clearTimeout(timer);
    }
    cleanup();
  };
}

/** `npm start` on a seeded PGlite folder: the embedded default, as a person runs it. */
export async function startProduct(root: string, dataDir: string): Promise<Running> {
  const port = await freePort();
  const child = spawn('npm', ['start'], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', WRITE_RATE_LIMIT: '1000000' },
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = stopper(child, 'SIGTERM');
  try {
    await waitForHttp(`${url}/config.json`, 300_000, () => child.exitCode !== null);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, pid: child.pid ?? 0, stop };
}

/** Resident memory of a process and all its descendants (npm → node), now and at peak. */
export function treeMemory(pid: number): { rssMb: number; peakMb: number } {
  const parents = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      parents.set(Number(name), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch { /* exited meanwhile */ }
  }
  const tree = new Set([pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [child, parent] of parents) if (tree.has(parent) && !tree.has(child)) { tree.add(child); grew = true; }
  }
  let rss = 0;
  let peak = 0;
  for (const p of tree) {
    try {
      const status = readFileSync(`/proc/${p}/status`, 'utf8');
      const kb = (f: string) => Number(new RegExp(`^${f}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
      rss += kb('VmRSS');
      peak += kb('VmHWM');
    } catch { /* exited meanwhile */ }
  }
  return { rssMb: rss / 1024, peakMb: peak / 1024 };
}

/** nginx with one worker serving `dist`, gzip on, proxying the API, /config.json and sign-in to `upstream`. */
export async function startSiteNginx(dist: string, upstream: string): Promise<Running> {
  const prefix = mkdtempSync(join(tmpdir(), 'bench-site-nginx-'));
  for (const dir of ['logs', 'tmp']) mkdirSync(join(prefix, dir));
  chmodSync(prefix, 0o755);
  const port = await freePort();
  const root = resolve(dist);
  const conf = `
worker_processes 1;
daemon off;
pid ${prefix}/nginx.pid;
error_log ${prefix}/logs/error.log warn;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  access_log off;
  sendfile on;
  gzip on;
  gzip_types text/css application/javascript text/javascript application/json image/svg+xml;
  client_body_temp_path ${prefix}/tmp/body;
  proxy_temp_path ${prefix}/tmp/proxy;
  fastcgi_temp_path ${prefix}/tmp/fastcgi;
  uwsgi_temp_path ${prefix}/tmp/uwsgi;
  scgi_temp_path ${prefix}/tmp/scgi;
  server {
    listen 127.0.0.1:${port};
    root ${root};
    location /api/ { proxy_pass ${upstream}; }
    location /realms/ { proxy_pass ${upstream}; }
    location = /config.json { proxy_pass ${upstream}; }
    location = / { try_files /index.html =404; }
    location ~ "^/[1-9][0-9]{0,14}$" { try_files /recipe.html =404; }
    location / { try_files $uri $uri.html =404; }
  }
}
`;
  writeFileSync(join(prefix, 'nginx.conf'), conf);
  const child = spawn('/usr/sbin/nginx', ['-e', join(prefix, 'logs', 'error.log'), '-p', prefix, '-c', join(prefix, 'nginx.conf')], {
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = stopper(child, 'SIGQUIT', () => rmSync(prefix, { recursive: true, force: true }));
  try {
    await waitForHttp(url, 10_000, () => child.exitCode !== null);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, pid: child.pid ?? 0, stop };
}
