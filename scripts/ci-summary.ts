// The closing lines of a CI run: each step's minutes, then every test of `npm test` and `npm run test:keycloak`
// added up. .ci/run passes its own install times (CI_STEP_SECONDS, "name=seconds;…"); the test scripts write theirs
// to reports/. The budget these times must keep is in docs/ci-budget.md.
import { existsSync, readFileSync } from 'node:fs';
import { playwrightCounts, summaryLine, vitestCounts, type Counts } from './test-counts.ts';

const read = (path: string): Record<string, number> => (existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : {});
const ci = Object.fromEntries(
  (process.env.CI_STEP_SECONDS ?? '')
    .split(';')
    .filter(Boolean)
    .map((pair) => pair.split('=') as [string, string])
    .map(([name, value]) => [name, Number(value)]),
);
const steps: Record<string, number> = { ...ci, ...read('reports/steps.json'), ...read('reports/keycloak-steps.json') };
const busy = read('reports/steps-cores-busy.json');
const width = Math.max(...Object.keys(steps).map((name) => name.length), 5);
console.log('Step times (minutes, and the share of the cores busy where the step ran alone):');
for (const [name, s] of Object.entries(steps))
  console.log(
    `  ${name.padEnd(width)}  ${(s / 60).toFixed(1).padStart(5)}${busy[name] === undefined ? '' : `  ${busy[name]} %`}`,
  );
if (process.env.CI_TOTAL_SECONDS)
  console.log(`  ${'whole run'.padEnd(width)}  ${(Number(process.env.CI_TOTAL_SECONDS) / 60).toFixed(1).padStart(5)}`);

const parts: Counts[] = [
  vitestCounts('reports/vitest.json'),
  playwrightCounts('reports/playwright.json'),
  playwrightCounts('reports/keycloak-playwright.json'),
];
const total = parts.reduce((a, b) => ({
  passed: a.passed + b.passed,
  failed: a.failed + b.failed,
  skipped: a.skipped + b.skipped,
}));
console.log(`Total: ${summaryLine(total)}`);
