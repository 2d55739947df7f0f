// `npm run bench:memory`: the memory of everything the embedded default runs (`npm start`: npm and the server
// it starts, all processes), on a new data folder and on existing ones of 500 and 100,000 recipes:
//   - peak: the highest sum of the processes' resident memory, sampled every 25 ms from the start until the
//     server answers, plus each process's own high-water mark (VmHWM) at the end;
//   - idle: the sum once the server has answered the first page views and been left alone for 5 s.
// Targets (issue 27): idle ≤ 250 MB at 500 recipes and ≤ 400 MB at 100,000; peak ≤ 512 MB on an existing folder
// and on a new one. Figures, not assertions: it prints them beside the targets.
//   npm run bench:memory [-- --sizes=500,100000] [-- --command="node server/start.ts"]
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../server/db/index.ts';
import { insertBenchRecipes } from './bulk-seed.ts';
import { freePort } from './net.ts';

const args = new Map(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k ?? '', v ?? ''] as const;
  }),
);
const SIZES = (args.get('sizes') ?? '500,100000').split(',').map(Number);
const COMMAND = args.get('command') ?? 'npm start';
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

async function measure(dataDir: string, pages: string[]): Promise<Figures> {
  const port = await freePort();
  const [command, ...rest] = COMMAND.split(/\s+/).filter(Boolean);
  const child: ChildProcess = spawn(command!, rest, {
    env: { ...process.env, PORT: String(port), HOST: 'localhost', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const base = `http://localhost:${port}`;
  let peakSum = 0;
  const hwm: Record<string, number> = {};
  const sample = () => {
    const pids = tree(child.pid!);
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
      if (child.exitCode !== null) throw new Error(`${COMMAND} exited with ${child.exitCode}`);
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
    for (const pid of tree(child.pid!)) idleByProcess[name(pid)] = field(status(pid), 'VmRSS');
    const idle = Object.values(idleByProcess).reduce((a, b) => a + b, 0);
    return { peakSum, hwm, idle, idleByProcess };
  } finally {
    clearInterval(sampler);
    const exited = new Promise((r) => child.once('exit', r));
    process.kill(-child.pid!, 'SIGTERM');
    await exited;
  }
}

const PAGES = ['/', '/api/recipes', '/api/recipes/1', '/api/recipes?q=pannkak', '/1', '/new-recipe'];
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

console.log(`bench:memory: ${COMMAND}, Node ${process.version}, ${process.env.MALLOC_ARENA_MAX ?? 'default'} arenas`);
if (!existsSync('dist/index.html')) console.log('(dist/ is missing: the first start builds the site first)');
const dirs: string[] = [];
try {
  const fresh = mkdtempSync(join(tmpdir(), 'bench-memory-new-'));
  dirs.push(fresh);
  report('a new data folder (the first start: cluster, demo recipes, keys)', await measure(fresh, PAGES), {
    peak: 512,
  });
  report('the same folder again (15 recipes)', await measure(fresh, PAGES), { peak: 512 });
  for (const size of SIZES) {
    const dir = await seeded(size);
    dirs.push(dir);
    const targets = { idle: size <= 500 ? 250 : 400, peak: 512 };
    report(`an existing folder of ${size.toLocaleString('en')} recipes`, await measure(dir, PAGES), targets);
  }
} finally {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}
