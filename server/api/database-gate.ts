import type { FastifyBaseLogger } from 'fastify';
import { DatabaseTimeoutError, isDatabaseUnavailable, unavailableReason } from '../db/index.ts';

/**
 * Every database call a request makes goes through `run`: it gives up after DB_REQUEST_TIMEOUT_MS (the
 * request then answers 503 with Retry-After, in the error shape), and passes the work its deadline, so a
 * write that has not committed by then is refused by the database itself (migration 006) instead of
 * committing after the client was told it failed. An outage is logged once when it starts and once when
 * it ends, not as a stack trace per request.
 */
export type DatabaseGate = {
  run<T>(work: (deadline: number) => Promise<T>): Promise<T>;
  /** Reports a failure that happened outside `run` (counted towards the outage, if it is one). */
  failed(error: unknown): void;
};

export function createDatabaseGate(timeoutMs: number, log: FastifyBaseLogger): DatabaseGate {
  // The database refuses a commit this long before the request gives up: an acknowledgement still on its
  // way (network, event loop) arrives before the client is told 503, never after.
  const margin = Math.min(250, Math.floor(timeoutMs / 4));
  let downSince: number | undefined;
  let failures = 0;

  const up = () => {
    if (downSince === undefined) return;
    log.info({ outageMs: Date.now() - downSince, failedRequests: failures }, 'database reachable again');
    downSince = undefined;
    failures = 0;
  };
  const failed = (error: unknown) => {
    if (!isDatabaseUnavailable(error)) return;
    failures++;
    if (downSince !== undefined) return;
    downSince = Date.now();
    log.warn({ reason: unavailableReason(error) }, 'database unreachable: requests answer 503 until it is back');
  };

  return {
    failed,
    async run<T>(work: (deadline: number) => Promise<T>): Promise<T> {
      const deadline = Date.now() + timeoutMs - margin;
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new DatabaseTimeoutError(timeoutMs)), timeoutMs);
      });
      const working = work(deadline);
      // Its own failure after we stopped waiting is expected (the deadline refused it): not a crash.
      working.catch(() => undefined);
      try {
        const result = await Promise.race([working, late]);
        up();
        return result;
      } catch (error) {
        failed(error);
        throw error;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
