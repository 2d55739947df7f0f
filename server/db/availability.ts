// Which failures mean "the database cannot be reached right now" (answered 503 with Retry-After, logged
// once per outage) rather than a bug (500). Only the database module knows the drivers' errors.
import { DataDirLostError } from './data-folder/data-dir-lock.ts';

/** A request's wait for the database ran out (DB_REQUEST_TIMEOUT_MS). */
export class DatabaseTimeoutError extends Error {
  readonly waitedMs: number;
  constructor(waitedMs: number) {
    super(`The database did not answer within ${waitedMs} ms`);
    this.name = 'DatabaseTimeoutError';
    this.waitedMs = waitedMs;
  }
}

/** PostgreSQL was unreachable when the API started; it keeps trying in the background. */
export class DatabaseStartingError extends Error {
  constructor() {
    super('PostgreSQL has not been reached since the API started');
    this.name = 'DatabaseStartingError';
  }
}

// PostgreSQL SQLSTATEs: connection exceptions (class 08), the server shutting down or starting, too
// many connections, a statement cancelled by its time limit (ours: the write deadline), disk full, I/O.
const UNAVAILABLE_STATES = /^(08...|57P0[1-4]|57014|53000|53100|53200|53300|58030|25006)$/;
// Node's socket errors, pg's own timeouts and ended connections, and PGlite closed or out of disk.
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENOSPC',
  'EROFS',
  'EACCES',
  'EIO',
  'EDQUOT',
]);
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|Cannot use a pool after calling end|PGlite is closed|no space left on device|read-only file system|Client was closed/i;

function* causes(error: unknown): Generator<Record<string, unknown>> {
  let current = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    yield current as Record<string, unknown>;
    current = (current as { cause?: unknown }).cause;
  }
}

/** Another server took the embedded database's folder over: this one must not write to it again. */
export function isDataDirLost(error: unknown): boolean {
  for (const e of causes(error)) if (e instanceof DataDirLostError) return true;
  return false;
}

export function isDatabaseUnavailable(error: unknown): boolean {
  for (const e of causes(error)) {
    if (e instanceof DatabaseTimeoutError || e instanceof DatabaseStartingError || e instanceof DataDirLostError)
      return true;
    const code = typeof e.code === 'string' ? e.code : '';
    if (UNAVAILABLE_STATES.test(code) || UNAVAILABLE_CODES.has(code)) return true;
    if (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.test(e.message)) return true;
  }
  return false;
}

/** A short reason for the log: the driver's code and message, never a stack. */
export function unavailableReason(error: unknown): string {
  const deepest = [...causes(error)].at(-1) ?? {};
  const code = typeof deepest.code === 'string' ? `${deepest.code}: ` : '';
  return `${code}${typeof deepest.message === 'string' ? deepest.message.split('\n')[0] : String(error)}`;
}
