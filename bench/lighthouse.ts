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
};

const CHROME_FLAGS =
  '--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run --disable-quic';

/** One Lighthouse run (mobile preset, performance only) with Debian's Chromium; the CLI, as people run it. */
function runOnce(url: string, audits: string[]): PageFigures {
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
      ],
      { encoding: 'utf8', env: { ...process.env, CHROME_PATH: '/usr/bin/chromium' }, timeout: 180_000 },
    );
    if (run.status !== 0) throw new Error(`lighthouse ${url} failed: ${run.stderr.slice(-400)}`);
    const report = JSON.parse(readFileSync(out, 'utf8')) as {
      categories: { performance: { score: number } };
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
    };
  } catch (error) {
    // A page too heavy for Lighthouse (the 62 MB list) is a figure too, not the end of the bench.
    console.error(String(error).slice(0, 300));
    return { score: NaN, lcpMs: NaN, tbtMs: NaN, cls: NaN, bytes: NaN, domNodes: NaN, failed: 1, savings: {} };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const median = (all: number[]) => {
  const xs = all.filter((x) => !Number.isNaN(x)).sort((a, b) => a - b);
  return xs[Math.floor(xs.length / 2)] ?? NaN;
};

/** Median of each figure over `runs` runs (the score varies ±0.03 between runs on 2 busy cores). */
export function lighthouse(url: string, runs: number, audits: string[] = []): PageFigures {
  const all = Array.from({ length: runs }, () => runOnce(url, audits));
  return {
    score: median(all.map((f) => f.score)),
    lcpMs: median(all.map((f) => f.lcpMs)),
    tbtMs: median(all.map((f) => f.tbtMs)),
    cls: median(all.map((f) => f.cls)),
    bytes: median(all.map((f) => f.bytes)),
    domNodes: median(all.map((f) => f.domNodes)),
    failed: all.reduce((n, f) => n + f.failed, 0),
    savings: Object.fromEntries(audits.map((id) => [id, median(all.map((f) => f.savings[id] ?? NaN))])),
  };
}
