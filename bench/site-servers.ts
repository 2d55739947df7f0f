// The two servers the site bench compares: the product as `npm start` runs it, and Debian's nginx
// serving the same dist/ (gzip on, the rewrites of deploy/nginx.conf) with the API proxied to ours.
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { freePort, waitForHttp } from './net.ts';
import { runNginx } from './nginx.ts';

export type Running = { url: string; pid: number; stop(): Promise<void> };

function stopper(child: ChildProcess, signal: NodeJS.Signals) {
  const orphan = () => child.kill('SIGKILL');
  process.once('exit', orphan);
  return async () => {
    process.off('exit', orphan);
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((done) => child.once('exit', () => done()));
      // The group: npm and the server it starts.
      try {
        process.kill(-(child.pid ?? 0), signal);
      } catch {
        /* gone already */
      }
      const timer = setTimeout(() => {
        try {
          process.kill(-(child.pid ?? 0), 'SIGKILL');
        } catch {
          /* gone */
        }
      }, 10_000);
      await exited;
      clearTimeout(timer);
    }
  };
}

/**
 * `npm start` on a seeded PGlite folder: the embedded default, as a person runs it. PUBLIC_URL is the
 * address Lighthouse opens: the sign-in check's frames are only allowed on the product's own address
 * (opened as 127.0.0.1 while the product says localhost, the check is refused and never runs).
 * `alsoAllowed` are more site origins its identity provider serves (the nginx reference).
 */
export async function startProduct(root: string, dataDir: string, alsoAllowed: string[] = []): Promise<Running> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn('npm', ['start'], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      ALLOWED_ORIGINS: [url, ...alsoAllowed].join(','),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      WRITE_RATE_LIMIT: '1000000',
    },
  });
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
    } catch {
      /* exited meanwhile */
    }
  }
  const tree = new Set([pid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [child, parent] of parents)
      if (tree.has(parent) && !tree.has(child)) {
        tree.add(child);
        grew = true;
      }
  }
  let rss = 0;
  let peak = 0;
  for (const p of tree) {
    try {
      const status = readFileSync(`/proc/${p}/status`, 'utf8');
      const kb = (f: string) => Number(new RegExp(`^${f}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
      rss += kb('VmRSS');
      peak += kb('VmHWM');
    } catch {
      /* exited meanwhile */
    }
  }
  return { rssMb: rss / 1024, peakMb: peak / 1024 };
}

/**
 * nginx with one worker on `port` serving `dist`, gzip on, proxying the API and /config.json to
 * `upstream`; the pages sign in against the upstream's provider, like a static host with its own.
 */
export function startSiteNginx(dist: string, upstream: string, port: number): Promise<Running> {
  const root = resolve(dist);
  return runNginx({
    name: 'bench-site-nginx',
    port,
    http: (_prefix, port) => `
  include /etc/nginx/mime.types;
  gzip on;
  gzip_types text/css application/javascript text/javascript application/json image/svg+xml;
  server {
    listen 127.0.0.1:${port};
    root ${root};
    location /api/ { proxy_pass ${upstream}; }
    location = /config.json { proxy_pass ${upstream}; }
    location = / { try_files /index.html =404; }
    location ~ "^/[1-9][0-9]{0,14}$" { try_files /recipe.html =404; }
    location / { try_files $uri $uri.html =404; }
  }`,
  });
}
