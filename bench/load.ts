import autocannon, { type Options, type Result } from 'autocannon';

export type LoadFigures = {
  label: string;
  connections: number;
  seconds: number;
  requests: number;
  reqPerSec: number;
  p50: number;
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
  bodyBytes?: number;
};

/**
 * One autocannon run. A non-2xx answer or a socket error is reported, never hidden: a benchmark of
 * 401s or 404s would measure the wrong thing, so the caller prints these counts next to the figures.
 */
export async function load(run: LoadRun): Promise<LoadFigures> {
  const result: Result = await autocannon({
    url: run.url,
    method: run.method,
    headers: run.headers,
    body: run.body,
    requests: run.requests,
    connections: run.connections,
    duration: run.seconds,
    // A 100,000-recipe list takes far longer than autocannon's 10 s default under load.
    timeout: 60,
  });
  const completed = result.requests.total;
  return {
    label: run.label,
    connections: run.connections,
    seconds: result.duration,
    requests: completed,
    // Completed requests over the real duration, not autocannon's per-second sample mean, which
    // rounds to 0 for runs slower than one request a second.
    reqPerSec: completed / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bodyBytes: run.bodyBytes,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}
