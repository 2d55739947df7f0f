// `npm test`: the whole suite in one go - types, lint and format, dependency rules, the site build and the JavaScript
// budget (two at a time), then the unit and server tests (PGlite and PostgreSQL), then the end-to-end suite in
// Chromium. Every step runs; the summary counts them all.
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { playwrightCounts, summaryLine, vitestCounts } from './test-counts.ts';

const REPORTS = 'reports';
rmSync(REPORTS, { recursive: true, force: true });
mkdirSync(REPORTS, { recursive: true });

type Step = {
  name: string;
  cmd: string;
  args: string[];
  env?: Record<string, string>;
  /** Runs only when these passed. */
  needs?: string[];
  /** Starts only when these have ended, passed or not (they read what this one writes). */
  after?: string[];
  /** Runs on its own, its output live; the others run two at a time and print theirs when they end. */
  alone?: boolean;
};
const steps: Step[] = [
  { name: 'typecheck', cmd: 'tsc', args: ['--noEmit'] },
  // ESLint with typescript-eslint's type-aware rules (eslint.config.js); any warning fails.
  { name: 'lint', cmd: 'eslint', args: ['.', '--max-warnings', '0'] },
  // src/lib alone, without DOM or Node types: shared code that uses either does not compile.
  { name: 'typecheck src/lib', cmd: 'tsc', args: ['--noEmit', '-p', 'src/lib'] },
  // Prettier's layout (.prettierrc.json); `npm run format` writes it.
  { name: 'format', cmd: 'prettier', args: ['--check', '.'] },
  // The layering and no import cycles (.dependency-cruiser.cjs).
  { name: 'dependency rules', cmd: 'depcruise', args: ['src', 'server', '--config', '.dependency-cruiser.cjs'] },
  // After the type checks: the build writes .astro/types.d.ts, which tsconfig.json includes.
  {
    name: 'build',
    cmd: 'astro',
    args: ['build'],
    env: { ASTRO_TELEMETRY_DISABLED: '1' },
    after: ['typecheck', 'lint', 'typecheck src/lib'],
  },
  { name: 'budget', cmd: 'tsx', args: ['scripts/budget.ts'], needs: ['build'] },
  {
    name: 'unit and server tests',
    cmd: 'vitest',
    args: ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${REPORTS}/vitest.json`],
    alone: true,
  },
  {
    name: 'end-to-end',
    cmd: 'playwright',
    args: ['test', '--reporter=list,json'],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: `${REPORTS}/playwright.json` },
    needs: ['build'],
    alone: true,
  },
];

// The checks and the build are one process each, mostly on one core: two at a time on CI's 2 cores. The test runners
// use both cores themselves and run alone, after them.
const LANES = 2;
const outcome = new Map<string, boolean>();
const seconds: Record<string, number> = {};
/** The share of the machine's cores busy while a step ran alone (issue 52: would more at once help, or less work?). */
const busy: Record<string, number> = {};

/** Milliseconds every core has spent busy and in all, since boot. */
function coreTimes(): { busy: number; all: number } {
  let idle = 0;
  let all = 0;
  for (const { times } of cpus()) {
    idle += times.idle;
    all += times.user + times.nice + times.sys + times.irq + times.idle;
  }
  return { busy: all - idle, all };
}

function run(step: Step): Promise<boolean> {
  const failedNeed = step.needs?.find((need) => !outcome.get(need));
  if (failedNeed) {
    console.log(`\n=== ${step.name}: not run, ${failedNeed} failed`);
    return Promise.resolve(false);
  }
  const command = `${step.cmd} ${step.args.join(' ')}`;
  if (step.alone) console.log(`\n=== ${step.name}: ${command}`);
  const started = Date.now();
  const coresBefore = coreTimes();
  const child = spawn(step.cmd, step.args, {
    stdio: step.alone ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...step.env },
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => {
    let ended = false;
    const end = (ok: boolean, why = '') => {
      if (ended) return;
      ended = true;
      seconds[step.name] = (Date.now() - started) / 1000;
      const cores = coreTimes();
      const share = (cores.busy - coresBefore.busy) / Math.max(1, cores.all - coresBefore.all);
      if (step.alone) busy[step.name] = Math.round(share * 100);
      if (!step.alone) console.log(`\n=== ${step.name}: ${command}\n${output.trimEnd()}`);
      const load = step.alone ? ` (cores busy ${busy[step.name]} %)` : '';
      console.log(`=== ${step.name}: ${ok ? 'ok' : `FAILED${why}`} in ${seconds[step.name]!.toFixed(1)} s${load}`);
      resolve(ok);
    };
    child.on('error', (error) => end(false, ` (${error.message})`));
    child.on('close', (code) => end(code === 0));
  });
}

// First the checks, the build and the budget, two at a time, each as soon as what it waits for has ended.
const phaseStarted = Date.now();
const pending = steps.filter((step) => !step.alone);
const running = new Set<Promise<void>>();
while (pending.length || running.size) {
  const ready = pending.findIndex((step) =>
    [...(step.after ?? []), ...(step.needs ?? [])].every((n) => outcome.has(n)),
  );
  if (ready >= 0 && running.size < LANES) {
    const step = pending.splice(ready, 1)[0]!;
    const done: Promise<void> = run(step).then((ok) => {
      outcome.set(step.name, ok);
      running.delete(done);
    });
    running.add(done);
  } else if (running.size) await Promise.race(running);
  else throw new Error(`steps waiting on steps that never run: ${pending.map((step) => step.name).join(', ')}`);
}
seconds['checks, build and budget (2 at a time)'] = (Date.now() - phaseStarted) / 1000;
// Then the test runners, one after the other.
for (const step of steps.filter((s) => s.alone)) outcome.set(step.name, await run(step));

// Each step's time, for CI's closing summary (scripts/ci-summary.ts).
writeFileSync(`${REPORTS}/steps.json`, JSON.stringify(seconds, null, 2));
writeFileSync(`${REPORTS}/steps-cores-busy.json`, JSON.stringify(busy, null, 2));

const vitest = vitestCounts(`${REPORTS}/vitest.json`);
const e2e = playwrightCounts(`${REPORTS}/playwright.json`);
const total = {
  passed: vitest.passed + e2e.passed,
  failed: vitest.failed + e2e.failed,
  skipped: vitest.skipped + e2e.skipped,
};
// Steps that are not test runners count as one check each.
for (const name of ['typecheck', 'typecheck src/lib', 'lint', 'format', 'dependency rules', 'build', 'budget'])
  if (outcome.get(name)) total.passed++;
  else total.failed++;
const failedSteps = [...outcome].filter(([, ok]) => !ok).map(([name]) => name);

console.log(`\nSteps failed: ${failedSteps.length ? failedSteps.join(', ') : 'none'}`);
console.log(summaryLine(total));
process.exit(failedSteps.length || total.failed ? 1 : 0);
