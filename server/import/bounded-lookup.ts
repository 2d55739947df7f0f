// Name lookups for the import, within the import's deadline. The system resolver (dns.lookup: getaddrinfo, so
// /etc/hosts and the host's own resolver settings apply) cannot be cancelled: a name whose DNS server never answers
// holds a thread of libuv's pool (4 threads, shared with WebCrypto's token checks and file access) for the
// resolver's whole timeout, 5 s or more. So the import stops waiting at its deadline, and at most MAX_LOOKUPS run at
// once: names an editor chooses can never take the pool the rest of the server needs. docs/decisions/048-*.md
import dns, { type LookupAddress } from 'node:dns';

/** dns.lookup's shape with `all: true`: the default, and what tests replace with a resolver that never answers. */
export type Lookup = (
  hostname: string,
  options: { all: true },
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

// Half of libuv's default pool (UV_THREADPOOL_SIZE 4); the other half stays for everything else.
export const MAX_LOOKUPS = 2;

const systemLookup: Lookup = (hostname, options, callback) => dns.lookup(hostname, options, callback);

export type BoundedLookup = (hostname: string, signal: AbortSignal) => Promise<LookupAddress[]>;

/**
 * Lookups through `lookup`, at most MAX_LOOKUPS at once (the rest wait their turn). The promise rejects with the
 * signal's reason as soon as it aborts; a lookup already started keeps its place until it really ends.
 */
export function createBoundedLookup(lookup: Lookup = systemLookup): BoundedLookup {
  let running = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    running--;
    waiting.shift()?.();
  };

  /** Resolves once a place is free (and taken), rejects on abort (and leaves the queue). */
  const place = (signal: AbortSignal) =>
    new Promise<void>((resolve, reject) => {
      if (running < MAX_LOOKUPS) {
        running++;
        return resolve();
      }
      const turn = () => {
        signal.removeEventListener('abort', leave);
        running++;
        resolve();
      };
      const leave = () => {
        waiting.splice(waiting.indexOf(turn), 1);
        reject(signal.reason as Error);
      };
      waiting.push(turn);
      signal.addEventListener('abort', leave, { once: true });
    });

  return async (hostname, signal) => {
    signal.throwIfAborted();
    await place(signal);
    return new Promise<LookupAddress[]>((resolve, reject) => {
      const stop = () => reject(signal.reason as Error);
      if (signal.aborted) {
        release();
        return stop();
      }
      signal.addEventListener('abort', stop, { once: true });
      lookup(hostname, { all: true }, (error, addresses) => {
        release();
        signal.removeEventListener('abort', stop);
        if (error) reject(error);
        else resolve(addresses);
      });
    });
  };
}
