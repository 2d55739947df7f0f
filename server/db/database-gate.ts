import type { FastifyBaseLogger } from 'fastify';
import { isDataDirLost } from './availability.ts';
import { DatabaseTimeoutError, isDatabaseUnavailable, unavailableReason } from './index.ts';

/**
 * Every database call a request makes goes through `run`: it gives up after DB_REQUEST_TIMEOUT_MS (the
 * request then answers 503 with Retry-After, in the error shape), and passes the work its deadline, so a
 * write that has not committed by then is refused by the database itself (migration 006) instead of
 * committing after the client was told it failed. An outage is logged once when it starts and once when
 * it ends, not as a stack trace per request.
 */
export type DatabaseGate = {
  /** Reads and writes are tracked apart: a full disk refuses writes while reads keep working. */
  run<T>(work: (deadline: number) => Promise<T>, kind?: 'read' | 'write'): Promise<T>;
};

export function createDatabaseGate(timeoutMs: number, log: FastifyBaseLogger): DatabaseGate {
  // The database refuses a commit this long before the request gives up: an acknowledgement still on its
  // way (network, event loop) arrives before the client is told 503, never after.
  const margin = Math.min(250, Math.floor(timeoutMs / 4));
  const outages = {
    read: { since: undefined as number | undefined, failures: 0 },
    write: { since: undefined as number | undefined, failures: 0 },
  };

  const up = (kind: 'read' | 'write') => {
    const outage = outages[kind];
    if (outage.since === undefined) return;
    log.info(
      { requests: `${kind}s`, outageMs: Date.now() - outage.since, failedRequests: outage.failures },
      'database reachable again',
    );
    outage.since = undefined;
    outage.failures = 0;
  };
  const failed = (kind: 'read' | 'write', error: unknown) => {
    if (!isDatabaseUnavailable(error)) return;
    const outage = outages[kind];
    outage.failures++;
    if (outage.since !== undefined) return;
    outage.since = Date.now();
    log.warn(
      { requests: `${kind}s`, reason: unavailableReason(error) },
      'database unreachable: requests answer 503 until it is back',
    );
  };

  return {
    async run<T>(work: (deadline: number) => Promise<T>, kind: 'read' | 'write' = 'read'): Promise<T> {
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
        up(kind);
        return result;
      } catch (error) {
        // The folder taken over (decision 060) is no outage to log per kind: the API answers it (api/errors.ts).
        if (isDataDirLost(error)) throw error;
        failed(kind, error);
        throw error;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
