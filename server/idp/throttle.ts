// In-memory login throttling: after MAX failures for one key within WINDOW, the key is refused for LOCK.
// Memory is enough: a restart forgets the counts, but an attacker cannot restart our process.
export const MAX_FAILURES = 5;
export const WINDOW_MS = 60_000;
export const LOCK_MS = 5 * 60_000;
const MAX_KEYS = 10_000;

type Entry = { failures: number[]; lockedUntil: number };

export class LoginThrottle {
  readonly #entries = new Map<string, Entry>();

  constructor(private readonly now: () => number = Date.now) {}

  isLocked(key: string): boolean {
    const entry = this.#entries.get(key);
    return !!entry && entry.lockedUntil > this.now();
  }

  /** Records a failure; returns true when this failure locks the key. */
  fail(key: string): boolean {
    const now = this.now();
    if (this.#entries.size >= MAX_KEYS) this.#prune(now);
    const entry = this.#entries.get(key) ?? { failures: [], lockedUntil: 0 };
    entry.failures = [...entry.failures.filter((t) => t > now - WINDOW_MS), now];
    if (entry.failures.length >= MAX_FAILURES) {
      entry.lockedUntil = now + LOCK_MS;
      entry.failures = [];
    }
    this.#entries.set(key, entry);
    return entry.lockedUntil > now;
  }

  succeed(key: string): void {
    this.#entries.delete(key);
  }

  #prune(now: number): void {
    for (const [key, entry] of this.#entries) {
      if (entry.lockedUntil <= now && entry.failures.every((t) => t <= now - WINDOW_MS)) this.#entries.delete(key);
    }
  }
}
