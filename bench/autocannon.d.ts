// autocannon 9 ships no types; this declares only the part of its programmatic API the bench uses.
declare module 'autocannon' {
  type Histogram = {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p2_5: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
  };
  type RawRequest = { method?: string; path?: string; headers?: Record<string, string>; body?: string | Buffer };
  type RequestSpec = RawRequest & {
    setupRequest?: (request: RawRequest, context: Record<string, unknown>) => RawRequest;
    onResponse?: (status: number, body: string, context: Record<string, unknown>) => void;
  };
  export type Options = {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    timeout?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    requests?: RequestSpec[];
    title?: string;
  };
  export type Result = {
    title?: string;
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    statusCodeStats?: Record<string, { count: number }>;
  };
  export type Instance = PromiseLike<Result> & {
    /** Every completed response; `ms` is a float, unlike the whole milliseconds of `Result.latency`. */
    on(event: 'response', listener: (client: unknown, status: number, bytes: number, ms: number) => void): Instance;
  };
  function autocannon(opts: Options): Instance;
  export default autocannon;
}
