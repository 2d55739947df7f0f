// The closing line of a CI run: every test of `npm test` and `npm run test:keycloak` added up.
import { playwrightCounts, summaryLine, vitestCounts, type Counts } from './test-counts.ts';

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
