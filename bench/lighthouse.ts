import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type PageFigures = {
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  bytes: number;
  domNodes: number;
  failed: number;
  /** Bytes the named opportunity audits say could be saved (uses-responsive-images, modern-image-formats …). */
  savings: Record<string, number>;
  /** Lighthouse's measure of this machine's CPU (higher is faster): a CPU slowdown means as much as its base. */
  benchmarkIndex: number;
};

const CHROME_FLAGS =
  '--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run --disable-quic';

// The mobile preset's network and CPU (150 ms, 1.6 Mbps down, 750 kbps up, 4x) applied to the browser as it loads
// (DevTools throttling) instead of simulated afterwards from an unthrottled load: what a phone on that network
// would see, the way issue 42 measures it. Lighthouse's own devtools default adds 3.75x latency; these do not.
// The CPU slowdown is relative to the machine: 4x on a fast one is a faster phone than 4x on a slow one, so a
// comparison across machines takes the slowdown that gives the same benchmark index (bench:site --cpu-slowdown).
const applied = (cpuSlowdown: number) => [
  '--throttling-method=devtools',
  '--throttling.requestLatencyMs=150',
  '--throttling.downloadThroughputKbps=1638.4',
  '--throttling.uploadThroughputKbps=750',
  `--throttling.cpuSlowdownMultiplier=${cpuSlowdown}`,
];

/** How Lighthouse throttles: 'simulated' (its default) or applied with this CPU slowdown (4 is the mobile preset's). */
export type Throttling = 'simulated' | { cpuSlowdown: number };

/** One Lighthouse run (mobile preset, performance only) with Debian's Chromium; the CLI, as people run it. */
function runOnce(url: string, audits: string[], throttling: Throttling): PageFigures {
  const dir = mkdtempSync(join(tmpdir(), 'bench-lh-'));
  const out = join(dir, 'report.json');
  try {
    const run = spawnSync(
      'npx',
      [
        'lighthouse',
        url,
        '--quiet',
        '--only-categories=performance',
        '--output=json',
        `--output-path=${out}`,
        `--chrome-flags=${CHROME_FLAGS}`,
        ...(throttling === 'simulated' ? [] : applied(throttling.cpuSlowdown)),
      ],
      { encoding: 'utf8', env: { ...process.env, CHROME_PATH: '/usr/bin/chromium' }, timeout: 180_000 },
    );
    if (run.status !== 0) throw new Error(`lighthouse ${url} failed: ${run.stderr.slice(-400)}`);
    const report = JSON.parse(readFileSync(out, 'utf8')) as {
      categories: { performance: { score: number } };
      environment: { benchmarkIndex: number };
      audits: Record<string, { numericValue?: number; details?: { overallSavingsBytes?: number } }>;
    };
    const audit = (id: string) => report.audits[id]?.numericValue ?? NaN;
    return {
      score: report.categories.performance.score,
      lcpMs: audit('largest-contentful-paint'),
      tbtMs: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      bytes: audit('total-byte-weight'),
      domNodes: audit('dom-size'),
      failed: 0,
      savings: Object.fromEntries(audits.map((id) => [id, report.audits[id]?.details?.overallSavingsBytes ?? 0])),
      benchmarkIndex: report.environment.benchmarkIndex,
    };
  } catch (error) {
    // A page too heavy for Lighthouse (the 62 MB list) is a figure too, not the end of the bench.
    console.error(String(error).slice(0, 300));
    return {
      score: NaN,
      lcpMs: NaN,
      tbtMs: NaN,
      cls: NaN,
      bytes: NaN,
      domNodes: NaN,
      failed: 1,
      savings: {},
      benchmarkIndex: NaN,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const median = (all: number[]) => {
  const xs = all.filter((x) => !Number.isNaN(x)).sort((a, b) => a - b);
  return xs[Math.floor(xs.length / 2)] ?? NaN;
};

/** Median of each figure over `runs` runs (the score varies ±0.03 between runs on 2 busy cores). */
export function lighthouse(
  url: string,
  runs: number,
  audits: string[] = [],
  throttling: Throttling = 'simulated',
): PageFigures {
  const all = Array.from({ length: runs }, () => runOnce(url, audits, throttling));
  return {
    score: median(all.map((f) => f.score)),
    lcpMs: median(all.map((f) => f.lcpMs)),
    tbtMs: median(all.map((f) => f.tbtMs)),
    cls: median(all.map((f) => f.cls)),
    bytes: median(all.map((f) => f.bytes)),
    domNodes: median(all.map((f) => f.domNodes)),
    failed: all.reduce((n, f) => n + f.failed, 0),
    savings: Object.fromEntries(audits.map((id) => [id, median(all.map((f) => f.savings[id] ?? NaN))])),
    benchmarkIndex: median(all.map((f) => f.benchmarkIndex)),
  };
}
