// `npm test`: the whole suite in one go - types, lint and format, dependency rules, unit and server tests (PGlite and PostgreSQL), the site build,
// the JavaScript budget and the end-to-end suite in Chromium. Every step runs; the summary counts them all.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { playwrightCounts, summaryLine, vitestCounts } from './test-counts.ts';

const REPORTS = 'reports';
rmSync(REPORTS, { recursive: true, force: true });
mkdirSync(REPORTS, { recursive: true });

type Step = { name: string; cmd: string; args: string[]; env?: Record<string, string>; needs?: string };
const steps: Step[] = [
  { name: 'typecheck', cmd: 'tsc', args: ['--noEmit'] },
  // src/lib alone, without DOM or Node types: shared code that uses either does not compile.
  { name: 'typecheck src/lib', cmd: 'tsc', args: ['--noEmit', '-p', 'src/lib'] },
  // ESLint with typescript-eslint's type-aware rules (eslint.config.js); any warning fails.
  { name: 'lint', cmd: 'eslint', args: ['.', '--max-warnings', '0'] },
  // Prettier's layout (.prettierrc.json); `npm run format` writes it.
  { name: 'format', cmd: 'prettier', args: ['--check', '.'] },
  // The layering and no import cycles (.dependency-cruiser.cjs).
  { name: 'dependency rules', cmd: 'depcruise', args: ['src', 'server', '--config', '.dependency-cruiser.cjs'] },
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
const seconds: Record<string, number> = {};
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
  seconds[step.name] = (Date.now() - started) / 1000;
  console.log(`=== ${step.name}: ${ok ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

// Each step's time, for CI's closing summary (scripts/ci-summary.ts).
writeFileSync(`${REPORTS}/steps.json`, JSON.stringify(seconds, null, 2));

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
