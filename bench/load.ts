import autocannon, { type Options, type Result } from 'autocannon';

export type LoadFigures = {
  label: string;
  connections: number;
  seconds: number;
  requests: number;
  /** Requests autocannon sent, including those still unanswered when the run ended. */
  sent: number;
  reqPerSec: number;
  /** Server CPU milliseconds per sent request, when the caller measured it (see cpu.ts). */
  cpuMsPerRequest?: number;
  p50: number;
  p95: number;
  p99: number;
  /** Bytes of one response body, when known (same for every request of a GET). */
  bodyBytes?: number;
  errors: number;
  non2xx: number;
};

export type LoadRun = Pick<Options, 'url' | 'method' | 'headers' | 'body' | 'requests'> & {
  label: string;
  connections: number;
  seconds: number;
  /** A fixed number of requests instead of `seconds`: for answers so slow a timed run completes none. */
  amount?: number;
  bodyBytes?: number;
};

/**
 * One autocannon run. A non-2xx answer or a socket error is reported, never hidden: a benchmark of
 * 401s or 404s would measure the wrong thing, so the caller prints these counts next to the figures.
 */
export async function load(run: LoadRun): Promise<LoadFigures> {
  // Only the keys that are set: autocannon treats an explicit `method: undefined` as a method.
  const optional = Object.fromEntries(
    Object.entries({
      method: run.method,
      headers: run.headers,
      body: run.body,
      requests: run.requests,
      amount: run.amount,
    }).filter(([, value]) => value !== undefined),
  );
  // autocannon's own histogram keeps whole milliseconds, so a fast route reads "p50 0 ms"; the
  // response event carries the float duration, which we keep for sub-millisecond percentiles.
  const times: number[] = [];
  const instance = autocannon({
    ...optional,
    url: run.url,
    connections: run.connections,
    duration: run.seconds,
    // A 100,000-recipe list takes far longer than autocannon's 10 s default under load.
    timeout: 300,
  });
  instance.on('response', (_client, _status, _bytes, ms) => {
    times.push(ms);
  });
  const result: Result = await instance;
  const sorted = Float64Array.from(times).sort();
  const completed = result.requests.total;
  return {
    label: run.label,
    connections: run.connections,
    seconds: result.duration,
    requests: completed,
    sent: (result.requests as { sent?: number }).sent ?? completed,
    // Completed requests over the real duration, not autocannon's per-second sample mean, which
    // rounds to 0 for runs slower than one request a second.
    reqPerSec: completed / result.duration,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    bodyBytes: run.bodyBytes,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

/** Nearest-rank percentile of an ascending array, in milliseconds (NaN when nothing completed). */
function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))] ?? NaN;
}
