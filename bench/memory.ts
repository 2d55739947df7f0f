// `npm run bench:memory`: the memory of everything the embedded default runs, on a new data folder and on existing
// ones of 500 and 100,000 recipes, run three ways: as the image runs it (the server alone: the Dockerfile's command
// and settings, on this machine), as `npm start` runs it (npm and the server it starts, all processes), and, with
// `--ways=container`, in the image itself (built as `npm run test:container` builds it: Docker from Debian, local
// stand-ins for the base images; PID 1 of the container, on a folder mounted at /data):
//   - peak: the highest sum of the processes' resident memory, sampled every 25 ms from the start until the
//     idle figure is taken, plus each process's own high-water mark (VmHWM) at the end;
//   - idle: the sum once the server has answered the first page views and been left alone for 5 s.
// The page views are what a visitor's browser asks for (the list, its categories, a search, a recipe, the editor),
// and the contract's full list, which a new server builds in the background at start anyway.
// Targets (issue 27): idle ≤ 250 MB at 500 recipes and ≤ 400 MB at 100,000; peak ≤ 512 MB on an existing folder
// and on a new one. Figures, not assertions: it prints them beside the targets.
//   npm run bench:memory [-- --sizes=500,100000] [-- --ways=image,npm,container]
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../server/db/index.ts';
import { insertBenchRecipes } from './bulk-seed.ts';
import { buildSite, siteNeedsBuild } from '../server/site/build.ts';
import { freePort } from './net.ts';
import { serverNodeFlags } from './node-flags.ts';
import {
  bridgeExists,
  installFromDebian,
  removeEngineFolder,
  startEngine,
  type Engine,
} from '../scripts/container/engine.ts';
import { buildProjectImage } from '../scripts/container/stand-ins.ts';
import { cacheRoot } from '../scripts/harness/maven.ts';

const args = new Map(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k ?? '', v ?? ''] as const;
  }),
);
const SIZES = (args.get('sizes') ?? '500,100000').split(',').map(Number);
const IMAGE = 'recipe-book:bench';
// The image's command (Dockerfile: CMD and ENV MALLOC_ARENA_MAX; its flags are npm start's), with the project's
// Node 24; and npm start.
const WAYS = {
  image: {
    command: ['node_modules/.bin/node', ...serverNodeFlags(), 'server/start.ts'].join(' '),
    env: { MALLOC_ARENA_MAX: '2', LOG_FORMAT: 'json' },
  },
  npm: { command: 'npm start', env: {} },
  container: { command: `docker run ${IMAGE}`, env: {} },
};
type Way = keyof typeof WAYS;
const ways = (args.get('ways') ?? 'image,npm').split(',') as Way[];
for (const way of ways)
  if (!(way in WAYS)) throw new Error(`--ways: ${way} is none of ${Object.keys(WAYS).join(', ')}`);
const MB = 1024 * 1024;

function status(pid: number): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return undefined;
  }
}
const field = (text: string | undefined, name: string) =>
  Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(text ?? '')?.[1] ?? 0) * 1024;

/** The process and every descendant, from /proc's parent links. */
function tree(root: number): number[] {
  const parents = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const ppid = Number(/^PPid:\s+(\d+)/m.exec(status(Number(entry)) ?? '')?.[1] ?? -1);
    parents.set(ppid, [...(parents.get(ppid) ?? []), Number(entry)]);
  }
  const all = [root];
  for (let i = 0; i < all.length; i++) all.push(...(parents.get(all[i]!) ?? []));
  return all;
}

type Figures = { peakSum: number; hwm: Record<string, number>; idle: number; idleByProcess: Record<string, number> };

function name(pid: number): string {
  return `${/^Name:\s+(\S+)/m.exec(status(pid) ?? '')?.[1] ?? '?'}[${pid}]`;
}

/** A server started for one measurement: the process whose tree is sampled, whether it still runs, its stop. */
type Started = { pid: number; exited(): boolean; stop(): Promise<void> };

