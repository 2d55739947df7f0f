// `npm test`: the whole suite in one go - types, unit and server tests (PGlite and PostgreSQL), the site build,
// the JavaScript budget and the end-to-end suite in Chromium. Every step runs; the summary counts them all.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const REPORTS = 'reports';
rmSync(REPORTS, { recursive: true, force: true });
mkdirSync(REPORTS, { recursive: true });

type Step = { name: string; cmd: string; args: string[]; env?: Record<string, string>; needs?: string };
const steps: Step[] = [
  { name: 'typecheck', cmd: 'tsc', args: ['--noEmit'] },
  {
    name: 'unit and server tests',
    cmd: 'vitest',
    args: ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${REPORTS}/vitest.json`],
  },
  { name: 'build', cmd: 'astro', args: ['build'], env: { ASTRO_TELEMETRY_DISABLED: '1' } },
  { name: 'budget', cmd: 'tsx', args: ['scripts/budget.ts'], needs: 'build' },
  {
    name: 'end-to-end',
    cmd: 'playwright',
    args: ['test', '--reporter=list,json'],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: `${REPORTS}/playwright.json` },
    needs: 'build',
  },
];

const outcome = new Map<string, boolean>();
for (const step of steps) {
  if (step.needs && !outcome.get(step.needs)) {
    console.log(`\n=== ${step.name}: not run, ${step.needs} failed`);
    outcome.set(step.name, false);
    continue;
  }
  console.log(`\n=== ${step.name}: ${step.cmd} ${step.args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(step.cmd, step.args, { stdio: 'inherit', env: { ...process.env, ...step.env } });
  const ok = result.status === 0;
  outcome.set(step.name, ok);
  console.log(`=== ${step.name}: ${ok ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

function readJson(path: string): any {
  return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : undefined;
}
const vitest = readJson(`${REPORTS}/vitest.json`);
const e2e = readJson(`${REPORTS}/playwright.json`);
let passed = (vitest?.numPassedTests ?? 0) + (e2e?.stats?.expected ?? 0) + (e2e?.stats?.flaky ?? 0);
let failed = (vitest?.numFailedTests ?? 0) + (e2e?.stats?.unexpected ?? 0);
const skipped = (vitest?.numPendingTests ?? 0) + (vitest?.numTodoTests ?? 0) + (e2e?.stats?.skipped ?? 0);
// Steps that are not test runners count as one check each.
for (const name of ['typecheck', 'build', 'budget']) outcome.get(name) ? passed++ : failed++;
const failedSteps = [...outcome].filter(([, ok]) => !ok).map(([name]) => name);

console.log(`\nSteps failed: ${failedSteps.length ? failedSteps.join(', ') : 'none'}`);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failedSteps.length || failed ? 1 : 0);
