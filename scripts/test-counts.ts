// Counts from the test runners' JSON reports, for the one plain summary line each test script ends with
// ("N passed, N failed, N skipped").
import { existsSync, readFileSync } from 'node:fs';

export type Counts = { passed: number; failed: number; skipped: number };

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- reports of three runners, read by shape
function readJson(path: string): any {
  return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : undefined;
}

export function vitestCounts(path: string): Counts {
  const r = readJson(path);
  return {
    passed: r?.numPassedTests ?? 0,
    failed: r?.numFailedTests ?? 0,
    skipped: (r?.numPendingTests ?? 0) + (r?.numTodoTests ?? 0),
  };
}

export function playwrightCounts(path: string): Counts {
  const s = readJson(path)?.stats;
  return { passed: (s?.expected ?? 0) + (s?.flaky ?? 0), failed: s?.unexpected ?? 0, skipped: s?.skipped ?? 0 };
}

export const summaryLine = (c: Counts) => `${c.passed} passed, ${c.failed} failed, ${c.skipped} skipped`;