function startOnHost(way: Way, dataDir: string, port: number): Started {
  const [command, ...rest] = WAYS[way].command.split(/\s+/).filter(Boolean);
  const child: ChildProcess = spawn(command!, rest, {
    env: {
      ...process.env,
      ...WAYS[way].env,
      PORT: String(port),
      HOST: 'localhost',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  return {
    pid: child.pid!,
    exited: () => child.exitCode !== null,
    stop: async () => {
      const exited = new Promise((r) => child.once('exit', r));
      process.kill(-child.pid!, 'SIGTERM');
      await exited;
    },
  };
}

/** The image as README runs it (its own settings; the folder is the container user's, as a volume would be). */
function startInContainer(engine: Engine, dataDir: string, port: number): Started {
  spawnSync('chown', ['-R', '1000:1000', dataDir]);
  const id = engine
    .docker(['run', '-d', '-v', `${dataDir}:/data`, '-p', `127.0.0.1:${port}:8080`, '-e', 'LOG_LEVEL=warn', IMAGE])
    .stdout.trim();
  const inspect = (format: string) => engine.docker(['inspect', '--format', format, id]).stdout.trim();
  return {
    pid: Number(inspect('{{.State.Pid}}')),
    exited: () => inspect('{{.State.Running}}') !== 'true',
    stop: async () => {
      engine.docker(['stop', '-t', '10', id]);
      engine.docker(['rm', id]);
    },
  };
}

async function measure(way: Way, dataDir: string, pages: string[]): Promise<Figures> {
  const port = await freePort();
  const server =
    way === 'container' ? startInContainer(await docker(), dataDir, port) : startOnHost(way, dataDir, port);
  const base = `http://localhost:${port}`;
  let peakSum = 0;
  const hwm: Record<string, number> = {};
  const sample = () => {
    const pids = tree(server.pid);
    let sum = 0;
    for (const pid of pids) {
      const s = status(pid);
      sum += field(s, 'VmRSS');
      const high = field(s, 'VmHWM');
      if (high) hwm[name(pid)] = Math.max(hwm[name(pid)] ?? 0, high);
    }
    peakSum = Math.max(peakSum, sum);
    return sum;
  };
  const sampler = setInterval(sample, 25);
  try {
    for (let ready = false; !ready;) {
      if (server.exited()) throw new Error(`${WAYS[way].command} exited`);
      ready = await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (!ready) await new Promise((r) => setTimeout(r, 100));
    }
    for (const path of pages) await (await fetch(base + path)).text();
    await new Promise((r) => setTimeout(r, 5000));
    clearInterval(sampler);
    sample();
    const idleByProcess: Record<string, number> = {};
    for (const pid of tree(server.pid)) idleByProcess[name(pid)] = field(status(pid), 'VmRSS');
    const idle = Object.values(idleByProcess).reduce((a, b) => a + b, 0);
    return { peakSum, hwm, idle, idleByProcess };
  } finally {
    clearInterval(sampler);
    await server.stop();
  }
}

// Docker and the image, made once when the container way is measured; stopped and removed at the end.
let engine: { engine: Engine; done(): Promise<void> } | undefined;
async function docker(): Promise<Engine> {
  if (engine) return engine.engine;
  installFromDebian({ '/usr/sbin/debootstrap': 'debootstrap' });
  const work = mkdtempSync(join(tmpdir(), 'bench-memory-docker-'));
  const folder = join(work, 'docker');
  const ownBridge = !bridgeExists();
  const started = await startEngine(folder, process.cwd());
  started.env.TMPDIR = work;
  engine = {
    engine: started,
    done: async () => {
      await started.stop();
      removeEngineFolder(folder, ownBridge);
      rmSync(work, { recursive: true, force: true });
    },
  };
  console.log('(building the image as npm run test:container does: a few minutes)');
  buildProjectImage(started, process.cwd(), join(cacheRoot(process.env), 'containers'), IMAGE);
  return started;
}

const PAGES = [
  '/',
  '/api/categories',
  '/api/recipes/names?limit=50',
  '/api/recipes/names?search=pannkak&limit=50',
  '/1',
  '/api/recipes/1',
  '/new-recipe',
  '/api/recipes',
];
const mb = (bytes: number) => `${Math.round(bytes / MB)} MB`;
const perProcess = (record: Record<string, number>) =>
  Object.entries(record)
    .map(([k, v]) => `${k} ${mb(v)}`)
    .join(', ');

function report(what: string, f: Figures, targets: { idle?: number; peak: number }): void {
  console.log(`\n${what}`);
  console.log(`  peak (sum of all processes): ${mb(f.peakSum)}   target ≤ ${targets.peak} MB`);
  console.log(`  high-water mark per process: ${perProcess(f.hwm)}`);
  console.log(
    `  idle after the first page views: ${mb(f.idle)}${targets.idle ? `   target ≤ ${targets.idle} MB` : ''} (${perProcess(f.idleByProcess)})`,
  );
}

async function seeded(count: number): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), `bench-memory-${count}-`));
  const db = await openDatabase({ dataDir: dir });
  const started = Date.now();
  await insertBenchRecipes(db, 0, count);
  await db.close();
  console.log(`  (seeded ${count} recipes in ${((Date.now() - started) / 1000).toFixed(1)} s)`);
  return dir;
}

console.log(`bench:memory: ${ways.map((w) => `${w} (${WAYS[w].command})`).join(' and ')}, Node ${process.version}`);
// A start with dist/ missing or older than its sources builds the site first (astro in a child process): that is
// not the server's memory, so it is built here, before anything is measured.
if (siteNeedsBuild(process.cwd(), 'dist')) {
  console.log('(dist/ is missing or older than its sources: building the site first)');
  buildSite(process.cwd(), 'dist');
}
const dirs: string[] = [];
try {
  for (const way of ways) {
    const fresh = mkdtempSync(join(tmpdir(), 'bench-memory-new-'));
    dirs.push(fresh);
    report(
      `${way}: a new data folder (the first start: cluster, demo recipes, keys)`,
      await measure(way, fresh, PAGES),
      {
        peak: 512,
      },
    );
    report(`${way}: the same folder again (15 recipes)`, await measure(way, fresh, PAGES), { peak: 512 });
  }
  for (const size of SIZES) {
    const dir = await seeded(size);
    dirs.push(dir);
    const targets = { idle: size <= 500 ? 250 : 400, peak: 512 };
    for (const way of ways)
      report(
        `${way}: an existing folder of ${size.toLocaleString('en')} recipes`,
        await measure(way, dir, PAGES),
        targets,
      );
  }
} finally {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  await engine?.done();
}
