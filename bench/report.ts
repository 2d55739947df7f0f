import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import type { LoadFigures } from './load.ts';

export type Row = LoadFigures & { size: string; ratio?: number };

/** Resident and peak memory of a process, from /proc (the child is the server, not this process). */
export function memoryOf(pid: number): { rssMb: number; peakMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
}

/** How busy the machine is (other work skews every figure): the load averages and the cores, for a bench's notes. */
export function machineLoad(): string {
  return `${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} (${cpus().length} cores)`;
}

export function bytes(n: number | undefined): string {
  if (n === undefined) return '';
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

const fixed = (n: number) =>
  !Number.isFinite(n) ? '-' : n >= 100 ? n.toFixed(0) : n >= 10 ? n.toFixed(1) : n.toFixed(2);

/** A plain-text table that reads well in a terminal and pastes into a Markdown code block. */
export function table(rows: Row[]): string {
  const header = [
    'recipes',
    'request',
    'conns',
    'secs',
    'done',
    'req/s',
    'p50 ms',
    'p95 ms',
    'p99 ms',
    'cpu ms/req',
    'body',
    'non-2xx',
    'errors',
    'ours/nginx',
  ];
  const cells = rows.map((r) => [
    r.size,
    r.label,
    String(r.connections),
    r.seconds.toFixed(1),
    String(r.requests),
    fixed(r.reqPerSec),
    fixed(r.p50),
    fixed(r.p95),
    fixed(r.p99),
    r.cpuMsPerRequest === undefined ? '' : fixed(r.cpuMsPerRequest),
    bytes(r.bodyBytes),
    String(r.non2xx),
    String(r.errors),
    r.ratio === undefined ? '' : Number.isFinite(r.ratio) ? `${(r.ratio * 100).toFixed(1)} %` : '-',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => (c[i] ?? '').length)));
  // Text columns left-aligned, figures right-aligned.
  const line = (c: string[]) =>
    c.map((v, i) => (i < 2 ? v.padEnd(widths[i] ?? 0) : v.padStart(widths[i] ?? 0))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.map(line)].join('\n');
}

/** The `p`th percentile (nearest rank) of ascending `sorted`. */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}
